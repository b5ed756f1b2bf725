"""The compiled network pass against the numpy reference.

``gammond.engine._ckernel.score_boards`` must give what
``gammond.engine.bot.neural.reference_scores`` gives: the network's outputs
to float32 rounding (it sums the hidden layer in another order, over the
inputs that are not zero), and finished games exactly.  Boards come from
seeded self-play and raw random boards; Hypothesis adds arbitrary int8
bytes, which the C code must survive (scripts/sanitize.sh runs this file).

Tests of the compiled module skip when it is not built.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammond.engine import kernel
from gammond.engine.bot.features import INPUTS, bearing, contact
from gammond.engine.bot.model import shipped_evaluator
from gammond.engine.bot.network import Network
from gammond.engine.bot.neural import network_arrays, optional_arrays, reference_scores, score_boards
from tests.support.positions import random_position, sample_positions

SEED = 12
FUZZ_EXAMPLES = int(os.environ.get("GAMMOND_FUZZ_EXAMPLES", "300"))
# float32 sums in another order: a few units in the 7th digit of a probability.
TOLERANCE = 2e-6
# Junk bytes make inputs up to 60 times bigger than any board's, and the rounding with them.
JUNK_TOLERANCE = 1e-4

Boards = npt.NDArray[np.int8]


@pytest.fixture(scope="module")
def ck() -> ModuleType:
    module: ModuleType = pytest.importorskip("gammond.engine._ckernel")
    return module


@cache
def boards() -> Boards:
    rng = random.Random(SEED)
    played = [s.position.board for s in sample_positions(2_000, seed=SEED)]
    raw = [random_position(rng).board for _ in range(2_000)]
    return np.array(played + raw, dtype=np.int8)


def compiled(
    ck: ModuleType,
    network: Network,
    batch: Boards,
    race: Network | None = None,
    bearing: Network | None = None,
) -> npt.NDArray[np.float64]:
    out = np.full((batch.shape[0], 5), np.nan)
    ck.score_boards(
        np.ascontiguousarray(batch),
        *network_arrays(network),
        *optional_arrays(race),
        *optional_arrays(bearing),
        out,
    )
    return out


def test_the_shipped_network_scores_as_the_reference_on_played_and_random_boards(ck: ModuleType) -> None:
    network = shipped_evaluator().network
    np.testing.assert_allclose(
        compiled(ck, network, boards()), reference_scores(network, boards()), rtol=0, atol=TOLERANCE
    )


@pytest.mark.parametrize("hidden", [1, 5, 16, 37, 80])
def test_any_hidden_width_scores_as_the_reference(ck: ModuleType, hidden: int) -> None:
    # Widths that are and are not whole blocks of the vector loop.
    network = Network.initial(INPUTS, hidden, seed=hidden)
    network.b1 += 0.1
    network.b2 -= 0.2
    batch = boards()[:500]
    np.testing.assert_allclose(
        compiled(ck, network, batch), reference_scores(network, batch), rtol=0, atol=TOLERANCE
    )


def _board(**counts: int) -> list[int]:
    """A raw board: ``p5=3`` puts 3 of the player on roll's checkers on point 5, ``p20=-14`` theirs."""
    board = [0] * 26
    for name, count in counts.items():
        board[int(name[1:])] = count
    return board


def test_finished_games_are_scored_exactly(ck: ModuleType) -> None:
    cases = {
        # The player on roll has borne all off: single, gammon, backgammon (one of theirs in our home).
        "won single": (_board(p20=-14), [1, 0, 0, 0, 0]),
        "won gammon": (_board(p20=-15), [1, 1, 0, 0, 0]),
        "won backgammon": (_board(p20=-14, p3=-1), [1, 1, 1, 0, 0]),
        # The other side has borne all off: the same from the losing side (our bar counts as stuck).
        "lost single": (_board(p5=14), [0, 0, 0, 0, 0]),
        "lost gammon": (_board(p5=15), [0, 0, 0, 1, 0]),
        "lost backgammon": (_board(p5=14, p25=1), [0, 0, 0, 1, 1]),
    }
    batch = np.array([board for board, _ in cases.values()], dtype=np.int8)
    expected = np.array([outcome for _, outcome in cases.values()], dtype=np.float64)
    network = shipped_evaluator().network
    np.testing.assert_array_equal(compiled(ck, network, batch), expected)
    np.testing.assert_array_equal(reference_scores(network, batch), expected)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None)
@given(st.lists(st.binary(min_size=26, max_size=26), min_size=1, max_size=8))
def test_any_int8_bytes_score_as_the_reference_does(raw: list[bytes]) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    batch = np.frombuffer(b"".join(raw), dtype=np.int8).reshape(-1, 26)
    network = shipped_evaluator().network
    np.testing.assert_allclose(
        compiled(ck, network, batch), reference_scores(network, batch), rtol=0, atol=JUNK_TOLERANCE
    )


def test_threads_scoring_at_once_each_get_the_reference_answer(ck: ModuleType) -> None:
    network = shipped_evaluator().network
    chunks = np.array_split(boards(), 8)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda b: compiled(ck, network, b), chunks))
    for chunk, got in zip(chunks, results):
        np.testing.assert_allclose(got, reference_scores(network, chunk), rtol=0, atol=TOLERANCE)


