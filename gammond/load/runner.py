"""Sending the load: asyncio gRPC with a fixed number of calls in flight.

Closed loop by default: ``concurrency`` workers each send their next call
as soon as the last one is answered. With ``rate`` the loop is open: call
``i`` is due at ``start + i / rate`` whatever happened before, and its
latency counts from when it was due, so a server that falls behind shows
it in the percentiles instead of quietly slowing the load down.

Requests go out pre-serialized and answers stay undecoded, over
``connections`` HTTP/2 connections (gRPC balances per connection: one
connection straight to a replica loads that replica only).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import grpc

from gammond.load.mix import Call
from gammond.load.report import Latency, Report

MAX_DURATION_S = 3600.0


@dataclass(frozen=True, slots=True)
class LoadSettings:
    """How to load ``target``; the run ends at ``duration_s`` or ``max_calls``, whichever comes first."""

    target: str
    duration_s: float = 10.0
    max_calls: int | None = None
    concurrency: int = 16
    connections: int = 1
    rate: float | None = None
    timeout_s: float = 10.0
    warmup_calls: int = 20
    # TLS (docs/security.md): the CA to trust, a client certificate and key
    # for mutual TLS, the name to check, and a bearer token.
    tls_ca: str | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    tls_server_name: str | None = None
    token: str | None = field(default=None, repr=False)
    tls: bool = False

    def __post_init__(self) -> None:
        if not 0 < self.duration_s <= MAX_DURATION_S:
            raise ValueError(f"duration {self.duration_s} s is not in (0, {MAX_DURATION_S:g}]")
        if self.max_calls is not None and self.max_calls < 1:
            raise ValueError(f"max_calls {self.max_calls} is below 1")
        if self.concurrency < 1 or self.connections < 1:
            raise ValueError(
                f"concurrency {self.concurrency} and connections {self.connections} must be at least 1"
            )
        if self.rate is not None and not self.rate > 0:
            raise ValueError(f"rate {self.rate} calls/s is not above 0")
        if not self.timeout_s > 0 or self.warmup_calls < 0:
            raise ValueError(
                f"timeout {self.timeout_s} s must be above 0 and warmup {self.warmup_calls} not negative"
            )


@dataclass(frozen=True, slots=True)
class Progress:
    """One progress tick: totals so far and the latency of the last interval."""

    elapsed_s: float
    calls: int
    errors: int
    interval_calls: int
    interval_s: float
    latency: Latency

    def line(self) -> str:
        rate = self.interval_calls / self.interval_s if self.interval_s > 0 else 0.0
        return (
            f"[{self.elapsed_s:6.1f}s] {self.calls:8d} calls  {rate:8.1f}/s  "
            f"p50 {self.latency.p50:.2f} ms  p99 {self.latency.p99:.2f} ms  errors {self.errors}"
        )


class _Run:
    """The shared state of one run's workers."""

    def __init__(self, calls: Sequence[Call], settings: LoadSettings) -> None:
        self.calls = calls
        self.settings = settings
        self.tickets = itertools.count()
        self.samples: list[tuple[str, str, float]] = []
        self.errors = 0
        self.started = time.perf_counter()
        self.deadline = self.started + settings.duration_s

    def next_ticket(self) -> int | None:
        """The index of the next call to make, or None when the run is over."""
        index = next(self.tickets)
        limit = self.settings.max_calls
        if (limit is not None and index >= limit) or time.perf_counter() >= self.deadline:
            return None
        return index

    def due(self, index: int) -> float:
        rate = self.settings.rate
        return self.started + index / rate if rate else time.perf_counter()

    def record(self, name: str, code: grpc.StatusCode, started: float) -> None:
        self.samples.append((name, code.name, time.perf_counter() - started))
        if code is not grpc.StatusCode.OK:
            self.errors += 1


async def _send(
    stub: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes], call: Call, timeout_s: float
) -> grpc.StatusCode:
    try:
        await stub(call.payload, timeout=timeout_s)
    except grpc.aio.AioRpcError as error:
        return error.code()
    return grpc.StatusCode.OK


Stubs = dict[str, grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]]


async def _worker(run: _Run, stubs: Stubs) -> None:
    while (index := run.next_ticket()) is not None:
        due = run.due(index)
        wait = due - time.perf_counter()
        if wait > 0:
            if due >= run.deadline:
                return
            await asyncio.sleep(wait)
        call = run.calls[index % len(run.calls)]
        code = await _send(stubs[call.method], call, run.settings.timeout_s)
        run.record(call.name, code, due)


async def _gather_reporting(
    run: _Run, progress: Callable[[Progress], None] | None, workers: Sequence[Awaitable[None]]
) -> float:
    """Run ``workers`` to their end, with a progress line a second when asked; the seconds they took."""
    ticker = asyncio.create_task(_progress(run, progress)) if progress else None
    await asyncio.gather(*workers)
    seconds = time.perf_counter() - run.started
    if ticker:
        ticker.cancel()
        await asyncio.gather(ticker, return_exceptions=True)
    return seconds


async def _progress(run: _Run, report: Callable[[Progress], None]) -> None:
    seen, last = 0, time.perf_counter()
    while True:
        await asyncio.sleep(1.0)
        now = time.perf_counter()
        window = run.samples[seen:]
        report(
            Progress(
                now - run.started,
                len(run.samples),
                run.errors,
                len(window),
                now - last,
                Latency.of([s for _, _, s in window]),
            )
        )
        seen, last = seen + len(window), now


def _channel(settings: LoadSettings) -> grpc.aio.Channel:
    # Without a pool of its own, every channel would share one connection.
    options: list[tuple[str, str | int]] = [("grpc.use_local_subchannel_pool", 1)]
    if not settings.tls:
        return grpc.aio.insecure_channel(settings.target, options=options)

    def read(path: str | None) -> bytes | None:
        return None if path is None else Path(path).read_bytes()

    credentials = grpc.ssl_channel_credentials(
        read(settings.tls_ca), read(settings.tls_key), read(settings.tls_cert)
    )
    if settings.token is not None:
        credentials = grpc.composite_channel_credentials(
            credentials, grpc.access_token_call_credentials(settings.token)
        )
    if settings.tls_server_name is not None:
        options.append(("grpc.ssl_target_name_override", settings.tls_server_name))
    return grpc.aio.secure_channel(settings.target, credentials, options=options)


def _stubs(channel: grpc.aio.Channel, calls: Sequence[Call]) -> Stubs:
    return {method: channel.unary_unary(method) for method in {c.method for c in calls}}


async def run_load(
    calls: Sequence[Call], settings: LoadSettings, progress: Callable[[Progress], None] | None = None
) -> Report:
    """Send ``calls`` (cycling through them) to ``settings.target`` and report what happened.

    The target is not checked here; the command line checks it (see
    :func:`gammond.load.targets.check_target`).
    """
    if not calls:
        raise ValueError("run_load needs at least one call")
    channels = [_channel(settings) for _ in range(settings.connections)]
    try:
        stubs = [_stubs(channel, calls) for channel in channels]
        for i in range(settings.warmup_calls):
            call = calls[i % len(calls)]
            await _send(stubs[i % len(stubs)][call.method], call, settings.timeout_s)
        run = _Run(calls, settings)
        workers = [_worker(run, stubs[i % len(stubs)]) for i in range(settings.concurrency)]
        seconds = await _gather_reporting(run, progress, workers)
    finally:
        for channel in channels:
            await channel.close()
    # The report records how the run was made, never the token.
    facts = {name: value for name, value in asdict(settings).items() if name != "token"}
    return Report.from_samples(settings.target, seconds, run.samples, facts)
