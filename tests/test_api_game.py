"""GameService end to end over a real socket: every RPC and its error paths."""

from __future__ import annotations

import grpc
import pytest

from backgammon.v1 import board_pb2, rules_pb2
from backgammon.v1 import game_service_pb2 as pb
from gammond.engine import Position, legal_plays
from tests.support.server import dice, failure, start_position

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK


def board(
    white: dict[int, int], black: dict[int, int], white_bar: int = 0, black_bar: int = 0
) -> board_pb2.Board:
    """A wire board from point -> count maps in the fixed numbering."""
    points = [white.get(p, 0) - black.get(p, 0) for p in range(1, 25)]
    return board_pb2.Board(
        points=points,
        white_bar=white_bar,
        black_bar=black_bar,
        white_off=15 - sum(white.values()) - white_bar,
        black_off=15 - sum(black.values()) - black_bar,
    )


def at(b: board_pb2.Board, turn: int) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(position=board_pb2.Position(board=b, turn=turn))


def moves(play: board_pb2.Play) -> list[tuple[int, int]]:
    return [(m.from_point, m.to_point) for m in play.moves]


def test_the_server_lists_the_same_plays_as_the_engine(stubs) -> None:
    response = stubs.game.ListLegalPlays(pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1)))
    expected = [str(p) for p in legal_plays(Position.starting(), (3, 1))]
    assert [p.notation for p in response.plays] == expected


def test_black_moves_are_numbered_from_whites_side_and_notated_from_blacks(stubs) -> None:
    response = stubs.game.ListLegalPlays(
        pb.ListLegalPlaysRequest(position=start_position(BLACK), dice=dice(3, 1))
    )
    play = next(p for p in response.plays if p.notation == "8/5 6/5")
    # Black's 8, 6 and 5 points are White's 17, 19 and 20.
    assert sorted(moves(play)) == [(17, 20), (19, 20)]
    assert play.result.turn == WHITE and play.result.board.points[19] == -2


def test_bar_and_off_are_the_points_just_outside_each_players_path(stubs) -> None:
    white = stubs.game.ListLegalPlays(
        pb.ListLegalPlaysRequest(
            position=at(board({1: 1, 6: 13}, {24: 15}, white_bar=1), WHITE), dice=dice(3, 1)
        )
    )
    assert all(play.moves[0].from_point == 25 for play in white.plays)
    black = stubs.game.ListLegalPlays(
        pb.ListLegalPlaysRequest(position=at(board({6: 15}, {24: 14, 23: 1}), BLACK), dice=dice(1, 2))
    )
    assert any((23, 25) in moves(play) or (24, 25) in moves(play) for play in black.plays)


def test_an_xgid_can_carry_the_dice(stubs) -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    response = stubs.game.ListLegalPlays(
        pb.ListLegalPlaysRequest(position=board_pb2.PositionInput(xgid=xgid))
    )
    expected = [str(p) for p in legal_plays(Position.starting(), (5, 2))]
    assert [p.notation for p in response.plays] == expected


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (pb.ListLegalPlaysRequest(position=start_position()), "dice"),
        (pb.ListLegalPlaysRequest(position=start_position(), dice=dice(7, 1)), "dice.die1"),
        (pb.ListLegalPlaysRequest(dice=dice(3, 1)), "position"),
        (
            pb.ListLegalPlaysRequest(position=start_position(board_pb2.COLOR_UNSPECIFIED), dice=dice(3, 1)),
            "position.position_id.turn",
        ),
        (
            pb.ListLegalPlaysRequest(
                position=board_pb2.PositionInput(
                    position_id=board_pb2.PositionId(id="not an id", turn=WHITE)
                ),
                dice=dice(3, 1),
            ),
            "position.position_id.id",
        ),
        (
            pb.ListLegalPlaysRequest(position=at(board_pb2.Board(points=[0] * 23), WHITE), dice=dice(3, 1)),
            "position.position.board.points",
        ),
        (
            pb.ListLegalPlaysRequest(
                position=at(board_pb2.Board(points=[1] + [0] * 23), WHITE), dice=dice(3, 1)
            ),
            "position.position.board.white_off",
        ),
        (
            pb.ListLegalPlaysRequest(position=board_pb2.PositionInput(xgid="XGID=nonsense"), dice=dice(3, 1)),
            "position.xgid",
        ),
    ],
)
def test_malformed_input_is_invalid_argument_naming_the_field(stubs, request_, field) -> None:
    error = failure(stubs.game.ListLegalPlays, request_)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in error.field_violations] == [field]


