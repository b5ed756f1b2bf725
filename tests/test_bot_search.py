"""Choosing plays: legality, consistent probabilities, levels, seeds and deadlines."""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

import pytest

from gammond.engine import InvalidLevelError, Position, legal_plays
from gammond.engine.bot import (
    LEVELS,
    Level,
    LevelSpec,
    Probabilities,
    analyse_play,
    best_play,
    budget_scale,
    evaluate_position,
    hint,
    rank_plays,
    shipped_evaluator,
)
from gammond.server.config import parse_config

EVALUATOR = shipped_evaluator()


def _positions(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions with their rolls from seeded random play, game ends included."""
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    position = Position.starting()
    while len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        found.append((position, dice))
        plays = legal_plays(position, dice)
        if not plays:
            position = position.flipped()
            continue
        after = rng.choice(plays).result
        position = Position.starting() if after.off == 15 else after.flipped()
    return found


def _consistent(p: Probabilities) -> bool:
    return (
        0.0 <= p.win_backgammon <= p.win_gammon <= p.win <= 1.0
        and 0.0 <= p.lose_backgammon <= p.lose_gammon <= 1.0 - p.win + 1e-12
    )


@pytest.mark.parametrize("level", [lv for lv in Level if LEVELS[lv].plies <= 1])
def test_the_bot_only_ever_returns_legal_plays(level: Level) -> None:
    for position, dice in _positions(40, seed=int(level)):
        chosen = best_play(position, dice, EVALUATOR, level, seed=7)
        legal = {p.result for p in legal_plays(position, dice)} or {position}
        assert chosen.play.result in legal


def test_every_ranked_play_is_legal_and_listed_once() -> None:
    for position, dice in _positions(25, seed=11):
        ranking = rank_plays(position, dice, EVALUATOR, Level.ADVANCED)
        results = [r.play.result for r in ranking.plays]
        legal = {p.result for p in legal_plays(position, dice)} or {position}
        assert len(results) == len(set(results)) == len(legal) and set(results) == legal


def test_evaluations_are_consistent_probabilities_at_every_depth() -> None:
    for position, _ in _positions(30, seed=12):
        if position.is_game_over():
            continue
        assert _consistent(evaluate_position(position, EVALUATOR, 0))
    for position, _ in _positions(3, seed=13):
        assert _consistent(evaluate_position(position, EVALUATOR, 1))


def test_ranked_plays_carry_consistent_probabilities_and_their_equity() -> None:
    for position, dice in _positions(15, seed=14):
        for ranked in rank_plays(position, dice, EVALUATOR, Level.EXPERT).plays:
            assert _consistent(ranked.probabilities)
            assert ranked.equity == pytest.approx(ranked.probabilities.equity)


def test_a_play_that_bears_off_the_last_checker_is_a_sure_win() -> None:
    last = Position.from_sides([1] + [0] * 24, [0] * 5 + [15] + [0] * 19)
    ranked = best_play(last, (6, 5), EVALUATOR, Level.EXPERT)
    assert ranked.probabilities.win == 1.0 and ranked.probabilities.win_gammon == 1.0


def _untimed(level: Level) -> LevelSpec:
    # Depth is what these tests check; on a loaded machine the level's time budget could cut it short.
    return replace(LEVELS[level], budget=math.inf)


def test_deeper_levels_search_deeper() -> None:
    position, dice = Position.starting(), (4, 3)
    plies = {
        lv: best_play(position, dice, EVALUATOR, _untimed(lv)).plies for lv in (Level.ADVANCED, Level.EXPERT)
    }
    assert plies == {Level.ADVANCED: 0, Level.EXPERT: 1}


def test_the_world_class_level_searches_two_ply() -> None:
    ranking = rank_plays(Position.starting(), (6, 2), EVALUATOR, _untimed(Level.WORLD_CLASS))
    assert ranking.complete and ranking.best.plies == 2


def _mean_loss(level: Level, samples: list[tuple[Position, tuple[int, int]]]) -> float:
    """Mean 0-ply equity given up by the level's choices, judged by the network itself."""
    total = 0.0
    for seed, (position, dice) in enumerate(samples):
        truth = {r.play.result: r.equity for r in rank_plays(position, dice, EVALUATOR, Level.ADVANCED).plays}
        chosen = best_play(position, dice, EVALUATOR, level, seed=seed).play.result
        total += max(truth.values()) - truth[chosen]
    return total / len(samples)


def test_the_noisy_levels_make_more_mistakes_the_lower_they_are() -> None:
    samples = [(p, d) for p, d in _positions(150, seed=15) if len(legal_plays(p, d)) > 1][:80]
    beginner, intermediate, advanced = (
        _mean_loss(lv, samples) for lv in (Level.BEGINNER, Level.INTERMEDIATE, Level.ADVANCED)
    )
    assert beginner > intermediate > advanced == 0.0


def test_a_seed_makes_the_deliberate_mistakes_repeatable() -> None:
    samples = [(p, d) for p, d in _positions(120, seed=16) if len(legal_plays(p, d)) > 3][:30]

    def choices(seed: int) -> list[Position]:
        return [best_play(p, d, EVALUATOR, Level.BEGINNER, seed=seed).play.result for p, d in samples]

    assert choices(1) == choices(1)
    assert choices(1) != choices(2)


def test_a_passed_deadline_still_answers_with_the_shallow_ranking() -> None:
    ranking = rank_plays(
        Position.starting(), (5, 2), EVALUATOR, Level.WORLD_CLASS, deadline=time.monotonic() - 1
    )
    assert not ranking.complete
    assert ranking.best.plies == 0
    assert ranking.best.play.result in {p.result for p in legal_plays(Position.starting(), (5, 2))}


def test_a_stop_request_cuts_a_search_short() -> None:
    ranking = rank_plays(Position.starting(), (5, 2), EVALUATOR, Level.EXPERT, stop=lambda: True)
    assert not ranking.complete


def test_an_unplayable_roll_gives_one_empty_play() -> None:
    # Both on the bar against a closed board: nothing moves.
    closed = Position.from_sides([0] * 24 + [2], [2] * 6 + [0] * 19)
    ranking = rank_plays(closed, (6, 6), EVALUATOR, Level.EXPERT)
    assert len(ranking.plays) == 1 and ranking.best.play.moves == ()


def test_an_unknown_level_is_refused_by_number() -> None:
    with pytest.raises(InvalidLevelError, match="9"):
        rank_plays(Position.starting(), (3, 1), EVALUATOR, 9)  # type: ignore[arg-type]


def test_a_level_spec_can_be_given_directly() -> None:
    ranking = rank_plays(Position.starting(), (3, 1), EVALUATOR, LevelSpec(plies=1, keep=(2,), margin=(1.0,)))
    assert [r.plies for r in ranking.plays[:3]] == [1, 1, 0]


def test_hints_rank_without_noise_and_can_be_cut_short() -> None:
    ranking = hint(Position.starting(), (6, 4), EVALUATOR, Level.BEGINNER, max_plays=3)
    equities = [r.equity for r in ranking.plays]
    assert len(equities) == 3 and equities == sorted(equities, reverse=True)


def test_the_best_play_loses_nothing_and_a_worse_one_loses_its_gap() -> None:
    position, dice = Position.starting(), (6, 4)
    ranking = hint(position, dice, EVALUATOR, Level.ADVANCED)
    best = analyse_play(position, dice, ranking.plays[0].play, EVALUATOR, Level.ADVANCED)
    worst = analyse_play(position, dice, ranking.plays[-1].play, EVALUATOR, Level.ADVANCED)
    assert best.equity_loss == 0.0 and best.rank == 1
    assert worst.equity_loss == pytest.approx(ranking.plays[0].equity - ranking.plays[-1].equity)
    assert worst.rank == len(ranking.plays)


def test_analysing_a_play_scores_it_as_deep_as_the_best() -> None:
    position, dice = Position.starting(), (6, 4)
    last = hint(position, dice, EVALUATOR, Level.ADVANCED).plays[-1].play
    analysis = analyse_play(position, dice, last, EVALUATOR, Level.EXPERT)
    assert analysis.played.plies == analysis.best.plies == 1
    assert analysis.equity_loss > 0


def test_the_budget_scale_multiplies_every_levels_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMMOND_BUDGET_SCALE", "2.5")
    assert budget_scale() == 2.5
    monkeypatch.delenv("GAMMOND_BUDGET_SCALE")
    assert budget_scale() == 1.0


@pytest.mark.parametrize("text", ["0", "-1", "fast", "nan", "inf"])
def test_a_budget_scale_that_is_not_a_positive_number_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setenv("GAMMOND_BUDGET_SCALE", text)
    with pytest.raises(InvalidLevelError, match="GAMMOND_BUDGET_SCALE"):
        budget_scale()
    with pytest.raises(SystemExit, match="GAMMOND_BUDGET_SCALE"):
        parse_config([])
