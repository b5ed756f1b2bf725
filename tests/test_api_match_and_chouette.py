"""MatchService and ChouetteService end to end over a real socket."""

from __future__ import annotations

import grpc

from backgammon.v1 import board_pb2, rules_pb2
from backgammon.v1 import chouette_service_pb2 as ch
from backgammon.v1 import match_service_pb2 as pb
from gammond.engine.chouette import Lineup, roll_off
from gammond.engine.dice import SeededRoller
from tests.support.server import failure

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK


def win(winner: int, kind: int = rules_pb2.RESULT_KIND_SINGLE, cube: int = 1) -> rules_pb2.GameResult:
    return rules_pb2.GameResult(
        winner=winner, kind=kind, cube_value=cube, ended=rules_pb2.GAME_END_PLAYED_OUT, points=kind * cube
    )


def test_the_worked_example_of_a_match_to_five(stubs) -> None:
    rules = rules_pb2.RuleOptions(match_length=5)
    first = stubs.match.RecordGame(pb.RecordGameRequest(rules=rules, game=win(WHITE)))
    second = stubs.match.RecordGame(
        pb.RecordGameRequest(
            rules=rules, match=first.match, game=win(BLACK, rules_pb2.RESULT_KIND_GAMMON, 2), games_played=1
        )
    )
    assert (second.match.white_score, second.match.black_score) == (1, 4) and second.match.crawford
    third = stubs.match.RecordGame(
        pb.RecordGameRequest(rules=rules, match=second.match, game=win(WHITE), games_played=2)
    )
    assert third.row.game == 3 and third.row.crawford and third.post_crawford
    assert (third.row.white_score, third.row.black_score) == (2, 4) and not third.match.crawford
    assert third.winner == board_pb2.COLOR_UNSPECIFIED
    last = stubs.match.RecordGame(
        pb.RecordGameRequest(rules=rules, match=third.match, game=win(BLACK), games_played=3)
    )
    assert last.winner == BLACK


def test_recording_after_the_match_is_over_is_a_failed_precondition(stubs) -> None:
    rules = rules_pb2.RuleOptions(match_length=3)
    over = rules_pb2.MatchState(white_score=3, black_score=1)
    error = failure(stubs.match.RecordGame, pb.RecordGameRequest(rules=rules, match=over, game=win(BLACK)))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "ILLEGAL_ACTION"


def test_a_result_whose_points_do_not_fit_names_the_game_field(stubs) -> None:
    bad = rules_pb2.GameResult(
        winner=WHITE,
        kind=rules_pb2.RESULT_KIND_GAMMON,
        cube_value=2,
        ended=rules_pb2.GAME_END_PLAYED_OUT,
        points=3,
    )
    error = failure(stubs.match.RecordGame, pb.RecordGameRequest(game=bad))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "game"
    error = failure(stubs.match.RecordGame, pb.RecordGameRequest(game=rules_pb2.GameResult()))
    assert error.field_violations[0][0] == "game.winner"


def test_a_seeded_line_up_is_the_engines_roll_off(stubs) -> None:
    names = ["ann", "bob", "cy", "dee"]
    response = stubs.chouette.LineUp(ch.LineUpRequest(players=names, seed=5))
    expected = roll_off(names, SeededRoller(5).die).lineup
    assert (response.lineup.box, response.lineup.captain, tuple(response.lineup.line)) == (
        expected.box,
        expected.captain,
        expected.line,
    )
    replay = stubs.chouette.LineUp(ch.LineUpRequest(rolls=response.rolls))
    assert replay.lineup == response.lineup


def test_a_line_up_needs_three_distinct_players_and_one_input_form(stubs) -> None:
    assert (
        failure(stubs.chouette.LineUp, ch.LineUpRequest(players=["a", "b"])).field_violations[0][0]
        == "players"
    )
    assert failure(stubs.chouette.LineUp, ch.LineUpRequest()).field_violations[0][0] == "players"
    rolls = [ch.PlayerRolls(player="a", dice=[3]), ch.PlayerRolls(player="a", dice=[4])]
    assert (
        failure(stubs.chouette.LineUp, ch.LineUpRequest(rolls=rolls)).field_violations[0][0]
        == "rolls[1].player"
    )


def test_settlement_pays_each_member_and_rotates_the_line_up(stubs) -> None:
    lineup = ch.Lineup(box="ann", captain="bob", line=["cy", "dee"])
    games = [
        ch.MemberGame(player="bob", result=win(WHITE, cube=2)),
        ch.MemberGame(player="cy", result=win(BLACK)),
        ch.MemberGame(player="dee", result=win(WHITE)),
    ]
    response = stubs.chouette.SettleChouette(
        ch.SettleChouetteRequest(lineup=lineup, box_color=WHITE, games=games)
    )
    payments = {(p.payer, p.payee): p.points for p in response.payments}
    assert payments == {("bob", "ann"): 2, ("ann", "cy"): 1, ("dee", "ann"): 1}
    nets = {n.player: n.net for n in response.nets}
    assert nets == {"ann": 2, "bob": -2, "cy": 1, "dee": -1}
    assert response.box_won
    expected = Lineup("ann", "cy", ("dee", "bob"))
    assert (response.next_lineup.box, response.next_lineup.captain, tuple(response.next_lineup.line)) == (
        expected.box,
        expected.captain,
        expected.line,
    )


def test_a_settlement_missing_a_member_names_the_games(stubs) -> None:
    lineup = ch.Lineup(box="ann", captain="bob", line=["cy"])
    games = [ch.MemberGame(player="bob", result=win(WHITE))]
    error = failure(
        stubs.chouette.SettleChouette, ch.SettleChouetteRequest(lineup=lineup, box_color=WHITE, games=games)
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "games"
