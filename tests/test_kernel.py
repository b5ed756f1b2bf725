"""The compiled kernel against the pure-Python reference, and the PlayList contract.

``gammond.engine._ckernel`` must return exactly what the reference returns: the
same plays, the same steps kept for each, in the same order
(gammond/engine/movegen.py), the same Position IDs (gammond/engine/ids.py) and the same
next steps of an interactive turn (gammond/engine/turn.py).  Positions come from
seeded self-play (bench/positions.py) and from raw boards built to stress
entering from the bar, closed boards and bear-offs.  The default run takes
a 5,000-position sample; the 100,000-position run is marked slow.

Tests of the compiled module skip when it is not built; the PlayList tests
run on whichever move generator is in use (``GAMMOND_PURE_PYTHON=1`` picks
the reference).  ``GAMMOND_FUZZ_EXAMPLES`` raises the fuzzing effort (the
sanitizer build in tools/sanitize.sh uses it).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import string
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon.v1 import board_pb2, game_service_pb2
from gammond.engine import (
    InvalidDiceError,
    InvalidPositionError,
    Move,
    NotationError,
    Play,
    Position,
    legal_plays,
    movegen,
)
from gammond.engine.ids import decode_position_id, encode_position_id
from gammond.engine.notation import format_moves
from gammond.engine.play import PlayList
from gammond.engine.players import Player
from gammond.server.wire.board import encode_play
from tests.support.positions import random_position, sample_positions

SEED = 7
SAMPLE = 5_000
# The slow run (-m slow): 100,000 positions, or GAMMOND_SLOW_POSITIONS x 5 (CI runs a slice).
FULL = 5 * int(os.environ.get("GAMMOND_SLOW_POSITIONS", "20000"))
RAW_SAMPLE = 2_000
FUZZ_EXAMPLES = int(os.environ.get("GAMMOND_FUZZ_EXAMPLES", "300"))
ROOT = Path(__file__).resolve().parent.parent

Board = tuple[int, ...]
Case = tuple[Board, int, int]


@pytest.fixture(scope="module")
def ck() -> ModuleType:
    """The compiled kernel; tests that need it skip when it was not built."""
    kernel: ModuleType = pytest.importorskip("gammond.engine._ckernel")
    return kernel


# -- positions ------------------------------------------------------------------


def _place(board: list[int], rng: random.Random, sign: int, count: int, points: list[int]) -> None:
    """Put ``count`` checkers of one side on free or own ``points`` of ``board``."""
    for _ in range(count):
        usable = [p for p in points if board[p] * sign >= 0]
        board[rng.choice(usable)] += sign


def stress_board(rng: random.Random) -> Board:
    """A raw board of one of the kinds self-play rarely reaches.

    ``bar``: the side on roll has checkers on the bar against a strong home
    board; ``closed``: against a fully closed one; ``bearoff``: the side on
    roll is bearing off, opponent blots and all.
    """
    board = [0] * 26
    kind = rng.choice(("bar", "closed", "bearoff"))
    theirs = rng.randint(6, 15)
    if kind == "closed":
        for point in range(19, 25):
            board[point] = -2
        theirs -= min(theirs, 12)
    if kind == "bar":
        _place(board, rng, -1, min(theirs, 8), list(range(19, 25)))
        theirs -= min(theirs, 8)
    mine_points = list(range(1, 7)) if kind == "bearoff" else list(range(1, 19))
    mine = rng.randint(1, 15)
    bar = 0 if kind == "bearoff" else rng.randint(1, min(4, mine))
    board[25] = bar
    _place(board, rng, 1, mine - bar, mine_points)
    board[0] = -rng.randint(0, min(2, theirs))
    _place(board, rng, -1, theirs + board[0], list(range(1, 25)))
    return tuple(board)


@cache
def self_play(count: int) -> list[Case]:
    return [(s.position.board, *s.dice) for s in sample_positions(count, seed=SEED)]


def raw_cases(count: int, seed: int) -> Iterator[Case]:
    rng = random.Random(seed)
    for i in range(count):
        board = stress_board(rng) if i % 2 else random_position(rng).board
        yield board, rng.randint(1, 6), rng.randint(1, 6)


def _mismatches(ck: ModuleType, cases: list[Case], limit: int = 5) -> list[str]:
    found = []
    for board, d1, d2 in cases:
        if ck.generate(board, d1, d2) != movegen.generate(board, d1, d2):
            found.append(f"{Position(board).position_id()} {d1}-{d2}")
            if len(found) == limit:
                break
    return found


# -- the differential test --------------------------------------------------------


def test_compiled_plays_equal_the_reference_on_a_self_play_sample(ck: ModuleType) -> None:
    assert _mismatches(ck, self_play(SAMPLE)) == []


def test_compiled_plays_equal_the_reference_on_bar_closed_and_bear_off_boards(ck: ModuleType) -> None:
    assert _mismatches(ck, list(raw_cases(RAW_SAMPLE, seed=SEED))) == []


def test_the_sample_covers_doubles_bar_entries_closed_boards_and_bear_offs() -> None:
    cases = self_play(SAMPLE) + list(raw_cases(RAW_SAMPLE, seed=SEED))
    assert any(d1 == d2 for _, d1, d2 in cases)
    assert any(b[25] > 0 for b, _, _ in cases)
    assert any(b[25] > 0 and all(b[p] <= -2 for p in range(19, 25)) for b, _, _ in cases)
    assert any(0 < sum(n for n in b[1:7] if n > 0) == sum(n for n in b[1:] if n > 0) for b, _, _ in cases)


@pytest.mark.slow
def test_compiled_plays_equal_the_reference_on_the_full_sample(ck: ModuleType) -> None:
    cases = self_play(FULL // 2) + list(raw_cases(FULL // 2, seed=SEED + 1))
    assert _mismatches(ck, cases) == []


def test_compact_plays_hold_the_same_pairs_as_generate(ck: ModuleType) -> None:
    for board, d1, d2 in self_play(500):
        compact = ck.plays(board, d1, d2)
        expected = ck.generate(board, d1, d2)
        assert len(compact) == len(expected)
        assert list(compact) == expected
        if expected:
            assert compact[-1] == expected[-1]


def test_compact_plays_reject_an_index_past_the_end(ck: ModuleType) -> None:
    compact = ck.plays(Position.starting().board, 3, 1)
    with pytest.raises(IndexError):
        compact[len(compact)]


def test_result_ids_are_the_position_ids_of_the_results_in_play_order(ck: ModuleType) -> None:
    for board, d1, d2 in self_play(500):
        expected = tuple(encode_position_id(after) for _, after in movegen.generate(board, d1, d2))
        assert ck.result_ids(board, d1, d2) == expected


def test_searches_running_in_threads_agree_with_one_thread(ck: ModuleType) -> None:
    cases = self_play(1_000)
    alone = [ck.generate(*case) for case in cases]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda case: ck.generate(*case), cases))
    assert together == alone


# -- input validation -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "pattern"),
    [
        ((0,) * 25, "26 slots, got 25"),
        ((0,) * 27, "26 slots, got 27"),
        ((16,) + (0,) * 25, "slot 0 holds 16"),
        ((0,) * 25 + (-1,), "bar of the player on roll is negative: -1"),
        ((1,) + (0,) * 25, "opponent's bar must be stored as <= 0, got 1"),
        ((0,) + (8,) * 2 + (0,) * 23, "player on roll has 16 checkers"),
        ((0,) + (-8,) * 2 + (0,) * 23, "opponent has 16 checkers"),
        ((0,) * 5 + (2**70,) + (0,) * 20, "slot 5 holds"),
    ],
)
def test_a_board_the_rules_cannot_reach_is_refused_by_name(
    ck: ModuleType, board: Board, pattern: str
) -> None:
    for call in (ck.generate, ck.plays, ck.result_ids):
        with pytest.raises(InvalidPositionError, match=pattern):
            call(board, 3, 1)
    with pytest.raises(InvalidPositionError, match=pattern):
        ck.encode_position_id(board)


@pytest.mark.parametrize("bad", [1.0, "1", None])
def test_a_board_slot_that_is_not_an_int_is_a_type_error(ck: ModuleType, bad: object) -> None:
    board: list[object] = list(Position.starting().board)
    board[7] = bad
    with pytest.raises(TypeError, match="slot 7"):
        ck.generate(board, 3, 1)


def test_a_board_that_is_not_a_sequence_is_a_type_error(ck: ModuleType) -> None:
    with pytest.raises(TypeError, match="sequence"):
        ck.generate(42, 3, 1)


@pytest.mark.parametrize("die", [0, 7, -1, True, 2.0, "3", None, 2**80])
def test_a_die_outside_one_to_six_is_refused_by_name(ck: ModuleType, die: object) -> None:
    start = Position.starting().board
    with pytest.raises(InvalidDiceError, match=re.escape(f"die {die!r} ")):
        ck.generate(start, 3, die)


def test_arguments_may_be_named_and_a_wrong_count_is_a_type_error(ck: ModuleType) -> None:
    start = Position.starting().board
    assert ck.generate(board=start, die1=3, die2=1) == ck.generate(start, 3, 1)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        ck.generate(start, 3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'dice'"):
        ck.generate(start, 3, dice=1)


# -- fuzzing raw boards, valid or not ---------------------------------------------------

_slots = st.integers(min_value=-20, max_value=20)
_boards = st.one_of(
    st.lists(_slots, min_size=26, max_size=26),
    st.lists(_slots, min_size=0, max_size=30),
    st.lists(st.integers(min_value=-3, max_value=3), min_size=26, max_size=26),
)


def _valid(board: list[int]) -> bool:
    try:
        Position(tuple(board))
    except InvalidPositionError:
        return False
    return True


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True)
@given(board=_boards, d1=st.integers(-1, 8), d2=st.integers(-1, 8))
def test_any_raw_board_and_dice_give_the_reference_answer_or_a_named_error(
    board: list[int], d1: int, d2: int
) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    if not _valid(board):
        with pytest.raises(InvalidPositionError):
            ck.generate(board, d1, d2)
    elif not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        with pytest.raises(InvalidDiceError):
            ck.generate(board, d1, d2)
    else:
        assert ck.generate(board, d1, d2) == movegen.generate(tuple(board), d1, d2)
        assert ck.encode_position_id(board) == encode_position_id(board)


# -- Position IDs ------------------------------------------------------------------------

_ALPHABET = string.ascii_letters + string.digits + "+/"


def _decode_both(ck: ModuleType, text: object) -> tuple[object, object]:
    """Each decoder's board, or the error class it raised."""
    answers: list[object] = []
    for decode in (decode_position_id, ck.decode_position_id):
        try:
            answers.append(decode(text))
        except NotationError:
            answers.append(NotationError)
    return answers[0], answers[1]


