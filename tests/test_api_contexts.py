"""The older primitives refuse a cube, rules and score that no legal game could reach.

GameService's ListCubeActions, ApplyCubeAction, ApplyPlay, ScoreGame and
AcceptResignation, and MatchService's RecordGame, take the cube and the
match around it as the caller describes them.  Each such context is checked
as PlayService checks a Game (one implementation in the engine,
:func:`gammond.engine.check_cube` and :func:`gammond.engine.check_context`),
and a forged one is INVALID_ARGUMENT naming the field, with the Game check's
reason.
"""

from __future__ import annotations

from dataclasses import replace

import grpc
import pytest

from backgammon.v1 import board_pb2, rules_pb2
from backgammon.v1 import game_service_pb2 as pb
from backgammon.v1 import match_service_pb2 as match_pb
from gammond.engine import (
    ActionKind,
    Game,
    InvalidGameError,
    MatchState,
    Phase,
    Player,
    ResultKind,
    RuleOptions,
    apply_action,
    check_game,
    list_actions,
    new_game,
    next_game,
)
from tests.support.server import dice, failure, start_position

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
DOUBLE, TAKE, DROP = rules_pb2.CUBE_ACTION_DOUBLE, rules_pb2.CUBE_ACTION_TAKE, rules_pb2.CUBE_ACTION_DROP
BEAVER, RACCOON = rules_pb2.CUBE_ACTION_BEAVER, rules_pb2.CUBE_ACTION_RACCOON
CENTRED, OWNED_WHITE, OWNED_BLACK = (
    rules_pb2.CUBE_OWNER_CENTERED,
    rules_pb2.CUBE_OWNER_WHITE,
    rules_pb2.CUBE_OWNER_BLACK,
)


def offered(
    action: int, by: int, value: int = 1, owner: int = CENTRED, marked: bool = True
) -> rules_pb2.CubeState:
    """A cube with ``action`` by ``by`` awaiting an answer (the turn marked as doubled unless told)."""
    return rules_pb2.CubeState(
        value=value,
        owner=owner,
        pending=rules_pb2.CubeOffer(action=action, offered_by=by),
        doubled_this_turn=marked,
    )


def match(length: int, white: int = 0, black: int = 0, *, crawford: bool = False, **rules: bool) -> dict:
    """A CubeContext's rules and score for a match to ``length``."""
    return {
        "rules": rules_pb2.RuleOptions(match_length=length, **rules),
        "match": rules_pb2.MatchState(white_score=white, black_score=black, crawford=crawford),
    }


def ctx(turn: int, cube: rules_pb2.CubeState | None = None, **kwargs: object) -> rules_pb2.CubeContext:
    return rules_pb2.CubeContext(turn=turn, cube=cube, **kwargs)  # type: ignore[arg-type]


