"""Position: construction, validation messages, views and pip counts."""

from __future__ import annotations

import dataclasses

import pytest

from gammond.engine import InvalidPositionError, Position


def _sides(mine: dict[int, int], theirs: dict[int, int]) -> tuple[list[int], list[int]]:
    """Two 25-slot lists from ``{point: count}`` maps, each on its owner's numbering (25 = bar)."""
    a, b = [0] * 25, [0] * 25
    for point, count in mine.items():
        a[point - 1] = count
    for point, count in theirs.items():
        b[point - 1] = count
    return a, b


def test_the_starting_position_has_two_five_three_five_on_24_13_8_6_for_each_side() -> None:
    start = Position.starting()
    for point, count in {24: 2, 13: 5, 8: 3, 6: 5}.items():
        assert start.mine(point) == count
        assert start.theirs(25 - point) == count
    assert start.off == start.opponent_off == 0
    assert start.bar == start.opponent_bar == 0


def test_the_starting_position_counts_167_pips_for_each_side() -> None:
    assert Position.starting().pips() == (2 * 24 + 5 * 13 + 3 * 8 + 5 * 6,) * 2


def test_pips_count_the_bar_as_25_and_the_opponents_points_on_their_own_numbering() -> None:
    # Ours: a checker on the bar (25) and two on our 6-point (12).  Theirs: one on
    # their 24-point (our 1-point) and one on their bar.
    mine, theirs = _sides({25: 1, 6: 2}, {24: 1, 25: 1})
    assert Position.from_sides(mine, theirs).pips() == (25 + 12, 24 + 25)


def test_sixteen_checkers_for_the_player_on_roll_are_rejected_naming_the_count() -> None:
    board = [0] * 26
    board[6] = 16
    with pytest.raises(InvalidPositionError, match="player on roll has 16 checkers"):
        Position(tuple(board))


def test_sixteen_checkers_for_the_opponent_are_rejected_naming_the_count() -> None:
    board = [0] * 26
    board[19] = -10
    board[0] = -6
    with pytest.raises(InvalidPositionError, match="opponent has 16 checkers"):
        Position(tuple(board))


def test_a_point_held_by_both_players_is_rejected_naming_the_point() -> None:
    # Our 5-point is the opponent's 20-point.
    mine, theirs = _sides({5: 2}, {20: 1})
    with pytest.raises(InvalidPositionError, match="point 5 holds checkers of both players"):
        Position.from_sides(mine, theirs)


def test_a_negative_count_is_rejected_naming_the_side_and_the_point() -> None:
    mine, theirs = _sides({4: -1}, {})
    with pytest.raises(InvalidPositionError, match="mine has a negative count -1 on point 4"):
        Position.from_sides(mine, theirs)
    mine, theirs = _sides({}, {25: -2})
    with pytest.raises(InvalidPositionError, match="theirs has a negative count -2 on bar"):
        Position.from_sides(mine, theirs)


def test_negative_bars_on_the_raw_board_are_rejected() -> None:
    board = [0] * 26
    board[25] = -1
    with pytest.raises(InvalidPositionError, match="bar of the player on roll is negative: -1"):
        Position(tuple(board))
    board = [0] * 26
    board[0] = 1
    with pytest.raises(InvalidPositionError, match="opponent's bar must be stored as <= 0, got 1"):
        Position(tuple(board))


def test_boards_and_sides_of_the_wrong_length_are_rejected_naming_the_length() -> None:
    with pytest.raises(InvalidPositionError, match="26 slots, got 25"):
        Position((0,) * 25)
    with pytest.raises(InvalidPositionError, match="mine needs 25 counts, got 24"):
        Position.from_sides([0] * 24, [0] * 25)
    with pytest.raises(InvalidPositionError, match="theirs needs 25 counts, got 26"):
        Position.from_sides([0] * 25, [0] * 26)


def test_a_board_given_as_a_list_is_kept_as_a_tuple() -> None:
    board = list(Position.starting().board)
    position = Position(board)  # type: ignore[arg-type]
    assert isinstance(position.board, tuple)
    assert position == Position.starting()


def test_positions_are_immutable_and_hashable_by_value() -> None:
    start = Position.starting()
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.board = (0,) * 26  # type: ignore[misc]
    assert hash(start) == hash(Position(tuple(start.board)))
    assert len({start, Position.starting()}) == 1


def test_sides_and_from_sides_are_inverse() -> None:
    mine, theirs = _sides({25: 1, 6: 3, 13: 2}, {24: 2, 1: 4, 25: 2})
    position = Position.from_sides(mine, theirs)
    assert position.sides() == (tuple(mine), tuple(theirs))


def test_flipping_swaps_the_two_sides() -> None:
    mine, theirs = _sides({25: 1, 6: 3, 13: 2}, {24: 2, 1: 4, 25: 2})
    assert Position.from_sides(mine, theirs).flipped() == Position.from_sides(theirs, mine)


def test_borne_off_checkers_are_those_not_in_play() -> None:
    mine, theirs = _sides({1: 3, 25: 1}, {6: 15})
    position = Position.from_sides(mine, theirs)
    assert (position.off, position.opponent_off) == (11, 0)
    assert (position.bar, position.opponent_bar) == (1, 0)


def test_bearing_off_is_allowed_only_with_every_checker_home() -> None:
    assert Position.from_sides(*_sides({6: 5, 1: 2}, {1: 2})).can_bear_off()
    assert not Position.from_sides(*_sides({7: 1, 1: 2}, {1: 2})).can_bear_off()
    assert not Position.from_sides(*_sides({25: 1, 1: 2}, {1: 2})).can_bear_off()


def test_a_race_is_a_board_where_the_two_sides_have_passed_each_other() -> None:
    # Our rear checker on 10; theirs on their 14, which is our 11: passed.
    assert Position.from_sides(*_sides({10: 1}, {14: 1})).is_race()
    # Theirs on their 16, our 9: still behind our checker on 10.
    assert not Position.from_sides(*_sides({10: 1}, {16: 1})).is_race()
    assert not Position.starting().is_race()


def test_a_game_is_over_when_either_side_has_borne_off_fifteen() -> None:
    assert Position.from_sides(*_sides({}, {6: 3})).is_game_over()
    assert Position.from_sides(*_sides({6: 3}, {})).is_game_over()
    assert not Position.from_sides(*_sides({6: 3}, {6: 1})).is_game_over()


def test_repr_rebuilds_an_equal_position() -> None:
    mine, theirs = _sides({25: 1, 6: 3, 13: 2}, {24: 2, 1: 4, 25: 2})
    position = Position.from_sides(mine, theirs)
    assert eval(repr(position), {"Position": Position}) == position
