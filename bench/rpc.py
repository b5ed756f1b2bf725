"""Calls per second and latency of GameService.ListLegalPlays, against a bare echo.

For each worker count (default 1 and 2) this starts a bare grpcio echo
server (plain grpcio returning the request bytes: the ceiling for a Python
gRPC server on this machine) and gammond as shipped (``python -m
gammond.server``, info logging to /dev/null, metrics on), each with that
many processes sharing the port, and drives them with the same load:
asyncio gRPC clients with a fixed number of calls in flight, sending
pre-serialized ``ListLegalPlays`` requests and leaving the answers
undecoded, so the clients spend as little as possible per call.  gammond is
measured in each ``PlayView`` (full plays by default, moves only, the count
only) on the same server.

Servers are pinned to the first CPUs and the load generators (one process
per worker, each with its own connections) to the next ones, when there are
enough CPUs; otherwise they share, and the table says so.  Every server of
a worker count is up at once, and the load processes stay connected to all
of them: each run is cut into ``--slices`` short slices, and in each slice
every target is driven in turn (starting from another target each time), so
whatever else the shared machine is doing weighs on every target alike
rather than on whichever ran in a bad second.  A run's figure for a target
is its calls over its slices' summed time; the whole set is run ``--runs``
times and the table shows medians.

    python bench/rpc.py [--calls 8000] [--slices 8] [--concurrency 16] [--positions 500] [--runs 3] [--workers 1,2]
    python -m bench.rpc     # the same

Columns: calls/s; p50 and p99 latency; ``vs echo``: calls/s over the echo's
with the same workers (the median, then each run's); the server's CPU time
per call (all its processes, user + system) and the echo's over it, which
is what ``vs echo`` tends to when the server has its CPUs to itself (a busy
machine lowers every rate, a CPU a call much less).  ``echo + x-request-id``
is the echo that also sends a request id header before each answer, as
gammond does.  The last lines are ``ratio vs echo (...): X.XX``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent import futures
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402

from backgammon.v1 import board_pb2, game_service_pb2  # noqa: E402
from tests.support.positions import sample_positions  # noqa: E402

ECHO_METHOD = "/bench.Echo/Echo"
LEGAL_METHOD = "/backgammon.v1.GameService/ListLegalPlays"
_START_S = 60.0
_TICK = os.sysconf("SC_CLK_TCK")
# Connections each load process opens (calls go round them): with several
# workers on one port the kernel spreads connections, not calls.
_CONNECTIONS = 4
VIEWS = {
    "default": game_service_pb2.PLAY_VIEW_UNSPECIFIED,
    "moves": game_service_pb2.PLAY_VIEW_MOVES,
    "count": game_service_pb2.PLAY_VIEW_COUNT,
}


@dataclass
class Sample:
    """One measured run of one target."""

    calls: int
    seconds: float
    latencies: list[float]
    cpu_s: float

    @property
    def rate(self) -> float:
        return self.calls / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))]

    @classmethod
    def joined(cls, slices: Sequence[Sample]) -> Sample:
        """The slices of one run as one sample: their calls over their summed time."""
        return cls(
            sum(s.calls for s in slices),
            sum(s.seconds for s in slices),
            [x for s in slices for x in s.latencies],
            sum(s.cpu_s for s in slices),
        )


@dataclass
class Row:
    """One line of the table: a target with a worker count, over the runs."""

    name: str
    workers: int
    samples: list[Sample] = field(default_factory=list)

    def median(self, value: Any) -> float:
        return float(statistics.median(value(s) for s in self.samples))

    @property
    def rate(self) -> float:
        return self.median(lambda s: s.rate)

    def line(self, echo: Row) -> str:
        p50 = self.median(lambda s: s.percentile(0.5)) * 1000
        p99 = self.median(lambda s: s.percentile(0.99)) * 1000
        cpu = self.cpu_per_call
        runs = ", ".join(f"{s.rate / e.rate:.2f}" for s, e in zip(self.samples, echo.samples))
        return (
            f"| {self.name:<24} | {self.workers} | {self.rate:8.0f} | {p50:6.2f} | {p99:6.2f} | "
            f"{self.rate / echo.rate:5.2f} | {runs} | {cpu:6.0f} | {echo.cpu_per_call / cpu:5.2f} |"
        )

    @property
    def cpu_per_call(self) -> float:
        """Median server CPU time a call, in microseconds."""
        return self.median(lambda s: s.cpu_s / s.calls) * 1e6


HEADER = (
    "| target | workers | calls/s | p50 ms | p99 ms | vs echo | vs echo, each run "
    "| server CPU us/call | vs echo by CPU |\n"
    "|---|---:|---:|---:|---:|---:|---|---:|---:|"
)


def requests(
    count: int, seed: int, view: game_service_pb2.PlayView.ValueType = game_service_pb2.PLAY_VIEW_UNSPECIFIED
) -> list[bytes]:
    """Serialized ListLegalPlays requests for random self-play positions."""
    out = []
    for sample in sample_positions(count, seed=seed):
        if sample.position.is_game_over():
            continue
        position = board_pb2.PositionInput(
            position_id=board_pb2.PositionId(id=sample.position.position_id(), turn=board_pb2.COLOR_WHITE)
        )
        dice = board_pb2.Dice(die1=sample.dice[0], die2=sample.dice[1])
        request = game_service_pb2.ListLegalPlaysRequest(position=position, dice=dice, view=view)
        out.append(request.SerializeToString())
    return out


# -- the echo server ----------------------------------------------------------------------


def _echo(raw: bytes, context: grpc.ServicerContext) -> bytes:
    return raw


def _echo_with_header(raw: bytes, context: grpc.ServicerContext) -> bytes:
    # What gammond sends every caller before the answer: its request id.
    context.send_initial_metadata((("x-request-id", "0123456789abcdef0123456789abcdef"),))
    return raw


def run_echo_server(ready_file: str, workers: int = 1, port: int = 0, header: bool = False) -> None:
    """A bare grpcio server that returns each request's bytes; ``workers`` processes share the port.

    With ``header`` it first sends an ``x-request-id`` header, as gammond
    does: the ceiling for a server that must.
    """
    echo = _echo_with_header if header else _echo
    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), options=[("grpc.so_reuseport", 1)])
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    others = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(workers - 1):
            ready = Path(tmp) / f"echo-{i}.json"
            command = [sys.executable, __file__, "--echo-server", str(ready), "--echo-port", str(port)]
            command += ["--echo-header"] if header else []
            others.append((subprocess.Popen(command), ready))
        for process, ready in others:
            _wait_ready(process, ready)
    Path(ready_file).write_text(json.dumps({"port": port}))
    try:
        server.wait_for_termination()
    finally:
        for process, _ in others:
            process.terminate()


# -- servers and their CPU time -----------------------------------------------------------


def _wait_ready(process: subprocess.Popen[bytes], ready: Path) -> int:
    deadline = time.monotonic() + _START_S
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"{process.args!r} did not start")
        time.sleep(0.05)
    time.sleep(0.1)  # the ready file is written whole, but let the writer finish
    return int(json.loads(ready.read_text())["port"])


def _tree(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [p for child in task.read_text().split() for p in _tree(int(child))]
        except OSError:
            pass
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its descendants (Linux /proc)."""
    total = 0
    for p in _tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / _TICK


