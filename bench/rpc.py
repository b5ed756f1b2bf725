"""Calls per second and latency of GameService.ListLegalPlays, against a bare echo.

Both servers run as one process pinned to CPU 0; this load generator runs
on CPU 1 (when there are two), so neither starves the other.  The load is
an asyncio gRPC client with a fixed number of calls in flight, sending
pre-serialized requests and leaving the answers undecoded, so the client
spends as little as possible per call.  The echo server is plain grpcio
returning the request bytes (same payload sizes): the ceiling for a Python
gRPC server on this machine.  gammond runs as shipped (``python -m
server``, one worker, info logging to /dev/null, metrics on).

    python bench/rpc.py [--calls 4000] [--concurrency 16] [--positions 500]

The last line is ``ratio vs echo: X.XX`` (legal-plays calls/s / echo calls/s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402

from backgammon.v1 import board_pb2, game_service_pb2  # noqa: E402
from tests.support.positions import sample_positions  # noqa: E402

ECHO_METHOD = "/bench.Echo/Echo"
LEGAL_METHOD = "/backgammon.v1.GameService/ListLegalPlays"
SERVER_CPU, CLIENT_CPU = 0, 1
_START_S = 60.0


@dataclass(frozen=True)
class Result:
    name: str
    calls: int
    seconds: float
    latencies: list[float]

    @property
    def rate(self) -> float:
        return self.calls / self.seconds

    def line(self) -> str:
        ordered = sorted(self.latencies)
        p50 = statistics.median(ordered) * 1000
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
        return f"{self.name:<16} {self.rate:9.0f} calls/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"


def _cpus() -> tuple[set[int], set[int]]:
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return set(available), set(available)
    return {available[SERVER_CPU]}, {available[CLIENT_CPU]}


def requests(count: int, seed: int) -> list[bytes]:
    """Serialized ListLegalPlays requests for random self-play positions."""
    out = []
    for sample in sample_positions(count, seed=seed):
        if sample.position.is_game_over():
            continue
        position = board_pb2.PositionInput(
            position_id=board_pb2.PositionId(id=sample.position.position_id(), turn=board_pb2.COLOR_WHITE)
        )
        dice = board_pb2.Dice(die1=sample.dice[0], die2=sample.dice[1])
        out.append(game_service_pb2.ListLegalPlaysRequest(position=position, dice=dice).SerializeToString())
    return out


def run_echo_server(ready_file: str) -> None:
    """A bare grpcio server that returns each request's bytes."""
    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(lambda raw, ctx: raw)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    Path(ready_file).write_text(json.dumps({"port": port}))
    server.wait_for_termination()


def _start(command: Sequence[str], ready: Path, cpus: set[int]) -> tuple[subprocess.Popen[bytes], int]:
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: os.sched_setaffinity(0, cpus),
    )
    deadline = time.monotonic() + _START_S
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"{command} did not start")
        time.sleep(0.05)
    time.sleep(0.1)  # the ready file is written whole, but let the writer finish
    return process, int(json.loads(ready.read_text())["port"])


async def _load(port: int, method: str, payloads: list[bytes], calls: int, concurrency: int) -> Result:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        call: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary(method)
        for payload in payloads[:50]:  # warm the connection and the server
            await call(payload, timeout=30)
        latencies: list[float] = []
        queue = iter(range(calls))

        async def worker() -> None:
            for i in queue:
                started = time.perf_counter()
                await call(payloads[i % len(payloads)], timeout=30)
                latencies.append(time.perf_counter() - started)

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return Result(method.rsplit("/", 1)[-1], calls, time.perf_counter() - started, latencies)


def measure(
    name: str, command: list[str], method: str, payloads: list[bytes], args: argparse.Namespace
) -> Result:
    server_cpus, _ = _cpus()
    with tempfile.TemporaryDirectory() as tmp:
        ready = Path(tmp) / "ready.json"
        process, port = _start([*command, str(ready)], ready, server_cpus)
        try:
            result = asyncio.run(_load(port, method, payloads, args.calls, args.concurrency))
        finally:
            process.terminate()
            process.wait(30)
    return Result(name, result.calls, result.seconds, result.latencies)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=4000, help="calls per server (bounded)")
    parser.add_argument("--concurrency", type=int, default=16, help="calls in flight")
    parser.add_argument("--positions", type=int, default=500, help="random positions to cycle through")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--echo-server", metavar="READY_FILE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        run_echo_server(args.echo_server)
        return
    server_cpus, client_cpus = _cpus()
    payloads = requests(args.positions, args.seed)
    os.sched_setaffinity(0, client_cpus)
    print(
        f"server on CPUs {sorted(server_cpus)}, load generator on CPUs {sorted(client_cpus)}; "
        f"{args.calls} calls each, {args.concurrency} in flight, {len(payloads)} positions"
    )
    python = sys.executable
    echo = measure("echo (grpcio)", [python, __file__, "--echo-server"], ECHO_METHOD, payloads, args)
    gammond = measure(
        "ListLegalPlays",
        [
            python,
            "-m",
            "gammond.server",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--workers",
            "1",
            "--metrics-port",
            "0",
            "--ready-file",
        ],
        LEGAL_METHOD,
        payloads,
        args,
    )
    print(echo.line())
    print(gammond.line())
    print(f"ratio vs echo: {gammond.rate / echo.rate:.2f}")


if __name__ == "__main__":
    main()
