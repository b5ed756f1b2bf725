"""One ply of search in the compiled kernel against the Python search it replaces.

``GammondEvaluator.rolled_values`` (the kernel's ``rolled_values``) must give
what ``search.on_roll_values(boards, 1)`` gives through the Python path: the
same best reply to each roll, scored by the network or, both sides home, by
the bear-off database, averaged over the 21 rolls, to float rounding.
Tests of the compiled module skip when it is not built.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest

from gammond.engine import Position
from gammond.engine.bot import Level, rank_plays, shipped_evaluator
from gammond.engine.bot.batch import Boards, Probs
from gammond.engine.bot.bearoff import database, rank_table
from gammond.engine.bot.model import PRUNER, GammondEvaluator, load_evaluator
from gammond.engine.bot.neural import network_arrays, optional_arrays
from gammond.engine.bot.search import on_roll_values
from tests.support.compiled import compiled_kernel_in_use
from tests.support.positions import random_position, sample_positions

SEED = 13
# Sums of 21 rolls of float32-rounded network outputs, in another order.
TOLERANCE = 1e-6


@pytest.fixture(scope="module")
def ck() -> ModuleType:
    """The compiled kernel, in use: without it (or with GAMMOND_PURE_PYTHON=1) the search has no compiled ply."""
    return compiled_kernel_in_use("rolled_values", "the search runs its Python loop")


class PythonPath:
    """The shipped evaluator without its compiled ply: the search's Python loop runs."""

    def __init__(self, inner: GammondEvaluator) -> None:
        self.inner = inner
        self.name = inner.name
        # The same replies as the kernel's: ranked by the pruning network first, when there is one.
        self.pruner = inner.pruner

    def evaluate(self, positions):  # type: ignore[no-untyped-def]
        return self.inner.evaluate(positions)

    def evaluate_boards(self, boards: Boards) -> Probs:
        return self.inner.evaluate_boards(boards)


def _home_race(rng: random.Random) -> tuple[int, ...]:
    """Both sides all home: the bear-off database scores these exactly."""
    mine, theirs = [0] * 6, [0] * 6
    for side in (mine, theirs):
        for _ in range(rng.randint(1, 15)):
            side[rng.randrange(6)] += 1
    return Position.from_sides(mine + [0] * 19, theirs + [0] * 19).board


def _race(rng: random.Random) -> tuple[int, ...]:
    """No contact, not all home: the race network scores these."""
    split = rng.randint(7, 17)
    mine, theirs = [0] * 25, [0] * 25
    for _ in range(rng.randint(8, 15)):
        mine[rng.randrange(split)] += 1
    for _ in range(rng.randint(8, 15)):
        theirs[rng.randrange(24 - split)] += 1
    return Position.from_sides(mine, theirs).board


def _bearing_in_contact(rng: random.Random) -> tuple[int, ...]:
    """One side home or off, the other with a checker on the bar: the bearing network scores these."""
    bearer, other = [0] * 25, [0] * 25
    for _ in range(rng.randint(3, 15)):
        bearer[rng.randrange(6)] += 1
    other[24] = 1
    for _ in range(rng.randint(2, 10)):
        other[rng.randrange(6, 18)] += 1
    board = Position.from_sides(bearer, other).board
    return board if rng.random() < 0.5 else Position(board).flipped().board


@cache
def boards() -> list[tuple[int, ...]]:
    rng = random.Random(SEED)
    played = [s.position.board for s in sample_positions(150, seed=SEED) if not s.position.is_game_over()]
    raw = [random_position(rng).board for _ in range(60)]
    raw = [b for b in raw if not Position(b).is_game_over()]
    races = [_home_race(rng) for _ in range(40)] + [_race(rng) for _ in range(30)]
    races += [_bearing_in_contact(rng) for _ in range(30)]
    # White on the bar against a closed board: some rolls cannot be played.
    closed = Position.from_sides([0] * 24 + [2], [2, 2, 2, 2, 2, 2] + [0] * 19).board
    return played + raw + races + [closed]


def test_the_compiled_ply_equals_the_python_search_on_played_raw_race_and_bear_off_boards(
    ck: ModuleType,
) -> None:
    evaluator = shipped_evaluator()
    compiled = evaluator.rolled_values(np.array(boards(), dtype=np.int8))
    assert compiled is not None
    python = on_roll_values(PythonPath(evaluator), boards(), 1)
    np.testing.assert_allclose(compiled, python, rtol=0, atol=TOLERANCE)


def test_the_search_uses_the_compiled_ply_and_answers_as_before(ck: ModuleType) -> None:
    evaluator = shipped_evaluator()
    sample = boards()[:40]
    np.testing.assert_allclose(
        on_roll_values(evaluator, sample, 1),
        on_roll_values(PythonPath(evaluator), sample, 1),
        rtol=0,
        atol=TOLERANCE,
    )


