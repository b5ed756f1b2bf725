"""Checker moves, full plays, and the legal plays of a roll.

>>> from engine import Position
>>> plays = legal_plays(Position.starting(), (3, 1))
>>> len(plays)
16
>>> [str(p) for p in plays if str(p) == "8/5 6/5"]
['8/5 6/5']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from engine import kernel
from engine.errors import InvalidDiceError
from engine.position import Position

BAR = 25
OFF = 0


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One checker moved by one die: ``from_point`` 25 is the bar, ``to_point`` 0 is off."""

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        from engine.notation import format_moves

        return format_moves((self,))


@dataclass(frozen=True, slots=True)
class Play:
    """A full legal play: its moves, in an order they can be made, and the result.

    ``result`` is the board after the play, still seen from the player who
    moved; ``result.flipped()`` is the position the opponent then rolls in.
    """

    moves: tuple[Move, ...]
    result: Position

    def __str__(self) -> str:
        from engine.notation import format_moves

        return format_moves(self.moves)

    @property
    def hits(self) -> int:
        """How many opposing checkers the play sends to the bar."""
        return sum(1 for m in self.moves if m.hit)


def check_dice(dice: Iterable[int]) -> tuple[int, int]:
    """Validate a roll of two dice and return it as a pair."""
    roll = tuple(dice)
    if len(roll) != 2:
        raise InvalidDiceError(f"a roll has two dice, got {len(roll)}: {roll!r}")
    for die in roll:
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise InvalidDiceError(f"die {die!r} is not an integer from 1 to 6")
    return roll[0], roll[1]


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` in ``position``, in a stable order.

    An empty list means the roll cannot be played; that is not an error.
    """
    d1, d2 = check_dice(dice)
    return [
        Play(tuple(Move(*step) for step in steps), Position._trusted(board))
        for steps, board in kernel.generate(position.board, d1, d2)
    ]
