"""How a finished game ended: single game, gammon or backgammon."""

from __future__ import annotations

from enum import IntEnum

from gammond.engine.errors import IllegalActionError
from gammond.engine.position import CHECKERS, Position


class ResultKind(IntEnum):
    """A game's result kind; its value is the multiplier of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def classify_win(after: Position) -> ResultKind:
    """The result of a game the player seen as on roll in ``after`` has won.

    ``after`` is the board right after the winning play, still from the
    winner's side: the winner has borne off all 15 checkers.

    >>> from gammond.engine import Position
    >>> classify_win(Position.from_sides([0] * 25, [0] * 5 + [15] + [0] * 19))
    <ResultKind.GAMMON: 2>
    """
    if after.off != CHECKERS:
        raise IllegalActionError(
            f"position {after.position_id()} is not won: {after.off} of 15 checkers borne off"
        )
    if after.opponent_off > 0:
        return ResultKind.SINGLE
    # The loser's checkers left in the winner's home board (points 1..6 of ours) or on the bar.
    if after.opponent_bar or any(after.theirs(point) for point in range(1, 7)):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON
