"""The board, seen from the player on roll.

A :class:`Position` is an immutable value.  Points are numbered 1..24 from the
player on roll's side (they move from 24 towards 1 and bear off past 1).  The
opponent's checkers stand on the same numbering; on *their* own numbering a
checker on our point ``p`` stands on their point ``25 - p``.

Internally the board is 26 signed counts, the layout every hot path uses:

* ``board[1..24]``: checkers on that point, positive for the player on roll,
  negative for the opponent;
* ``board[25]``: the player on roll's bar (>= 0);
* ``board[0]``: the opponent's bar, stored negative (<= 0).

Borne-off checkers are implicit: 15 minus the checkers still in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from gammond.engine import kernel
from gammond.engine.diagram import render
from gammond.engine.errors import InvalidPositionError

CHECKERS = 15
BAR = 25
OFF = 0
_START_POINTS = {24: 2, 13: 5, 8: 3, 6: 5}


def _validate(board: tuple[int, ...]) -> None:
    if len(board) != 26:
        raise InvalidPositionError(f"a board has 26 slots, got {len(board)}")
    if board[BAR] < 0:
        raise InvalidPositionError(f"bar of the player on roll is negative: {board[BAR]}")
    if board[0] > 0:
        raise InvalidPositionError(f"opponent's bar must be stored as <= 0, got {board[0]}")
    mine = sum(n for n in board[1:] if n > 0)
    theirs = -sum(n for n in board[:25] if n < 0)
    if mine > CHECKERS:
        raise InvalidPositionError(f"player on roll has {mine} checkers in play, more than 15")
    if theirs > CHECKERS:
        raise InvalidPositionError(f"opponent has {theirs} checkers in play, more than 15")


def flip_board(board: Sequence[int]) -> tuple[int, ...]:
    """A 26-slot board seen from the other player: their point ``p`` is our ``25 - p``.

    The one place the flip is written; the hot paths call it on boards that
    are already valid, without building a :class:`Position`.

    >>> flip_board((0, 2) + (0,) * 23 + (-1,))[:2], flip_board((0, 2) + (0,) * 23 + (-1,))[24:]
    ((1, 0), (-2, 0))
    """
    return tuple(-board[25 - i] for i in range(26))


@lru_cache(maxsize=8192)
def _flipped(board: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`flip_board` of a Position's board, kept: a turn's board is flipped again and again."""
    return flip_board(board)