def test_a_finished_game_has_no_plays(stubs) -> None:
    over = at(board({}, {24: 15}), BLACK)
    error = failure(stubs.game.ListLegalPlays, pb.ListLegalPlaysRequest(position=over, dice=dice(3, 1)))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "GAME_OVER"


def test_an_interactive_turn_offers_the_next_moves_until_complete(stubs) -> None:
    first = stubs.game.ListNextMoves(pb.ListNextMovesRequest(position=start_position(), dice=dice(3, 1)))
    assert (8, 5) in [(m.from_point, m.to_point) for m in first.moves] and not first.complete
    made = [board_pb2.CheckerMove(from_point=8, to_point=5)]
    second = stubs.game.ListNextMoves(
        pb.ListNextMovesRequest(position=start_position(), dice=dice(3, 1), made=made)
    )
    assert (6, 5) in [(m.from_point, m.to_point) for m in second.moves]
    assert second.position.board.points[4] == 1 and second.position.turn == WHITE
    made.append(board_pb2.CheckerMove(from_point=6, to_point=5))
    done = stubs.game.ListNextMoves(
        pb.ListNextMovesRequest(position=start_position(), dice=dice(3, 1), made=made)
    )
    assert done.complete and list(done.moves) == [] and done.plays_left == 1


def test_a_move_outside_every_legal_play_is_a_failed_precondition(stubs) -> None:
    made = [board_pb2.CheckerMove(from_point=6, to_point=2)]
    error = failure(
        stubs.game.ListNextMoves,
        pb.ListNextMovesRequest(position=start_position(), dice=dice(3, 1), made=made),
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "ILLEGAL_PLAY"


def test_a_play_by_notation_moves_or_result_is_the_same_play(stubs) -> None:
    by_text = stubs.game.ApplyPlay(
        pb.ApplyPlayRequest(position=start_position(BLACK), dice=dice(3, 1), notation="8/5 6/5")
    )
    by_moves = stubs.game.ApplyPlay(
        pb.ApplyPlayRequest(
            position=start_position(BLACK),
            dice=dice(3, 1),
            moves=board_pb2.CheckerMoves(moves=by_text.play.moves),
        )
    )
    by_result = stubs.game.ApplyPlay(
        pb.ApplyPlayRequest(
            position=start_position(BLACK), dice=dice(3, 1), result=by_text.next_position.board
        )
    )
    assert by_text == by_moves == by_result
    assert by_text.next_position.turn == WHITE and not by_text.HasField("result")


def test_an_illegal_play_is_a_failed_precondition_naming_the_play(stubs) -> None:
    error = failure(
        stubs.game.ApplyPlay,
        pb.ApplyPlayRequest(position=start_position(), dice=dice(3, 1), notation="24/22"),
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason == "ILLEGAL_PLAY" and "24/22" in error.message


def test_a_play_without_any_form_names_the_play_field(stubs) -> None:
    error = failure(stubs.game.ApplyPlay, pb.ApplyPlayRequest(position=start_position(), dice=dice(3, 1)))
    assert error.field_violations[0][0] == "play"


def test_the_winning_play_reports_a_gammon_times_the_cube(stubs) -> None:
    cube = rules_pb2.CubeState(value=2, owner=rules_pb2.CUBE_OWNER_BLACK)
    response = stubs.game.ApplyPlay(
        pb.ApplyPlayRequest(
            position=at(board({1: 1}, {24: 15}), WHITE), dice=dice(2, 1), notation="1/off", cube=cube
        )
    )
    result = response.result
    assert result.winner == WHITE and result.kind == rules_pb2.RESULT_KIND_GAMMON
    assert result.cube_value == 2 and result.points == 4 and result.ended == rules_pb2.GAME_END_PLAYED_OUT


def test_no_play_while_a_double_awaits_an_answer(stubs) -> None:
    pending = rules_pb2.CubeState(
        value=1,
        owner=rules_pb2.CUBE_OWNER_CENTERED,
        pending=rules_pb2.CubeOffer(action=rules_pb2.CUBE_ACTION_DOUBLE, offered_by=WHITE),
    )
    error = failure(
        stubs.game.ApplyPlay,
        pb.ApplyPlayRequest(position=start_position(), dice=dice(3, 1), notation="8/5 6/5", cube=pending),
    )
    assert error.reason == "CUBE_OFFER_PENDING"


def context(**kwargs: object) -> rules_pb2.CubeContext:
    return rules_pb2.CubeContext(turn=WHITE, **kwargs)  # type: ignore[arg-type]


def test_only_the_player_on_turn_may_double_a_centred_cube(stubs) -> None:
    mine = stubs.game.ListCubeActions(pb.ListCubeActionsRequest(context=context(), player=WHITE))
    theirs = stubs.game.ListCubeActions(pb.ListCubeActionsRequest(context=context(), player=BLACK))
    assert list(mine.actions) == [rules_pb2.CUBE_ACTION_DOUBLE] and list(theirs.actions) == []


def test_a_taken_double_gives_the_taker_the_cube_and_a_drop_ends_the_game(stubs) -> None:
    doubled = stubs.game.ApplyCubeAction(
        pb.ApplyCubeActionRequest(context=context(), player=WHITE, action=rules_pb2.CUBE_ACTION_DOUBLE)
    )
    assert doubled.cube.pending.action == rules_pb2.CUBE_ACTION_DOUBLE
    taken = stubs.game.ApplyCubeAction(
        pb.ApplyCubeActionRequest(
            context=context(cube=doubled.cube), player=BLACK, action=rules_pb2.CUBE_ACTION_TAKE
        )
    )
    assert taken.cube.value == 2 and taken.cube.owner == rules_pb2.CUBE_OWNER_BLACK
    dropped = stubs.game.ApplyCubeAction(
        pb.ApplyCubeActionRequest(
            context=context(cube=doubled.cube), player=BLACK, action=rules_pb2.CUBE_ACTION_DROP
        )
    )
    assert dropped.result.winner == WHITE and dropped.result.points == 1
    assert dropped.result.ended == rules_pb2.GAME_END_DOUBLE_DROPPED


def test_taking_without_an_offer_is_an_illegal_cube_action(stubs) -> None:
    error = failure(
        stubs.game.ApplyCubeAction,
        pb.ApplyCubeActionRequest(context=context(), player=BLACK, action=rules_pb2.CUBE_ACTION_TAKE),
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "ILLEGAL_CUBE_ACTION"


def test_the_crawford_game_refuses_a_double(stubs) -> None:
    crawford = context(
        rules=rules_pb2.RuleOptions(match_length=5), match=rules_pb2.MatchState(white_score=4, crawford=True)
    )
    error = failure(
        stubs.game.ApplyCubeAction,
        pb.ApplyCubeActionRequest(context=crawford, player=WHITE, action=rules_pb2.CUBE_ACTION_DOUBLE),
    )
    assert error.reason == "ILLEGAL_CUBE_ACTION" and "Crawford" in error.message


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (pb.ApplyCubeActionRequest(context=context(), player=WHITE), "action"),
        (
            pb.ApplyCubeActionRequest(
                context=context(cube=rules_pb2.CubeState(value=3, owner=rules_pb2.CUBE_OWNER_WHITE)),
                player=WHITE,
                action=rules_pb2.CUBE_ACTION_DOUBLE,
            ),
            "context.cube",
        ),
        (
            pb.ApplyCubeActionRequest(
                context=context(cube=rules_pb2.CubeState(value=2)),
                player=WHITE,
                action=rules_pb2.CUBE_ACTION_DOUBLE,
            ),
            "context.cube.owner",
        ),
        (
            pb.ApplyCubeActionRequest(
                context=context(rules=rules_pb2.RuleOptions(match_length=5, jacoby=True)),
                player=WHITE,
                action=rules_pb2.CUBE_ACTION_DOUBLE,
            ),
            "context.rules",
        ),
        (
            pb.ApplyCubeActionRequest(
                context=rules_pb2.CubeContext(), player=WHITE, action=rules_pb2.CUBE_ACTION_DOUBLE
            ),
            "context.turn",
        ),
    ],
)
def test_malformed_cube_requests_name_the_field(stubs, request_, field) -> None:
    error = failure(stubs.game.ApplyCubeAction, request_)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in error.field_violations] == [field]


