"""The compiled network-input encoder against the numpy reference.

``gammond.engine._ckernel.encode_features`` must write what
``gammond.engine.bot.features._encode_numpy`` returns: every input bit for bit,
except the shot chance, which the reference sums in a float32 BLAS dot
product and may differ in its last bits.  Boards come from seeded
self-play and from raw random boards (bars, bear-offs, races); Hypothesis
adds arbitrary int8 bytes, which the C code must survive (the sanitizer
build in tools/sanitize.sh runs this file too).

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

from gammond.engine import Position, kernel
from gammond.engine.bot import features
from gammond.engine.bot.features import INPUTS, SIDE_INPUTS, _encode_numpy, encode
from tests.support.positions import random_position, sample_positions

SEED = 11
SELF_PLAY = 3_000
RAW = 3_000
FUZZ_EXAMPLES = int(os.environ.get("GAMMOND_FUZZ_EXAMPLES", "300"))
# float32 rounding of the shot chance only: a few units in the last place of a value <= 1.
TOLERANCE = 1e-6
# Column of the shot chance within one side's inputs (see features._side_extras).
SHOT = 24 * 4 + 3 + 2

Boards = npt.NDArray[np.int8]
Floats = npt.NDArray[np.float32]


@pytest.fixture(scope="module")
def ck() -> ModuleType:
    """The compiled kernel; tests that need it skip when it was not built."""
    module: ModuleType = pytest.importorskip("gammond.engine._ckernel")
    return module


@cache
def self_play_boards() -> Boards:
    return np.array([s.position.board for s in sample_positions(SELF_PLAY, seed=SEED)], dtype=np.int8)


@cache
def raw_boards() -> Boards:
    rng = random.Random(SEED)
    return np.array([random_position(rng).board for _ in range(RAW)], dtype=np.int8)


def compiled(ck: ModuleType, boards: Boards) -> Floats:
    out = np.full((boards.shape[0], INPUTS), np.nan, dtype=np.float32)
    ck.encode_features(np.ascontiguousarray(boards), out)
    return out


def assert_agrees(ck: ModuleType, boards: Boards) -> None:
    """Compiled equals reference: exactly off the shot-chance columns, within TOLERANCE on them."""
    got, want = compiled(ck, boards), _encode_numpy(boards)
    shot = [SHOT, SIDE_INPUTS + SHOT]
    exact = np.ones(INPUTS, dtype=bool)
    exact[shot] = False
    mismatched = np.argwhere(got[:, exact] != want[:, exact])
    assert mismatched.size == 0, f"first mismatch (board, input): {mismatched[0]}"
    np.testing.assert_allclose(got[:, shot], want[:, shot], rtol=0, atol=TOLERANCE)


def test_compiled_inputs_equal_the_reference_on_self_play_positions(ck: ModuleType) -> None:
    assert_agrees(ck, self_play_boards())


def test_compiled_inputs_equal_the_reference_on_raw_random_boards(ck: ModuleType) -> None:
    assert_agrees(ck, raw_boards())


def test_the_raw_sample_covers_bar_bear_off_and_race_boards(ck: ModuleType) -> None:
    boards = np.concatenate([self_play_boards(), raw_boards()])
    on_bar = boards[:, 25] > 0
    bearing_off = (boards[:, 7:26] <= 0).all(axis=1)
    race = ~features.contact(boards)
    assert on_bar.sum() > 50 and bearing_off.sum() > 50 and race.sum() > 50
    for subset in (on_bar, bearing_off, race):
        assert_agrees(ck, boards[subset])


def test_flipped_boards_swap_the_two_sides_inputs_in_the_compiled_encoder(ck: ModuleType) -> None:
    positions = [Position(tuple(int(v) for v in b)) for b in raw_boards()[:200]]
    boards = np.array([p.board for p in positions], dtype=np.int8)
    flipped = np.array([p.flipped().board for p in positions], dtype=np.int8)
    x, y = compiled(ck, boards), compiled(ck, flipped)
    np.testing.assert_array_equal(x[:, :SIDE_INPUTS], y[:, SIDE_INPUTS : 2 * SIDE_INPUTS])
    np.testing.assert_array_equal(x[:, -1], -y[:, -1])


@settings(max_examples=FUZZ_EXAMPLES, deadline=None)
@given(st.lists(st.binary(min_size=26, max_size=26), min_size=1, max_size=8))
def test_any_int8_bytes_encode_as_the_reference_does(raw: list[bytes]) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    boards = np.frombuffer(b"".join(raw), dtype=np.int8).reshape(-1, 26)
    assert_agrees(ck, boards)


def test_bytes_are_read_as_signed_boards(ck: ModuleType) -> None:
    boards = raw_boards()[:5]
    out = np.empty((5, INPUTS), dtype=np.float32)
    ck.encode_features(boards.tobytes(), out)
    np.testing.assert_array_equal(out, compiled(ck, boards))


def test_an_empty_batch_writes_nothing_and_returns_none(ck: ModuleType) -> None:
    out = np.empty((0, INPUTS), dtype=np.float32)
    assert ck.encode_features(np.empty((0, 26), dtype=np.int8), out) is None


def test_threads_encoding_at_once_each_get_the_reference_answer(ck: ModuleType) -> None:
    chunks = np.array_split(self_play_boards(), 8)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda b: compiled(ck, b), chunks))
    for chunk, got in zip(chunks, results):
        np.testing.assert_allclose(got, _encode_numpy(chunk), rtol=0, atol=TOLERANCE)


# -- bad arguments ----------------------------------------------------------------


def _out(n: int) -> Floats:
    return np.empty((n, INPUTS), dtype=np.float32)


@pytest.mark.parametrize(
    ("boards", "message"),
    [
        (np.zeros((2, 26), dtype=np.int16), "int8 items"),
        (np.zeros((2, 26), dtype=np.float32), "int8 items"),
        ([[0] * 26, [0] * 26], "buffer of int8"),
        ("not a buffer", "buffer of int8"),
    ],
)
def test_boards_of_the_wrong_type_are_a_type_error(ck: ModuleType, boards: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        ck.encode_features(boards, _out(2))


def test_boards_that_are_not_whole_boards_are_a_value_error(ck: ModuleType) -> None:
    with pytest.raises(ValueError, match="53 bytes"):
        ck.encode_features(np.zeros(53, dtype=np.int8), _out(2))


def test_strided_boards_are_a_value_error(ck: ModuleType) -> None:
    with pytest.raises(ValueError, match="boards must be C-contiguous"):
        ck.encode_features(np.zeros((2, 52), dtype=np.int8)[:, ::2], _out(2))


@pytest.mark.parametrize(
    ("out", "error", "message"),
    [
        (np.empty((2, INPUTS), dtype=np.float64), TypeError, "float32 items"),
        (np.empty((2, INPUTS), dtype=np.int32), TypeError, "float32 items"),
        (bytes(2 * INPUTS * 4), TypeError, "writable"),
        (np.empty((3, INPUTS), dtype=np.float32), ValueError, "2 boards need 2 x"),
        (np.empty((2, INPUTS - 1), dtype=np.float32), ValueError, "2 boards need 2 x"),
        (np.empty((INPUTS, 2), dtype=np.float32).T, ValueError, "out must be C-contiguous"),
    ],
)
def test_an_output_of_the_wrong_kind_or_size_is_refused(
    ck: ModuleType, out: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ck.encode_features(np.zeros((2, 26), dtype=np.int8), out)


def test_a_read_only_output_array_is_refused(ck: ModuleType) -> None:
    out = _out(2)
    out.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        ck.encode_features(np.zeros((2, 26), dtype=np.int8), out)


def test_boards_and_output_sharing_memory_are_refused(ck: ModuleType) -> None:
    out = _out(2)
    boards = out.view(np.int8).reshape(-1)[: 2 * 26]
    with pytest.raises(ValueError, match="share memory"):
        ck.encode_features(boards, out)


def test_a_wrong_number_of_arguments_is_a_type_error(ck: ModuleType) -> None:
    with pytest.raises(TypeError, match="2 arguments"):
        ck.encode_features(np.zeros((1, 26), dtype=np.int8))


# -- encode() on whichever path is in use --------------------------------------------


def test_encode_returns_float32_rows_of_inputs_for_any_integer_board_type() -> None:
    boards = self_play_boards()[:50]
    for dtype in (np.int8, np.int16, np.int64):
        x = encode(boards.astype(dtype))
        assert x.dtype == np.float32 and x.shape == (50, INPUTS)
        np.testing.assert_allclose(x, _encode_numpy(boards), rtol=0, atol=TOLERANCE)


def test_encode_accepts_a_strided_batch() -> None:
    boards = self_play_boards()[:100]
    np.testing.assert_allclose(encode(boards[::3]), _encode_numpy(boards[::3]), rtol=0, atol=TOLERANCE)


def test_encode_uses_the_compiled_kernel_exactly_when_the_move_generator_does() -> None:
    assert (kernel.encode_features is not None) == (kernel.IMPLEMENTATION == "compiled")
