"""Live tables on loopback (issue 36): two replicas, one Redis, ``gammond-load --tables`` between them.

Starts Debian's ``redis-server`` (a unix socket in a temporary folder, no
TCP port, nothing saved) and two ``python -m gammond.server`` replicas on
127.0.0.1 port 0 sharing it (``--table-store unix://...``, the same
``--state-keys``, made for this run), then runs :mod:`gammond.load.tables`
in this process: ``--tables`` tables live at once, each created on one
replica, White acting through replica A and Black through replica B,
``--think`` seconds apart, both seats (and with ``--spectators`` a
spectator) watching, each watcher on a channel of its own, the watchers
alternating between the replicas.  Bounded by ``--duration`` seconds and
``--max-calls`` calls.  Prints the load's report, then one table: events
per second, the delay from an act to each watcher, Redis's memory per
table and CPU, the replicas' and the load's own CPU (what limited the run),
and stops everything.

A watcher holds one of a worker's gRPC threads (docs/api.md "Live play"):
a worker serves at most ``--threads``/2 watchers, so unless ``--threads``
is given each replica's workers get enough for their share of the
watchers, plus 8 for the unary calls; a smaller ``--threads`` shows the
bound (RESOURCE_EXHAUSTED, counted in the report's streams).

    python -m bench.tables [--tables 20] [--think 0.5:1.5] [--spectators]
                           [--duration 40] [--workers 1] [--threads N]

The figures and the command are in docs/operations.md, "Live tables".
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from gammond.load.runner import LoadSettings
from gammond.load.tables import TableMix, TablesReport, measured, redis_figures, run_tables

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 60.0
_TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Replica:
    process: subprocess.Popen[bytes]
    port: int
    pids: tuple[int, ...]  # the supervisor and its workers


def cpu_seconds(pids: Sequence[int]) -> float:
    """User + system CPU seconds of ``pids`` so far (from /proc; 0 for one that is gone)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime
    return total