class Server:
    """A server process group pinned to ``cpus``, started with a ready file."""

    def __init__(self, command: list[str], cpus: set[int], tmp: str) -> None:
        ready = Path(tmp) / "ready.json"
        self.process = subprocess.Popen(
            [*command, str(ready)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=lambda: os.sched_setaffinity(0, cpus),
        )
        self.port = _wait_ready(self.process, ready)

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(30)


# -- the load -------------------------------------------------------------------------------


def _load_process(conn: Connection, cpus: set[int], barrier: Any) -> None:
    """A load generator: runs each ``(port, method, payloads, calls, concurrency)`` it is sent."""
    os.sched_setaffinity(0, cpus)
    asyncio.run(_serve_commands(conn, barrier))


async def _serve_commands(conn: Connection, barrier: Any) -> None:
    loop = asyncio.get_running_loop()
    stubs: dict[tuple[int, str], list[grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]]] = {}
    channels: list[grpc.aio.Channel] = []
    try:
        while (command := await loop.run_in_executor(None, conn.recv)) is not None:
            port, method, payloads, calls, concurrency = command
            if (port, method) not in stubs:
                options = [("grpc.use_local_subchannel_pool", 1)]  # separate connections, not one shared
                opened = [
                    grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=options)
                    for _ in range(_CONNECTIONS)
                ]
                channels += opened
                stubs[(port, method)] = [c.unary_unary(method) for c in opened]
            conn.send(await _drive(stubs[(port, method)], payloads, calls, concurrency, barrier))
    finally:
        for channel in channels:
            await channel.close()


