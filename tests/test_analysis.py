"""The coach's report: every checker play and cube decision scored, rates, rating, luck, deadlines."""

from __future__ import annotations

import pytest

from gammond.engine.bot import Level, shipped_evaluator
from gammond.engine.bot.analysis import BLUNDER, DecisionKind, analyse_games
from gammond.engine.flow import Action, ActionKind, DiceSource, Game, apply_action, new_game
from gammond.engine.notation import parse_moves
from gammond.engine.players import Player
from gammond.engine.rules import RuleOptions

EVALUATOR = shipped_evaluator()
W, B = Player.WHITE, Player.BLACK


def _game(*steps: tuple[str, Player | None, object]) -> Game:
    """A 5-point match game acted out step by step with the client's dice."""
    game = new_game(RuleOptions.match(5), dice_source=DiceSource.CLIENT)
    for kind, player, value in steps:
        if kind == "roll":
            action = Action(ActionKind.ROLL, player or W, dice=value)  # type: ignore[arg-type]
        elif kind == "play":
            action = Action(ActionKind.PLAY, player, steps=tuple(parse_moves(str(value))))
        else:
            action = Action(ActionKind(kind), player)
        game, _ = apply_action(game, action)
    return game


def test_a_bad_opening_play_is_the_worst_decision_and_names_the_best() -> None:
    game = _game(
        ("roll", None, (3, 1)), ("play", W, "24/23 24/21"), ("roll", B, (4, 2)), ("play", B, "8/4 6/4")
    )
    review = analyse_games([game], EVALUATOR, Level.ADVANCED)
    first = review.decisions[0]
    assert (first.kind, first.player, first.played, first.best) == (
        DecisionKind.CHECKER,
        W,
        "24/23 24/21",
        "8/5 6/5",
    )
    assert first.error > 0.02
    assert review.worst[0] == first
    assert review.decisions[1].error == pytest.approx(0.0, abs=1e-9)
    white = review.stats[W]
    assert white.checker_decisions == white.unforced_checker == 1
    assert white.checker_rate == pytest.approx(1000 * first.error)
    assert white.performance_rating == pytest.approx(white.overall_rate / 2)


def test_dropping_an_early_double_is_a_big_cube_error() -> None:
    game = _game(("roll", None, (3, 1)), ("play", W, "8/5 6/5"), ("double", B, None), ("drop", W, None))
    review = analyse_games([game], EVALUATOR, Level.ADVANCED)
    double, answer = [d for d in review.decisions if d.kind is not DecisionKind.CHECKER]
    assert (double.kind, double.player, double.played, double.best) == (
        DecisionKind.DOUBLE,
        B,
        "double",
        "no double",
    )
    assert double.error > 0
    assert (answer.kind, answer.player, answer.played, answer.best) == (DecisionKind.TAKE, W, "pass", "take")
    assert answer.error > BLUNDER and answer.blunder
    assert review.stats[W].cube_decisions == 1 and review.stats[W].cube_rate > 1000 * BLUNDER
    assert review.worst[0] == answer


def test_luck_counts_every_roll_and_a_big_double_early_is_lucky() -> None:
    game = _game(
        ("roll", None, (3, 1)),
        ("play", W, "8/5 6/5"),
        ("roll", B, (6, 6)),
        ("play", B, "24/18 24/18 13/7 13/7"),
        ("roll", W, (2, 1)),
        ("play", W, "13/11 6/5"),
    )
    review = analyse_games([game], EVALUATOR, Level.ADVANCED)
    assert (review.stats[W].rolls, review.stats[B].rolls) == (2, 1)
    assert review.stats[B].luck > 0.1
    assert review.stats[W].luck < review.stats[B].luck


def test_a_stopped_analysis_says_it_is_incomplete() -> None:
    game = _game(("roll", None, (3, 1)), ("play", W, "24/23 24/21"))
    review = analyse_games([game], EVALUATOR, Level.ADVANCED, stop=lambda: True)
    assert not review.complete and review.decisions == ()


def test_progress_is_reported_after_each_decision() -> None:
    game = _game(("roll", None, (3, 1)), ("play", W, "8/5 6/5"), ("roll", B, (4, 2)), ("play", B, "8/4 6/4"))
    seen: list[tuple[int, int]] = []
    review = analyse_games(
        [game], EVALUATOR, Level.ADVANCED, progress=lambda done, total: seen.append((done, total))
    )
    assert [done for done, _ in seen] == list(range(1, len(review.decisions) + 1))
    assert all(total >= done for done, total in seen)
