"""The doubling cube: its state, the legal cube actions, and applying them.

From 000_*.txt, "Double the stakes" and "House rules": either player may
make the first double from the centre, only at the start of their own turn
before rolling; the taker owns the cube and alone may redouble; a refused
double loses the value before it as a single game.  No cube in the Crawford
game; under tournament rules a player who would win the match by winning
the game at the cube's current value may not double.  House rules: a
doubled player may beaver (redouble at once, keeping the cube); the first
doubler may then raccoon (double yet again, keeping the cube); refusing a
beaver or raccoon pays the stakes before it.  Holland rule: after the
Crawford game nobody doubles until each side has rolled at least twice.

>>> options = RuleOptions.money()
>>> cube = apply_cube_action(CubeState(), CubeAction.DOUBLE, Player.WHITE, options)
>>> apply_cube_action(cube, CubeAction.TAKE, Player.BLACK, options)
CubeState(value=2, owner=Player.BLACK, pending=None, offered_by=None, doubled_this_turn=True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from gammond.engine.errors import IllegalCubeActionError, InvalidGameError, InvalidStateError
from gammond.engine.match import MatchState
from gammond.engine.players import Player
from gammond.engine.rules import (
    RuleOptions,
    check_count,
    check_cube_value,
    check_player,
    dataclass_repr,
)
from gammond.engine.scoring import GameEnd, GameOutcome


class CubeAction(Enum):
    """What a player can do with the cube."""

    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    RACCOON = "raccoon"


_OFFERS = (CubeAction.DOUBLE, CubeAction.BEAVER, CubeAction.RACCOON)


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube during a game.

    ``value`` is the stakes already agreed (a pending offer is not yet in
    it); ``owner`` is None while the cube is centred.  ``pending`` is the
    offer awaiting an answer (DOUBLE, BEAVER or RACCOON) and ``offered_by``
    who made it.  ``doubled_this_turn`` stops a player doubling twice in one
    turn (after a raccoon the doubler holds the cube again); the caller
    clears it with :meth:`next_turn` when the turn passes.
    """

    __repr__ = dataclass_repr

    value: int = 1
    owner: Player | None = None
    pending: CubeAction | None = None
    offered_by: Player | None = None
    doubled_this_turn: bool = False

    def __post_init__(self) -> None:
        check_cube_value(self.value)
        if self.owner is not None:
            object.__setattr__(self, "owner", check_player(self.owner, "cube owner"))
            if self.value == 1:
                raise InvalidStateError(f"the cube is owned by {self.owner.name} but its value is 1")
        if self.offered_by is not None:
            object.__setattr__(self, "offered_by", check_player(self.offered_by, "offered_by"))
        if not isinstance(self.doubled_this_turn, bool):
            raise InvalidStateError(
                f"doubled_this_turn must be true or false, got {self.doubled_this_turn!r}"
            )
        self._check_offer()

    def _check_offer(self) -> None:
        if self.pending is None:
            if self.offered_by is not None:
                raise InvalidStateError(f"offered_by is {self.offered_by.name} but no offer is pending")
            return
        if self.pending not in _OFFERS:
            raise InvalidStateError(
                f"pending offer must be a double, beaver or raccoon, got {self.pending!r}"
            )
        if self.offered_by is None:
            raise InvalidStateError(f"a pending {self.pending.value} needs offered_by")
        if self.pending is CubeAction.DOUBLE:
            allowed = self.owner in (None, self.offered_by)
        else:
            # Beavers and raccoons keep the cube on the side that made them.
            allowed = self.owner is self.offered_by
        if not allowed:
            owner = "nobody" if self.owner is None else self.owner.name
            raise InvalidStateError(
                f"{self.offered_by.name} cannot have offered a {self.pending.value} "
                f"with the cube owned by {owner}"
            )

    @property
    def centred(self) -> bool:
        """Whether the cube is in the middle (either player may double)."""
        return self.owner is None

    @property
    def turned(self) -> bool:
        """Whether a double has been offered and accepted this game (Jacoby rule).

        A take always gives the cube an owner, and it never returns to the
        centre, so this is just "owned" (GNU Backgammon reads it the same way).
        """
        return self.owner is not None

    @property
    def responder(self) -> Player | None:
        """The player who must answer the pending offer, if any."""
        return None if self.offered_by is None else self.offered_by.opponent

    def next_turn(self) -> CubeState:
        """The cube as the next turn starts: the doubled-this-turn mark cleared."""
        if self.pending is not None:
            raise IllegalCubeActionError(
                f"the turn cannot pass while {_name(self.offered_by)}'s {self.pending.value} awaits an answer"
            )
        # Values are immutable: the same cube serves when there is no mark to clear (most turns).
        return replace(self, doubled_this_turn=False) if self.doubled_this_turn else self


