"""The cube and the score as the player on roll sees them: what money or match play is at stake.

Cube decisions (:mod:`gammond.engine.bot.cubeful`) and the ranking of plays
(:mod:`gammond.engine.bot.objective`) both start from a :class:`CubeView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from gammond.engine.bot import met
from gammond.engine.cube import CubeContext
from gammond.engine.errors import InvalidCubeViewError

# Janowski's cube-life index in contact positions: the usual money value.
CONTACT_CUBE_LIFE = 0.68


class Owner(IntEnum):
    """Who holds the cube, from the player on roll."""

    CENTRE = 0
    ON_ROLL = 1
    OPPONENT = 2


@dataclass(frozen=True, slots=True)
class CubeView:
    """The cube and score as the player on roll sees them.

    ``away`` is None for money play, else the points each player still
    needs (player on roll first).  ``crawford`` marks the Crawford game;
    after it, a player 1 away means post-Crawford.  ``jacoby`` and
    ``beavers`` are money-play rules; ``dead_cube`` is the tournament rule.
    """

    value: int = 1
    owner: Owner = Owner.CENTRE
    away: tuple[int, int] | None = None
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    dead_cube: bool = True
    cubeless: bool = False

    def __post_init__(self) -> None:
        if self.value < 1 or self.value & (self.value - 1):
            raise InvalidCubeViewError(f"cube value {self.value} is not a power of two")
        if self.owner is not Owner.CENTRE and self.value == 1:
            raise InvalidCubeViewError(f"the cube is owned ({self.owner.name}) at value 1")
        if self.away is not None:
            if min(self.away) < 1 or max(self.away) > met.MAX_AWAY:
                raise InvalidCubeViewError(f"away scores {self.away} are outside 1..{met.MAX_AWAY}")
            if self.crawford and min(self.away) != 1:
                raise InvalidCubeViewError(f"away scores {self.away} cannot be the Crawford game")

    @property
    def post_crawford(self) -> bool:
        return self.away is not None and min(self.away) == 1 and not self.crawford

    @classmethod
    def of(cls, context: CubeContext) -> CubeView:
        """The view of the player on turn in ``context``.

        Scores beyond the match equity table (longer than ``met.MAX_AWAY``
        away) are seen as money play, the nearest estimate there is.

        >>> from gammond.engine import CubeContext, CubeState, MatchState, Player, RuleOptions
        >>> options = RuleOptions(match_length=5)
        >>> CubeView.of(CubeContext(CubeState(), Player.BLACK, options=options,
        ...                         match=MatchState(5, (1, 3)))).away
        (2, 4)
        """
        cube, options, match, turn = context.cube, context.options, context.match, context.on_turn
        owner = (
            Owner.CENTRE if cube.owner is None else Owner.ON_ROLL if cube.owner is turn else Owner.OPPONENT
        )
        away: tuple[int, int] | None = None
        crawford = False
        if match is not None and match.is_match():
            candidate = (match.away(turn), match.away(turn.opponent))
            if max(candidate) <= met.MAX_AWAY:
                away, crawford = candidate, match.crawford
        return cls(
            value=cube.value,
            owner=owner,
            away=away,
            crawford=crawford,
            jacoby=options.jacoby,
            beavers=options.beavers,
            dead_cube=options.dead_cube,
            cubeless=options.cubeless,
        )
