"""Interactive turns: the next single-checker moves, completion and Undo."""

from __future__ import annotations

import random

import pytest

from gammond.engine import IllegalPlayError, Move, Position, legal_plays
from gammond.engine.turn import next_moves

START = Position.starting()


def test_the_first_moves_of_a_turn_are_every_first_step_of_every_legal_play() -> None:
    progress = next_moves(START, (3, 1), [])
    firsts = {(m.from_point, m.to_point) for m in progress.moves}
    assert (8, 5) in firsts and (6, 5) in firsts and (24, 23) in firsts
    assert (13, 12) not in firsts  # the opponent's 13-point is blocked for the 1
    assert not progress.complete
    assert progress.plays_left == len(legal_plays(START, (3, 1)))


def test_after_8_5_the_turn_is_complete_with_6_5() -> None:
    progress = next_moves(START, (3, 1), [Move(8, 5), Move(6, 5)])
    assert progress.complete
    assert progress.moves == ()
    assert progress.position.mine(5) == 2


def test_a_move_that_is_no_part_of_any_legal_play_is_refused_with_its_name() -> None:
    with pytest.raises(IllegalPlayError, match="13/11"):
        next_moves(START, (3, 1), [Move(13, 11)])


def test_the_trap_2_off_with_the_3_is_never_offered_first() -> None:
    # /woA1CACAAAAAA with 1-3: 2/off alone is illegal because 2/1*/off uses both dice.
    position = Position.from_id("/woA1CACAAAAAA")
    progress = next_moves(position, (1, 3), [])
    assert [(m.from_point, m.to_point, m.hit) for m in progress.moves] == [(2, 1, True)]
    with pytest.raises(IllegalPlayError):
        next_moves(position, (1, 3), [Move(2, 0)])


def test_a_roll_that_cannot_be_played_is_complete_at_once() -> None:
    closed = Position.from_sides([0] * 24 + [1], [2, 2, 2, 2, 2, 2] + [0] * 19)
    progress = next_moves(closed, (6, 5), [])
    assert progress.complete and progress.moves == () and progress.plays_left == 0


def test_walking_any_legal_play_one_move_at_a_time_is_always_offered_and_ends_complete() -> None:
    rng = random.Random(5)
    position = START
    for _ in range(60):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        if plays:
            play = rng.choice(plays)
            made: list[Move] = []
            for move in play.moves:
                offered = next_moves(position, dice, made).moves
                assert (move.from_point, move.to_point) in {(m.from_point, m.to_point) for m in offered}
                made.append(move)
            final = next_moves(position, dice, made)
            assert final.complete and final.position == play.result
            position = play.result
        if position.off == 15:
            position = START
        position = position.flipped()


def test_undo_is_asking_again_with_one_move_fewer() -> None:
    before = next_moves(START, (6, 5), [])
    next_moves(START, (6, 5), [Move(24, 18)])
    assert next_moves(START, (6, 5), []) == before
