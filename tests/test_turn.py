"""Interactive turns: the next single-checker moves, completion and Undo."""

from __future__ import annotations

import random

import pytest

from gammond.engine import IllegalPlayError, Move, Position, legal_plays
from gammond.engine.turn import next_moves, turn_options

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


def test_after_any_listed_move_the_dice_left_are_the_ones_it_promised() -> None:
    """Each option's ``dice_left`` is what the turn says once it is made, bear-offs with either die included."""
    from tests.support.positions import sample_positions

    checked = 0
    for sample in sample_positions(400, seed=11):
        if sample.position.is_game_over():
            continue
        first = turn_options(sample.position, sample.dice, [])
        for option in first.options:
            after = turn_options(sample.position, sample.dice, list(option.steps))
            assert sorted(after.dice_left) == sorted(option.dice_left), (sample, option)
            for second in after.options:
                made = [*option.steps, *second.steps]
                then = turn_options(sample.position, sample.dice, made)
                assert sorted(then.dice_left) == sorted(second.dice_left), (sample, made)
            checked += 1
    assert checked > 1000


def test_a_bear_off_that_either_die_could_make_uses_the_smaller() -> None:
    # White's last two checkers on the 1-point, 4-1: bearing one off with the 1 keeps the 4 for the other.
    board = [0] * 26
    board[1] = 2
    board[24] = -15
    position = Position(tuple(board))
    turn = turn_options(position, (4, 1), [])
    [single] = [o for o in turn.options if len(o.steps) == 1]
    assert (single.dice, single.dice_left) == ((1,), (4,))
    assert turn_options(position, (4, 1), list(single.steps)).dice_left == (4,)