@dataclass(frozen=True, slots=True)
class Position:
    """A backgammon position from the point of view of the player on roll.

    >>> Position.starting().pips()
    (167, 167)
    >>> Position.starting().flipped() == Position.starting()
    True
    """

    board: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.board, tuple):
            object.__setattr__(self, "board", tuple(self.board))
        _validate(self.board)

    # -- construction -----------------------------------------------------

    @classmethod
    def _trusted(cls, board: tuple[int, ...]) -> Position:
        """Wrap a board the engine itself produced, skipping validation (hot path)."""
        position = object.__new__(cls)
        object.__setattr__(position, "board", board)
        return position

    @classmethod
    def starting(cls) -> Position:
        """The standard starting position."""
        board = [0] * 26
        for point, count in _START_POINTS.items():
            board[point] = count
            board[25 - point] = -count
        return cls(tuple(board))

    @classmethod
    def from_sides(cls, mine: Sequence[int], theirs: Sequence[int]) -> Position:
        """Build from two 25-slot lists, each on its owner's own numbering.

        ``mine[i]`` holds the checkers of the player on roll on their point
        ``i + 1`` and ``mine[24]`` their bar; ``theirs`` likewise for the
        opponent on the opponent's numbering (GNU Backgammon's layout).
        """
        for name, side in (("mine", mine), ("theirs", theirs)):
            if len(side) != 25:
                raise InvalidPositionError(f"{name} needs 25 counts, got {len(side)}")
            for i, n in enumerate(side):
                if n < 0:
                    label = "bar" if i == 24 else f"point {i + 1}"
                    raise InvalidPositionError(f"{name} has a negative count {n} on {label}")
        board = [0] * 26
        board[BAR] = mine[24]
        board[0] = -theirs[24]
        for point in range(1, 25):
            own, other = mine[point - 1], theirs[24 - point]
            if own and other:
                raise InvalidPositionError(
                    f"point {point} holds checkers of both players ({own} and {other})"
                )
            board[point] = own if own else -other
        return cls(tuple(board))

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The inverse of :meth:`from_sides`: ``(mine, theirs)``, 25 counts each."""
        b = self.board
        mine = tuple(max(b[p], 0) for p in range(1, 25)) + (b[BAR],)
        theirs = tuple(max(-b[25 - p], 0) for p in range(1, 25)) + (-b[0],)
        return mine, theirs

    # -- views ------------------------------------------------------------

    def flipped(self) -> Position:
        """The same board seen from the other player (who is then on roll)."""
        # A valid board flipped is valid: no second check (this runs several times a call).
        return Position._trusted(_flipped(self.board))

    @property
    def bar(self) -> int:
        """Checkers of the player on roll on the bar."""
        return self.board[BAR]

    @property
    def opponent_bar(self) -> int:
        """Checkers of the opponent on the bar."""
        return -self.board[0]

    @property
    def off(self) -> int:
        """Checkers the player on roll has borne off."""
        return CHECKERS - sum(filter((0).__lt__, self.board[1:]))

    @property
    def opponent_off(self) -> int:
        """Checkers the opponent has borne off."""
        return CHECKERS + sum(filter((0).__gt__, self.board[:25]))

    def mine(self, point: int) -> int:
        """Checkers of the player on roll on ``point`` (1..24, 25 = bar)."""
        return max(self.board[point], 0)

    def theirs(self, point: int) -> int:
        """Opponent checkers on ``point``, numbered from the player on roll."""
        return max(-self.board[point], 0)

    def pips(self) -> tuple[int, int]:
        """Pip counts ``(player on roll, opponent)``."""
        b = self.board
        mine = sum(b[p] * p for p in range(1, 26) if b[p] > 0)
        theirs = sum(-b[p] * (25 - p) for p in range(0, 25) if b[p] < 0)
        return mine, theirs

    def is_race(self) -> bool:
        """True when no contact is left: every checker of ours has passed theirs."""
        b = self.board
        if b[BAR] or b[0]:
            return False
        my_back = max((p for p in range(1, 25) if b[p] > 0), default=0)
        their_back = min((p for p in range(1, 25) if b[p] < 0), default=25)
        return my_back < their_back

    def is_game_over(self) -> bool:
        """True when either side has borne off all 15 checkers."""
        # No checker of one side left on the board: two C-level scans, as this
        # guards every legal-plays call.
        b = self.board
        return max(b[1:]) <= 0 or min(b[:25]) >= 0

    def can_bear_off(self) -> bool:
        """True when every checker of the player on roll still in play is home."""
        return all(self.board[p] <= 0 for p in range(7, 26))

    # -- notation shortcuts -------------------------------------------------

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """Parse a GNU Backgammon Position ID (14 characters).

        >>> Position.from_id("4HPwATDgc/ABMA") == Position.starting()
        True
        """
        # The decoder checks the board as the constructor would (and names the problem).
        return Position._trusted(kernel.decode_position_id(position_id))

    def position_id(self) -> str:
        """The GNU Backgammon Position ID of this position.

        >>> Position.starting().position_id()
        '4HPwATDgc/ABMA'
        """
        return kernel.encode_position_id(self.board)

    def __repr__(self) -> str:
        return f"Position.from_id({self.position_id()!r})"

    def diagram(self) -> str:
        """A plain-text board: ``X`` is the player on roll, ``O`` the opponent."""
        return render(self)
