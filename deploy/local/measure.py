"""``python -m deploy.local.measure``: the figures in docs/operations.md, in one run.

The same gammond-load mix, the same settings, against:

1. the bare grpcio echo server of ``bench/rpc.py`` (returns each request's
   bytes): the ceiling of a Python gRPC server and of this load generator;
2. one gammond replica, called directly;
3. two replicas behind Envoy, servers and Envoy sharing one core;
4. two replicas behind Envoy with nothing pinned (everything shares both cores).

With two cores the servers get CPU 0 and the load generator CPU 1 (rows
1-3), so neither starves the other; row 4 shows what happens without that.
Only 127.0.0.1 is ever used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from bench.rpc import ECHO_METHOD
from deploy.local.processes import LOOPBACK, StackError, is_ours, start, stop, wait_for
from deploy.local.stack import ROOT, StackOptions, down, up
from gammond.load import DEFAULT_MIX, Call, LoadSettings, Report, build_calls, run_load, self_play


@dataclass(frozen=True, slots=True)
class Row:
    """One measured line of the table."""

    name: str
    cpus: str
    report: Report

    def markdown(self) -> str:
        lat = self.report.latency
        errors = sum(self.report.errors.values())
        return (
            f"| {self.name} | {self.cpus} | {self.report.rate:,.0f} | {lat.p50:.2f} | {lat.p95:.2f} | "
            f"{lat.p99:.2f} | {lat.max:.1f} | {errors} |"
        )


HEADER = (
    "| setup | CPUs (servers / load) | calls/s | p50 ms | p95 ms | p99 ms | max ms | errors |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|"
)


def _cpus() -> tuple[set[int], set[int]]:
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return set(available), set(available)
    return {available[0]}, {available[1]}


class _Pinned:
    """Runs a block with this process (and so the children it starts) on ``cpus``."""

    def __init__(self, cpus: set[int]) -> None:
        self.cpus = cpus
        self.before = os.sched_getaffinity(0)

    def __enter__(self) -> None:
        os.sched_setaffinity(0, self.cpus)

    def __exit__(self, *exc: object) -> None:
        os.sched_setaffinity(0, self.before)


def _measure(name: str, cpus: str, calls: Sequence[Call], settings: LoadSettings, load_cpus: set[int]) -> Row:
    with _Pinned(load_cpus):
        report = asyncio.run(run_load(calls, settings))
    print(f"{name}: {report.rate:.0f} calls/s, {report.latency.line()}", file=sys.stderr, flush=True)
    return Row(name, cpus, report)


def _echo(tmp: Path, calls: Sequence[Call], settings: LoadSettings, server: set[int], load: set[int]) -> Row:
    ready = tmp / "echo.json"
    argv = (sys.executable, str(ROOT / "bench" / "rpc.py"), "--echo-server", str(ready))
    with _Pinned(server):
        process = start("echo", argv, tmp / "echo.log", ROOT, dict(os.environ))
    try:
        wait_for("echo server", ready.exists, 60, lambda: is_ours(process))
        time.sleep(0.1)  # written whole by write_text, but let the writer finish
        port = json.loads(ready.read_text())["port"]
        echo_calls = [Call("Echo", ECHO_METHOD, c.payload) for c in calls]
        return _measure(
            "bare grpcio echo (bench/rpc.py)",
            _label(server, load),
            echo_calls,
            replace(settings, target=f"{LOOPBACK}:{port}"),
            load,
        )
    finally:
        stop(process)


def _label(server: set[int], load: set[int]) -> str:
    return f"{','.join(map(str, sorted(server)))} / {','.join(map(str, sorted(load)))}"


@contextmanager
def _stack(tmp: Path, replicas: int, pin: set[int] | None) -> Iterator[tuple[str, Path]]:
    options = StackOptions(
        state_dir=tmp / f"stack-{replicas}-{'pinned' if pin else 'free'}",
        replicas=replicas,
        envoy_port=0,
        admin_port=0,
        prometheus=False,
    )
    if pin:
        with _Pinned(pin):
            stack = up(options)
    else:
        stack = up(options)
    try:
        yield stack.target, options.state_dir
    finally:
        down(options.state_dir)


def measure(args: argparse.Namespace) -> list[Row]:
    server, load = _cpus()
    everything = server | load
    samples = self_play(args.positions, seed=args.seed)
    calls = build_calls(samples, DEFAULT_MIX, 5000, seed=args.seed)
    base = LoadSettings(
        target="", duration_s=args.duration, concurrency=args.concurrency, connections=args.connections
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="gammond-measure-") as folder:
        tmp = Path(folder)
        rows.append(_echo(tmp, calls, base, server, load))
        with _stack(tmp, 1, server) as (target, stack_dir):
            # One replica, called straight (Envoy is up but idle: the same processes as a plain server).
            replica = json.loads((stack_dir / "stack.json").read_text())["replicas"][0]
            direct = replace(base, target=f"{LOOPBACK}:{replica['port']}")
            rows.append(_measure("gammond, 1 replica, direct", _label(server, load), calls, direct, load))
            rows.append(
                _measure(
                    "gammond, 1 replica, through Envoy",
                    _label(server, load),
                    calls,
                    replace(base, target=target),
                    load,
                )
            )
        with _stack(tmp, 2, server) as (target, _):
            rows.append(
                _measure(
                    "gammond, 2 replicas, through Envoy",
                    _label(server, load),
                    calls,
                    replace(base, target=target),
                    load,
                )
            )
        with _stack(tmp, 2, None) as (target, _):
            rows.append(
                _measure(
                    "gammond, 2 replicas, through Envoy, unpinned",
                    "all shared",
                    calls,
                    replace(base, target=target),
                    everything,
                )
            )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per row")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write every report here")
    args = parser.parse_args(argv)
    try:
        rows = measure(args)
    except StackError as error:
        print(f"measure: {error}", file=sys.stderr)
        return 1
    print(
        f"{args.duration:g} s per row, {args.concurrency} calls in flight, {args.connections} connection(s), "
        f"default gammond-load mix over {args.positions} self-play positions"
    )
    print(HEADER)
    for row in rows:
        print(row.markdown())
    if args.json:
        Path(args.json).write_text(
            json.dumps([{"name": r.name, "cpus": r.cpus, **r.report.as_json()} for r in rows], indent=2)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