def opening_cube(ties: int, options: RuleOptions) -> CubeState:
    """The centred cube after ``ties`` tied opening rolls under automatic doubles.

    Each tie doubles the stakes, up to ``options.max_automatic_doubles``;
    the cube stays in the middle (000_*.txt, "Automatic doubles").

    >>> opening_cube(3, RuleOptions.money(max_automatic_doubles=1)).value
    2
    >>> opening_cube(3, RuleOptions.money()).value
    1
    """
    check_count(ties, "opening ties")
    return _centred(1 << min(ties, options.max_automatic_doubles))


@lru_cache(maxsize=64)
def _centred(value: int) -> CubeState:
    """The centred cube at ``value``, made once: every check of a game's cube asks for one."""
    return CubeState(value=value)


@dataclass(frozen=True, slots=True)
class CubeContext:
    """Everything that decides which cube actions are legal: the cube and the game around it.

    ``on_turn`` is whose turn it is, ``has_rolled`` whether they have rolled
    yet, ``rolls`` how many times White and Black have rolled this game (for
    the Holland rule) and ``match`` the score (required in match play).

    >>> context = CubeContext(CubeState(), Player.WHITE, options=RuleOptions.money())
    >>> context.legal_actions(Player.WHITE), context.legal_actions(Player.BLACK)
    ((<CubeAction.DOUBLE: 'double'>,), ())
    """

    cube: CubeState
    on_turn: Player
    has_rolled: bool = False
    rolls: tuple[int, int] = (0, 0)
    options: RuleOptions = RuleOptions()
    match: MatchState | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.cube, CubeState):
            raise InvalidStateError(f"cube must be a CubeState, got {self.cube!r}")
        object.__setattr__(self, "on_turn", check_player(self.on_turn, "player on turn"))
        object.__setattr__(self, "has_rolled", bool(self.has_rolled))
        if self.options.is_match() and self.match is None:
            raise InvalidStateError(f"match play to {self.options.match_length} needs the match score")
        if self.match is not None:
            self.match.check_options(self.options)
        if len(self.rolls) != 2:
            raise InvalidStateError(f"rolls must count White's and Black's rolls, got {self.rolls!r}")
        counts = (check_count(self.rolls[0], "white's rolls"), check_count(self.rolls[1], "black's rolls"))
        object.__setattr__(self, "rolls", counts)

    def legal_actions(self, player: Player) -> tuple[CubeAction, ...]:
        """The cube actions ``player`` may take now, in :class:`CubeAction` order."""
        player = check_player(player)
        return tuple(action for action in CubeAction if _refusal(self, action, player) is None)

    def apply(self, action: CubeAction, player: Player) -> CubeState | GameOutcome:
        """The cube after ``player`` takes ``action``, or the finished game after a drop.

        Raises :class:`IllegalCubeActionError` saying why when the action is not allowed.
        """
        if not isinstance(action, CubeAction):
            raise InvalidStateError(f"cube action must be a CubeAction, got {action!r}")
        player = check_player(player)
        reason = _refusal(self, action, player)
        if reason is not None:
            raise IllegalCubeActionError(f"{player.name} may not {action.value}: {reason}")
        return _apply(self.cube, action, player)

    __repr__ = dataclass_repr


# The Holland rule: after the Crawford game nobody doubles until each side has rolled this often.
HOLLAND_ROLLS = 2


def rolls_that_matter(rolls: tuple[int, int]) -> tuple[int, int]:
    """White's and Black's roll counts as far as the cube's rules read them: each only up to :data:`HOLLAND_ROLLS`.

    Games with the same counts here allow the same cube actions, all else equal.

    >>> rolls_that_matter((7, 1))
    (2, 1)
    """
    return (min(rolls[0], HOLLAND_ROLLS), min(rolls[1], HOLLAND_ROLLS))


