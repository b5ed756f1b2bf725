"""Turn clocks: a per-move time, then a reserve, for the one seat that may act.

A table with a clock keeps a :class:`Clock` in the store next to its Game,
and the store keeps when the running seat's turn started, by its own time
(Redis ``TIME`` in the Lua script, or the memory store's clock), so every
replica reads the same time.  The running seat's time is its per-move time
plus what is left of its reserve; what a turn takes past its per-move time
comes out of the reserve when the turn passes to the other seat, and the
reserve is never refilled (not between games either).  A seat keeps its
clock running across its own consecutive actions (roll, moves, confirm):
the per-move time is for the whole turn.  When the time runs out, the
table's next call forfeits the game (the engine's TIME_OUT).

>>> clock = Clock(per_move_ms=10_000, reserve_ms=60_000, reserves=(60_000, 60_000)).passed_to(Player.WHITE, 0, 0)
>>> clock.deadline(0)
70000
>>> clock.passed_to(Player.BLACK, 0, 25_000).reserves
(45000, 60000)
>>> Clock.from_bytes(clock.to_bytes()) == clock
True
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, replace

from gammond.engine import Player

MAX_PER_MOVE_S = 3600
MAX_RESERVE_S = 86400
_FORMAT = ">QQQQb"  # per move, reserve, White's and Black's left, running (-1 none, 0 White, 1 Black)


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's clock: its settings, each seat's reserve left and whose clock runs (None: nobody's)."""

    per_move_ms: int
    reserve_ms: int
    reserves: tuple[int, int]
    running: Player | None = None

    def to_bytes(self) -> bytes:
        running = -1 if self.running is None else int(self.running)
        return struct.pack(_FORMAT, self.per_move_ms, self.reserve_ms, *self.reserves, running)

    @classmethod
    def from_bytes(cls, raw: bytes) -> Clock | None:
        """The clock stored as ``raw``; None for a table without one (empty)."""
        if not raw:
            return None
        per_move, reserve, white, black, running = struct.unpack(_FORMAT, raw)
        return cls(per_move, reserve, (white, black), None if running < 0 else Player(running))

    def deadline(self, started_ms: int) -> int | None:
        """When the running seat's time runs out (the store's time), or None when nobody's clock runs."""
        if self.running is None:
            return None
        return started_ms + self.per_move_ms + self.reserves[self.running]

    def passed(self, started_ms: int, now_ms: int) -> bool:
        deadline = self.deadline(started_ms)
        return deadline is not None and now_ms >= deadline

    def read(self, started_ms: int, now_ms: int) -> tuple[int, tuple[int, int]]:
        """At ``now_ms``: the running seat's per-move time left and each seat's reserve left."""
        if self.running is None:
            return 0, self.reserves
        used = max(0, now_ms - started_ms)
        reserves = list(self.reserves)
        reserves[self.running] = max(0, reserves[self.running] - max(0, used - self.per_move_ms))
        return max(0, self.per_move_ms - used), (reserves[0], reserves[1])

    def passed_to(self, running: Player | None, started_ms: int, now_ms: int) -> Clock:
        """The clock once the seat to act is ``running``: the turn that ends is charged to its reserve.

        While the same seat goes on acting its turn goes on: nothing is charged yet.
        """
        if running is self.running:
            return self
        _, reserves = self.read(started_ms, now_ms)
        return replace(self, reserves=reserves, running=running)
