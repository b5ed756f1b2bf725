"""BotService end to end over a real socket."""

from __future__ import annotations

import grpc
import pytest

from backgammon.v1 import board_pb2, rules_pb2
from backgammon.v1 import bot_service_pb2 as pb
from gammond.engine import Position, legal_plays
from gammond.engine.bot import RolloutSettings, cube_evaluator, rollout, shipped_evaluator
from tests.support.server import dice, failure, start_position

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
LEVELS = [v.number for v in pb.BotLevel.DESCRIPTOR.values if v.number]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_with_a_legal_play(stubs, level) -> None:
    response = stubs.bot.BestPlay(pb.BestPlayRequest(position=start_position(), dice=dice(6, 4), level=level))
    assert response.best.play.notation in {str(p) for p in legal_plays(Position.starting(), (6, 4))}
    assert response.evaluator and response.best.plies <= 2


def test_hints_come_best_first_and_as_many_as_asked(stubs) -> None:
    request = pb.HintRequest(
        position=start_position(BLACK), dice=dice(4, 2), level=pb.BOT_LEVEL_ADVANCED, max_plays=3
    )
    plays = stubs.bot.Hint(request).plays
    assert len(plays) == 3
    assert [p.equity for p in plays] == sorted((p.equity for p in plays), reverse=True)
    for ranked in plays:
        odds = ranked.probabilities
        assert 0 <= odds.win_backgammon <= odds.win_gammon <= odds.win <= 1
        assert ranked.play.result.turn == WHITE


def test_all_hints_when_max_plays_is_zero(stubs) -> None:
    request = pb.HintRequest(position=start_position(), dice=dice(2, 1), level=pb.BOT_LEVEL_ADVANCED)
    assert len(stubs.bot.Hint(request).plays) == len(legal_plays(Position.starting(), (2, 1)))


def test_an_unplayable_roll_gets_the_empty_play(stubs) -> None:
    # Black holds 19..24, White's entry points; White has one on the bar.
    closed = board_pb2.Board(points=[0] * 5 + [14] + [0] * 12 + [-2] * 6, white_bar=1, black_off=3)
    position = board_pb2.PositionInput(position=board_pb2.Position(board=closed, turn=WHITE))
    response = stubs.bot.BestPlay(
        pb.BestPlayRequest(position=position, dice=dice(6, 5), level=pb.BOT_LEVEL_ADVANCED)
    )
    assert list(response.best.play.moves) == [] and response.best.play.notation == "(no play)"