def test_position_ids_round_trip_like_the_reference(ck: ModuleType) -> None:
    for board, _, _ in self_play(1_000) + list(raw_cases(500, seed=SEED)):
        text = ck.encode_position_id(board)
        assert text == encode_position_id(board)
        assert ck.decode_position_id(text) == board


def test_altered_position_ids_decode_or_fail_as_the_reference_does(ck: ModuleType) -> None:
    rng = random.Random(SEED)
    outcomes = set()
    for board, _, _ in self_play(2_500):
        # One letter changed: sometimes another position, mostly a broken ID.
        text = list(encode_position_id(board))
        text[rng.randrange(14)] = rng.choice(_ALPHABET + "=-. é\0")
        ours, theirs = _decode_both(ck, "".join(text))
        assert ours == theirs, text
        outcomes.add(ours is NotationError)
    assert outcomes == {True, False}


@pytest.mark.parametrize("text", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", None, 14, b"4HPwATDgc/ABMA"])
def test_a_position_id_of_the_wrong_length_or_type_is_a_notation_error(ck: ModuleType, text: object) -> None:
    with pytest.raises(NotationError, match="14 characters"):
        ck.decode_position_id(text)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True)
@given(text=st.text(alphabet=_ALPHABET + "=é", min_size=14, max_size=14))
def test_any_fourteen_letters_decode_like_the_reference(text: str) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    ours, theirs = _decode_both(ck, text)
    assert ours == theirs


