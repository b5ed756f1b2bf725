"""Expensive calls run in search processes of their own, at a lower CPU priority.

A bot search is seconds of CPU in Python and numpy.  Run on one of the
worker's gRPC threads it holds the worker's interpreter lock between numpy
and C-kernel calls, and a cheap call (legal plays, notation) needs the lock
several times on its way through grpcio's threads: with 4 clients hammering
world class, ``ListLegalPlays``' p99 went from 2.8 ms to 41 ms (15x), even
with one search per worker and a 0.5 ms switch interval (while a search
ran, a thread waiting for the lock got it within 2.2 ms at p99 and 20 ms at
worst, and a call needs it several times; docs/benchmarks.md).  So each
worker keeps ``--max-expensive-calls`` child processes
(:mod:`gammond.server.searcher`) that only search: they share no lock with
the worker, and they run at ``--search-nice`` (10), so on a busy machine
the kernel gives a waking cheap call the CPU first.

The call's bounds still hold: the child gets the absolute end of the search
(``time.monotonic()`` is the system's monotonic clock, the same in every
process) and the worker sends it a cancellation when the call is cancelled;
its ``stop()`` looks at both, so the engine returns its best-so-far with
``complete: false`` as before.  A child that does not answer within
:data:`KILL_AFTER_S` of the end (or of the cancellation) is killed and
replaced, and so is one that dies.  A child whose worker dies stops at its
next check (its socket reads as closed).

Nothing here knows gRPC: the servicer passes ``is_active`` and the end time.
"""

from __future__ import annotations

import itertools
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

from gammond.engine.bot import Evaluator
from gammond.server import metrics
from gammond.server.errors import OutOfTimeError, SearchLostError
from gammond.server.searcher import EVALUATOR, Stop

T = TypeVar("T")

# The search processes' niceness: at 10 a busy core gives a nice-0 thread
# about 90% of its time (CFS weights 1024 against 110).
NICE = 10
# How often the worker looks at a running search's call (cancelled?) and child (alive?).
POLL_S = 0.02
# A child still searching this long after its end (or its cancellation) is killed.
KILL_AFTER_S = 3.0
# Longest wait for a child to finish starting (imports, network weights).
START_S = 120.0


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """What a search returned and why it stopped early (None: it did not)."""

    value: T
    stopped: str | None


def _child_environment() -> dict[str, str]:
    # The child imports gammond from wherever this process did.
    paths = [p for p in sys.path if p and os.path.isdir(p)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


class _Child:
    """One search process and its socket."""

    def __init__(self, evaluator: Evaluator, nice: int) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            command = [sys.executable, "-m", "gammond.server.searcher", str(theirs.fileno()), str(nice)]
            self.process = subprocess.Popen(
                command, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=_child_environment()
            )
        self.conn = Connection(ours.detach())
        self.ready = False
        self.jobs = itertools.count()
        # The evaluator (about 0.1 MB pickled) is read once the child has
        # started; sending it from here would hold the caller that long.
        threading.Thread(target=self._introduce, args=(evaluator,), daemon=True).start()

    def _introduce(self, evaluator: Evaluator) -> None:
        try:
            self.conn.send(evaluator)
        except (OSError, ValueError):
            pass  # the child is gone; its first job finds out

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def _await_ready(self) -> None:
        # A fresh child imports numpy and the engine and reads the network
        # first; its search clock only starts once that is done.
        try:
            if self.conn.poll(START_S):
                self.conn.recv()
                self.ready = True
                return
        except (EOFError, OSError):
            pass
        raise SearchLostError("the search process did not start")

    def run(self, job: tuple[Any, ...], end: float, active: Callable[[], bool]) -> tuple[Any, ...]:
        """Send ``job`` and wait for its reply, cancelling when ``active()`` turns false."""
        if not self.ready:
            self._await_ready()
        number = next(self.jobs)
        try:
            self.conn.send(("job", number, *job, end))
        except (OSError, ValueError):
            raise SearchLostError("the search process ended unexpectedly") from None
        give_up = end + KILL_AFTER_S
        cancelled = False
        try:
            while not self.conn.poll(POLL_S):
                now = time.monotonic()
                if not cancelled and not active():
                    self.conn.send(("cancel", number))
                    cancelled = True
                    give_up = min(give_up, now + KILL_AFTER_S)
                if not self.alive():
                    raise SearchLostError("the search process ended unexpectedly")
                if now >= give_up:
                    raise OutOfTimeError("the search did not stop in time")
            reply: tuple[Any, ...] = self.conn.recv()
        except (EOFError, OSError):
            raise SearchLostError("the search process ended unexpectedly") from None
        return reply

    def close(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send(("exit",))
            except (OSError, ValueError):
                pass
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                pass
        if self.alive():
            self.process.kill()
            self.process.wait(10)
        self.conn.close()


class SearchPool:
    """``size`` search processes for one worker; ``size`` 0 searches on the caller's thread.

    The admission gate in front (:mod:`gammond.server.admission`) lets at
    most ``size`` calls in at once, so a caller always finds a free process.
    Processes start on the first call or :meth:`start`.
    """

    def __init__(self, evaluator: Evaluator, size: int, nice: int = NICE) -> None:
        self.evaluator = evaluator
        self.size = size
        self.nice = nice
        self._idle: queue.Queue[_Child] = queue.Queue()
        self._all: list[_Child] = []
        self._lock = threading.Lock()
        self._closed = False

    @property
    def isolated(self) -> bool:
        return self.size > 0

    def pids(self) -> list[int]:
        """The search processes now running (for tests and the abuse harness)."""
        with self._lock:
            return [c.pid for c in self._all if c.alive()]

    def _spawn(self) -> _Child:
        with self._lock:
            if self._closed:
                raise SearchLostError("the server is stopping")
            child = _Child(self.evaluator, self.nice)
            self._all.append(child)
        return child

    def _retire(self, child: _Child) -> None:
        with self._lock:
            if child in self._all:
                self._all.remove(child)
        child.close(kill=True)

    def _sent(self, args: tuple[object, ...]) -> tuple[object, ...]:
        # The child has its own copy of the evaluator.
        return tuple(EVALUATOR if a is self.evaluator else a for a in args)

    def start(self, warm: Callable[..., object], *args: object) -> None:
        """Start the missing processes now and run ``warm(*args, stop=...)`` once in each."""
        with self._lock:
            missing = self.size - len(self._all)
        for child in [self._spawn() for _ in range(max(missing, 0))]:
            end = time.monotonic() + START_S
            reply = child.run((warm, self._sent(args), {}, None), end, lambda: True)
            self._idle.put(child)
            if reply[0] != "ok":
                raise reply[1]

    def _take(self) -> _Child:
        try:
            child = self._idle.get_nowait()
        except queue.Empty:
            pass
        else:
            if child.alive():
                return child
            # Died while idle (killed from outside, out of memory): replace it now.
            metrics.SEARCH_RESTARTS.inc()
            self._retire(child)
            return self._spawn()
        with self._lock:
            room = len(self._all) < self.size
        if room:
            return self._spawn()
        # Only when the gate lets in more calls than there are processes.
        return self._idle.get(timeout=START_S)

    def run(
        self,
        function: Callable[..., T],
        *args: object,
        end: float,
        active: Callable[[], bool],
        then: Callable[[Any], T] | None = None,
        **kwargs: object,
    ) -> Outcome[T]:
        """``function(*args, stop=..., **kwargs)``, stopped at ``end`` or when ``active()`` turns false.

        ``function`` (and ``then``, applied to its result where it ran, to
        send back only what the caller needs) must be importable by name
        (module-level functions) and the arguments and result picklable; the
        pool's evaluator among ``args`` stands for the child's copy.
        """
        if not self.isolated:
            stop = Stop(end, lambda: not active())
            value = function(*args, stop=stop, **kwargs)
            return Outcome(value if then is None else then(value), stop.reason)
        child = self._take()
        healthy = False
        try:
            kind, value, stopped = child.run((function, self._sent(args), kwargs, then), end, active)
            healthy = True
        finally:
            if healthy:
                self._idle.put(child)
            else:
                # Killed or dead: a fresh process takes its place and starts at once.
                metrics.SEARCH_RESTARTS.inc()
                self._retire(child)
                try:
                    self._idle.put(self._spawn())
                except SearchLostError:
                    pass
        if kind != "ok":
            raise value
        return Outcome(value, stopped)

    def close(self) -> None:
        """Stop every process (bounded waits)."""
        with self._lock:
            self._closed = True
            children = list(self._all)
            self._all.clear()
        for child in children:
            child.close()
