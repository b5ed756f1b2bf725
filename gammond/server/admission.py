"""Admission control: at most N expensive calls (bot searches) at once per worker.

A search holds a CPU for up to ``--max-search`` seconds; a worker running
more of them at once than it has CPU only makes each slower and starves the
cheap calls (legal plays, notation) of the interpreter.  Past the limit a
call is refused at once with RESOURCE_EXHAUSTED and a ``google.rpc.RetryInfo``
saying when to try again, so clients back off (or move to another replica)
instead of queueing on a busy worker.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from gammond.server import memory, metrics


class BusyError(Exception):
    """Every expensive-call slot of this worker is taken."""

    def __init__(self, limit: int, retry_after_s: float) -> None:
        super().__init__(f"this worker is running its limit of {limit} expensive calls; retry shortly")
        self.retry_after_s = retry_after_s


class Admission:
    """A non-blocking counting gate for expensive calls.

    >>> gate = Admission(1, retry_after_s=0.1)
    >>> with gate.admit("Bot/BestPlay"):
    ...     try:
    ...         with gate.admit("Bot/BestPlay"):
    ...             pass
    ...     except BusyError as exc:
    ...         print(exc.retry_after_s)
    0.1
    """

    def __init__(self, limit: int, retry_after_s: float = 0.2) -> None:
        self.limit = limit
        self.retry_after_s = retry_after_s
        self._slots = threading.BoundedSemaphore(limit)
        self._lock = threading.Lock()
        self._running = 0

    @property
    def running(self) -> int:
        """How many admitted calls are running now."""
        with self._lock:
            return self._running

    @contextmanager
    def admit(self, method: str) -> Iterator[None]:
        """Hold one slot for the ``with`` block, or raise :class:`BusyError` at once."""
        if not self._slots.acquire(blocking=False):
            metrics.REFUSED.labels(method).inc()
            raise BusyError(self.limit, self.retry_after_s)
        with self._lock:
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                last = self._running == 0
            self._slots.release()
            if last:
                # The search's arrays are freed: give the pages back (see memory.py).
                memory.trim()
