"""The compiled turn options against the Python reference they replace.

``turn_options`` answers from the kernel (``_ckernel_src/turn.c``) when it is
built; ``_turn_options_python`` is the reference.  Both must give the same
:class:`TurnOptions` (board, dice left, every option with its dice, in the
same order, completion, plays left) on self-play positions, every roll and
prefixes of legal plays made one checker at a time, and the same
:class:`IllegalPlayError` for moves that are no start of a legal play.
Skipped when the kernel is not built (or ``GAMMOND_PURE_PYTHON=1``).
"""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from gammond.engine import (
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    Move,
    Position,
    legal_plays,
)
from gammond.engine.turn import TurnOptions, _turn_options_python, turn_options
from tests.support.compiled import compiled_kernel_in_use
from tests.support.positions import random_position, sample_positions

SEED = 23
POSITIONS = 160
ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))
# Turns walked a checker at a time for each position and roll, besides the empty one.
WALKS = 2

Dice = tuple[int, int]
Case = tuple[Position, Dice, tuple[Move, ...]]


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    compiled_kernel_in_use("turn_options", "turn_options runs the Python reference")


def _answer(position: Position, dice: Dice, made: Sequence[Move], compiled: bool) -> TurnOptions | str:
    """The turn options, or the IllegalPlayError's message."""
    try:
        if compiled:
            return turn_options(position, dice, made)
        return _turn_options_python(position, dice, made)
    except IllegalPlayError as exc:
        return f"IllegalPlayError: {exc}"


@cache
def _cases() -> tuple[Case, ...]:
    """Every roll of self-play positions, with moves made: legal prefixes walked
    through the reference's own options (so in any order a player may make
    them, whole-checker moves included), and a random legal play's moves cut short."""
    rng = random.Random(SEED)
    cases: list[Case] = []
    for sample in sample_positions(POSITIONS, seed=SEED):
        position = sample.position
        if position.is_game_over():
            continue
        for high, low in ROLLS:
            dice = (high, low) if rng.random() < 0.5 else (low, high)
            cases.append((position, dice, ()))
            for _ in range(WALKS):
                made: tuple[Move, ...] = ()
                turn = _turn_options_python(position, dice, made)
                while turn.options and rng.random() < 0.8:
                    made += rng.choice(turn.options).steps
                    cases.append((position, dice, made))
                    turn = _turn_options_python(position, dice, made)
            plays = legal_plays(position, dice)
            if plays:
                moves = rng.choice(plays).moves
                cases.append((position, dice, moves[: rng.randint(1, len(moves))]))
    return tuple(cases)


def test_the_compiled_turn_options_equal_the_python_reference_on_self_play_turns() -> None:
    cases = _cases()
    assert len(cases) > 5000
    wrong = [case for case in cases if _answer(*case, compiled=True) != _answer(*case, compiled=False)]
    assert not wrong, f"{len(wrong)} of {len(cases)} differ, first {wrong[:3]}"


def test_the_compiled_turn_options_equal_the_reference_on_raw_random_boards_with_doubles() -> None:
    """Boards no game reaches (checkers on both bars, crowded points): big
    doubles there have over a thousand plays, past the kernel's inline tables."""
    rng = random.Random(SEED + 2)
    most = checked = 0
    for _ in range(250):
        position = random_position(rng)
        if position.is_game_over():
            continue
        for dice in ((1, 1), (2, 2), (rng.randint(1, 6), rng.randint(1, 6))):
            made: tuple[Move, ...] = ()
            while True:
                expected = _answer(position, dice, made, compiled=False)
                assert _answer(position, dice, made, compiled=True) == expected, (position, dice, made)
                checked += 1
                if isinstance(expected, str) or not expected.options:
                    break
                most = max(most, expected.plays_left)
                made += rng.choice(expected.options).steps
    assert checked > 1000 and most > 500, (checked, most)


def test_the_cases_cover_hits_bar_entries_bear_offs_doubles_blocked_rolls_and_partial_plays() -> None:
    seen: Counter[str] = Counter()
    for position, dice, made in _cases():
        plays = legal_plays(position, dice)
        seen["doubles"] += dice[0] == dice[1]
        seen["no legal move"] += not plays
        seen["only part of the roll playable"] += bool(plays) and len(plays[0].moves) < (
            4 if dice[0] == dice[1] else 2
        )
        seen["hit made"] += any(m.hit for m in made)
        seen["bar entry made"] += any(m.from_point == 25 for m in made)
        seen["bear-off made"] += any(m.to_point == 0 for m in made)
        seen["whole play made"] += bool(plays) and len(made) == len(plays[0].moves)
    assert all(seen[kind] >= 20 for kind in seen) and len(seen) == 7, seen


def test_moves_that_start_no_legal_play_raise_the_reference_message() -> None:
    rng = random.Random(SEED + 1)
    checked = Counter[bool]()
    for position, dice, made in _cases()[::7]:
        wrong = Move(rng.randint(1, 25), rng.randint(0, 24), rng.random() < 0.2)
        for attempt in (made + (wrong,), (wrong, *made), made + made[-1:], made * 3):
            expected = _answer(position, dice, attempt, compiled=False)
            assert _answer(position, dice, attempt, compiled=True) == expected, (position, dice, attempt)
            checked[isinstance(expected, str)] += 1
    assert checked[True] > 1000 and checked[False] > 50, checked


def test_a_roll_that_cannot_be_played_refuses_any_move_with_the_reference_message() -> None:
    closed = Position.from_sides([0] * 24 + [1], [2, 2, 2, 2, 2, 2] + [0] * 19)
    assert turn_options(closed, (6, 5), []) == TurnOptions(closed, (), (), True, 0)
    with pytest.raises(IllegalPlayError, match="no move is possible with 6-5, but bar/19 was made"):
        turn_options(closed, (6, 5), [Move(25, 19)])


def test_a_bear_off_either_die_could_make_then_the_last_checker_is_answered_as_the_reference_does() -> None:
    # Two checkers on the 1-point: after 1/off (either die), 1/off is open to both;
    # which die the reference names follows Python's set order, so the kernel asks it.
    board = [0] * 26
    board[1] = 2
    board[24] = -15
    position = Position(tuple(board))
    for dice in ((4, 1), (1, 4), (6, 5), (3, 2)):
        made = [Move(1, 0)]
        assert turn_options(position, dice, made) == _turn_options_python(position, dice, made)
        assert turn_options(position, dice, []) == _turn_options_python(position, dice, [])


def test_the_kernel_gives_back_to_the_reference_what_only_it_decides() -> None:
    ck = compiled_kernel_in_use("turn_options", "turn_options runs the Python reference")
    start = Position.starting().board
    assert ck.turn_options(start, 3, 1, [Move(13, 11)]) is None  # illegal: the reference names it
    assert ck.turn_options(start, 3, 1, [[8, 5]]) is None  # not a Move: the reference's own error
    assert ck.turn_options(start, 3, 1, [Move(8, 5)] * 5) is None
    assert ck.turn_options(start, 3, 1, [Move(99, 5)]) is None
    board, left, _, complete, plays_left = ck.turn_options(start, 3, 1, [Move(8, 5)])
    reference = _turn_options_python(Position.starting(), (3, 1), [Move(8, 5)])
    assert (board, left, complete, plays_left) == (
        reference.position.board,
        (1,),
        False,
        reference.plays_left,
    )
    assert ck.turn_options(start, 3, 1, ())[0] is None  # nothing made: the board given


def test_the_kernel_checks_the_board_and_dice_as_the_engine_does() -> None:
    ck = compiled_kernel_in_use("turn_options", "turn_options runs the Python reference")
    start = Position.starting().board
    with pytest.raises(InvalidPositionError):
        ck.turn_options(start[:25], 3, 1, [])
    with pytest.raises(InvalidPositionError):
        ck.turn_options((16,) + start[1:], 3, 1, [])
    with pytest.raises(InvalidDiceError):
        ck.turn_options(start, 7, 1, [])
    with pytest.raises(TypeError):
        ck.turn_options(start, 3, 1, None)
    with pytest.raises(TypeError):
        ck.turn_options(start, 3, 1)


def test_repeated_calls_keep_no_reference_and_no_memory() -> None:
    ck = compiled_kernel_in_use("turn_options", "turn_options runs the Python reference")
    board = Position.starting().board
    made = [Move(8, 5)]
    cases = [(p.board, d[0], d[1], list(m)) for p, d, m in _cases()[:300]]
    tracemalloc.start()
    try:
        for case in cases:  # warm up: free lists and caches fill once
            ck.turn_options(*case)
        gc.collect()
        before_memory = tracemalloc.get_traced_memory()[0]
        before_refs = sys.getrefcount(board), sys.getrefcount(made), sys.getrefcount(made[0])
        for _ in range(5):
            for case in cases:
                ck.turn_options(*case)
            ck.turn_options(board, 3, 1, made)
            ck.turn_options(board, 3, 1, [Move(13, 11)])
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before_memory
    finally:
        tracemalloc.stop()
    assert (sys.getrefcount(board), sys.getrefcount(made), sys.getrefcount(made[0])) == before_refs
    # One leaked tuple a call would be over 100 kB here.
    assert grown < 16_000, grown