def test_an_accepted_resignation_ends_the_game_at_its_kind_times_the_cube(stubs) -> None:
    offer = rules_pb2.Resignation(by=BLACK, kind=rules_pb2.RESULT_KIND_GAMMON)
    cube = rules_pb2.CubeState(value=2, owner=rules_pb2.CUBE_OWNER_WHITE)
    offered = stubs.game.OfferResignation(pb.OfferResignationRequest(offer=offer, to_act=BLACK, cube=cube))
    accepted = stubs.game.AcceptResignation(
        pb.AcceptResignationRequest(offer=offered.offer, player=WHITE, cube=cube)
    )
    assert accepted.result.winner == WHITE and accepted.result.points == 4
    assert accepted.result.ended == rules_pb2.GAME_END_RESIGNED
    stubs.game.RejectResignation(pb.RejectResignationRequest(offer=offered.offer, player=WHITE))


def test_only_the_opponent_may_answer_a_resignation(stubs) -> None:
    offer = rules_pb2.Resignation(by=BLACK, kind=rules_pb2.RESULT_KIND_SINGLE)
    error = failure(stubs.game.AcceptResignation, pb.AcceptResignationRequest(offer=offer, player=BLACK))
    assert error.reason == "ILLEGAL_ACTION"
    error = failure(stubs.game.OfferResignation, pb.OfferResignationRequest(offer=offer, to_act=WHITE))
    assert error.reason == "ILLEGAL_ACTION"