def legal_cube_actions(
    state: CubeState,
    player: Player,
    options: RuleOptions,
    match: MatchState | None = None,
    *,
    on_turn: Player | None = None,
    has_rolled: bool = False,
    rolls: tuple[int, int] = (0, 0),
) -> tuple[CubeAction, ...]:
    """The cube actions ``player`` may take now: :meth:`CubeContext.legal_actions` in one call.

    ``on_turn`` defaults to ``player``.

    >>> legal_cube_actions(CubeState(), Player.WHITE, RuleOptions.money())
    (<CubeAction.DOUBLE: 'double'>,)
    """
    turn = player if on_turn is None else on_turn
    return CubeContext(state, turn, has_rolled, rolls, options, match).legal_actions(player)


def apply_cube_action(
    state: CubeState,
    action: CubeAction,
    player: Player,
    options: RuleOptions,
    match: MatchState | None = None,
    *,
    on_turn: Player | None = None,
    has_rolled: bool = False,
    rolls: tuple[int, int] = (0, 0),
) -> CubeState | GameOutcome:
    """The cube after ``player`` takes ``action``: :meth:`CubeContext.apply` in one call."""
    turn = player if on_turn is None else on_turn
    return CubeContext(state, turn, has_rolled, rolls, options, match).apply(action, player)


def _name(player: Player | None) -> str:
    return "nobody" if player is None else player.name


def _refusal(context: CubeContext, action: CubeAction, player: Player) -> str | None:
    """Why ``player`` may not take ``action``, or None when they may."""
    state = context.cube
    if action is CubeAction.DOUBLE:
        return _double_refusal(context, player)
    if state.pending is None:
        return "no double is waiting for an answer"
    if player is not state.responder:
        return f"the {state.pending.value} was offered to {_name(state.responder)}, not to them"
    if action is CubeAction.BEAVER:
        if not context.options.beavers:
            return "beavers are not played"
        if state.pending is not CubeAction.DOUBLE:
            return f"only a double can be beavered, not a {state.pending.value}"
    if action is CubeAction.RACCOON:
        if not context.options.raccoons:
            return "raccoons are not played"
        if state.pending is not CubeAction.BEAVER:
            return f"only a beaver can be raccooned, not a {state.pending.value}"
    return None


def _double_refusal(context: CubeContext, player: Player) -> str | None:
    state = context.cube
    if not context.options.uses_cube:
        return "the game is cubeless"
    if state.pending is not None:
        return f"{_name(state.offered_by)}'s {state.pending.value} is waiting for an answer"
    if player is not context.on_turn:
        return f"it is {context.on_turn.name}'s turn; doubling is only allowed on one's own turn"
    if context.has_rolled:
        return "doubling is only allowed at the start of the turn, before rolling"
    if state.doubled_this_turn:
        return "they have already doubled this turn"
    if state.owner is not None and state.owner is not player:
        return f"the cube is owned by {state.owner.name}; only its owner may redouble"
    if context.match is not None:
        return _match_refusal(context, player, context.match)
    return None


def _match_refusal(context: CubeContext, player: Player, match: MatchState) -> str | None:
    state = context.cube
    if match.is_over():
        return f"the match is over at {match.scores[0]}-{match.scores[1]}"
    if match.crawford:
        return "the cube is not used in the Crawford game"
    if context.options.holland and match.post_crawford and min(context.rolls) < HOLLAND_ROLLS:
        return (
            "Holland rule: after the Crawford game nobody doubles until each side has rolled "
            f"at least twice (White {context.rolls[0]}, Black {context.rolls[1]})"
        )
    if context.options.dead_cube:
        return _dead_cube_refusal(match, player, state.value)
    return None


def _dead_cube_refusal(match: MatchState, player: Player, value: int) -> str | None:
    """Why the tournament dead-cube rule stops ``player`` doubling a cube on ``value``, or None."""
    if match.may_double(player, value):
        return None
    return (
        f"dead cube: with {match.scores[player]} points in a match to {match.length}, winning "
        f"the game at the cube's value {value} already wins the match, so a double "
        "does not count"
    )