# -- interactive next steps ----------------------------------------------------------------


def _eager(position: Position, dice: tuple[int, int]) -> list[Play]:
    return [
        Play(tuple(Move(*step) for step in steps), Position(board))
        for steps, board in movegen.generate(position.board, *dice)
    ]


def test_legal_plays_equal_eagerly_built_plays_of_the_reference() -> None:
    for board, d1, d2 in self_play(300):
        position = Position(board)
        plays = legal_plays(position, (d1, d2))
        assert isinstance(plays, PlayList)
        assert plays == _eager(position, (d1, d2))
        assert list(plays) == _eager(position, (d1, d2))


def test_a_play_list_indexes_slices_and_counts_like_a_list() -> None:
    position, dice = Position.starting(), (6, 5)
    plays, eager = legal_plays(position, dice), _eager(position, dice)
    assert len(plays) == len(eager)
    assert plays[-1] == eager[-1]
    assert plays[1:3] == eager[1:3]
    assert plays[::-1] == eager[::-1]
    assert eager[2] in plays
    assert plays.index(eager[2]) == 2
    with pytest.raises(IndexError):
        plays[len(eager)]


def test_a_play_is_built_once_and_then_kept() -> None:
    plays = legal_plays(Position.starting(), (4, 2))
    assert plays[3] is plays[3]
    assert next(iter(plays)) is plays[0]


