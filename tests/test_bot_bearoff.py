"""The one-sided bear-off database and exact odds when both sides are home."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gammond.engine import Position, legal_plays
from gammond.engine.bot.bearoff import POSITIONS, database, exact_probabilities, home_boards, rank
from tests.support.peers import require_peer


def _home(mine: list[int], theirs: list[int]) -> Position:
    return Position.from_sides(mine + [0] * 19, theirs + [0] * 19)


def _random_side(rng: random.Random, checkers: int) -> list[int]:
    side = [0] * 6
    for _ in range(checkers):
        side[rng.randrange(6)] += 1
    return side


def test_every_one_sided_position_has_its_own_index() -> None:
    rng = random.Random(1)
    sides = {tuple(_random_side(rng, rng.randint(0, 15))) for _ in range(3000)}
    indices = rank(np.array(sorted(sides)))
    assert len(set(indices.tolist())) == len(sides)
    assert indices.min() >= 0 and indices.max() < POSITIONS


def test_roll_distributions_are_distributions() -> None:
    db = database()
    assert np.allclose(db.off.sum(axis=1), 1.0)
    assert np.allclose(db.first.sum(axis=1), 1.0)


def test_one_or_two_checkers_on_low_points_come_off_in_one_roll() -> None:
    db = database()
    assert db.expected_rolls((2, 0, 0, 0, 0, 0)) == pytest.approx(1.0)
    assert db.expected_rolls((1, 1, 0, 0, 0, 0)) == pytest.approx(1.0)


def test_a_checker_more_never_takes_fewer_rolls() -> None:
    db = database()
    rng = random.Random(2)
    for _ in range(300):
        side = _random_side(rng, rng.randint(0, 14))
        more = list(side)
        more[rng.randrange(6)] += 1
        assert db.expected_rolls(more) >= db.expected_rolls(side) - 1e-4


def test_the_expected_rolls_follow_the_best_play_of_each_roll() -> None:
    # The Bellman equation of the database, checked against legal plays directly.
    db = database()
    rng = random.Random(3)
    for _ in range(40):
        side = _random_side(rng, rng.randint(1, 15))
        position = _home(side, [1, 0, 0, 0, 0, 0])
        total = 0.0
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                best = min(
                    db.expected_rolls(p.result.sides()[0][:6]) for p in legal_plays(position, (d1, d2))
                )
                total += best / 36
        assert db.expected_rolls(side) == pytest.approx(1.0 + total, abs=2e-3)


def test_only_boards_with_both_sides_home_are_scored_exactly() -> None:
    boards = np.array(
        [Position.starting().board, _home([3, 2, 0, 0, 0, 0], [0, 4, 0, 0, 0, 1]).board], dtype=np.int8
    )
    assert home_boards(boards).tolist() == [False, True]


def test_a_last_roll_is_won_by_the_rolls_that_bear_both_checkers_off() -> None:
    # On roll with checkers on the 6 and 5 points; the opponent is off next roll.
    position = _home([0, 0, 0, 0, 1, 1], [1, 0, 0, 0, 0, 0])
    mask, probs = exact_probabilities(np.array([position.board], dtype=np.int8))
    winners = sum(
        1
        for d1 in range(1, 7)
        for d2 in range(1, 7)
        if any(p.result.off == 15 for p in legal_plays(position, (d1, d2)))
    )
    assert mask.tolist() == [True]
    assert probs[0, 0] == pytest.approx(winners / 36, abs=1e-4)


def test_gammons_need_the_loser_to_have_nothing_off() -> None:
    fifteen = [0, 0, 0, 0, 0, 15]
    mask, probs = exact_probabilities(np.array([_home([1, 0, 0, 0, 0, 0], fifteen).board], dtype=np.int8))
    assert probs[0, 0] == pytest.approx(1.0) and probs[0, 1] == pytest.approx(1.0)
    _, probs = exact_probabilities(
        np.array([_home([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 14]).board], dtype=np.int8)
    )
    assert probs[0, 1] == 0.0


def test_probabilities_are_consistent_and_complementary_across_sides() -> None:
    rng = random.Random(4)
    for _ in range(200):
        a, b = _random_side(rng, rng.randint(1, 15)), _random_side(rng, rng.randint(1, 15))
        p = exact_probabilities(np.array([_home(a, b).board], dtype=np.int8))[1][0]
        assert 0.0 <= p[1] <= p[0] <= 1.0 and 0.0 <= p[3] <= 1.0 - p[0]
        assert p[2] == p[4] == 0.0


def test_race_odds_agree_with_gnu_backgammon() -> None:
    gnubg_nn = require_peer("gnubg_nn")
    rng = random.Random(5)
    for _ in range(100):
        a, b = _random_side(rng, rng.randint(1, 15)), _random_side(rng, rng.randint(1, 15))
        position = _home(a, b)
        mine, theirs = position.sides()
        expected = gnubg_nn.probabilities([list(theirs), list(mine)], 0)
        ours = exact_probabilities(np.array([position.board], dtype=np.int8))[1][0]
        assert ours[0] == pytest.approx(expected[0], abs=0.01)
