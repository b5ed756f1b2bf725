"""Bursts and big requests against one worker (issue 38): bounded work in flight, measured.

Two phases against a fresh ``python -m gammond.server`` (one worker, on
127.0.0.1, metrics on), each bounded in calls and seconds:

* ``burst``: ``--calls`` (3,000) PlayService.ListActions at once, from
  ``--channels`` connections (asyncio gRPC clients), each with a
  ``--timeout`` deadline.  Every answer's code is tallied; every refusal
  must be RESOURCE_EXHAUSTED with a ``google.rpc.RetryInfo``, and the
  worker's own count (``gammond_rpc_calls_total`` and
  ``gammond_overload_refused_total``, from its metrics port) must equal
  what the clients saw.
* ``oversize``: ``--big-calls`` (200) requests of each of ``--big-mb``
  (5 MB, then 1 MB: just under the 1 MiB limit, so read and refused by us)
  at once, the RSS of the worker sampled every 5 ms: its resident set
  before, its peak (also ``VmHWM``, reset first) and after, against the
  bound docs/operations.md states (128 MiB above an idle worker).

    python -m bench.burst [--phases burst,oversize] [--calls 3000] [--big-calls 200]
                          [--big-mb 5,1] [--channels 8] [--max-calls N]
    python bench/burst.py

Measured on the 2-core development machine (shared), ``python -m bench.burst``;
"before" is the tree before issue 38's change (gRPC's receive limit 8 MiB,
bandwidth-delay probing on, no cap) with this file copied in:

    before: burst 2,289 OK + 711 CANCELLED, then 2,409 OK + 591 CANCELLED
            (none logged or counted: gRPC core dropped them);
            200 x 5 MB: worker 106 -> peak 451 MB, then 106 -> 279 MB;
            200 x 1 MB: 105 -> 263 MB, then 105 -> 261 MB.
    after:  burst 2,673 OK + 327, 2,123 OK + 877, 1,068 OK + 1,932
            RESOURCE_EXHAUSTED, each with RetryInfo and reason OVERLOADED,
            each logged and counted, none CANCELLED;
            200 x 5 MB: 106 -> 108 MB (refused by gRPC's 1 MiB limit), three runs;
            200 x 1 MB: 106 -> 127, 133, 132 MB.

The exit status is 1 when a phase fails its check.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]  # noqa: E402

from backgammon.v1 import play_service_pb2  # noqa: E402
from bench._server import local_server, read_metric  # noqa: E402

LIST_ACTIONS = "/backgammon.v1.PlayService/ListActions"
NEW_GAME = "/backgammon.v1.PlayService/NewGame"
STATUS_KEY = "grpc-status-details-bin"
# What docs/operations.md allows concurrent oversize requests to add to a worker.
BOUND_MB = 128 * 1.048576


@dataclass
class Server:
    """A one-worker ``python -m gammond.server`` on loopback."""

    process: subprocess.Popen[bytes]
    port: int
    metrics_port: int
    worker: int
    log: Path

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def metric(self, name: str, **labels: str) -> float:
        """The sum of ``name``'s samples with these labels, read from the metrics port."""
        return read_metric(self.metrics_port, name, **labels)


@contextmanager
def serving(*flags: str) -> Iterator[Server]:
    """One worker with metrics on a free port; stopped (SIGTERM, bounded wait) at the end."""
    flags = ("--workers", "1", "--metrics-port", "0", *flags)
    with local_server("gammond-burst-", *flags) as (process, facts, log):
        yield Server(process, facts["port"], facts["metrics_port"], facts["workers"][0], log)


def _proc_kb(pid: int, key: str) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return float(line.split()[1])
    except OSError:
        pass
    return 0.0


def rss_mb(pid: int) -> float:
    return _proc_kb(pid, "VmRSS") / 1024


