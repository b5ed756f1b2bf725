"""PlayService end to end over gRPC: NewGame, ListActions, Act and BotAct on one Game message."""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, rules_pb2
from backgammon.v1 import play_service_pb2 as pb
from tests.support.server import Stubs, failure

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
K = game_pb2


def new_game(
    stubs: Stubs,
    rules: rules_pb2.RuleOptions | None = None,
    source: int = K.DICE_SOURCE_CLIENT,
    seed: bytes = b"",
) -> game_pb2.Game:
    request = pb.NewGameRequest(rules=rules, dice_source=source, seed=seed)  # type: ignore[arg-type]
    return stubs.play.NewGame(request, timeout=10).game


def actions(stubs: Stubs, game: game_pb2.Game) -> pb.ListActionsResponse:
    return stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10)


def act(stubs: Stubs, game: game_pb2.Game, action: game_pb2.Action) -> pb.ActResponse:
    return stubs.play.Act(pb.ActRequest(game=game, action=action), timeout=10)


def roll(stubs: Stubs, game: game_pb2.Game, player: int, d1: int, d2: int) -> pb.ActResponse:
    action = game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=player, dice=board_pb2.Dice(die1=d1, die2=d2))
    return act(stubs, game, action)


def do(stubs: Stubs, game: game_pb2.Game, kind: int, player: int, **fields: object) -> pb.ActResponse:
    return act(stubs, game, game_pb2.Action(kind=kind, player=player, **fields))  # type: ignore[arg-type]


def kinds(listed: pb.ListActionsResponse, player: int) -> set[int]:
    return {a.kind for a in listed.actions if a.player == player}


def event_kinds(events: Sequence[game_pb2.Event]) -> list[int]:
    return [e.kind for e in events]


def test_a_new_game_starts_at_the_opening_roll_where_either_player_may_roll(stubs: Stubs) -> None:
    game = new_game(stubs)
    assert game.phase == K.PHASE_OPENING_ROLL
    listed = actions(stubs, game)
    assert set(listed.to_act) == {WHITE, BLACK}
    assert kinds(listed, WHITE) == kinds(listed, BLACK) == {K.ACTION_KIND_ROLL}


def test_the_opening_roll_winner_moves_first_with_both_dice_one_checker_at_a_time(stubs: Stubs) -> None:
    opened = roll(stubs, new_game(stubs), WHITE, 3, 1)
    assert event_kinds(opened.events) == [K.EVENT_KIND_OPENING_ROLL]
    game = opened.game
    assert (game.phase, game.turn, game.dice.die1, game.dice.die2) == (K.PHASE_MOVING, WHITE, 3, 1)
    listed = actions(stubs, game)
    moves = [a for a in listed.actions if a.kind == K.ACTION_KIND_MOVE]
    eight_five = next(a for a in moves if (a.move.from_point, a.move.to_point) == (8, 5))
    assert list(eight_five.dice_used) == [3] and list(eight_five.dice_left) == [1]
    # A whole-checker move over both dice is listed for drag and drop.
    assert any(len(a.steps) == 2 and a.move.from_point == 24 and a.move.to_point == 20 for a in moves)
    assert len(listed.plays) == 16 and K.ACTION_KIND_CONFIRM not in kinds(listed, WHITE)
    game = do(
        stubs, game, K.ACTION_KIND_MOVE, WHITE, move=board_pb2.CheckerMove(from_point=8, to_point=5)
    ).game
    assert list(actions(stubs, game).dice_left) == [1]
    game = do(
        stubs, game, K.ACTION_KIND_MOVE, WHITE, move=board_pb2.CheckerMove(from_point=6, to_point=5)
    ).game
    assert K.ACTION_KIND_CONFIRM in kinds(actions(stubs, game), WHITE)
    ended = do(stubs, game, K.ACTION_KIND_CONFIRM, WHITE)
    assert ended.game.phase == K.PHASE_BEFORE_ROLL and ended.game.turn == BLACK
    assert ended.game.board.points[4] == 2  # White's 5-point made


def test_an_action_not_allowed_now_is_a_failed_precondition_and_changes_nothing(stubs: Stubs) -> None:
    game = roll(stubs, new_game(stubs), WHITE, 3, 1).game
    error = failure(
        stubs.play.Act,
        pb.ActRequest(game=game, action=game_pb2.Action(kind=K.ACTION_KIND_DOUBLE, player=WHITE)),
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION
    error = failure(
        stubs.play.Act,
        pb.ActRequest(game=game, action=game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=BLACK)),
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION


def test_the_bot_plays_its_turn_and_hands_the_game_back(stubs: Stubs) -> None:
    game = roll(stubs, new_game(stubs), BLACK, 1, 4)
    request = pb.BotActRequest(game=game.game, level=bot_service_pb2.BOT_LEVEL_ADVANCED)
    answer = stubs.play.BotAct(request, timeout=30)
    assert [a.kind for a in answer.actions] == [K.ACTION_KIND_PLAY]
    assert answer.game.turn == WHITE and answer.game.phase == K.PHASE_BEFORE_ROLL