def _apply(state: CubeState, action: CubeAction, player: Player) -> CubeState | GameOutcome:
    if action is CubeAction.DOUBLE:
        return replace(state, pending=CubeAction.DOUBLE, offered_by=player, doubled_this_turn=True)
    offerer = state.offered_by
    assert offerer is not None  # _refusal made sure an offer is pending
    if action is CubeAction.DROP:
        # A refused offer loses the stakes before it, always as a single game.
        return GameOutcome.dropped(offerer, state.value)
    if action is CubeAction.TAKE:
        # A taken double passes the cube to the taker; a taken beaver or
        # raccoon leaves it with the player who made it.
        owner = player if state.pending is CubeAction.DOUBLE else offerer
        return replace(state, value=state.value * 2, owner=owner, pending=None, offered_by=None)
    # A beaver or raccoon accepts the offer and redoubles at once, keeping the cube.
    return replace(state, value=state.value * 2, owner=player, pending=action, offered_by=player)


# -- could a legal game reach this cube? -------------------------------------------------------
#
# The checks below are shared by the Game check (gammond.engine.flow.check) and
# by the older primitives that take a cube, rules and score on their own
# (GameService's CubeContext).  Each refusal is an InvalidGameError whose field
# is named as in a CubeContext: ``cube.value``, ``cube.owner``, ``cube.pending``,
# ``cube.pending.offered_by``, ``cube.doubled_this_turn``, ``has_rolled``, and
# the score's field as the caller names it.


def centred_most(options: RuleOptions) -> int:
    """The largest value a centred cube can have under ``options``: every automatic double played.

    >>> centred_most(RuleOptions.money(max_automatic_doubles=2)), centred_most(RuleOptions.match(5))
    (4, 1)
    """
    return 1 << min(options.max_automatic_doubles, 64)


def check_cube(
    cube: CubeState,
    options: RuleOptions,
    match: MatchState | None = None,
    *,
    centred_limit: int | None = None,
    score_field: str = "match",
) -> None:
    """Raise :class:`InvalidGameError` naming the field when no legal game reaches ``cube``.

    The checks that need no turn: the score against the match length (a
    game is not played in a match that is over), no cube in a cubeless or
    Crawford game, a centred cube raised only by automatic doubles (at most
    ``centred_limit``, by default all of them), beavers and raccoons only
    where played and a raccoon only after a double and its beaver, and in
    match play under the dead-cube rule every double that raised an owned
    cube one its maker was allowed.  ``match`` is None where the caller has
    no score (then nothing is known of Crawford or the dead cube).

    >>> check_cube(CubeState(2, Player.BLACK), RuleOptions.match(3), MatchState(3, (0, 2)))
    >>> try:
    ...     check_cube(CubeState(4, Player.WHITE), RuleOptions.match(3), MatchState(3, (0, 2)))
    ... except InvalidGameError as exc:
    ...     print(exc.field, "|", exc.description[:42])
    cube.value | BLACK could not have doubled the cube on 2
    """
    if match is not None and match.is_over():
        raise InvalidGameError(score_field, f"the match to {match.length} was already over before this game")
    if options.cubeless or (match is not None and match.crawford):
        if cube.value != 1 or cube.pending is not None:
            where = "cubeless game" if options.cubeless else "Crawford game"
            field = "cube.pending" if cube.pending is not None else "cube.value"
            raise InvalidGameError(field, f"there is no cube in a {where}")
    limit = centred_most(options) if centred_limit is None else centred_limit
    if cube.owner is None and cube.value > limit:
        raise InvalidGameError(
            "cube.owner",
            f"a centred cube on {cube.value} can only come from automatic doubles, and there were fewer",
        )
    if cube.pending in (CubeAction.BEAVER, CubeAction.RACCOON):
        if not (options.beavers if cube.pending is CubeAction.BEAVER else options.raccoons):
            raise InvalidGameError("cube.pending", f"{cube.pending.value}s are not played under these rules")
        if cube.pending is CubeAction.RACCOON and cube.value < 4:
            raise InvalidGameError(
                "cube.value", f"is {cube.value}, but a raccoon follows a double and its beaver (at least 4)"
            )
    if match is not None and match.is_match() and options.dead_cube and cube.owner is not None:
        _check_raised(cube.owner, cube.value, match)


