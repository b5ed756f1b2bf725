"""Rule options: money or match play, the cube, and the house rules.

The rule texts (000_*.txt, "Match play" and "House rules and other
versions") list automatic doubles, beavers and the Jacoby rule as not used
in matches; raccoons only exist where beavers are played, and the Holland
rule is a rule for the games after the Crawford game, so only for matches.
Those combinations are refused here, once, so that the cube and scoring
code can trust an options value.

>>> RuleOptions.money(jacoby=True, beavers=True).jacoby
True
>>> RuleOptions.match(5).is_match()
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from gammond.engine.errors import InvalidRulesError, InvalidStateError
from gammond.engine.players import Player


def check_count(value: object, name: str, minimum: int = 0) -> int:
    """``value`` as an int of at least ``minimum``; bools are refused as not counts.

    >>> check_count(3, "match length")
    3
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise InvalidStateError(f"{name} must be at least {minimum}, got {value}")
    return value


def check_player(value: object, name: str = "player") -> Player:
    """``value`` as a :class:`Player` (0 White, 1 Black).

    >>> check_player(1)
    <Player.BLACK: 1>
    """
    if isinstance(value, bool) or value not in (0, 1):
        raise InvalidStateError(f"{name} {value!r} is not a player (0 White or 1 Black)")
    return Player(value)


def check_cube_value(value: object, name: str = "cube value") -> int:
    """``value`` if it is a power of two (1, 2, 4, ...); the cube has no upper limit.

    >>> check_cube_value(64)
    64
    """
    number = check_count(value, name, minimum=1)
    if number & (number - 1):
        raise InvalidStateError(f"{name} {number} is not a power of two")
    return number


def dataclass_repr(value: object) -> str:
    """A dataclass's repr with enum members spelt so that ``eval`` rebuilds it.

    >>> from gammond.engine.result import ResultKind
    >>> from dataclasses import make_dataclass
    >>> Row = make_dataclass("Row", [("kind", ResultKind)])
    >>> dataclass_repr(Row(ResultKind.GAMMON))
    'Row(kind=ResultKind.GAMMON)'
    """
    parts = []
    for field in fields(value):  # type: ignore[arg-type]
        item = getattr(value, field.name)
        text = f"{type(item).__name__}.{item.name}" if isinstance(item, Enum) else repr(item)
        parts.append(f"{field.name}={text}")
    return f"{type(value).__name__}({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """How a game is played and scored.

    ``match_length`` 0 is money play.  ``cubeless`` leaves the cube out
    altogether.  ``max_automatic_doubles`` 0 turns automatic doubles off.
    ``dead_cube`` is the tournament rule that a player who would win the
    match by winning the game at the cube's current value may not double;
    it only has an effect in match play, where it is on by default.
    """

    match_length: int = 0
    cubeless: bool = False
    jacoby: bool = False
    beavers: bool = False
    raccoons: bool = False
    max_automatic_doubles: int = 0
    holland: bool = False
    dead_cube: bool = True

    def __post_init__(self) -> None:
        try:
            check_count(self.match_length, "match length")
            check_count(self.max_automatic_doubles, "max_automatic_doubles")
        except InvalidStateError as exc:
            raise InvalidRulesError(str(exc)) from None
        for name in ("cubeless", "jacoby", "beavers", "raccoons", "holland", "dead_cube"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRulesError(f"{name} must be true or false, got {getattr(self, name)!r}")
        self._check_combinations()

    def _check_combinations(self) -> None:
        if self.raccoons and not self.beavers:
            raise InvalidRulesError("raccoons are only played where beavers are: raccoons without beavers")
        money_only = {
            "jacoby": self.jacoby,
            "beavers": self.beavers,
            "raccoons": self.raccoons,
            "max_automatic_doubles": self.max_automatic_doubles > 0,
        }
        if self.is_match():
            for name, used in money_only.items():
                if used:
                    raise InvalidRulesError(
                        f"{name} is not used in matches (match length {self.match_length})"
                    )
        elif self.holland:
            raise InvalidRulesError("holland is a match rule for post-Crawford games, not for money play")
        if self.cubeless:
            for name, used in {**money_only, "holland": self.holland}.items():
                if used:
                    raise InvalidRulesError(f"{name} needs the cube, but the options are cubeless")

    @classmethod
    def money(
        cls,
        *,
        cubeless: bool = False,
        jacoby: bool = False,
        beavers: bool = False,
        raccoons: bool = False,
        max_automatic_doubles: int = 0,
    ) -> RuleOptions:
        """Options for money play (single games for a stake per point)."""
        return cls(
            match_length=0,
            cubeless=cubeless,
            jacoby=jacoby,
            beavers=beavers,
            raccoons=raccoons,
            max_automatic_doubles=max_automatic_doubles,
        )

    @classmethod
    def match(
        cls, length: int, *, cubeless: bool = False, holland: bool = False, dead_cube: bool = True
    ) -> RuleOptions:
        """Options for a match to ``length`` points.

        >>> RuleOptions.match(0)
        Traceback (most recent call last):
        ...
        gammond.engine.errors.InvalidRulesError: match length must be at least 1, got 0
        """
        if isinstance(length, int) and not isinstance(length, bool) and length < 1:
            raise InvalidRulesError(f"match length must be at least 1, got {length}")
        return cls(match_length=length, cubeless=cubeless, holland=holland, dead_cube=dead_cube)

    def is_match(self) -> bool:
        """True for match play, False for money play."""
        return self.match_length > 0

    @property
    def uses_cube(self) -> bool:
        """Whether the doubling cube is in the game at all."""
        return not self.cubeless