def test_a_level_must_be_named(stubs) -> None:
    error = failure(stubs.bot.BestPlay, pb.BestPlayRequest(position=start_position(), dice=dice(6, 4)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "level"


def test_a_search_returns_by_the_deadline(stubs) -> None:
    # The expert level's 1-ply candidates are short enough to stop between.
    request = pb.HintRequest(position=start_position(), dice=dice(3, 3), level=pb.BOT_LEVEL_EXPERT)
    response = stubs.bot.Hint(request, timeout=0.5)
    assert response.plays


def test_the_cube_decision_respects_who_may_double(stubs) -> None:
    theirs = rules_pb2.CubeState(value=2, owner=rules_pb2.CUBE_OWNER_BLACK)
    context = rules_pb2.CubeContext(cube=theirs, turn=WHITE)
    response = stubs.bot.CubeDecision(pb.CubeDecisionRequest(position=start_position(), context=context))
    assert not response.may_double and response.advice == pb.CUBE_ADVICE_NO_DOUBLE
    centred = stubs.bot.CubeDecision(
        pb.CubeDecisionRequest(position=start_position(), context=rules_pb2.CubeContext(turn=WHITE))
    )
    assert centred.may_double and 0 < centred.probabilities.win < 1


def test_a_cube_decision_names_the_cube_network_and_a_hint_the_main_one(stubs, served) -> None:
    context = rules_pb2.CubeContext(turn=WHITE)
    cube = stubs.bot.CubeDecision(pb.CubeDecisionRequest(position=start_position(), context=context))
    hint = stubs.bot.Hint(
        pb.HintRequest(position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED)
    )
    assert cube.evaluator == cube_evaluator(served.evaluator).name
    assert hint.evaluator == served.evaluator.name
    if served.evaluator.name == shipped_evaluator().name:
        assert cube.evaluator == "cube-1" != hint.evaluator


def test_the_cube_context_must_agree_on_whose_turn_it_is(stubs) -> None:
    context = rules_pb2.CubeContext(turn=BLACK)
    error = failure(
        stubs.bot.CubeDecision, pb.CubeDecisionRequest(position=start_position(), context=context)
    )
    assert error.field_violations[0][0] == "context.turn"


def test_evaluation_of_a_won_position_is_certain(stubs) -> None:
    won = board_pb2.Board(points=[0] * 23 + [-15], white_off=15)
    position = board_pb2.PositionInput(position=board_pb2.Position(board=won, turn=BLACK))
    odds = stubs.bot.Evaluate(pb.EvaluateRequest(position=position)).probabilities
    assert odds.win == 0 and odds.lose_gammon == 1


def test_the_bots_own_best_play_loses_nothing_when_analysed(stubs) -> None:
    best = stubs.bot.Hint(
        pb.HintRequest(position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED, max_plays=1)
    ).plays[0]
    request = pb.AnalysePlayRequest(
        position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED, notation=best.play.notation
    )
    analysis = stubs.bot.AnalysePlay(request)
    assert analysis.rank == 1 and analysis.equity_loss == 0.0
    assert analysis.played.play.notation == analysis.best.play.notation == best.play.notation


def test_a_worse_play_is_charged_what_it_gives_up_against_the_best(stubs) -> None:
    ranked = stubs.bot.Hint(
        pb.HintRequest(position=start_position(), dice=dice(6, 5), level=pb.BOT_LEVEL_ADVANCED)
    ).plays
    worst = ranked[-1]
    analysis = stubs.bot.AnalysePlay(
        pb.AnalysePlayRequest(
            position=start_position(),
            dice=dice(6, 5),
            level=pb.BOT_LEVEL_ADVANCED,
            result=worst.play.result.board,
        )
    )
    assert analysis.rank > 1
    assert analysis.equity_loss == pytest.approx(ranked[0].equity - worst.equity, abs=1e-9)
    assert analysis.best.play.notation == ranked[0].play.notation


def test_analysing_an_illegal_play_fails_the_precondition(stubs) -> None:
    request = pb.AnalysePlayRequest(
        position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED, notation="24/22"
    )
    error = failure(stubs.bot.AnalysePlay, request)
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "ILLEGAL_PLAY"


def test_analysis_needs_a_play(stubs) -> None:
    request = pb.AnalysePlayRequest(position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED)
    error = failure(stubs.bot.AnalysePlay, request)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "play"


def _by_id(position_id: str) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(position_id=board_pb2.PositionId(id=position_id, turn=WHITE))


# White and Black both 1 away in a 7-point match: only winning counts.
DOUBLE_MATCH_POINT = rules_pb2.CubeContext(
    turn=WHITE,
    rules=rules_pb2.RuleOptions(match_length=7),
    match=rules_pb2.MatchState(white_score=6, black_score=6),
)


def test_the_best_play_at_double_match_point_gives_up_the_gammon_for_the_win(stubs) -> None:
    # For money 8/4 7/1* goes for the gammon; at double match point the safer play wins more often.
    request = pb.BestPlayRequest(
        position=_by_id("23gOAFC2uR0EAA"), dice=dice(6, 4), level=pb.BOT_LEVEL_ADVANCED
    )
    money = stubs.bot.BestPlay(request).best
    request.context.CopyFrom(DOUBLE_MATCH_POINT)
    match = stubs.bot.BestPlay(request).best
    assert (money.play.notation, match.play.notation) == ("8/4 7/1*", "13/7 8/4")
    assert match.probabilities.win > money.probabilities.win
    assert match.equity == pytest.approx(2 * match.probabilities.win - 1)


def test_hints_and_analysis_at_a_match_score_are_in_emg(stubs) -> None:
    position, roll = _by_id("23gOAFC2uR0EAA"), dice(6, 4)
    hints = stubs.bot.Hint(
        pb.HintRequest(position=position, dice=roll, level=pb.BOT_LEVEL_ADVANCED, context=DOUBLE_MATCH_POINT)
    ).plays
    assert [h.equity for h in hints] == pytest.approx([2 * h.probabilities.win - 1 for h in hints])
    analysis = stubs.bot.AnalysePlay(
        pb.AnalysePlayRequest(
            position=position,
            dice=roll,
            level=pb.BOT_LEVEL_ADVANCED,
            notation="8/4 7/1*",
            context=DOUBLE_MATCH_POINT,
        )
    )
    assert analysis.best.play.notation == "13/7 8/4"
    assert analysis.equity_loss == pytest.approx(hints[0].equity - analysis.played.equity)
    assert analysis.equity_loss > 0


def test_a_match_context_must_be_the_movers(stubs) -> None:
    context = rules_pb2.CubeContext(
        turn=BLACK, rules=rules_pb2.RuleOptions(match_length=7), match=rules_pb2.MatchState()
    )
    request = pb.BestPlayRequest(
        position=start_position(), dice=dice(6, 4), level=pb.BOT_LEVEL_ADVANCED, context=context
    )
    error = failure(stubs.bot.BestPlay, request)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "context.turn"


def test_a_finished_match_has_no_best_play(stubs) -> None:
    context = rules_pb2.CubeContext(
        turn=WHITE, rules=rules_pb2.RuleOptions(match_length=5), match=rules_pb2.MatchState(white_score=5)
    )
    request = pb.HintRequest(
        position=start_position(), dice=dice(6, 4), level=pb.BOT_LEVEL_EXPERT, context=context
    )
    error = failure(stubs.bot.Hint, request)
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION


# A small race, both sides home: quick to roll out.
RACE_ID = Position.from_sides([0, 2, 1, 1, 0, 1] + [0] * 19, [1, 1, 1, 1, 1, 0] + [0] * 19).position_id()


def test_a_rollout_streams_its_progress_then_the_engines_own_answer(stubs) -> None:
    request = pb.RolloutRequest(position=_by_id(RACE_ID), trials=108, seed=5, progress_every=36)
    messages = list(stubs.bot.Rollout(request))
    assert [m.trials_done for m in messages] == [36, 72, 108]
    assert [m.done for m in messages] == [False, False, True]
    last = messages[-1]
    assert last.complete and last.trials == 108 and last.evaluator
    expected = rollout(Position.from_id(RACE_ID), shipped_evaluator(), RolloutSettings(trials=108, seed=5))
    assert last.probabilities.win == pytest.approx(expected.probabilities.win, abs=1e-12)
    assert last.standard_errors.equity == pytest.approx(expected.equity_error, abs=1e-12)
    assert last.standard_errors.win > 0


def test_a_rollout_can_take_the_luck_out(stubs) -> None:
    request = pb.RolloutRequest(position=_by_id(RACE_ID), trials=36, seed=5, luck=True)
    (last,) = list(stubs.bot.Rollout(request))
    expected = rollout(
        Position.from_id(RACE_ID), shipped_evaluator(), RolloutSettings(trials=36, seed=5, luck=True)
    )
    assert last.probabilities.win == pytest.approx(expected.probabilities.win, abs=1e-12)
    # Both sides home: the database is exact, so with the luck out nothing is left to vary.
    assert last.standard_errors.win < 1e-3


def test_a_rollout_stops_at_the_deadline_with_the_trials_it_played(stubs) -> None:
    request = pb.RolloutRequest(position=start_position(), trials=1_000_000, progress_every=36)
    messages = list(stubs.bot.Rollout(request, timeout=2.0))
    last = messages[-1]
    assert last.done and not last.complete
    assert 0 < last.trials_done < 1_000_000 and last.trials == 1_000_000


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"trials": 2_000_000}, "trials"),
        ({"plies": 2}, "plies"),
        ({"truncate": 1001}, "truncate"),
        ({"trials": 72, "progress_every": 73}, "progress_every"),
    ],
)
def test_rollout_settings_out_of_range_are_invalid_argument_naming_the_field(stubs, fields, named) -> None:
    request = pb.RolloutRequest(position=start_position(), **fields)
    error = failure(lambda r, **kw: list(stubs.bot.Rollout(r, **kw)), request)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == named


def test_a_finished_game_has_nothing_to_roll_out(stubs) -> None:
    won = board_pb2.Board(points=[0] * 23 + [-15], white_off=15)
    position = board_pb2.PositionInput(position=board_pb2.Position(board=won, turn=BLACK))
    error = failure(
        lambda r, **kw: list(stubs.bot.Rollout(r, **kw)), pb.RolloutRequest(position=position, trials=36)
    )
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "GAME_OVER"