def test_a_play_list_equals_lists_and_tuples_of_its_plays_only() -> None:
    plays = legal_plays(Position.starting(), (3, 1))
    assert plays == tuple(plays)
    assert plays != list(plays)[:-1]
    assert plays != legal_plays(Position.starting(), (4, 1))
    assert plays != {p for p in plays}
    assert (plays == "8/5 6/5") is False


def test_an_unplayable_roll_gives_an_empty_play_list() -> None:
    closed = [0] * 26
    closed[25] = 1
    for point in range(19, 25):
        closed[point] = -2
    plays = legal_plays(Position(tuple(closed)), (6, 6))
    assert not plays
    assert plays == []


def test_a_play_list_repr_evaluates_to_an_equal_list() -> None:
    plays = legal_plays(Position.starting(), (2, 1))
    rebuilt = eval(repr(plays), {"Play": Play, "Move": Move, "Position": Position})
    assert rebuilt == plays


def test_a_play_list_cannot_be_hashed_like_the_lists_it_equals() -> None:
    with pytest.raises(TypeError):
        hash(legal_plays(Position.starting(), (3, 1)))


# -- choosing and building the kernel ----------------------------------------------------------


def _implementation(env: dict[str, str], cwd: Path = ROOT) -> str:
    code = (
        "import gammond.engine as engine, gammond.engine.kernel as k;"
        " engine.legal_plays(engine.Position.starting(), (3, 1)); print(k.IMPLEMENTATION)"
    )
    # -S: no site-packages, so an editable install's import hook cannot point
    # `gammond` back at the checkout; the engine needs only the standard library.
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


def test_gammond_pure_python_selects_the_reference_generator() -> None:
    assert _implementation({"GAMMOND_PURE_PYTHON": "1"}) == "python"


def test_the_engine_falls_back_to_the_reference_when_the_extension_was_not_built(
    tmp_path: Path,
) -> None:
    unbuilt = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    shutil.copytree(ROOT / "gammond", tmp_path / "gammond", ignore=unbuilt)
    assert _implementation({"GAMMOND_PURE_PYTHON": ""}, cwd=tmp_path) == "python"


def test_the_compiled_kernel_is_chosen_when_built(ck: ModuleType) -> None:
    assert _implementation({"GAMMOND_PURE_PYTHON": ""}) == "compiled"