def _check_raised(owner: Player, value: int, match: MatchState) -> None:
    """Each double that raised a match cube to ``value``, owned by ``owner``, was one its maker could make.

    The doubles alternate: the owner's opponent made the last, from half the
    value, the owner the one before it, and so on down to the centred cube.
    """
    doubler, before = owner.opponent, value // 2
    while before >= 1:
        reason = _dead_cube_refusal(match, doubler, before)
        if reason is not None:
            raise InvalidGameError(
                "cube.value", f"{doubler.name} could not have doubled the cube on {before}: {reason}"
            )
        doubler, before = doubler.opponent, before // 2


def check_offer(context: CubeContext) -> None:
    """Raise :class:`InvalidGameError` naming the field when the pending offer is not one a legal game makes.

    A double by the player on turn, before rolling, one the rules let them
    make from the cube before it (owner, Crawford, Holland, dead cube); a
    beaver by the doubled player and a raccoon by the doubler; either marks
    the turn as doubled.  :func:`check_cube` checks the rest of the cube.

    >>> offer = CubeState(1, None, CubeAction.DOUBLE, Player.WHITE, doubled_this_turn=True)
    >>> check_offer(CubeContext(offer, Player.BLACK))
    Traceback (most recent call last):
    ...
    gammond.engine.errors.InvalidGameError: cube.pending.offered_by: only the player on turn may double
    """
    cube, turn = context.cube, context.on_turn
    if cube.pending is None:
        return
    if not cube.doubled_this_turn:
        raise InvalidGameError("cube.doubled_this_turn", "is set once a double has been offered this turn")
    if context.has_rolled:
        raise InvalidGameError(
            "has_rolled",
            f"the {cube.pending.value} was offered before {turn.name} rolled and awaits an answer",
        )
    if cube.pending is CubeAction.DOUBLE:
        if cube.offered_by is not turn:
            raise InvalidGameError("cube.pending.offered_by", "only the player on turn may double")
        before = replace(cube, pending=None, offered_by=None, doubled_this_turn=False)
        reason = _refusal(replace(context, cube=before), CubeAction.DOUBLE, turn)
        if reason is not None:
            raise InvalidGameError("cube.pending", f"{turn.name} could not have doubled: {reason}")
        return
    # A beaver keeps the cube on the doubled side and a raccoon on the doubler's.
    expected_by = turn.opponent if cube.pending is CubeAction.BEAVER else turn
    if cube.offered_by is not expected_by:
        raise InvalidGameError(
            "cube.pending.offered_by", f"a {cube.pending.value} is made by {expected_by.name}"
        )


def check_context(context: CubeContext, *, score_field: str = "match") -> None:
    """Raise :class:`InvalidGameError` naming the field when no legal game reaches ``context``.

    :func:`check_cube` and :func:`check_offer` together: what the Game
    check asks of a game's cube, asked of a cube, turn, rules and score.
    """
    check_cube(context.cube, context.options, context.match, score_field=score_field)
    check_offer(context)


def check_result_cube(outcome: GameOutcome, options: RuleOptions, match: MatchState) -> None:
    """Raise :class:`InvalidGameError` (field ``cube_value``) when no legal game ends on ``outcome``'s cube.

    No cube in a cubeless or Crawford game (so no dropped double), and in
    match play under the dead-cube rule a cube some owner could have reached,
    and a dropped double one its maker could offer.
    """
    value, winner = outcome.cube_value, outcome.winner
    if options.cubeless or match.crawford:
        if value != 1 or outcome.ended is GameEnd.DOUBLE_DROPPED:
            where = "cubeless game" if options.cubeless else "Crawford game"
            raise InvalidGameError("cube_value", f"there is no cube in a {where}")
    if not (match.is_match() and options.dead_cube) or match.is_over():
        return
    if outcome.ended is GameEnd.DOUBLE_DROPPED:
        # The winner doubled from ``value``: a centred cube on 1, or their own.
        reason = _reason_raised(winner, value, match)
        refusal = _dead_cube_refusal(match, winner, value)
        if reason is None and refusal is not None:
            reason = f"{winner.name} could not have doubled the cube on {value}: {refusal}"
    else:
        # Either player may own the cube at the end.
        reasons = [_reason_raised(owner, value, match) for owner in Player]
        reason = None if None in reasons else reasons[0]
    if reason is not None:
        raise InvalidGameError("cube_value", reason)


def _reason_raised(owner: Player, value: int, match: MatchState) -> str | None:
    if value == 1:
        return None
    try:
        _check_raised(owner, value, match)
    except InvalidGameError as exc:
        return exc.description
    return None