# Each forged context, the player who answers it and how, the field named and words of the reason.
FORGED = {
    # The three: each was answered OK before.
    "a double taken in a cubeless 3-point match": (
        ctx(WHITE, offered(DOUBLE, WHITE), **match(3, cubeless=True)),
        BLACK,
        TAKE,
        "context.cube.pending",
        "there is no cube in a cubeless game",
    ),
    "a double dropped in the Crawford game": (
        ctx(BLACK, offered(DOUBLE, BLACK), **match(5, 4, 2, crawford=True)),
        WHITE,
        DROP,
        "context.cube.pending",
        "there is no cube in a Crawford game",
    ),
    "a dead-cube double by the match leader dropped": (
        ctx(WHITE, offered(DOUBLE, WHITE), **match(5, 4, 2)),
        BLACK,
        DROP,
        "context.cube.pending",
        "WHITE could not have doubled: dead cube",
    ),
    # And more.
    "a double by the player whose opponent owns the cube": (
        ctx(WHITE, offered(DOUBLE, WHITE, 2, OWNED_BLACK)),
        BLACK,
        TAKE,
        "context.cube",
        "cannot have offered a double with the cube owned by BLACK",
    ),
    "a double by the player not on turn": (
        ctx(BLACK, offered(DOUBLE, WHITE)),
        BLACK,
        TAKE,
        "context.cube.pending.offered_by",
        "only the player on turn may double",
    ),
    "a beaver when beavers are not played": (
        ctx(WHITE, offered(BEAVER, BLACK, 2, OWNED_BLACK)),
        WHITE,
        TAKE,
        "context.cube.pending",
        "beavers are not played under these rules",
    ),
    "a raccoon straight after a plain double": (
        ctx(
            WHITE,
            offered(RACCOON, WHITE, 2, OWNED_WHITE),
            rules=rules_pb2.RuleOptions(beavers=True, raccoons=True),
        ),
        BLACK,
        DROP,
        "context.cube.value",
        "a raccoon follows a double and its beaver",
    ),
    "a raccoon by the beaverer": (
        ctx(
            WHITE,
            offered(RACCOON, BLACK, 4, OWNED_BLACK),
            rules=rules_pb2.RuleOptions(beavers=True, raccoons=True),
        ),
        WHITE,
        TAKE,
        "context.cube.pending.offered_by",
        "a raccoon is made by WHITE",
    ),
    "a double in a cubeless money game": (
        ctx(WHITE, offered(DOUBLE, WHITE), rules=rules_pb2.RuleOptions(cubeless=True)),
        BLACK,
        TAKE,
        "context.cube.pending",
        "there is no cube in a cubeless game",
    ),
    "a post-Crawford double before the Holland rule allows one": (
        ctx(BLACK, offered(DOUBLE, BLACK), white_rolls=1, black_rolls=1, **match(5, 4, 2, holland=True)),
        WHITE,
        TAKE,
        "context.cube.pending",
        "Holland rule",
    ),
    "a double still pending after the doubler rolled": (
        ctx(WHITE, offered(DOUBLE, WHITE), has_rolled=True),
        BLACK,
        TAKE,
        "context.has_rolled",
        "offered before WHITE rolled",
    ),
    "a double offered without marking the turn": (
        ctx(WHITE, offered(DOUBLE, WHITE, marked=False)),
        BLACK,
        TAKE,
        "context.cube.doubled_this_turn",
        "is set once a double has been offered this turn",
    ),
    "a cube the leader could not have doubled to": (
        ctx(BLACK, rules_pb2.CubeState(value=4, owner=OWNED_WHITE), **match(3, 0, 2)),
        WHITE,
        DOUBLE,
        "context.cube.value",
        "BLACK could not have doubled the cube on 2: dead cube",
    ),
    "a centred cube on 2 without automatic doubles": (
        ctx(WHITE, rules_pb2.CubeState(value=2, owner=CENTRED)),
        WHITE,
        DOUBLE,
        "context.cube.owner",
        "a centred cube on 2 can only come from automatic doubles",
    ),
    "a game in a match already won": (
        ctx(WHITE, **match(3, 3, 1)),
        WHITE,
        DOUBLE,
        "context.match",
        "the match to 3 was already over before this game",
    ),
}


def refused(error: object, field: str, words: str) -> None:
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT, error  # type: ignore[attr-defined]
    [(named, description)] = error.field_violations  # type: ignore[attr-defined]
    assert named == field and words in description, (named, description)


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_context_is_refused_by_apply_cube_action_naming_the_field(stubs, name) -> None:
    context, player, action, field, words = FORGED[name]
    request = pb.ApplyCubeActionRequest(context=context, player=player, action=action)
    refused(failure(stubs.game.ApplyCubeAction, request), field, words)


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_context_is_refused_by_list_cube_actions_naming_the_field(stubs, name) -> None:
    context, player, _, field, words = FORGED[name]
    request = pb.ListCubeActionsRequest(context=context, player=player)
    refused(failure(stubs.game.ListCubeActions, request), field, words)


# Contexts a legal game reaches, and what may be done in them.
LEGAL = {
    "the trailer's double after the Crawford game": (
        ctx(BLACK, offered(DOUBLE, BLACK), **match(5, 4, 2)),
        WHITE,
        [TAKE, DROP],
    ),
    "the leader at the Crawford game's score, no cube": (
        ctx(WHITE, **match(5, 4, 2, crawford=True)),
        WHITE,
        [],
    ),
    "the leader after the Crawford game, a dead cube": (ctx(WHITE, **match(5, 4, 2)), WHITE, []),
    "a double once the Holland rule allows it": (
        ctx(BLACK, offered(DOUBLE, BLACK), white_rolls=2, black_rolls=2, **match(5, 4, 2, holland=True)),
        WHITE,
        [TAKE, DROP],
    ),
    "a raccoon after a beaver": (
        ctx(
            WHITE,
            offered(RACCOON, WHITE, 4, OWNED_WHITE),
            rules=rules_pb2.RuleOptions(beavers=True, raccoons=True),
        ),
        BLACK,
        [TAKE, DROP],
    ),
    "a beaver of a redouble": (
        ctx(WHITE, offered(BEAVER, BLACK, 4, OWNED_BLACK), rules=rules_pb2.RuleOptions(beavers=True)),
        WHITE,
        [TAKE, DROP],
    ),
    "a centred cube raised by automatic doubles": (
        ctx(
            WHITE,
            rules_pb2.CubeState(value=4, owner=CENTRED),
            rules=rules_pb2.RuleOptions(max_automatic_doubles=2),
        ),
        WHITE,
        [DOUBLE],
    ),
    "the trailer's redouble to 8 at 0-2 in a match to 5": (
        ctx(WHITE, rules_pb2.CubeState(value=4, owner=OWNED_WHITE), **match(5, 0, 2)),
        WHITE,
        [DOUBLE],
    ),
    "a leader's double with the dead-cube rule off": (
        ctx(WHITE, offered(DOUBLE, WHITE), **match(5, 4, 2, dead_cube=False)),
        BLACK,
        [TAKE, DROP],
    ),
}