def test_a_failed_compile_leaves_the_build_running_without_the_extension(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "setup.py",
            "-q",
            "build_ext",
            "--build-lib",
            str(tmp_path / "lib"),
            "--build-temp",
            str(tmp_path / "temp"),
        ],
        cwd=ROOT,
        env={**os.environ, "CC": str(tmp_path / "no-such-compiler")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "using the pure-Python move generator" in done.stderr
    assert not list((tmp_path / "lib").rglob("_ckernel*"))


# -- plays written as wire bytes (wire.c) ------------------------------------------------

# The Position ID of a board with 2,224 plays of 1-1: the answer outgrows the stack buffer.
MANY_PLAYS = "AAIA/n9UkpJSKg"
WIRE_PARTS = (1, 3, 4, 5, 7)  # plays; plays + results; count; plays + count; all three
# Self-play and raw boards each (the server's tests add thousands more positions).
WIRE_SAMPLE = 1_000


def _reference_answer(
    board: Board, d1: int, d2: int, black: bool, parts: int
) -> game_service_pb2.ListLegalPlaysResponse:
    """The ListLegalPlaysResponse the server's message path builds."""
    turn = Player.BLACK if black else Player.WHITE
    plays = legal_plays(Position(board), (d1, d2))
    answer = game_service_pb2.ListLegalPlaysResponse()
    if parts & 1:
        answer.plays.extend(encode_play(p, turn, with_result=bool(parts & 2)) for p in plays)
    if parts & 4:
        answer.play_count = len(plays)
    return answer


def _wire_mismatches(ck: ModuleType, cases: list[Case], limit: int = 5) -> list[str]:
    found = []
    for i, (board, d1, d2) in enumerate(cases):
        black, parts = bool(i % 2), WIRE_PARTS[i % len(WIRE_PARTS)]
        raw, count, steps = ck.plays_wire(board, d1, d2, black, parts)
        reference = _reference_answer(board, d1, d2, black, parts)
        plays = ck.plays(board, d1, d2)
        same = game_service_pb2.ListLegalPlaysResponse.FromString(raw) == reference
        if not same or raw != reference.SerializeToString() or count != len(plays):
            found.append(f"{Position(board).position_id()} {d1}-{d2} black={black} parts={parts}")
        elif plays and steps != len(plays[0][0]):
            found.append(f"{Position(board).position_id()} {d1}-{d2}: {steps} steps a play")
        if len(found) == limit:
            break
    return found


def test_the_kernel_writes_the_plays_as_the_server_encodes_them(ck: ModuleType) -> None:
    cases = self_play(WIRE_SAMPLE) + list(raw_cases(WIRE_SAMPLE, seed=SEED + 2))
    assert ck.PLAYS | ck.RESULT | ck.COUNT == 7
    assert _wire_mismatches(ck, cases) == []


def test_an_answer_too_big_for_the_stack_is_written_whole(ck: ModuleType) -> None:
    board = Position.from_id(MANY_PLAYS).board
    raw, count, steps = ck.plays_wire(board, 1, 1, True, 7)
    assert (count, steps) == (2224, 4) and len(raw) > 16384
    assert _wire_mismatches(ck, [(board, 1, 1)] * 2) == []


def test_the_kernel_formats_plays_as_the_notation_module_does(ck: ModuleType) -> None:
    for board, d1, d2 in self_play(WIRE_SAMPLE) + list(raw_cases(WIRE_SAMPLE, seed=SEED + 3)):
        for play in legal_plays(Position(board), (d1, d2)):
            assert ck.format_play(play.moves) == format_moves(play.moves), play.moves
    assert ck.format_play(()) == "(no play)"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (((0,) * 26, 3, 1, False), TypeError),
        (((0,) * 26, 3, 1, False, 8), ValueError),
        (((0,) * 26, 3, 1, False, -1), ValueError),
        (((0,) * 26, 3, 1, False, "7"), ValueError),
        (((0,) * 26, 3, 9, False, 7), InvalidDiceError),
        (((1,) * 26, 3, 1, False, 7), InvalidPositionError),
    ],
)
def test_plays_wire_refuses_bad_arguments_by_kind(
    ck: ModuleType, args: tuple[object, ...], error: type
) -> None:
    with pytest.raises(error):
        ck.plays_wire(*args)


PARTS_BY_VIEW = (3, 7, 5, 4)  # what the server asks for each PlayView


def listing_request(position_id: str, d1: int, d2: int, black: bool, view: int) -> bytes:
    color = board_pb2.COLOR_BLACK if black else board_pb2.COLOR_WHITE
    return game_service_pb2.ListLegalPlaysRequest(
        position=board_pb2.PositionInput(position_id=board_pb2.PositionId(id=position_id, turn=color)),
        dice=board_pb2.Dice(die1=d1, die2=d2),
        view=view,  # type: ignore[arg-type]
    ).SerializeToString()


def test_the_kernel_answers_a_listing_request_as_it_writes_its_board(ck: ModuleType) -> None:
    cases = self_play(WIRE_SAMPLE) + list(raw_cases(WIRE_SAMPLE, seed=SEED + 4))
    written = 0
    for i, (board, d1, d2) in enumerate(cases):
        black, view = bool(i % 2), i % len(PARTS_BY_VIEW)
        position = Position(board)
        answer = ck.plays_wire_request(
            listing_request(position.position_id(), d1, d2, black, view), PARTS_BY_VIEW
        )
        if position.is_game_over():
            assert answer is None, position.position_id()
        else:
            assert answer == ck.plays_wire(board, d1, d2, black, PARTS_BY_VIEW[view]), position.position_id()
            written += 1
    assert written > WIRE_SAMPLE


