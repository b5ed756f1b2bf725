"""Rule options, the cube, game results, resignations and match scores on the wire."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from backgammon.v1 import rules_pb2 as pb
from gammond.engine import (
    CubeAction,
    CubeContext,
    CubeState,
    GameEnd,
    GameOutcome,
    InvalidGameError,
    MatchState,
    Player,
    Resignation,
    ResultKind,
    RuleOptions,
    ScoreSheetRow,
    check_context,
    check_cube,
    check_result_cube,
)
from gammond.server.errors import PreconditionError, WireError
from gammond.server.limits import most
from gammond.server.wire.board import check_number, decode_color, encode_color, guarded
from gammond.server.wire.fields import optional

E = TypeVar("E")

_ACTIONS = {
    pb.CUBE_ACTION_DOUBLE: CubeAction.DOUBLE,
    pb.CUBE_ACTION_TAKE: CubeAction.TAKE,
    pb.CUBE_ACTION_DROP: CubeAction.DROP,
    pb.CUBE_ACTION_BEAVER: CubeAction.BEAVER,
    pb.CUBE_ACTION_RACCOON: CubeAction.RACCOON,
}
_ACTION_CODES = {action: code for code, action in _ACTIONS.items()}
_OWNERS = {
    pb.CUBE_OWNER_CENTERED: None,
    pb.CUBE_OWNER_WHITE: Player.WHITE,
    pb.CUBE_OWNER_BLACK: Player.BLACK,
}
_OWNER_CODES = {owner: code for code, owner in _OWNERS.items()}
_KINDS = {
    pb.RESULT_KIND_SINGLE: ResultKind.SINGLE,
    pb.RESULT_KIND_GAMMON: ResultKind.GAMMON,
    pb.RESULT_KIND_BACKGAMMON: ResultKind.BACKGAMMON,
}
_KIND_CODES = {kind: code for code, kind in _KINDS.items()}
_ENDS = {
    pb.GAME_END_PLAYED_OUT: GameEnd.PLAYED_OUT,
    pb.GAME_END_DOUBLE_DROPPED: GameEnd.DOUBLE_DROPPED,
    pb.GAME_END_RESIGNED: GameEnd.RESIGNED,
    pb.GAME_END_TIMED_OUT: GameEnd.TIMED_OUT,
}
_END_CODES = {end: code for code, end in _ENDS.items()}

# Each field's ceiling, from gammond.server.limits.FIELD_LIMITS (2^24 for all of them).
_MATCH_LENGTH = most("backgammon.v1.RuleOptions.match_length")
_AUTOMATIC_DOUBLES = most("backgammon.v1.RuleOptions.max_automatic_doubles")
_CUBE = most("backgammon.v1.CubeState.value")
_WHITE_SCORE = most("backgammon.v1.MatchState.white_score")
_BLACK_SCORE = most("backgammon.v1.MatchState.black_score")
_RESULT_CUBE = most("backgammon.v1.GameResult.cube_value")
_RESULT_POINTS = most("backgammon.v1.GameResult.points")


# The older messages carry cube values, points and scores as uint32.
_UINT32_MAX = (1 << 32) - 1


def _fits32(value: int, what: str) -> int:
    """``value`` if a uint32 field holds it; else FAILED_PRECONDITION, never INTERNAL."""
    if value > _UINT32_MAX:
        raise PreconditionError(
            "VALUE_TOO_LARGE",
            f"{what} {value} does not fit this RPC's 32-bit field; PlayService's Game carries 64-bit values",
        )
    return value


def _enum(table: Mapping[Any, E], value: int, field: str, names: str) -> E:
    """Look a wire enum up; UNSPECIFIED and numbers this server does not know are rejected."""
    if value not in table:
        raise WireError(field, f"must be one of {names}, got {value}")
    return table[value]


def decode_action(value: int, field: str) -> CubeAction:
    return _enum(_ACTIONS, value, field, "DOUBLE, TAKE, DROP, BEAVER, RACCOON")


def encode_action(action: CubeAction) -> pb.CubeAction.ValueType:
    return _ACTION_CODES[action]


def decode_kind(value: int, field: str) -> ResultKind:
    return _enum(_KINDS, value, field, "SINGLE, GAMMON, BACKGAMMON")


def encode_kind(kind: ResultKind) -> pb.ResultKind.ValueType:
    return _KIND_CODES[kind]


def decode_rules(message: pb.RuleOptions | None, field: str) -> RuleOptions:
    """Rule options; an unset message is money play with the cube."""
    if message is None:
        return RuleOptions()
    dead_cube = message.dead_cube if message.HasField("dead_cube") else True
    check_number(message.match_length, f"{field}.match_length", _MATCH_LENGTH)
    check_number(message.max_automatic_doubles, f"{field}.max_automatic_doubles", _AUTOMATIC_DOUBLES)
    return guarded(
        field,
        lambda: RuleOptions(
            match_length=message.match_length,
            cubeless=message.cubeless,
            jacoby=message.jacoby,
            beavers=message.beavers,
            raccoons=message.raccoons,
            max_automatic_doubles=message.max_automatic_doubles,
            holland=message.holland,
            dead_cube=dead_cube,
        ),
    )


def encode_rules(options: RuleOptions) -> pb.RuleOptions:
    return pb.RuleOptions(
        match_length=options.match_length,
        cubeless=options.cubeless,
        jacoby=options.jacoby,
        beavers=options.beavers,
        raccoons=options.raccoons,
        max_automatic_doubles=options.max_automatic_doubles,
        holland=options.holland,
        dead_cube=options.dead_cube,
    )


def decode_cube(message: pb.CubeState | None, field: str) -> CubeState:
    """The cube; an unset message is a centred cube on 1."""
    if message is None:
        return CubeState()
    if message.value == 0:
        raise WireError(f"{field}.value", "must be a power of two from 1 (leave cube unset for 1)")
    check_number(message.value, f"{field}.value", _CUBE)
    owner = _enum(_OWNERS, message.owner, f"{field}.owner", "CENTERED, WHITE, BLACK")
    pending: CubeAction | None = None
    offered_by: Player | None = None
    if message.HasField("pending"):
        pending = decode_action(message.pending.action, f"{field}.pending.action")
        offered_by = decode_color(message.pending.offered_by, f"{field}.pending.offered_by")
    return guarded(
        field,
        lambda: CubeState(message.value, owner, pending, offered_by, message.doubled_this_turn),
    )


def encode_cube(cube: CubeState) -> pb.CubeState:
    message = pb.CubeState(
        value=_fits32(cube.value, "cube value"),
        owner=_OWNER_CODES[cube.owner],
        doubled_this_turn=cube.doubled_this_turn,
    )
    if cube.pending is not None and cube.offered_by is not None:
        message.pending.CopyFrom(
            pb.CubeOffer(action=encode_action(cube.pending), offered_by=encode_color(cube.offered_by))
        )
    return message


def decode_match(message: pb.MatchState | None, options: RuleOptions, field: str) -> MatchState:
    """The score before a game; an unset message is 0-0 under ``options``."""
    if message is None:
        return MatchState.start(options)
    check_number(message.white_score, f"{field}.white_score", _WHITE_SCORE)
    check_number(message.black_score, f"{field}.black_score", _BLACK_SCORE)
    return guarded(
        field,
        lambda: MatchState(
            options.match_length,
            (message.white_score, message.black_score),
            message.crawford,
            options.cubeless,
        ),
    )


def encode_match(state: MatchState) -> pb.MatchState:
    return pb.MatchState(
        white_score=_fits32(state.scores[Player.WHITE], "white's score"),
        black_score=_fits32(state.scores[Player.BLACK], "black's score"),
        crawford=state.crawford,
    )


def decode_result(message: pb.GameResult, field: str) -> GameOutcome:
    winner = decode_color(message.winner, f"{field}.winner")
    kind = decode_kind(message.kind, f"{field}.kind")
    ended = _enum(_ENDS, message.ended, f"{field}.ended", "PLAYED_OUT, DOUBLE_DROPPED, RESIGNED, TIMED_OUT")
    check_number(message.cube_value, f"{field}.cube_value", _RESULT_CUBE)
    check_number(message.points, f"{field}.points", _RESULT_POINTS)
    return guarded(field, lambda: GameOutcome(winner, kind, message.cube_value, ended, message.points))


def encode_result(outcome: GameOutcome) -> pb.GameResult:
    return pb.GameResult(
        winner=encode_color(outcome.winner),
        kind=encode_kind(outcome.kind),
        cube_value=_fits32(outcome.cube_value, "cube value"),
        ended=_END_CODES[outcome.ended],
        points=_fits32(outcome.points, "points"),
    )


def encode_row(row: ScoreSheetRow) -> pb.ScoreSheetRow:
    return pb.ScoreSheetRow(
        game=_fits32(row.game, "game number"),
        winner=encode_color(row.winner),
        kind=encode_kind(row.kind),
        cube_value=_fits32(row.cube_value, "cube value"),
        ended=_END_CODES[row.ended],
        points=_fits32(row.points, "points"),
        white_score=_fits32(row.scores[Player.WHITE], "white's score"),
        black_score=_fits32(row.scores[Player.BLACK], "black's score"),
        crawford=row.crawford,
    )


def decode_resignation(message: pb.Resignation, field: str) -> Resignation:
    by = decode_color(message.by, f"{field}.by")
    return Resignation(by, decode_kind(message.kind, f"{field}.kind"))


def encode_resignation(offer: Resignation) -> pb.Resignation:
    return pb.Resignation(by=encode_color(offer.by), kind=encode_kind(offer.kind))


def decode_mover_context(message: pb.CubeContext | None, turn: Player, field: str) -> CubeContext | None:
    """The cube and score around the player on roll, ``turn``; None when the field is unset."""
    if message is None:
        return None
    context = decode_context(message, field)
    if context.on_turn is not turn:
        raise WireError(
            f"{field}.turn", f"is {context.on_turn.name} but the position has {turn.name} on roll"
        )
    return context


def decode_context(message: pb.CubeContext, field: str) -> CubeContext:
    options = decode_rules(optional(message, "rules"), f"{field}.rules")
    cube = decode_cube(optional(message, "cube"), f"{field}.cube")
    turn = decode_color(message.turn, f"{field}.turn")
    match = decode_match(optional(message, "match"), options, f"{field}.match")
    rolls = (message.white_rolls, message.black_rolls)
    return guarded(field, lambda: CubeContext(cube, turn, message.has_rolled, rolls, options, match))


# -- contexts no legal game reaches --------------------------------------------------------------
#
# The older primitives take a cube, rules and score on their own; each is
# checked as the Game check checks a game's (gammond.engine.cube.check_cube,
# check_offer), and a refusal is INVALID_ARGUMENT naming the field.


def _reachable(check: Callable[[], None], rename: Callable[[str], str]) -> None:
    """Run an engine reachability check; its refusal names the request's field ``rename(field)``."""
    try:
        check()
    except InvalidGameError as exc:
        raise WireError(rename(exc.field), exc.description) from None


def decode_checked_context(message: pb.CubeContext, field: str) -> CubeContext:
    """A CubeContext that some legal game could reach; else a WireError naming the field under ``field``."""
    context = decode_context(message, field)
    _reachable(lambda: check_context(context), lambda name: f"{field}.{name}")
    return context


def decode_checked_cube(message: pb.CubeState | None, options: RuleOptions, field: str) -> CubeState:
    """The cube, one some legal game under ``options`` could reach (the checks that need no turn or score)."""
    cube = decode_cube(message, field)
    # The engine names the cube's fields ``cube.*``; here the cube is ``field``.
    _reachable(lambda: check_cube(cube, options), lambda name: field + name.removeprefix("cube"))
    return cube


def check_recorded(outcome: GameOutcome, options: RuleOptions, before: MatchState, field: str) -> None:
    """A finished game whose cube some legal game at the score ``before`` could end on."""
    _reachable(lambda: check_result_cube(outcome, options, before), lambda name: f"{field}.{name}")