@pytest.mark.parametrize("name", list(LEGAL))
def test_a_context_a_legal_game_reaches_is_answered(stubs, name) -> None:
    context, player, expected = LEGAL[name]
    listed = stubs.game.ListCubeActions(pb.ListCubeActionsRequest(context=context, player=player))
    assert list(listed.actions) == expected
    for action in expected:
        stubs.game.ApplyCubeAction(pb.ApplyCubeActionRequest(context=context, player=player, action=action))


# -- the primitives that take a cube and rules without a turn or score -------------------------------


def test_apply_play_refuses_a_beaver_where_beavers_are_not_played(stubs) -> None:
    request = pb.ApplyPlayRequest(
        position=start_position(),
        dice=dice(3, 1),
        notation="8/5 6/5",
        cube=offered(BEAVER, BLACK, 2, OWNED_BLACK),
    )
    refused(failure(stubs.game.ApplyPlay, request), "cube.pending", "beavers are not played")


def test_score_game_refuses_a_cube_in_a_cubeless_game(stubs) -> None:
    final = board_pb2.PositionInput(
        position=board_pb2.Position(
            board=board_pb2.Board(points=[0] * 2 + [-1] + [0] * 20 + [-14], white_off=15),
            turn=BLACK,
        )
    )
    cube = rules_pb2.CubeState(value=2, owner=OWNED_WHITE)
    cubeless = rules_pb2.RuleOptions(match_length=3, cubeless=True)
    request = pb.ScoreGameRequest(position=final, cube=cube, rules=cubeless)
    refused(failure(stubs.game.ScoreGame, request), "cube.value", "there is no cube in a cubeless game")
    # The same cube with the cube in play scores.
    assert stubs.game.ScoreGame(pb.ScoreGameRequest(position=final, cube=cube)).result.points == 6


def test_accept_resignation_refuses_a_centred_cube_no_automatic_double_made(stubs) -> None:
    offer = rules_pb2.Resignation(by=BLACK, kind=rules_pb2.RESULT_KIND_SINGLE)
    request = pb.AcceptResignationRequest(
        offer=offer, player=WHITE, cube=rules_pb2.CubeState(value=4, owner=CENTRED)
    )
    refused(
        failure(stubs.game.AcceptResignation, request), "cube.owner", "can only come from automatic doubles"
    )
    raised = rules_pb2.RuleOptions(max_automatic_doubles=2)
    accepted = stubs.game.AcceptResignation(
        pb.AcceptResignationRequest(
            offer=offer, player=WHITE, cube=rules_pb2.CubeState(value=4, owner=CENTRED), rules=raised
        )
    )
    assert accepted.result.points == 4


# -- RecordGame: a finished game's cube against the score ---------------------------------------------


def result(
    winner: int, cube_value: int, ended: int, kind: int = rules_pb2.RESULT_KIND_SINGLE
) -> rules_pb2.GameResult:
    points = cube_value * (kind - rules_pb2.RESULT_KIND_SINGLE + 1)
    return rules_pb2.GameResult(winner=winner, kind=kind, cube_value=cube_value, ended=ended, points=points)


PLAYED, DROPPED = rules_pb2.GAME_END_PLAYED_OUT, rules_pb2.GAME_END_DOUBLE_DROPPED

FORGED_RECORDS = {
    "a doubled Crawford game": (
        match(5, 4, 2, crawford=True),
        result(BLACK, 2, PLAYED),
        "there is no cube in a Crawford game",
    ),
    "a dropped double in a cubeless match": (
        match(3, cubeless=True),
        result(WHITE, 1, DROPPED),
        "there is no cube in a cubeless game",
    ),
    "a dead-cube double by the leader, dropped": (
        match(3, 2, 0),
        result(WHITE, 1, DROPPED),
        "WHITE could not have doubled the cube on 1: dead cube",
    ),
    "a cube on 8 at 0-0 in a match to 3": (
        match(3),
        result(WHITE, 8, PLAYED),
        "could not have doubled the cube on 4: dead cube",
    ),
}


@pytest.mark.parametrize("name", list(FORGED_RECORDS))
def test_record_game_refuses_a_cube_no_game_at_that_score_ends_on(stubs, name) -> None:
    context, game, words = FORGED_RECORDS[name]
    request = match_pb.RecordGameRequest(game=game, **context)
    refused(failure(stubs.match.RecordGame, request), "game.cube_value", words)


