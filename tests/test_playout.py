"""Rollout trials in bulk (``gammond.engine.bot.playout``): the compiled loop against the Python one.

``play_out`` with the shipped evaluator runs in C (``kernel.play_out``); it
must play the same games as the Python reference loop, with the same dice,
to the same outcomes (float rounding aside).  Tests of the compiled module
skip when it is not built; the rest run on either path.
"""

from __future__ import annotations

import random
from functools import cache
from types import ModuleType

import numpy as np
import pytest

from gammond.engine import Position
from gammond.engine.bot import shipped_evaluator
from gammond.engine.bot.bearoff import database, rank_table
from gammond.engine.bot.neural import network_arrays
from gammond.engine.bot.playout import play_out
from gammond.engine.errors import InvalidRolloutError
from tests.support.compiled import compiled_kernel_in_use
from tests.support.positions import sample_positions

SEED = 17
TOLERANCE = 1e-9


@pytest.fixture(scope="module")
def ck() -> ModuleType:
    return compiled_kernel_in_use("play_out", "play_out runs its Python loop")


@cache
def boards() -> np.ndarray:
    played = [s.position.board for s in sample_positions(400, seed=SEED) if not s.position.is_game_over()]
    late = [b for b in played if sum(v for v in b if v > 0) < 15 or sum(-v for v in b if v < 0) < 15]
    rng = random.Random(SEED)
    # Contact positions from all stages, and late ones where games end within the dice given.
    return np.array(rng.sample(played, 12) + late[:12], dtype=np.int8)


def _dice(games: int, half_moves: int, seed: int = SEED) -> np.ndarray:
    return np.random.default_rng(seed).integers(1, 7, size=(games, half_moves, 2)).astype(np.uint8)


@pytest.mark.parametrize("half_moves", [0, 1, 2, 7, 60])
def test_the_compiled_play_out_plays_the_python_games(ck: ModuleType, half_moves: int) -> None:
    evaluator = shipped_evaluator()
    dice = _dice(len(boards()), half_moves)
    compiled = play_out(evaluator, boards(), dice)
    python = play_out(evaluator, boards(), dice, compiled=False)
    np.testing.assert_allclose(compiled, python, rtol=0, atol=TOLERANCE)


def test_no_dice_leaves_the_evaluators_own_view() -> None:
    evaluator = shipped_evaluator()
    np.testing.assert_allclose(
        play_out(evaluator, boards(), _dice(len(boards()), 0)), evaluator.evaluate_boards(boards()), atol=1e-6
    )


def test_a_game_played_to_the_end_scores_its_result_for_the_first_player() -> None:
    # White bears off its two checkers with a 2-1: a gammon, Black never having borne one off.
    white_wins = Position.from_sides([2] + [0] * 24, [0] * 12 + [15] + [0] * 12)
    # With a 2-1 White cannot bear a checker off its 6-point; Black then bears off its last.
    black_wins = Position.from_sides([0] * 5 + [15] + [0] * 19, [1] + [0] * 24)
    dice = np.array([[(2, 1), (2, 1), (2, 1)]] * 2, dtype=np.uint8)
    outcomes = play_out(shipped_evaluator(), np.array([white_wins.board, black_wins.board]), dice)
    np.testing.assert_allclose(outcomes[0], [1.0, 1.0, 0.0, 0.0, 0.0])
    np.testing.assert_allclose(outcomes[1], [0.0, 0.0, 0.0, 1.0, 0.0])


def test_the_same_dice_give_the_same_outcomes_and_other_dice_other_ones() -> None:
    evaluator = shipped_evaluator()
    first = play_out(evaluator, boards(), _dice(len(boards()), 30))
    assert np.array_equal(first, play_out(evaluator, boards(), _dice(len(boards()), 30)))
    assert not np.array_equal(first, play_out(evaluator, boards(), _dice(len(boards()), 30, seed=SEED + 1)))


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        (np.ones((3, 4, 2), dtype=np.uint8), "for 2 games"),
        (np.ones((2, 4, 3), dtype=np.uint8), r"\(games, half-moves, 2\)"),
        (np.full((2, 4, 2), 7, dtype=np.uint8), "1..6"),
        (np.zeros((2, 4, 2), dtype=np.uint8), "1..6"),
    ],
)
def test_dice_of_the_wrong_shape_or_faces_are_refused_by_name(dice: np.ndarray, message: str) -> None:
    with pytest.raises(InvalidRolloutError, match=message):
        play_out(shipped_evaluator(), boards()[:2], dice)


def _arguments(dice: object) -> list[object]:
    db = database()
    return [
        boards()[:2],
        *network_arrays(shipped_evaluator().network),
        *[None] * 12,
        db.off,
        db.first,
        rank_table(),
        dice,
        np.empty((2, 5)),
    ]


@pytest.mark.parametrize(
    ("dice", "error", "message"),
    [
        (np.full((2, 3, 2), 9, dtype=np.uint8), ValueError, "dice must be 1..6, got 9"),
        (np.ones(5, dtype=np.uint8), ValueError, "not two a half-move for each of 2 games"),
        (np.ones((2, 3, 2), dtype=np.float64), TypeError, "dice must hold uint8"),
        ("dice", TypeError, "dice must be a buffer"),
    ],
)
def test_the_kernel_refuses_bad_dice_buffers(ck: ModuleType, dice: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        ck.play_out(*_arguments(dice))


def test_the_kernel_checks_its_argument_count(ck: ModuleType) -> None:
    with pytest.raises(TypeError, match="play_out takes 22 arguments, got 21"):
        ck.play_out(*_arguments(np.ones((2, 1, 2), dtype=np.uint8))[:21])
