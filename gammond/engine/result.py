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
    return at_stake(after)


def at_stake(winner_view: Position) -> ResultKind:
    """What the game could still cost the player not on roll in ``winner_view``, were the game won now.

    A win by bearing off is classified so, and so is a game forfeited on
    time (:data:`~gammond.engine.flow.ActionKind.TIME_OUT`): a gammon while
    the loser has borne off none, a backgammon while one of the loser's
    checkers is also on the bar or in the winner's home board.  Running out
    the clock never saves a gammon.

    >>> from gammond.engine import Position
    >>> at_stake(Position.starting())
    <ResultKind.BACKGAMMON: 3>
    """
    if winner_view.opponent_off > 0:
        return ResultKind.SINGLE
    # The loser's checkers left in the winner's home board (points 1..6 of ours) or on the bar.
    if winner_view.opponent_bar or any(winner_view.theirs(point) for point in range(1, 7)):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON
