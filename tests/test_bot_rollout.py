"""Rollouts: reproducible, honest about their error, and right where the answer is known exactly."""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from gammond.engine import GameOverError, InvalidRolloutError, Position
from gammond.engine.bot import HeuristicEvaluator, RolloutSettings, rollout, shipped_evaluator
from gammond.engine.bot.bearoff import exact_probabilities
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.rollout import RolloutResult, RolloutTally, first_rolls, rollout_part, trial_dice
from gammond.engine.bot.search import SearchStopped
from tests.support.compiled import compiled_kernel_in_use

# Small bear-offs, both sides home: few real choices, so the one-sided exact
# database is the true value of the race (see docs/model-card.md, Rollouts).
BEAR_OFFS = (
    ([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0]),
    ([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 0]),
    ([2, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 3]),
    ([0, 0, 0, 0, 2, 2], [1, 1, 1, 1, 0, 0]),
)


def bear_off(mine: list[int], theirs: list[int]) -> Position:
    return Position.from_sides(mine + [0] * 19, theirs + [0] * 19)


def exact_win(position: Position) -> float:
    mask, probs = exact_probabilities(np.array([position.board], dtype=np.int8))
    assert mask[0]
    return float(probs[0][0])


@pytest.mark.parametrize(("mine", "theirs"), BEAR_OFFS)
@pytest.mark.parametrize("truncate", [0, 2])
def test_a_bear_off_rollout_agrees_with_the_exact_odds_within_its_standard_error(
    mine: list[int], theirs: list[int], truncate: int
) -> None:
    position = bear_off(mine, theirs)
    result = rollout(position, shipped_evaluator(), RolloutSettings(trials=1296, seed=3, truncate=truncate))
    exact = exact_win(position)
    # Within two standard errors (a 95% interval), or exact where there was no luck left.
    assert abs(result.probabilities.win - exact) <= max(2 * result.errors.win, 1e-9), (exact, result)
    assert result.trials == 1296 and result.complete
    assert result.probabilities.win_gammon == result.probabilities.lose_gammon == 0.0


def test_the_same_seed_gives_the_same_rollout_and_another_seed_another() -> None:
    position = bear_off([0, 0, 0, 2, 2, 2], [0, 0, 2, 2, 2, 0])
    settings = RolloutSettings(trials=144, seed=7)
    first = rollout(position, HeuristicEvaluator(), settings)
    assert rollout(position, HeuristicEvaluator(), settings) == first
    assert rollout(position, HeuristicEvaluator(), RolloutSettings(trials=144, seed=8)) != first


def test_the_first_two_rolls_are_stratified_so_a_two_roll_race_is_exact() -> None:
    # Each side bears off in at most two rolls: 1,296 trials enumerate every pair of first rolls.
    position = bear_off([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0])
    result = rollout(position, shipped_evaluator(), RolloutSettings(trials=1296, seed=11))
    assert result.probabilities.win == pytest.approx(exact_win(position), abs=1e-4)


def test_standard_errors_shrink_as_trials_grow() -> None:
    position = bear_off([0, 0, 0, 2, 2, 2], [0, 0, 2, 2, 2, 0])
    few = rollout(position, HeuristicEvaluator(), RolloutSettings(trials=72, seed=2))
    many = rollout(position, HeuristicEvaluator(), RolloutSettings(trials=648, seed=2))
    assert 0 < many.errors.win < few.errors.win
    assert 0 < many.equity_error < few.equity_error


def stopped_at(position: Position, evaluator: Evaluator, asks: int) -> RolloutResult:
    """A rollout stopped at its ``asks``-th look at the clock: the rollout of just the trials it finished."""
    asked = iter(range(10_000))
    settings = RolloutSettings(trials=500, seed=1)
    stopped = rollout(position, evaluator, settings, stop=lambda: next(asked) >= asks)
    assert stopped.trials > 0 and not stopped.complete
    finished = rollout(position, evaluator, replace(settings, trials=stopped.trials))
    assert finished.probabilities == stopped.probabilities
    return stopped


def test_a_stopped_rollout_returns_the_trials_finished_marked_incomplete_and_drops_the_one_cut_short() -> (
    None
):
    position = bear_off([0, 0, 0, 2, 2, 2], [0, 0, 2, 2, 2, 0])
    # Asked before every half-move, not only between games: a game is cut in the middle.
    stopped = stopped_at(position, HeuristicEvaluator(), asks=40)
    assert 0 < stopped.trials < 40
    with pytest.raises(SearchStopped):
        rollout(position, HeuristicEvaluator(), RolloutSettings(trials=10), stop=lambda: True)


def test_progress_reports_the_result_so_far_every_few_trials() -> None:
    seen: list[int] = []
    position = bear_off([0, 0, 0, 2, 2, 2], [0, 0, 2, 2, 2, 0])
    rollout(
        position,
        HeuristicEvaluator(),
        RolloutSettings(trials=100, seed=1),
        progress=lambda partial: seen.append(partial.trials),
    )
    assert seen == [36, 72]


@pytest.mark.parametrize(
    ("settings", "named"),
    [({"trials": 0}, "trials"), ({"plies": 2}, "plies"), ({"truncate": -1}, "truncate")],
)
def test_settings_out_of_range_are_refused_naming_them(settings: dict[str, int], named: str) -> None:
    with pytest.raises(InvalidRolloutError, match=named):
        RolloutSettings(**settings)


def test_a_finished_game_cannot_be_rolled_out() -> None:
    with pytest.raises(GameOverError):
        rollout(bear_off([0] * 6, [1, 0, 0, 0, 0, 0]), HeuristicEvaluator(), RolloutSettings(trials=1))


def test_the_command_line_prints_each_probability_with_its_error() -> None:
    position = bear_off([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 0]).position_id()
    command = [sys.executable, "-m", "gammond.engine", "rollout", position, "--trials", "72", "--seed", "3"]
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.startswith(f"{position}: 72 trials, 0-ply, seed 3")
    assert [line.split()[0] for line in out.splitlines()[1:]] == [
        "win",
        "win",
        "win",
        "lose",
        "lose",
        "equity",
    ]
    assert all("+-" in line for line in out.splitlines()[1:])


def test_slices_of_trials_merge_into_the_whole_rollout() -> None:
    position = bear_off([0, 2, 1, 1, 0, 1], [1, 1, 1, 1, 1, 0])
    settings = RolloutSettings(trials=100, seed=9)
    evaluator = HeuristicEvaluator()
    whole = rollout(position, evaluator, settings)
    tally = RolloutTally()
    for first in range(0, 100, 36):
        tally = tally.merged(rollout_part(position, evaluator, settings, first, 36))
    sliced = tally.result(100)
    assert sliced.trials == whole.trials == 100 and sliced.complete
    assert sliced.probabilities.win == pytest.approx(whole.probabilities.win, abs=1e-12)
    assert sliced.equity_error == pytest.approx(whole.equity_error, abs=1e-12)


def test_a_slice_beyond_the_trials_plays_none_and_a_negative_one_is_refused() -> None:
    position = bear_off([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0])
    settings = RolloutSettings(trials=10)
    assert rollout_part(position, HeuristicEvaluator(), settings, 10, 36).trials == 0
    with pytest.raises(InvalidRolloutError, match="slice"):
        rollout_part(position, HeuristicEvaluator(), settings, -1, 5)


def test_taking_the_luck_out_leaves_a_bear_off_at_its_exact_odds_with_almost_no_error() -> None:
    # Both sides home: the evaluator is the exact database, so all that varies is luck.
    position = bear_off([0, 2, 1, 1, 0, 1], [1, 1, 1, 1, 1, 0])
    result = rollout(position, shipped_evaluator(), RolloutSettings(trials=72, seed=4, luck=True))
    assert result.probabilities.win == pytest.approx(exact_win(position), abs=3 * result.errors.win + 2e-3)
    assert result.errors.win < 1e-3


def test_taking_the_luck_out_of_a_contact_game_shrinks_the_error_and_keeps_the_answer() -> None:
    position = Position.starting()
    settings = RolloutSettings(trials=72, seed=6, truncate=8)
    plain = rollout(position, shipped_evaluator(), settings)
    lucky = rollout(position, shipped_evaluator(), replace(settings, luck=True))
    assert lucky.equity_error < plain.equity_error / 2
    gap = abs(lucky.equity - plain.equity)
    assert gap < 3 * math.hypot(lucky.equity_error, plain.equity_error)


def test_short_rollouts_see_every_reply_equally_often() -> None:
    # Each block of 36 trials gives every first roll and every reply once; 1,296 every pair.
    every_roll = sorted((a, b) for a in range(1, 7) for b in range(1, 7))
    for seed in (0, 5):
        pairs = [first_rolls(seed, trial) for trial in range(1296)]
        for block in range(0, 1296, 36):
            assert sorted(p[0] for p in pairs[block : block + 36]) == every_roll
            assert sorted(p[1] for p in pairs[block : block + 36]) == every_roll
        assert len(set(pairs)) == 1296


def five(p: Probabilities) -> list[float]:
    return [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]


@pytest.mark.parametrize("truncate", [0, 7])
@pytest.mark.parametrize(
    "position_id", ["4HPwATDgc/ABMA", "PvygMADvaACIJg", "+9kNAADfJSQxAA"], ids=["opening", "contact", "race"]
)
def test_plain_trials_played_in_the_compiled_kernel_give_the_python_rollout(
    truncate: int, position_id: str
) -> None:
    compiled_kernel_in_use("play_out", "every trial runs in Python")
    position = Position.from_id(position_id)
    settings = RolloutSettings(trials=40, seed=3, truncate=truncate)
    fast = rollout(position, shipped_evaluator(), settings)
    reference = rollout(position, shipped_evaluator(), settings, compiled_trials=False)
    assert fast.trials == reference.trials == 40 and fast.complete
    assert fast.equity == pytest.approx(reference.equity, abs=1e-9)
    assert five(fast.probabilities) == pytest.approx(five(reference.probabilities), abs=1e-9)
    assert five(fast.errors) == pytest.approx(five(reference.errors), abs=1e-9)


def test_a_compiled_rollout_stops_between_a_few_trials_with_those_it_finished() -> None:
    compiled_kernel_in_use("play_out", "every trial runs in Python")
    # Asked before each call of four trials.
    assert stopped_at(Position.starting(), shipped_evaluator(), asks=5).trials == 20


def test_each_trial_has_its_own_dice_after_the_stratified_first_two() -> None:
    dice = trial_dice(9, 40, 30)
    assert [tuple(row) for row in dice[:2].tolist()] == list(first_rolls(9, 40))
    assert dice.min() >= 1 and dice.max() <= 6
    assert (trial_dice(9, 40, 30) == dice).all()
    assert not (trial_dice(9, 41, 30)[2:] == dice[2:]).all()
    assert (trial_dice(9, 40, 12) == dice[:12]).all()