def _declined() -> list[bytes]:
    start = Position.starting().position_id()
    common = listing_request(start, 3, 1, False, 0)
    message = game_service_pb2.ListLegalPlaysRequest.FromString(common)
    over = Position.from_sides([0] * 25, [2] + [0] * 24).position_id()
    cases = [
        listing_request("4HPwATDgc/AB*A", 3, 1, False, 0),  # not base64
        listing_request("//////////////", 3, 1, False, 0),  # runs out of bits
        listing_request("AAAAAAAAAAAAAA", 3, 1, False, 0),  # no checkers: the game is over
        listing_request(over, 3, 1, False, 0),  # the player on roll has borne off
        listing_request(start, 3, 7, False, 0),  # a die out of range
        listing_request(start, 0, 1, False, 0),  # a die left out
        listing_request(start, 3, 1, False, 4),  # a view past the table
        listing_request(start, 3, 1, False, 200),  # a number in two bytes
        common + common[-2:],  # the view twice
        common + b"\x20\x01",  # an unknown field
        common[:-1],  # cut short
        b"\xff" + common,  # not a tag
        b"",  # nothing: no position, no dice
    ]
    # Another form of the position: a board or an XGID.
    message.position.xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    cases.append(message.SerializeToString())
    message.position.position_id.id = start  # the turn left out
    cases.append(message.SerializeToString())
    return cases


@pytest.mark.parametrize("request_bytes", _declined())
def test_the_kernel_declines_any_listing_request_but_the_common_well_formed_one(
    ck: ModuleType, request_bytes: bytes
) -> None:
    assert ck.plays_wire_request(request_bytes, PARTS_BY_VIEW) is None


@cache
def _common_requests() -> list[bytes]:
    return [
        listing_request(Position(board).position_id(), d1, d2, i % 3 == 0, i % 4)
        for i, (board, d1, d2) in enumerate(self_play(200))
        if not Position(board).is_game_over()
    ]


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True)
@given(
    pick=st.integers(0, 10_000),
    at=st.integers(0, 40),
    byte=st.integers(0, 255),
    edit=st.sampled_from(("replace", "insert", "delete", "cut")),
)
def test_a_damaged_request_is_answered_as_it_decodes_or_declined(
    pick: int, at: int, byte: int, edit: str
) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    requests = _common_requests()
    raw = bytearray(requests[pick % len(requests)])
    at %= len(raw)
    if edit == "replace":
        raw[at] = byte
    elif edit == "insert":
        raw.insert(at, byte)
    elif edit == "delete":
        del raw[at]
    else:
        del raw[at:]
    answer = ck.plays_wire_request(bytes(raw), PARTS_BY_VIEW)
    if answer is None:
        return
    # Answered: then it is a well-formed request, and the answer is its plays.
    request = game_service_pb2.ListLegalPlaysRequest.FromString(bytes(raw))
    given = request.position.position_id
    assert given.turn in (board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK)
    board = Position.from_id(given.id).board
    black = given.turn == board_pb2.COLOR_BLACK
    parts = PARTS_BY_VIEW[request.view]
    assert answer == ck.plays_wire(board, request.dice.die1, request.dice.die2, black, parts)


def test_the_kernels_request_reader_checks_its_arguments(ck: ModuleType) -> None:
    with pytest.raises(TypeError):
        ck.plays_wire_request("not bytes", PARTS_BY_VIEW)
    with pytest.raises(ValueError):
        ck.plays_wire_request(listing_request(Position.starting().position_id(), 3, 1, False, 0), (8,))


@pytest.mark.parametrize("steps", [((26, 1, False),), ((3, 1, False),) * 5, ((3,),), "ab"])
def test_format_play_refuses_steps_off_the_board_or_too_many(ck: ModuleType, steps: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        ck.format_play(steps)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True)
@given(
    board=_boards,
    d1=st.integers(-1, 8),
    d2=st.integers(-1, 8),
    black=st.booleans(),
    parts=st.sampled_from(WIRE_PARTS),
)
def test_any_raw_board_gives_the_reference_wire_answer_or_a_named_error(
    board: list[int], d1: int, d2: int, black: bool, parts: int
) -> None:
    ck = pytest.importorskip("gammond.engine._ckernel")
    if not _valid(board):
        with pytest.raises(InvalidPositionError):
            ck.plays_wire(board, d1, d2, black, parts)
    elif not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        with pytest.raises(InvalidDiceError):
            ck.plays_wire(board, d1, d2, black, parts)
    else:
        raw, _, _ = ck.plays_wire(board, d1, d2, black, parts)
        assert raw == _reference_answer(tuple(board), d1, d2, black, parts).SerializeToString()
