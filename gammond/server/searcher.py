"""The search process: runs a worker's bot searches, one at a time (see :mod:`.searches`).

Started by the worker as ``python -m gammond.server.searcher FD NICE``; FD is
its end of a socket pair carrying pickled messages.  It imports the engine
only (no gRPC).  Messages from the worker: first the evaluator, then jobs
``("job", number, function, args, kwargs, then, end)``, ``("cancel", number)`` and
``("exit",)``.  Answers: ``("ready", None, None)`` once, then per job
``("ok" | "error", value, stopped)``.

A running search polls the socket at each of its stop checks, so a
cancellation (or the worker's death: the socket reads as closed) stops it
at once with its best-so-far.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from gammond.engine import EngineError
from gammond.engine.bot import Ranking
from gammond.server import memory

EVALUATOR = "__gammond_evaluator__"


class Stop:
    """A search's ``stop()``: true once ``end`` passes or ``cancelled()``; remembers which.

    ``reason`` stays None when the search ended on its own (finished, or its
    level's budget ran out: the engine checks that before calling here).
    """

    __slots__ = ("cancelled", "end", "reason")

    def __init__(self, end: float, cancelled: Callable[[], bool]) -> None:
        self.end = end
        self.cancelled = cancelled
        self.reason: str | None = None

    def __call__(self) -> bool:
        if self.reason is None:
            if self.cancelled():
                self.reason = "cancelled"
            elif time.monotonic() >= self.end:
                self.reason = "deadline"
        return self.reason is not None


def best_only(ranking: Ranking) -> Ranking:
    """The ranking cut to its best play, for BestPlay.

    Sending all 2,224 plays of the widest position back (0.37 MB pickled)
    would cost the worker about 50 ms of unpickling under its interpreter
    lock, which is what the search process is there to avoid.
    """
    return Ranking(ranking.plays[:1], ranking.complete)


def sendable(error: BaseException) -> BaseException:
    """``error`` if it survives pickling, else a plain stand-in of the same kind."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        text = str(error)[:400]
        return EngineError(text) if isinstance(error, EngineError) else RuntimeError(text)


class _Inbox:
    """Reads the worker's messages that arrive while a job runs."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.job = -1
        self.cancelled = False
        self.closing = False

    def start(self, number: int) -> None:
        self.job, self.cancelled = number, False

    def cancelled_now(self) -> bool:
        try:
            while not self.cancelled and self.conn.poll(0):
                self._take(self.conn.recv())
        except (EOFError, OSError):
            # The worker is gone: nobody waits for this answer.
            self.cancelled = self.closing = True
        return self.cancelled

    def _take(self, message: tuple[Any, ...]) -> None:
        if message[0] == "cancel" and message[1] == self.job:
            self.cancelled = True
        elif message[0] == "exit":
            self.cancelled = self.closing = True


def serve(conn: Connection, nice: int) -> None:
    """Run jobs from ``conn`` until it closes or says exit."""
    # The worker decides when this process ends (its socket closes, or it
    # says exit): a Ctrl-C or SIGTERM sent to the whole process group must
    # not cut a search short while the worker drains its calls.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        os.nice(nice)
    except OSError:
        pass
    try:
        evaluator = conn.recv()
        conn.send(("ready", None, None))
    except (EOFError, OSError):
        return
    inbox = _Inbox(conn)
    while not inbox.closing:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "exit":
            return
        if message[0] != "job":
            continue  # a cancellation that came after its job ended
        _, number, function, args, kwargs, then, end = message
        inbox.start(number)
        stop = Stop(end, inbox.cancelled_now)
        args = tuple(evaluator if isinstance(a, str) and a == EVALUATOR else a for a in args)
        try:
            value = function(*args, stop=stop, **kwargs)
            reply: tuple[str, Any, str | None] = ("ok", value if then is None else then(value), stop.reason)
        except Exception as exc:
            reply = ("error", sendable(exc), stop.reason)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return
        # The search's arrays are freed: give the pages back (see memory.py).
        memory.trim()


if __name__ == "__main__":
    serve(Connection(int(sys.argv[1])), int(sys.argv[2]))