def test_the_evaluator_uses_the_compiled_pass_when_it_is_built(ck: ModuleType) -> None:
    if kernel.score_boards is None:
        pytest.skip("GAMMOND_PURE_PYTHON=1: the evaluator runs the numpy reference")
    network = shipped_evaluator().network
    np.testing.assert_array_equal(score_boards(network, boards()[:50]), compiled(ck, network, boards()[:50]))


def test_an_empty_batch_writes_nothing(ck: ModuleType) -> None:
    out = np.empty((0, 5))
    network = network_arrays(shipped_evaluator().network)
    assert ck.score_boards(np.empty((0, 26), dtype=np.int8), *network, *[None] * 8, out) is None


def test_a_race_network_scores_the_races_and_only_them_as_the_reference_does(ck: ModuleType) -> None:
    # A race network of its own width: the kernel's scratch must fit the wider of the two.
    network, race = shipped_evaluator().network, Network.initial(INPUTS, 200, seed=3)
    batch = boards()
    got = compiled(ck, network, batch, race)
    np.testing.assert_allclose(got, reference_scores(network, batch, race), rtol=0, atol=TOLERANCE)
    racing = ~contact(batch)
    assert 50 < racing.sum() < len(batch) - 50
    np.testing.assert_array_equal(got[~racing], compiled(ck, network, batch[~racing]))
    live = racing & (np.abs(batch).sum(axis=1) > 10)
    assert not np.allclose(got[live], compiled(ck, network, batch[live]), atol=1e-3)


def test_a_bearing_network_scores_the_bear_offs_in_contact_and_only_them_as_the_reference_does(
    ck: ModuleType,
) -> None:
    # Three widths: the scratch must fit the widest, and each network its own w2t.
    network, race = shipped_evaluator().network, Network.initial(INPUTS, 200, seed=3)
    bearing_net = Network.initial(INPUTS, 450, seed=4)
    batch = boards()
    got = compiled(ck, network, batch, race, bearing_net)
    np.testing.assert_allclose(
        got, reference_scores(network, batch, race, bearing_net), rtol=0, atol=TOLERANCE
    )
    off_home = bearing(batch)
    assert 50 < off_home.sum() < len(batch) - 50
    np.testing.assert_array_equal(got[~off_home], compiled(ck, network, batch[~off_home], race))
    live = off_home & (np.abs(batch).sum(axis=1) > 10)
    assert not np.allclose(got[live], compiled(ck, network, batch[live], race), atol=1e-3)


# -- bad arguments ----------------------------------------------------------------


def _arguments(hidden: int = 8) -> list[object]:
    network = Network.initial(INPUTS, hidden, seed=1)
    return [np.zeros((2, 26), dtype=np.int8), *network_arrays(network), *[None] * 8, np.empty((2, 5))]


@pytest.mark.parametrize(
    ("slot", "value", "error", "message"),
    [
        (1, np.zeros((INPUTS, 8), dtype=np.float64), TypeError, "w1 must hold float32"),
        (1, np.zeros((INPUTS - 1, 8), dtype=np.float32), ValueError, "w1 holds"),
        (2, np.zeros(0, dtype=np.float32), ValueError, "b1 holds 0 values"),
        (3, np.zeros((8, 4), dtype=np.float32), ValueError, "w2 holds 32 values, not 40"),
        (4, np.zeros(6, dtype=np.float32), ValueError, "b2 holds 6 values, not 5"),
        (1, np.zeros((8, INPUTS), dtype=np.float32).T, ValueError, "w1 must be C-contiguous"),
        (13, np.empty((3, 5)), ValueError, "out holds 15 values, not 10"),
        (13, np.empty((2, 5), dtype=np.float32), TypeError, "out must hold float64"),
        (13, bytes(80), TypeError, "writable"),
        (5, np.zeros((INPUTS, 8), dtype=np.float32), TypeError, "rw1, rb1, rw2 and rb2 must all be"),
        (9, np.zeros((INPUTS, 8), dtype=np.float32), TypeError, "bw1, bb1, bw2 and bb2 must all be"),
        (0, np.zeros((2, 26), dtype=np.int16), TypeError, "int8 items"),
    ],
)
def test_arguments_of_the_wrong_kind_or_size_are_refused(
    ck: ModuleType, slot: int, value: object, error: type[Exception], message: str
) -> None:
    arguments = _arguments()
    arguments[slot] = value
    with pytest.raises(error, match=message):
        ck.score_boards(*arguments)


def test_an_output_sharing_memory_with_the_weights_is_refused(ck: ModuleType) -> None:
    arguments = _arguments()
    w1 = arguments[1]
    assert isinstance(w1, np.ndarray)
    arguments[13] = w1.view(np.float64).reshape(-1)[:10]
    with pytest.raises(ValueError, match="shares memory"):
        ck.score_boards(*arguments)


def test_a_wrong_number_of_arguments_is_a_type_error(ck: ModuleType) -> None:
    with pytest.raises(TypeError, match="14 arguments"):
        ck.score_boards(*_arguments()[:13])
