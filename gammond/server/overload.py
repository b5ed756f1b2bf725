"""A cap on the calls one worker holds at once: past it, RESOURCE_EXHAUSTED at once.

gRPC's Python server hands every call it accepts to its thread pool, whose
queue has no bound: a burst of 3,000 calls queued 3,000 pieces of work, and
because one thread takes the calls from gRPC core (and shares the
interpreter with the busy pool threads), core's own queue of calls not yet
taken passed its limit (1,000) and core dropped calls with CANCELLED, seen
by no handler, logged and counted nowhere (issue 38).

Two measures.  :class:`CallLimit` counts the calls this worker holds (queued
for a thread or running: the pool's unfinished work) and the interceptor
(:mod:`gammond.server.interceptor`) refuses a call that arrives while
``--max-calls`` are held, with RESOURCE_EXHAUSTED, a ``google.rpc.RetryInfo``
and an ``ErrorInfo`` reason :data:`OVERLOADED`, logged and counted
(``gammond_rpc_calls_total`` and ``gammond_overload_refused_total``).  The
refusal does not read the request (it is answered as a client-streaming
handler that never iterates), so a refused call costs a few microseconds
and none of its bytes are buffered.  And core's queue of calls not yet taken
is raised to :data:`PENDING_CALLS` (:func:`channel_options`), so a burst
waits there for the refusal instead of being dropped.

Health checks are never refused: a liveness probe failing under load would
restart a worker that is only busy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent import futures
from typing import Any

from gammond.server import metrics

# The ErrorInfo reason of a call refused because its worker is full.
OVERLOADED = "OVERLOADED"
RETRY_AFTER_S = 0.2
# Calls gRPC core keeps for the server before one is taken (its defaults:
# 1,000, and between 1,000 and 3,000 some are dropped).  A pending call is
# its headers and stream (no request bytes: they are read once a handler
# asks), and the serving thread takes them at thousands a second.
PENDING_CALLS = 100_000
EXEMPT_PREFIX = "/grpc.health.v1.Health/"


class CallLimit:
    """How many calls a worker holds (the pool's unfinished work), against ``cap``.

    >>> limit = CallLimit(1)
    >>> pool = limit.executor(1)
    >>> gate = threading.Event()
    >>> first = pool.submit(gate.wait, 10)
    >>> limit.held, limit.full()
    (1, True)
    >>> gate.set(); first.result()
    True
    >>> pool.shutdown(); limit.held, limit.full()
    (0, False)
    """

    def __init__(self, cap: int, retry_after_s: float = RETRY_AFTER_S) -> None:
        if cap < 1:
            raise ValueError(f"a cap of {cap} calls admits none")
        self.cap = cap
        self.retry_after_s = retry_after_s
        self._held = 0
        self._lock = threading.Lock()

    @property
    def held(self) -> int:
        """Calls queued for a thread or running now."""
        return self._held

    def full(self) -> bool:
        """Whether a call arriving now is over the cap (read without the lock: one load)."""
        return self._held >= self.cap

    def executor(self, threads: int) -> futures.ThreadPoolExecutor:
        """gRPC's thread pool, counting its unfinished work here."""
        return _CountingExecutor(self, threads)

    def _enter(self) -> None:
        with self._lock:
            self._held += 1

    def _leave(self, _: object = None) -> None:
        with self._lock:
            self._held -= 1


class _CountingExecutor(futures.ThreadPoolExecutor):
    """A thread pool whose submitted and not yet finished work is :attr:`CallLimit.held`.

    The count goes down in the future's done callback, which runs however
    the work ends (answered, refused, cancelled before it ran).
    """

    def __init__(self, limit: CallLimit, threads: int) -> None:
        super().__init__(max_workers=threads, thread_name_prefix="gammond-rpc")
        self._limit = limit

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> futures.Future[Any]:
        self._limit._enter()
        try:
            future = super().submit(fn, *args, **kwargs)
        except BaseException:
            self._limit._leave()
            raise
        future.add_done_callback(self._limit._leave)
        return future


def count_refusal(method: str) -> None:
    """One call of ``method`` refused because the worker was full."""
    metrics.OVERLOAD_REFUSED.labels(method).inc()


def channel_options() -> list[tuple[str, int]]:
    """gRPC server options that let a burst wait for our refusal rather than be dropped by core."""
    return [
        ("grpc.server.max_pending_requests", PENDING_CALLS),
        ("grpc.server.max_pending_requests_hard_limit", PENDING_CALLS),
    ]