@contextmanager
def redis_server(folder: Path) -> Iterator[tuple[str, int]]:
    """A throwaway redis-server on a unix socket in ``folder``: its URL and pid."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("bench.tables: redis-server is not installed (apt-get install redis-server)")
    socket = folder / "redis.sock"
    command = [binary, "--port", "0", "--unixsocket", str(socket), "--unixsocketperm", "700"]
    command += ["--save", "", "--appendonly", "no", "--dir", str(folder)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not socket.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("bench.tables: redis-server did not start")
            time.sleep(0.02)
        yield f"unix://{socket}", process.pid
    finally:
        _stop(process)


@contextmanager
def replica(folder: Path, store: str, keys: str, workers: int, threads: int) -> Iterator[Replica]:
    """``python -m gammond.server`` on 127.0.0.1 port 0 with the shared store; stopped (drained) after."""
    ready = folder / "ready.json"
    command = [sys.executable, "-m", "gammond.server", "--host", "127.0.0.1", "--port", "0"]
    command += ["--ready-file", str(ready), "--table-store", store, "--workers", str(workers)]
    command += ["--threads", str(threads), "--metrics-port", "off", "--log-level", "warning"]
    # Watchers are calls held for a game's length: --max-calls (128 by default) must hold them too.
    command += ["--max-calls", str(threads + 128)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GAMMOND_STATE_KEYS": keys}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not ready.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(
                    f"bench.tables: a replica did not start:\n{(folder / 'server.log').read_text()}"
                )
            time.sleep(0.05)
        time.sleep(0.2)  # the ready file is written whole, but give a slow disk its moment
        facts = json.loads(ready.read_text())
        yield Replica(process, int(facts["port"]), (process.pid, *map(int, facts["workers"])))
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def threads_for(tables: int, watchers_per_table: int, workers: int) -> int:
    """A replica's ``--threads`` for its half of the watchers (a watcher holds one; half the threads may watch), plus 8.

    >>> threads_for(20, 3, 1)
    68
    """
    per_worker = math.ceil(tables * watchers_per_table / 2 / workers)
    return 2 * per_worker + 8


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables live at once [%(default)s]")
    parser.add_argument("--think", default="0.5:1.5", help="MIN:MAX seconds before each action [%(default)s]")
    parser.add_argument("--spectators", action="store_true", help="a spectator watches each table too")
    parser.add_argument("--duration", type=float, default=40.0, help="seconds of load [%(default)s]")
    parser.add_argument("--max-calls", type=int, default=200_000, help="calls at most [%(default)s]")
    parser.add_argument("--workers", type=int, default=1, help="workers per replica [%(default)s]")
    parser.add_argument("--threads", type=int, help="threads per worker (default: enough for the watchers)")
    parser.add_argument("--seed", type=int, default=36, help="seed of the players' choices [%(default)s]")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--logs", metavar="DIR", help="copy the replicas' logs to DIR at the end")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    low, _, high = str(args.think).partition(":")
    mix = TableMix((float(low), float(high or low)), args.spectators)
    threads = args.threads or threads_for(args.tables, mix.watchers, args.workers)
    keys = "bench:" + base64.b64encode(os.urandom(32)).decode("ascii")
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="gammond-tables-bench-")))
        for name in ("redis", "a", "b"):
            (folder / name).mkdir()
        store, redis_pid = stack.enter_context(redis_server(folder / "redis"))
        empty = redis_figures(store)
        replicas = stack.enter_context(ExitStack())
        a = replicas.enter_context(replica(folder / "a", store, keys, args.workers, threads))
        b = replicas.enter_context(replica(folder / "b", store, keys, args.workers, threads))
        settings = LoadSettings(
            target=f"127.0.0.1:{a.port}", duration_s=args.duration, max_calls=args.max_calls, timeout_s=30.0
        )
        before_redis = redis_figures(store)
        before = (cpu_seconds(a.pids), cpu_seconds(b.pids), time.process_time())
        report, ids = asyncio.run(run_tables(settings, mix, args.tables, f"127.0.0.1:{b.port}", args.seed))
        after = (cpu_seconds(a.pids), cpu_seconds(b.pids), time.process_time())
        report = measured(report, store, before_redis, ids)
        replicas.close()  # their connections (a blocked watcher's each) gone: what stays is the tables
        idle = redis_figures(store)
        if args.logs:
            for name in ("a", "b"):
                Path(args.logs).mkdir(parents=True, exist_ok=True)
                shutil.copy(folder / name / "server.log", Path(args.logs) / f"replica-{name}.log")
        per_table = (idle["used_memory"] - empty["used_memory"]) / max(1, len(ids))
        report = replace(report, store={**report.store, "used_memory_per_table_idle": round(per_table)})
    print(report.text())
    print(_table(args, threads, report, before, after, redis_pid))
    if args.json:
        data = report.as_json()
        data["cpu_share"] = _shares(report, before, after)
        data["threads"] = threads
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n")
    return 0


def _shares(report: TablesReport, before: Sequence[float], after: Sequence[float]) -> dict[str, float]:
    seconds = report.calls.seconds or 1.0
    names = ("replica_a", "replica_b", "load")
    return {n: round((x - y) / seconds, 3) for n, x, y in zip(names, after, before)}


def _table(
    args: argparse.Namespace,
    threads: int,
    report: TablesReport,
    before: Sequence[float],
    after: Sequence[float],
    redis_pid: int,
) -> str:
    seconds = report.calls.seconds or 1.0
    shares = _shares(report, before, after)
    store = report.store
    rows = [
        ("tables live / started / to the end", f"{args.tables} / {report.started} / {report.finished}"),
        ("watchers per table", str(3 if args.spectators else 2)),
        ("replicas x workers x threads", f"2 x {args.workers} x {threads}"),
        ("calls/s (TableAct, CreateTable)", f"{report.calls.rate:.1f}"),
        ("TableAct p50 / p99 ms", _pair(report, "TableAct")),
        ("events stored/s", f"{report.events / seconds:.1f}"),
        ("deliveries/s", f"{report.deliveries / seconds:.1f}"),
        (
            "act sent -> watcher p50 / p99 / max ms",
            f"{report.delay.p50:.1f} / {report.delay.p99:.1f} / {report.delay.max:.1f}",
        ),
        (
            "act answered -> watcher p50 / p99 / max ms",
            f"{report.after_answer.p50:.1f} / {report.after_answer.p99:.1f} / {report.after_answer.max:.1f}",
        ),
        ("delivery / TableAct, p50 and p99 (the peer: the act's own call)", _ratio(report)),
        ("errors", ", ".join(f"{c} {n}" for c, n in report.errors.items()) or "none"),
        ("Redis used_memory per table, under load", str(store.get("used_memory_per_table"))),
        ("Redis used_memory per table, replicas gone", str(store.get("used_memory_per_table_idle"))),
        ("Redis MEMORY USAGE per table (bytes)", str(store.get("memory_usage_per_table"))),
        ("... per table played to the end", str(store.get("memory_usage_per_finished_table"))),
        ("Redis CPU share", str(store.get("cpu_share"))),
        ("replica A / B CPU share", f"{shares['replica_a']} / {shares['replica_b']}"),
        ("load (this process) CPU share", str(shares["load"])),
    ]
    width = max(len(name) for name, _ in rows)
    lines = [f"redis-server pid {redis_pid}; {seconds:.1f} s of load"]
    lines += [f"| {name:<{width}} | {value} |" for name, value in rows]
    return "\n".join(lines)


def _ratio(report: TablesReport) -> str:
    act = report.calls.methods.get("TableAct")
    if act is None or act.latency.p50 <= 0 or act.latency.p99 <= 0:
        return "-"
    return f"{report.delay.p50 / act.latency.p50:.2f} / {report.delay.p99 / act.latency.p99:.2f}"


def _pair(report: TablesReport, method: str) -> str:
    got = report.calls.methods.get(method)
    return "-" if got is None else f"{got.latency.p50:.1f} / {got.latency.p99:.1f}"


if __name__ == "__main__":
    raise SystemExit(main())