def test_record_game_records_what_a_legal_game_ends_on(stubs) -> None:
    for context, game in [
        (match(3), result(WHITE, 4, PLAYED, rules_pb2.RESULT_KIND_GAMMON)),
        (match(3, 0, 2), result(WHITE, 1, DROPPED)),
        (match(5, 0, 2), result(BLACK, 2, DROPPED)),
        (match(5, 4, 2), result(WHITE, 2, PLAYED)),
        (match(3, 2, 0, dead_cube=False), result(WHITE, 1, DROPPED)),
    ]:
        stubs.match.RecordGame(match_pb.RecordGameRequest(game=game, **context))


# -- the same reasons as the Game check ------------------------------------------------------------


def act(game: Game, kind: ActionKind, player: Player | None = None, resign: ResultKind | None = None) -> Game:
    """``game`` after the first listed action of ``kind`` (by ``player``), rolling 3-1 where dice are needed."""
    for action in list_actions(game).actions:
        if action.kind is kind and (player is None or action.player is player) and action.resign is resign:
            return apply_action(game, action, lambda: (3, 1))[0]
    raise AssertionError(f"no {kind.value} by {player} at {game.phase.value}")


def opened(rules: RuleOptions) -> Game:
    """A game where White has played the opening 3-1 and Black is to act."""
    game = act(new_game(rules), ActionKind.ROLL)
    return act(game, ActionKind.PLAY, Player.WHITE)


def game_reason(game: Game) -> tuple[str, str]:
    with pytest.raises(InvalidGameError) as caught:
        check_game(game)
    return caught.value.field, caught.value.description


def primitive_reason(stubs, context: rules_pb2.CubeContext, player: int) -> tuple[str, str]:
    error = failure(stubs.game.ListCubeActions, pb.ListCubeActionsRequest(context=context, player=player))
    [(field, description)] = error.field_violations
    return field.removeprefix("context."), description


def test_the_primitives_give_the_game_checks_reasons(stubs) -> None:
    # A beaver under rules without beavers.
    beavered = act(
        act(opened(RuleOptions.money(beavers=True)), ActionKind.DOUBLE, Player.BLACK), ActionKind.BEAVER
    )
    assert beavered.phase is Phase.CUBE_OFFERED and check_game(beavered) is beavered
    forged = replace(beavered, rules=RuleOptions.money())
    context = ctx(BLACK, offered(BEAVER, WHITE, 2, OWNED_WHITE))
    assert game_reason(forged) == primitive_reason(stubs, context, WHITE)

    # A double in a cubeless money game.
    doubled = act(opened(RuleOptions.money()), ActionKind.DOUBLE, Player.BLACK)
    cubeless = RuleOptions.money(cubeless=True)
    forged = replace(doubled, rules=cubeless, score=MatchState.start(cubeless))
    context = ctx(BLACK, offered(DOUBLE, BLACK), rules=rules_pb2.RuleOptions(cubeless=True))
    assert game_reason(forged) == primitive_reason(stubs, context, WHITE)


def test_a_dead_cube_double_in_a_game_and_in_a_context_have_one_reason(stubs) -> None:
    # A 3-point match: White wins a gammon (2-0), the Crawford game goes to Black (2-1);
    # after it White, the leader, doubles with the dead-cube rule off.
    rules = RuleOptions.match(3, dead_cube=False)
    game = opened(rules)
    game = act(act(game, ActionKind.RESIGN, Player.BLACK, ResultKind.GAMMON), ActionKind.ACCEPT)
    assert game.phase is Phase.GAME_OVER
    game = next_game(game)
    assert game.score.crawford
    game = act(game, ActionKind.ROLL)
    game = act(game, ActionKind.RESIGN, Player.WHITE, ResultKind.SINGLE)
    game = act(game, ActionKind.ACCEPT)
    game = next_game(game)
    assert game.score.scores == (2, 1) and not game.score.crawford
    game = act(game, ActionKind.ROLL)
    game = act(game, ActionKind.PLAY, Player.WHITE)
    game = act(act(game, ActionKind.ROLL, Player.BLACK), ActionKind.PLAY, Player.BLACK)
    doubled = act(game, ActionKind.DOUBLE, Player.WHITE)
    assert check_game(doubled) is doubled
    forged = replace(doubled, rules=RuleOptions.match(3))
    context = ctx(
        WHITE,
        offered(DOUBLE, WHITE),
        white_rolls=doubled.rolls[0],
        black_rolls=doubled.rolls[1],
        **match(3, 2, 1),
    )
    field, reason = game_reason(forged)
    assert (field, reason) == primitive_reason(stubs, context, BLACK)
    assert field == "cube.pending" and "dead cube" in reason
