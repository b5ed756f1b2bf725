"""Resignations: offer a single game, gammon or backgammon; accept or reject it.

An accepted resignation ends the game: the resigning player loses the kind
offered times the cube (with the Jacoby rule where it applies).  A rejected
one changes nothing and play continues.

>>> options = RuleOptions.money()
>>> cube = CubeState(2, Player.BLACK)
>>> offer = offer_resignation(Player.BLACK, ResultKind.GAMMON, to_act=Player.BLACK, cube=cube)
>>> accept_resignation(offer, Player.WHITE, cube, options).points
4
"""

from __future__ import annotations

from dataclasses import dataclass

from gammond.engine.cube import CubeState
from gammond.engine.errors import IllegalActionError, InvalidStateError
from gammond.engine.players import Player
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions, check_player, dataclass_repr
from gammond.engine.scoring import GameOutcome


@dataclass(frozen=True, slots=True)
class Resignation:
    """``by`` offers to lose the game as ``kind``."""

    __repr__ = dataclass_repr

    by: Player
    kind: ResultKind

    def __post_init__(self) -> None:
        object.__setattr__(self, "by", check_player(self.by, "resigning player"))
        if isinstance(self.kind, bool) or self.kind not in (1, 2, 3):
            raise InvalidStateError(f"resignation kind {self.kind!r} is not 1, 2 or 3")
        object.__setattr__(self, "kind", ResultKind(self.kind))


def offer_resignation(
    by: Player,
    kind: ResultKind,
    *,
    to_act: Player,
    cube: CubeState,
    pending: Resignation | None = None,
) -> Resignation:
    """``by`` offers to resign ``kind``; ``to_act`` is the player whose turn it is.

    Only the player to act may offer, not while another resignation or a
    cube offer awaits an answer.
    """
    offer = Resignation(by, kind)
    if pending is not None:
        raise IllegalActionError(
            f"{pending.by.name}'s resignation of a {pending.kind.name.lower()} awaits an answer"
        )
    if cube.pending is not None:
        raise IllegalActionError(
            f"{offer.by.name} may not resign while a {cube.pending.value} awaits an answer"
        )
    acting = check_player(to_act, "player to act")
    if offer.by is not acting:
        raise IllegalActionError(f"{offer.by.name} may not resign: it is {acting.name}'s turn to act")
    return offer


def accept_resignation(
    offer: Resignation, player: Player, cube: CubeState, options: RuleOptions
) -> GameOutcome:
    """``player`` accepts ``offer``: the game ends, the offerer losing its kind times the cube."""
    _check_answerer(offer, player, "accept")
    return GameOutcome.resigned(offer.by.opponent, offer.kind, cube.value, options, cube_turned=cube.turned)


def reject_resignation(offer: Resignation, player: Player) -> None:
    """``player`` rejects ``offer``; play continues with no offer pending."""
    _check_answerer(offer, player, "reject")


def _check_answerer(offer: Resignation, player: Player, verb: str) -> None:
    answerer = check_player(player)
    if answerer is not offer.by.opponent:
        raise IllegalActionError(
            f"{answerer.name} may not {verb} {offer.by.name}'s resignation; "
            f"only {offer.by.opponent.name} may answer it"
        )
