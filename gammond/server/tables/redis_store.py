"""Tables in Redis (or Valkey), shared by every worker and replica.

Each table is two keys: a hash ``gammond:table:ID`` with the latest Game's
bytes, its version, the last event's sequence number and its turn clock
(the clock's bytes and, in Redis ``TIME`` milliseconds, when its turn
started), and a stream
``gammond:table:ID:events`` with one entry per event, whose id is
``0-SEQUENCE`` so a watcher resumes from the last sequence number it saw
with ``XREAD BLOCK``.  Creating a table and storing an action each run as
one Lua script, which Redis runs atomically: the compare-and-set on the
version, the new Game, the events and both keys' expiry happen together
or not at all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import redis

from gammond.server.errors import StoreUnavailableError
from gammond.server.tables.store import DEFAULT_TTL_S, Stored, gone

# The store's time in ms: every replica's clock is Redis's (scripts may read TIME since Redis 5).
_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

# KEYS: the hash, the stream.  ARGV: ttl in ms, the Game, the clock, then the events.
_CREATE = (
    _NOW
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
redis.call('HSET', KEYS[1], 'game', ARGV[2], 'version', 0, 'seq', #ARGV - 3, 'clock', ARGV[3], 'started', now)
for i = 4, #ARGV do redis.call('XADD', KEYS[2], '0-' .. (i - 3), 'e', ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return #ARGV - 3
"""
)

# KEYS: the hash.  The Game, version, last sequence, clock, turn start and the time now.
_LOAD = (
    _NOW
    + """
local got = redis.call('HMGET', KEYS[1], 'game', 'version', 'seq', 'clock', 'started')
if not got[1] then return nil end
return {got[1], got[2], got[3], got[4] or '', got[5] or '0', tostring(now)}
"""
)

# KEYS: the hash, the stream.  ARGV: ttl in ms, the version read, the Game, the clock, 1 to
# restart the clock's turn, the deadline in ms (0: none), then the events.
# -1: the table is gone; -2: another action was stored first, or the deadline passed; else the
# last sequence number.
_SWAP = (
    _NOW
    + """
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return -1 end
if version ~= ARGV[2] then return -2 end
local deadline = tonumber(ARGV[6])
if deadline > 0 and now >= deadline then return -2 end
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq'))
for i = 7, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], '0-' .. seq, 'e', ARGV[i])
end
redis.call('HSET', KEYS[1], 'game', ARGV[3], 'version', tonumber(version) + 1, 'seq', seq, 'clock', ARGV[4])
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'started', now) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return seq
"""
)

# Events read in one go; a watcher far behind gets the rest on its next read.
_BATCH = 256


def _keys(table_id: str) -> list[str]:
    return [f"gammond:table:{table_id}", f"gammond:table:{table_id}:events"]


def _sequence(entry_id: bytes) -> int:
    """The sequence number in a stream entry id ``0-SEQUENCE``.

    >>> _sequence(b"0-17")
    17
    """
    return int(entry_id.partition(b"-")[2])


@contextmanager
def _reached() -> Iterator[None]:
    """Redis unreachable, timing out or out of connections: UNAVAILABLE for the caller, never INTERNAL."""
    try:
        yield
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as error:
        raise StoreUnavailableError(f"the table store did not answer: {type(error).__name__}") from error


class RedisTableStore:
    """Tables in the Redis at ``url`` (``redis://HOST:PORT/DB``, ``rediss://``, ``unix://PATH``)."""

    def __init__(self, url: str, ttl_s: float = DEFAULT_TTL_S, connections: int = 64) -> None:
        self.ttl_s = ttl_s
        self.url = url
        # One pool per worker; a watcher holds a connection while it blocks, so the pool has one
        # for every thread (redis-py's own cap, 100, failed calls once more threads used it).
        self.client: Any = redis.Redis.from_url(
            url, socket_connect_timeout=5.0, health_check_interval=30, max_connections=connections
        )
        self._create = self.client.register_script(_CREATE)
        self._swap = self.client.register_script(_SWAP)
        self._load = self.client.register_script(_LOAD)

    def __repr__(self) -> str:
        return f"RedisTableStore(ttl_s={self.ttl_s})"  # the URL may hold a password

    @property
    def _ttl_ms(self) -> int:
        return max(1, int(self.ttl_s * 1000))

    def create(self, table_id: str, game: bytes, events: Sequence[bytes], clock: bytes = b"") -> int:
        with _reached():
            last = int(self._create(keys=_keys(table_id), args=[self._ttl_ms, game, clock, *events]))
        if last < 0:
            raise ValueError(f"table {table_id} exists")  # ids are random: only a bug repeats one
        return last

    def load(self, table_id: str) -> Stored:
        with _reached():
            got = self._load(keys=_keys(table_id)[:1])
        if got is None:
            raise gone(table_id)
        game, version, seq, clock, started, now = got
        return Stored(bytes(game), int(version), int(seq), bytes(clock), int(started), int(now))

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
        args: list[bytes | int] = [self._ttl_ms, version, game, clock, int(restart), deadline_ms, *events]
        with _reached():
            last = int(self._swap(keys=_keys(table_id), args=args))
        if last == -1:
            raise gone(table_id)
        return None if last == -2 else last

    def events(self, table_id: str, after: int, wait_s: float) -> list[tuple[int, bytes]]:
        table, stream = _keys(table_id)
        block = max(1, int(wait_s * 1000)) if wait_s > 0 else None
        with _reached():
            if not self.client.exists(table):
                raise gone(table_id)
            answer = self.client.xread({stream: f"0-{after}"}, count=_BATCH, block=block)
        if not answer:
            return []
        # [[stream, [(id, {b"e": event}), ...]]]
        return [(_sequence(entry_id), bytes(fields[b"e"])) for entry_id, fields in answer[0][1]]

    def close(self) -> None:
        self.client.close()
