"""The table store: each table's latest Game, its version and its events.

Two implementations share :class:`TableStore`: :class:`MemoryTableStore`
(one process: ``--table-store memory`` with ``--workers 1``) and
:class:`~gammond.server.tables.redis_store.RedisTableStore` (shared by every
worker and replica).  The store knows nothing of backgammon: a Game and an
event are bytes the table service wrote.

The store is what makes a table safe to act on from two replicas at once:
:meth:`TableStore.swap` stores the next Game and appends its events only
if the table is still at the version the caller read, as one atomic step,
so of two actions read at the same version exactly one is stored, and
an event is never stored without its Game (or the reverse).  Every write
renews the table's expiry; a table nobody acts on for ``ttl_s`` is gone
(:class:`~gammond.server.errors.NotFoundError`).

A table with a turn clock (:mod:`gammond.server.tables.clock`) keeps the
clock's bytes too, and the store's own time when the running seat's turn
started (``restart`` on a swap sets it to the store's time then); a load
says the store's time now, and a swap with a ``deadline_ms`` is refused
(None) once the store's time reached it, so a late action never lands.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gammond.server.errors import CrowdedError, NotFoundError

# A day without an action: the table was abandoned.
DEFAULT_TTL_S = 86400.0
# One process's memory holds at most this many tables; more are RESOURCE_EXHAUSTED.
MAX_MEMORY_TABLES = 10_000


@dataclass(frozen=True, slots=True)
class Stored:
    """A table as last stored: its Game's bytes, its version and its last event's sequence number."""

    game: bytes
    version: int
    last_sequence: int
    # The turn clock's bytes (empty: none), when its turn started and the time at the load, in the store's ms.
    clock: bytes = b""
    started_ms: int = 0
    now_ms: int = 0


class TableStore(Protocol):
    """Where tables live; every method is safe to call from many threads."""

    ttl_s: float

    def create(self, table_id: str, game: bytes, events: Sequence[bytes], clock: bytes = b"") -> int:
        """A new table at version 0 with its first events (and clock); the last one's sequence number."""

    def load(self, table_id: str) -> Stored:
        """The table as last stored (NotFoundError once it expired, or if it never was)."""

    def swap(
        self,
        table_id: str,
        version: int,
        game: bytes,
        events: Sequence[bytes],
        clock: bytes = b"",
        restart: bool = False,
        deadline_ms: int = 0,
    ) -> int | None:
        """Store ``game`` (and ``clock``) at ``version + 1`` and append ``events``, if the table is still at ``version``.

        ``restart``: the clock's turn starts now.  The new last sequence
        number, or None when another action was stored first or the store's
        time reached ``deadline_ms`` (when not 0).
        """

    def events(self, table_id: str, after: int, wait_s: float) -> list[tuple[int, bytes]]:
        """The events after sequence number ``after``, waiting up to ``wait_s`` for one when there are none."""

    def close(self) -> None:
        """Let go of connections (the tables themselves stay where they are)."""


def gone(table_id: str) -> NotFoundError:
    return NotFoundError(f"table {table_id} does not exist or expired after a time without actions")


@dataclass(slots=True)
class _Table:
    game: bytes
    version: int
    expires: float
    events: list[bytes] = field(default_factory=list)
    clock: bytes = b""
    started_ms: int = 0


class MemoryTableStore:
    """Tables in this process's memory: for a single worker process.

    ``clock`` (seconds) is the store's time, for expiry and turn clocks alike (tests pass their own).

    >>> store = MemoryTableStore()
    >>> store.create("t1", b"game0", [b"started"])
    1
    >>> store.swap("t1", 0, b"game1", [b"rolled"]), store.swap("t1", 0, b"other", [b"x"])
    (2, None)
    >>> stored = store.load("t1")
    >>> stored.game, stored.version, stored.last_sequence
    (b'game1', 1, 2)
    >>> store.events("t1", 1, 0.0)
    [(2, b'rolled')]
    """

    def __init__(
        self,
        ttl_s: float = DEFAULT_TTL_S,
        clock: Callable[[], float] = time.monotonic,
        max_tables: int = MAX_MEMORY_TABLES,
    ) -> None:
        self.ttl_s = ttl_s
        self.clock = clock
        self.max_tables = max_tables
        self._tables: dict[str, _Table] = {}
        self._changed = threading.Condition()

    def _live(self, table_id: str) -> _Table:
        table = self._tables.get(table_id)
        if table is None or table.expires <= self.clock():
            self._tables.pop(table_id, None)
            raise gone(table_id)
        return table

    def _sweep(self) -> None:
        now = self.clock()
        for table_id in [t for t, table in self._tables.items() if table.expires <= now]:
            del self._tables[table_id]

    def _now_ms(self) -> int:
        return int(self.clock() * 1000)

    def create(self, table_id: str, game: bytes, events: Sequence[bytes], clock: bytes = b"") -> int:
        with self._changed:
            if len(self._tables) >= self.max_tables:
                self._sweep()
                if len(self._tables) >= self.max_tables:
                    raise CrowdedError(f"this server holds its limit of {self.max_tables} tables", 60.0)
            if table_id in self._tables:
                raise ValueError(f"table {table_id} exists")  # ids are random: only a bug repeats one
            self._tables[table_id] = _Table(
                game, 0, self.clock() + self.ttl_s, list(events), clock, self._now_ms()
            )
            return len(events)

    def load(self, table_id: str) -> Stored:
        with self._changed:
            table = self._live(table_id)
            return Stored(
                table.game, table.version, len(table.events), table.clock, table.started_ms, self._now_ms()
            )

    def swap(
        self,
        table_id: str,
        version: int,
        game: bytes,
        events: Sequence[bytes],
        clock: bytes = b"",
        restart: bool = False,
        deadline_ms: int = 0,
    ) -> int | None:
        with self._changed:
            table = self._live(table_id)
            if table.version != version or (deadline_ms and self._now_ms() >= deadline_ms):
                return None
            table.game, table.version, table.clock = game, version + 1, clock
            if restart:
                table.started_ms = self._now_ms()
            table.expires = self.clock() + self.ttl_s
            table.events.extend(events)
            self._changed.notify_all()
            return len(table.events)

    def events(self, table_id: str, after: int, wait_s: float) -> list[tuple[int, bytes]]:
        with self._changed:
            table = self._live(table_id)
            if len(table.events) <= after and wait_s > 0:
                self._changed.wait_for(lambda: len(table.events) > after, wait_s)
                table = self._live(table_id)
            return [(after + 1 + i, event) for i, event in enumerate(table.events[after:])]

    def close(self) -> None:
        pass


# What a server without a store answers, by --table-store value.
UNSHARED = "unshared"
OFF = "off"
MEMORY = "memory"
_WHY_OFF = {
    OFF: "this server keeps no tables (--table-store off)",
    UNSHARED: (
        "this server runs several worker processes and keeps tables in none of them: "
        "start it with --table-store redis://HOST:PORT/DB shared by every worker, or with --workers 1"
    ),
}


def open_store(spec: str, ttl_s: float = DEFAULT_TTL_S, connections: int = 64) -> TableStore | str:
    """The store ``spec`` names (``memory``, a ``redis://`` URL), or why there is none (``off``, ``unshared``).

    ``connections``: a shared store's connection pool, one per thread that may use it at once.
    """
    if spec in _WHY_OFF:
        return _WHY_OFF[spec]
    if spec == MEMORY:
        return MemoryTableStore(ttl_s)
    from gammond.server.tables.redis_store import RedisTableStore  # the redis package only when used

    return RedisTableStore(spec, ttl_s, connections)


def is_store_url(spec: str) -> bool:
    """Whether ``spec`` names a Redis store.

    >>> is_store_url("redis://127.0.0.1:6379/0"), is_store_url("memory")
    (True, False)
    """
    return spec.startswith(("redis://", "rediss://", "unix://"))
