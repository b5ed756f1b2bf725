"""What a finished game is worth, and the record of how it ended.

From 000_*.txt, "Scoring": a game is worth 1, 2 or 3 points times the cube;
a refused double is always a single game at the cube's value before the
double.  The Jacoby rule (money play only) counts gammons and backgammons as
single games unless the cube has been offered and accepted in the game.

>>> game_points(ResultKind.GAMMON, 4, RuleOptions.money(), cube_turned=True)
8
>>> game_points(ResultKind.BACKGAMMON, 4, RuleOptions.match(7), cube_turned=True)
12
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gammond.engine.errors import InvalidStateError
from gammond.engine.players import Player
from gammond.engine.result import ResultKind
from gammond.engine.rules import (
    RuleOptions,
    check_count,
    check_cube_value,
    check_player,
    dataclass_repr,
)


class GameEnd(Enum):
    """How a game ended."""

    PLAYED_OUT = "played out"
    DOUBLE_DROPPED = "double dropped"
    RESIGNED = "resignation accepted"
    TIMED_OUT = "time out"


def game_points(kind: ResultKind, cube_value: int, options: RuleOptions, cube_turned: bool) -> int:
    """The points a game won as ``kind`` is worth with the cube on ``cube_value``.

    ``cube_turned`` says whether a double was offered and accepted in the
    game; it only matters under the Jacoby rule.

    >>> game_points(ResultKind.GAMMON, 1, RuleOptions.money(jacoby=True), cube_turned=False)
    1
    >>> game_points(ResultKind.GAMMON, 2, RuleOptions.money(jacoby=True), cube_turned=True)
    4
    """
    kind = _kind(kind)
    check_cube_value(cube_value)
    if options.cubeless and cube_value != 1:
        raise InvalidStateError(f"cube value {cube_value} in a cubeless game; it must be 1")
    if options.jacoby and not cube_turned:
        # Jacoby: no gammons until someone has doubled and been taken.
        return cube_value
    return int(kind) * cube_value


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A finished game: who won, how, on what cube, and the points it scored.

    For a dropped double ``kind`` is SINGLE and ``cube_value`` is the value
    before the double.  ``points`` is ``kind x cube_value``, or just
    ``cube_value`` where the Jacoby rule made a gammon count single.

    >>> GameOutcome.played_out(
    ...     Player.BLACK, ResultKind.GAMMON, 2, RuleOptions.match(5), cube_turned=True
    ... ).points
    4
    """

    __repr__ = dataclass_repr

    winner: Player
    kind: ResultKind
    cube_value: int
    ended: GameEnd
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.winner, Player):
            object.__setattr__(self, "winner", check_player(self.winner, "winner"))
        if not isinstance(self.kind, ResultKind):
            object.__setattr__(self, "kind", _kind(self.kind))
        if not isinstance(self.ended, GameEnd):
            raise InvalidStateError(f"how the game ended must be a GameEnd, got {self.ended!r}")
        check_cube_value(self.cube_value)
        check_count(self.points, "points", minimum=1)
        if self.ended is GameEnd.DOUBLE_DROPPED and self.kind is not ResultKind.SINGLE:
            raise InvalidStateError(f"a dropped double is always a single game, got {self.kind.name.lower()}")
        allowed = {self.cube_value, int(self.kind) * self.cube_value}
        if self.points not in allowed:
            raise InvalidStateError(
                f"points {self.points} do not fit a {self.kind.name.lower()} on cube "
                f"{self.cube_value}: expected one of {sorted(allowed)}"
            )

    @classmethod
    def played_out(
        cls,
        winner: Player,
        kind: ResultKind,
        cube_value: int,
        options: RuleOptions,
        *,
        cube_turned: bool,
    ) -> GameOutcome:
        """A game won by bearing off all 15 checkers."""
        points = game_points(kind, cube_value, options, cube_turned)
        return cls(winner, kind, cube_value, GameEnd.PLAYED_OUT, points)

    @classmethod
    def resigned(
        cls,
        winner: Player,
        kind: ResultKind,
        cube_value: int,
        options: RuleOptions,
        *,
        cube_turned: bool,
    ) -> GameOutcome:
        """A game ended by ``winner`` accepting the opponent's resignation of ``kind``."""
        played = cls.played_out(winner, kind, cube_value, options, cube_turned=cube_turned)
        return cls(winner, kind, cube_value, GameEnd.RESIGNED, played.points)

    @classmethod
    def timed_out(
        cls,
        winner: Player,
        kind: ResultKind,
        cube_value: int,
        options: RuleOptions,
        *,
        cube_turned: bool,
    ) -> GameOutcome:
        """A game forfeited by the opponent running out of time, at ``kind`` (scored as played out)."""
        played = cls.played_out(winner, kind, cube_value, options, cube_turned=cube_turned)
        return cls(winner, kind, cube_value, GameEnd.TIMED_OUT, played.points)

    @classmethod
    def dropped(cls, winner: Player, cube_value: int) -> GameOutcome:
        """A game ended by the opponent refusing ``winner``'s double from ``cube_value``.

        >>> GameOutcome.dropped(Player.WHITE, 2).points
        2
        """
        return cls(winner, ResultKind.SINGLE, cube_value, GameEnd.DOUBLE_DROPPED, cube_value)


def _kind(value: object) -> ResultKind:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2, 3):
        raise InvalidStateError(f"result kind {value!r} is not 1, 2 or 3")
    return ResultKind(value)