async def _drive(
    stubs: list[grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]],
    payloads: list[bytes],
    calls: int,
    concurrency: int,
    barrier: Any,
) -> tuple[float, float, list[float]]:
    for i, payload in enumerate(payloads[:50]):  # warm the connections and the server
        await stubs[i % len(stubs)](payload, timeout=30)
    await asyncio.get_running_loop().run_in_executor(None, barrier.wait)
    latencies: list[float] = []
    queue = iter(range(calls))

    async def worker(n: int) -> None:
        call = stubs[n % len(stubs)]
        for i in queue:
            began = time.perf_counter()
            await call(payloads[i % len(payloads)], timeout=30)
            latencies.append(time.perf_counter() - began)

    began = time.monotonic()
    await asyncio.gather(*(worker(n) for n in range(concurrency)))
    return began, time.monotonic(), latencies


class Load:
    """Load processes, one per CPU set, kept for the whole measurement of a worker count.

    They keep their connections to every target, so that the targets can be
    measured in short alternating slices: whatever else the machine does
    then weighs on every target alike.
    """

    def __init__(self, clients: list[set[int]]) -> None:
        context = multiprocessing.get_context("spawn")
        self.barrier = context.Barrier(len(clients) + 1)
        self.pipes: list[Connection] = []
        self.processes = []
        for cpus in clients:
            ours, theirs = context.Pipe()
            process = context.Process(target=_load_process, args=(theirs, cpus, self.barrier), daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    def measure(
        self, server: Server, method: str, payloads: list[bytes], calls: int, concurrency: int
    ) -> Sample:
        """``calls`` calls split over the load processes, timed from a common start."""
        for pipe in self.pipes:
            pipe.send((server.port, method, payloads, calls // len(self.pipes), concurrency))
        self.barrier.wait(timeout=120)  # every load process is connected and warm
        cpu_before = cpu_seconds(server.process.pid)
        results = []
        for pipe in self.pipes:
            if not pipe.poll(600):
                raise SystemExit("a load process did not answer")
            results.append(pipe.recv())
        cpu_after = cpu_seconds(server.process.pid)
        began = min(r[0] for r in results)
        ended = max(r[1] for r in results)
        latencies = [x for r in results for x in r[2]]
        return Sample(len(latencies), ended - began, latencies, cpu_after - cpu_before)

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send(None)
        for process in self.processes:
            process.join(30)
            if process.is_alive():
                process.kill()


# -- in process: the servicer's own cost ----------------------------------------------------


def servicer_costs(payloads: dict[str, list[bytes]], repeat: int = 3) -> list[str]:
    """Table lines: microseconds a call, from the request's bytes, of the reference and of the wire path.

    The reference decodes the message and builds a message per play; the wire
    path is what the server runs (its request reader, then the handler).
    """
    from gammond.engine import kernel
    from gammond.server.services.game import GameServicer
    from gammond.server.wire.plays import read_listing

    servicer = GameServicer()
    decode = game_service_pb2.ListLegalPlaysRequest.FromString
    context: Any = None  # the handlers do not touch it
    lines = [
        f"| view | message path us/call | wire path us/call | message / wire |  ({kernel.IMPLEMENTATION} kernel)",
        "|---|---:|---:|---:|",
    ]

    def best(call: Any, raws: list[bytes]) -> float:
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            for raw in raws:
                call(raw)
            times.append(time.perf_counter() - began)
        return min(times) / len(raws) * 1e6

    for view, raws in payloads.items():
        message = best(lambda raw: servicer.ListLegalPlays(decode(raw), context).SerializeToString(), raws)
        wire = best(lambda raw: servicer.list_legal_plays_wire(read_listing(raw), context), raws)
        lines.append(f"| {view} | {message:.1f} | {wire:.1f} | {message / wire:.1f} |")
    return lines


# -- the table -----------------------------------------------------------------------------


def placement(workers: int) -> tuple[set[int], list[set[int]], bool]:
    """CPUs of the server, of each load process, and whether they had to share."""
    available = sorted(os.sched_getaffinity(0))
    if len(available) >= 2 * workers:
        return set(available[:workers]), [{cpu} for cpu in available[workers : 2 * workers]], False
    if workers == 1 and len(available) >= 2:
        return {available[0]}, [{available[1]}], False
    return set(available), [set(available)] * workers, True


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=8000, help="calls per target and run (bounded)")
    parser.add_argument("--concurrency", type=int, default=16, help="calls in flight per load process")
    parser.add_argument("--positions", type=int, default=500, help="random positions to cycle through")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--runs", type=int, default=3, help="runs of the whole set; the table shows medians")
    parser.add_argument(
        "--slices", type=int, default=8, help="alternating slices a run is cut into (each target in turn)"
    )
    parser.add_argument("--workers", default="1,2", help="server processes, comma-separated")
    parser.add_argument(
        "--views", default=",".join(VIEWS), help=f"PlayViews to measure, of {','.join(VIEWS)}"
    )
    parser.add_argument("--echo-server", metavar="READY_FILE", help=argparse.SUPPRESS)
    parser.add_argument("--echo-workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--echo-port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--echo-header", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        run_echo_server(args.echo_server, args.echo_workers, args.echo_port, args.echo_header)
        return
    worker_counts = [int(w) for w in args.workers.split(",")]
    views = [v for v in args.views.split(",") if v]
    payloads = {view: requests(args.positions, args.seed, VIEWS[view]) for view in views}
    echo_payloads = requests(args.positions, args.seed)
    python = sys.executable
    print(
        f"{os.cpu_count()} CPUs; {args.runs} runs of {args.calls} calls a target, "
        f"{args.concurrency} in flight per load process, {len(echo_payloads)} positions"
    )
    print("\nIn process, the servicer alone (best of 3 passes over the positions):\n")
    print("\n".join(servicer_costs(payloads)), end="\n\n", flush=True)
    rows: dict[tuple[str, int], Row] = {}
    for workers in worker_counts:
        server_cpus, client_cpus, shared = placement(workers)
        where = "sharing every CPU" if shared else f"server on CPUs {sorted(server_cpus)}"
        print(f"{workers} worker(s): {where}, {len(client_cpus)} load process(es)", flush=True)
        commands = [
            ("echo (grpcio)", [python, __file__, "--echo-workers", str(workers), "--echo-server"],
             ECHO_METHOD, {"": echo_payloads}),
            ("echo + x-request-id", [python, __file__, "--echo-header", "--echo-workers", str(workers),
                                     "--echo-server"], ECHO_METHOD, {"": echo_payloads}),
            ("ListLegalPlays", [python, "-m", "gammond.server", "--host", "127.0.0.1", "--port", "0",
                                "--workers", str(workers), "--metrics-port", "0", "--ready-file"],
             LEGAL_METHOD, payloads),
        ]  # fmt: skip
        with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
            # Every target is up for the whole measurement, idle while another is driven.
            targets: list[tuple[str, Server, str, list[bytes]]] = []
            for i, (name, command, method, sets) in enumerate(commands):
                folder = Path(tmp) / str(i)
                folder.mkdir()
                server = Server(command, server_cpus, str(folder))
                stack.callback(server.stop)
                for view, payload in sets.items():
                    targets.append((f"{name} ({view})" if view else name, server, method, payload))
            load = Load(client_cpus)
            stack.callback(load.close)
            for label, *_ in targets:
                rows[(label, workers)] = Row(label, workers)
            per_slice = max(1, args.calls // args.slices)
            for run in range(args.runs):
                slices: dict[str, list[Sample]] = {label: [] for label, *_ in targets}
                for part in range(args.slices):
                    # Each slice starts from another target: none is always measured first.
                    shift = (run * args.slices + part) % len(targets)
                    for label, server, method, payload in targets[shift:] + targets[:shift]:
                        slices[label].append(
                            load.measure(server, method, payload, per_slice, args.concurrency)
                        )
                for label, parts in slices.items():
                    rows[(label, workers)].samples.append(Sample.joined(parts))
                print(f"{workers} worker(s): run {run + 1} of {args.runs} done", flush=True)
    print()
    print(HEADER)
    for workers in worker_counts:
        echo = rows[("echo (grpcio)", workers)]
        for (_, w), row in rows.items():
            if w == workers:
                print(row.line(echo))
    print()
    for (label, workers), row in rows.items():
        if label.startswith("ListLegalPlays"):
            echo = rows[("echo (grpcio)", workers)]
            print(
                f"ratio vs echo ({label}, {workers} worker{'s' if workers > 1 else ''}): {row.rate / echo.rate:.2f}"
            )


if __name__ == "__main__":
    main()