@pytest.mark.parametrize("level", [Level.EXPERT, Level.WORLD_CLASS])
def test_a_deep_ranking_is_the_same_with_and_without_the_compiled_ply(ck: ModuleType, level: Level) -> None:
    evaluator = shipped_evaluator()
    for board in boards()[:6]:
        position = Position(board)
        fast = rank_plays(position, (6, 3), evaluator, level)
        slow = rank_plays(position, (6, 3), PythonPath(evaluator), level)
        if not (fast.complete and slow.complete):
            continue  # a budget cut the slower one short: nothing to compare
        assert [str(r.play) for r in fast.plays[:3]] == [str(r.play) for r in slow.plays[:3]]
        assert fast.best.equity == pytest.approx(slow.best.equity, abs=1e-5)


def test_threads_searching_at_once_each_get_the_python_answer(ck: ModuleType) -> None:
    evaluator = shipped_evaluator()
    chunks = [boards()[i : i + 10] for i in range(0, 80, 10)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda c: evaluator.rolled_values(np.array(c, dtype=np.int8)), chunks))
    for chunk, got in zip(chunks, results):
        np.testing.assert_allclose(
            got, on_roll_values(PythonPath(evaluator), chunk, 1), rtol=0, atol=TOLERANCE
        )


# -- bad arguments ----------------------------------------------------------------


def _arguments() -> list[object]:
    db = database()
    return [
        np.array(boards()[:2], dtype=np.int8),
        *network_arrays(shipped_evaluator().network),
        *network_arrays(load_evaluator("gammond-3").network),
        *optional_arrays(shipped_evaluator().race),
        *optional_arrays(shipped_evaluator().bearing),
        db.off,
        db.first,
        rank_table(),
        np.empty((2, 5)),
    ]


@pytest.mark.parametrize(
    ("slot", "value", "error", "message"),
    [
        (5, None, TypeError, "all be arrays or all be None"),
        (6, np.zeros(7, dtype=np.float32), ValueError, "w1 holds"),
        (9, None, TypeError, "rw1, rb1, rw2 and rb2 must all be arrays or all be None"),
        (10, np.zeros(0, dtype=np.float32), ValueError, "b1 holds 0 values"),
        (13, None, TypeError, "bw1, bb1, bw2 and bb2 must all be arrays or all be None"),
        (17, np.zeros((10, 32)), ValueError, "off holds 320 values"),
        (18, np.zeros((54264, 32), dtype=np.float32), TypeError, "first must hold float64"),
        (19, np.zeros((6, 16, 17), dtype=np.int32), TypeError, "rank must hold int64"),
        (19, np.zeros((6, 16, 16), dtype=np.int64), ValueError, "rank holds 1536 values"),
        (20, np.empty((3, 5)), ValueError, "out holds 15 values, not 10"),
    ],
)
def test_arguments_of_the_wrong_kind_or_size_are_refused(
    ck: ModuleType, slot: int, value: npt.NDArray[np.generic], error: type[Exception], message: str
) -> None:
    arguments = _arguments()
    arguments[slot] = value
    with pytest.raises(error, match=message):
        ck.rolled_values(*arguments)


def test_an_output_sharing_memory_with_the_database_is_refused(ck: ModuleType) -> None:
    arguments = _arguments()
    arguments[20] = np.array(arguments[17]).reshape(-1)[:10]  # a copy: not shared
    ck.rolled_values(*arguments)
    off = np.array(database().off)
    arguments[17] = off
    arguments[20] = off.reshape(-1)[:10]
    with pytest.raises(ValueError, match="shares memory"):
        ck.rolled_values(*arguments)


def test_a_wrong_number_of_arguments_is_a_type_error(ck: ModuleType) -> None:
    with pytest.raises(TypeError, match="21 arguments"):
        ck.rolled_values(*_arguments()[:20])


def test_without_a_pruning_network_the_compiled_ply_scores_every_reply(ck: ModuleType) -> None:
    evaluator = load_evaluator()
    assert evaluator.pruner is None and evaluator.race is None
    sample = np.array(boards()[:30], dtype=np.int8)
    arguments = _arguments()
    arguments[0], arguments[5:17], arguments[20] = sample, [None] * 12, np.empty((len(sample), 5))
    ck.rolled_values(*arguments)
    np.testing.assert_allclose(
        arguments[20], on_roll_values(PythonPath(evaluator), list(boards()[:30]), 1), rtol=0, atol=TOLERANCE
    )
    # Pruning changes a reply now and then, and never by much.
    pruned = load_evaluator(pruner=PRUNER).rolled_values(sample)
    assert pruned is not None
    assert np.abs(pruned - arguments[20]).max() < 0.05