def reset_peak(pid: int) -> bool:
    """Start ``VmHWM`` afresh at the current RSS (Linux 4.0+); False where not allowed."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return False
    return True


class Sampler:
    """The largest RSS of ``pid`` seen every ``every_s`` while running."""

    def __init__(self, pid: int, every_s: float = 0.005) -> None:
        self.pid, self.every_s, self.peak = pid, every_s, 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(self.every_s)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)


def retry_info(metadata: Sequence[tuple[str, str | bytes]] | None) -> tuple[bool, str]:
    """Whether the trailers carry a RetryInfo, and the ErrorInfo reason if any."""
    for key, value in metadata or ():
        if key == STATUS_KEY and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            has_retry, reason = False, ""
            for detail in status.details:
                if detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                    has_retry = True
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason = info.reason
            return has_retry, reason
    return False, ""


async def _burst_calls(
    target: str, request: bytes, calls: int, channels: int, timeout: float
) -> list[tuple[str, bool, str]]:
    opened = [grpc.aio.insecure_channel(target) for _ in range(channels)]
    try:
        for channel in opened:
            await channel.channel_ready()
        stubs: list[grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]] = [
            channel.unary_unary(LIST_ACTIONS) for channel in opened
        ]

        async def one(i: int) -> tuple[str, bool, str]:
            call = stubs[i % channels](request, timeout=timeout)
            try:
                await call
            except grpc.aio.AioRpcError as error:
                trailers: Any = error.trailing_metadata()
                has_retry, reason = retry_info(trailers)
                return error.code().name, has_retry, reason
            return "OK", False, ""

        return await asyncio.gather(*(one(i) for i in range(calls)))
    finally:
        for channel in opened:
            await channel.close()


def list_actions_request(target: str) -> bytes:
    """A ListActions request on a new game (the cheap call of the issue's burst)."""
    with grpc.insecure_channel(target) as channel:
        new_game = channel.unary_unary(
            NEW_GAME,
            request_serializer=play_service_pb2.NewGameRequest.SerializeToString,
            response_deserializer=play_service_pb2.NewGameResponse.FromString,
        )
        game = new_game(play_service_pb2.NewGameRequest(), timeout=10).game
    return play_service_pb2.ListActionsRequest(game=game).SerializeToString()


def phase_burst(flags: Sequence[str], calls: int, channels: int, timeout: float) -> bool:
    with serving(*flags) as server:
        request = list_actions_request(server.target)
        counted_before = server.metric(
            "gammond_rpc_calls_total", method=LIST_ACTIONS, code="RESOURCE_EXHAUSTED"
        )
        refused_before = server.metric("gammond_overload_refused_total")
        started = time.perf_counter()
        answers = asyncio.run(_burst_calls(server.target, request, calls, channels, timeout))
        elapsed = time.perf_counter() - started
        time.sleep(0.5)  # the worker writes its counts in batches (calls.py)
        counted = server.metric("gammond_rpc_calls_total", method=LIST_ACTIONS, code="RESOURCE_EXHAUSTED")
        refused = server.metric("gammond_overload_refused_total")
        lines = server.log.read_text(errors="replace").splitlines()
    codes = Counter(code for code, _, _ in answers)
    exhausted = [a for a in answers if a[0] == "RESOURCE_EXHAUSTED"]
    with_retry = sum(1 for _, has_retry, _ in exhausted if has_retry)
    reasons = Counter(reason for _, _, reason in exhausted)
    logged = sum(1 for line in lines if LIST_ACTIONS in line and '"RESOURCE_EXHAUSTED"' in line)
    print(f"burst: {calls} ListActions at once over {channels} connections, {elapsed:.2f} s")
    print(f"  answers: {dict(codes.most_common())}")
    print(f"  RESOURCE_EXHAUSTED with RetryInfo: {with_retry} of {len(exhausted)}; reasons {dict(reasons)}")
    print(
        f"  worker counted RESOURCE_EXHAUSTED: {counted - counted_before:.0f},"
        f" gammond_overload_refused_total: {refused - refused_before:.0f}, logged: {logged}"
    )
    refusals = calls - codes.get("OK", 0)
    ok = (
        refusals == len(exhausted) == with_retry
        and counted - counted_before == len(exhausted)
        and logged == len(exhausted)
    )
    print(
        f"  check (every refusal RESOURCE_EXHAUSTED with RetryInfo, counted and logged): {'pass' if ok else 'FAIL'}"
    )
    return ok


def _big_request(size: int) -> bytes:
    """A ListActions request of about ``size`` bytes: its field 1 (the Game) holding that many bytes."""
    length, varint = size, b""
    while length >= 0x80:
        varint += bytes([length & 0x7F | 0x80])
        length >>= 7
    return b"\x0a" + varint + bytes([length]) + b"a" * size


def _big_calls(target: str, payload: bytes, calls: int, channels: int, timeout: float) -> Counter[str]:
    opened = [grpc.insecure_channel(target) for _ in range(channels)]
    try:
        stubs: list[grpc.UnaryUnaryMultiCallable[bytes, bytes]] = [
            channel.unary_unary(LIST_ACTIONS) for channel in opened
        ]
        futures = [stubs[i % channels].future(payload, timeout=timeout) for i in range(calls)]
        codes: Counter[str] = Counter()
        for future in futures:
            try:
                future.result()
                codes["OK"] += 1
            except grpc.RpcError as error:
                # The code, and whose refusal it was: gRPC core's or gammond's (which names its limit).
                details = error.details() or ""
                if "larger than max" in details:
                    who = "gRPC's receive limit"
                elif "calls; retry" in details:
                    who = "gammond's --max-calls"
                else:
                    who = "gammond, read"
                codes[f"{error.code().name} ({who})"] += 1
        return codes
    finally:
        for channel in opened:
            channel.close()


def phase_oversize(flags: Sequence[str], calls: int, megabytes: float, channels: int, timeout: float) -> bool:
    payload = _big_request(int(megabytes * 1_000_000))
    with serving(*flags) as server:
        time.sleep(1.0)
        before = rss_mb(server.worker)
        exact = reset_peak(server.worker)
        started = time.perf_counter()
        with Sampler(server.worker) as sampler:
            codes = _big_calls(server.target, payload, calls, channels, timeout)
        elapsed = time.perf_counter() - started
        peak = max(sampler.peak, _proc_kb(server.worker, "VmHWM") / 1024 if exact else 0.0)
        time.sleep(1.0)
        after = rss_mb(server.worker)
    grown = peak - before
    print(
        f"oversize: {calls} requests of {len(payload):,} bytes at once over {channels} connections, {elapsed:.2f} s"
    )
    print(f"  answers: {dict(codes.most_common())}")
    print(f"  worker RSS MB: before {before:.0f}, peak {peak:.0f} (+{grown:.0f}), after {after:.0f}")
    ok = (
        all(code.startswith(("RESOURCE_EXHAUSTED", "INVALID_ARGUMENT")) for code in codes)
        and grown <= BOUND_MB
    )
    print(f"  check (all refused, peak within +{BOUND_MB:.0f} MB of idle): {'pass' if ok else 'FAIL'}")
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.burst", description=__doc__.split("\n", 1)[0])
    parser.add_argument("--phases", default="burst,oversize")
    parser.add_argument("--calls", type=int, default=3000, help="ListActions sent at once in the burst")
    parser.add_argument("--channels", type=int, default=8, help="connections the calls are spread over")
    parser.add_argument("--timeout", type=float, default=60.0, help="each call's deadline in seconds")
    parser.add_argument("--big-calls", type=int, default=200, help="oversize requests sent at once")
    parser.add_argument(
        "--big-mb",
        default="5,1",
        help="sizes of the big requests in MB, one run each (1 MB: the largest accepted, read and refused by us)",
    )
    parser.add_argument("--max-calls", default=None, help="the server's --max-calls; its default if unset")
    args = parser.parse_args(argv)
    flags: list[str] = [] if args.max_calls is None else ["--max-calls", str(args.max_calls)]
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    passed = True
    if "burst" in phases:
        passed &= phase_burst(flags, args.calls, args.channels, args.timeout)
    if "oversize" in phases:
        for megabytes in args.big_mb.split(","):
            passed &= phase_oversize(flags, args.big_calls, float(megabytes), args.channels, args.timeout)
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
