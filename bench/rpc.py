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
enough CPUs; otherwise they share, and the table says so.  The whole set is
run ``--runs`` times, interleaved (each run starts from another view, as
whatever runs first on a fresh server tends to do best), and the table
shows medians.

    python bench/rpc.py [--calls 4000] [--concurrency 16] [--positions 500] [--runs 3] [--workers 1,2]
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


async def _drive(
    port: int, method: str, payloads: list[bytes], calls: int, concurrency: int, start: Any
) -> tuple[float, float, list[float]]:
    options = [("grpc.use_local_subchannel_pool", 1)]  # separate connections, not one shared
    channels = [grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=options) for _ in range(_CONNECTIONS)]
    try:
        stubs: list[grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]] = [
            c.unary_unary(method) for c in channels
        ]
        for i, payload in enumerate(payloads[:50]):  # warm the connections and the server
            await stubs[i % len(stubs)](payload, timeout=30)
        await asyncio.get_running_loop().run_in_executor(None, start.wait)
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
    finally:
        for channel in channels:
            await channel.close()


def _client(args: tuple[Any, ...]) -> tuple[float, float, list[float]]:
    cpus, port, method, payloads, calls, concurrency, start = args
    os.sched_setaffinity(0, cpus)
    return asyncio.run(_drive(port, method, payloads, calls, concurrency, start))


def measure(
    server: Server, method: str, payloads: list[bytes], clients: list[set[int]], args: argparse.Namespace
) -> Sample:
    """``args.calls`` calls split over the load processes, timed from a common start."""
    context = multiprocessing.get_context("spawn")
    manager = context.Manager()
    start = manager.Barrier(len(clients) + 1)
    share = args.calls // len(clients)
    jobs = [(cpus, server.port, method, payloads, share, args.concurrency, start) for cpus in clients]
    with context.Pool(len(clients)) as pool:
        pending = pool.map_async(_client, jobs)
        start.wait(timeout=120)  # every load process is connected and warm
        cpu_before = cpu_seconds(server.process.pid)
        results = pending.get(timeout=600)
        cpu_after = cpu_seconds(server.process.pid)
    manager.shutdown()
    began = min(r[0] for r in results)
    ended = max(r[1] for r in results)
    latencies = [x for r in results for x in r[2]]
    return Sample(len(latencies), ended - began, latencies, cpu_after - cpu_before)


# -- in process: the servicer's own cost ----------------------------------------------------


def servicer_costs(payloads: dict[str, list[bytes]], repeat: int = 3) -> list[str]:
    """Table lines: microseconds a call of the reference (a message per play) and of the wire path."""
    from gammond.engine import kernel
    from gammond.server.services.game import GameServicer

    servicer = GameServicer()
    lines = [
        f"| view | message path us/call | wire path us/call | message / wire |  ({kernel.IMPLEMENTATION} kernel)",
        "|---|---:|---:|---:|",
    ]

    def best(method: Any, decoded: list[Any], serialize: bool) -> float:
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            for request in decoded:
                answer = method(request, None)
                if serialize:
                    answer.SerializeToString()
            times.append(time.perf_counter() - began)
        return min(times) / len(decoded) * 1e6

    for view, raw in payloads.items():
        decoded = [game_service_pb2.ListLegalPlaysRequest.FromString(r) for r in raw]
        message = best(servicer.ListLegalPlays, decoded, True)
        wire = best(servicer.list_legal_plays_wire, decoded, False)
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
    parser.add_argument("--calls", type=int, default=4000, help="calls per target and run (bounded)")
    parser.add_argument("--concurrency", type=int, default=16, help="calls in flight per load process")
    parser.add_argument("--positions", type=int, default=500, help="random positions to cycle through")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--runs", type=int, default=3, help="runs of the whole set; the table shows medians")
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
    for run in range(args.runs):
        for workers in worker_counts:
            server_cpus, client_cpus, shared = placement(workers)
            if run == 0:
                where = "sharing every CPU" if shared else f"server on CPUs {sorted(server_cpus)}"
                print(f"{workers} worker(s): {where}, {len(client_cpus)} load process(es)")
            targets: list[tuple[str, list[str], str, dict[str, list[bytes]]]] = [
                ("echo (grpcio)", [python, __file__, "--echo-workers", str(workers), "--echo-server"],
                 ECHO_METHOD, {"": echo_payloads}),
                ("echo + x-request-id", [python, __file__, "--echo-header", "--echo-workers", str(workers),
                                         "--echo-server"], ECHO_METHOD, {"": echo_payloads}),
                ("ListLegalPlays", [python, "-m", "gammond.server", "--host", "127.0.0.1", "--port", "0",
                                    "--workers", str(workers), "--metrics-port", "0", "--ready-file"],
                 LEGAL_METHOD, payloads),
            ]  # fmt: skip
            for name, command, method, sets in targets:
                with tempfile.TemporaryDirectory() as tmp:
                    server = Server(command, server_cpus, tmp)
                    try:
                        # Each run starts from another view: no view is always measured first.
                        ordered = list(sets.items())
                        shift = run % len(ordered)
                        for view, payload in ordered[shift:] + ordered[:shift]:
                            label = f"{name} ({view})" if view else name
                            row = rows.setdefault((label, workers), Row(label, workers))
                            row.samples.append(measure(server, method, payload, client_cpus, args))
                    finally:
                        server.stop()
        print(f"run {run + 1} of {args.runs} done", flush=True)
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