def test_a_finished_game_scores_its_backgammon(stubs) -> None:
    final = at(board({}, {3: 1, 24: 14}), BLACK)
    response = stubs.game.ScoreGame(pb.ScoreGameRequest(position=final))
    assert response.result.winner == WHITE and response.result.kind == rules_pb2.RESULT_KIND_BACKGAMMON
    assert response.result.points == 3


def test_scoring_a_game_still_in_play_is_a_failed_precondition(stubs) -> None:
    error = failure(stubs.game.ScoreGame, pb.ScoreGameRequest(position=start_position()))
    assert error.reason == "GAME_NOT_OVER"


def test_every_answer_carries_the_callers_request_id(stubs) -> None:
    _, call = stubs.game.ListLegalPlays.with_call(
        pb.ListLegalPlaysRequest(position=start_position(), dice=dice(6, 5)),
        metadata=(("x-request-id", "test-42"),),
    )
    assert ("x-request-id", "test-42") in list(call.trailing_metadata())


def test_a_refused_call_carries_the_request_id_beside_its_details(stubs) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        stubs.game.ListLegalPlays(
            pb.ListLegalPlaysRequest(position=start_position(), dice=dice(6, 9)),
            metadata=(("x-request-id", "test-43"),),
        )
    trailers = dict(caught.value.trailing_metadata())  # type: ignore[attr-defined]
    assert trailers["x-request-id"] == "test-43"
    assert "grpc-status-details-bin" in trailers


def test_a_call_without_a_request_id_gets_a_fresh_one_each_time(stubs) -> None:
    request = pb.ListLegalPlaysRequest(position=start_position(), dice=dice(6, 5))
    ids = {
        dict(stubs.game.ListLegalPlays.with_call(request)[1].trailing_metadata())["x-request-id"]
        for _ in range(3)
    }
    assert len(ids) == 3
