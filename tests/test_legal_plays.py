"""Legal plays: the worked examples of the rule texts, and the call's contract.

Each example names the rule text (shared rules folder) it comes from.
"""

from __future__ import annotations

import pytest

from gammond.engine import IllegalPlayError, InvalidDiceError, Move, Position, legal_plays, parse_play
from gammond.engine.dice import ROLLS

RULES_000 = "000_4a0918c4b69868f2.txt"
RULES_002 = "002_75b57f8433ab0e8a.txt"


def _board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """Both sides on the numbering of the player on roll; 25 is our bar, 0 theirs."""
    board = [0] * 26
    for point, count in mine.items():
        board[point] = count
    for point, count in theirs.items():
        board[point] = -count
    return Position(tuple(board))


# -- worked examples from the rule texts -------------------------------------------


def test_rules_000_the_opening_3_1_may_be_played_8_5_6_5_making_the_5_point() -> None:
    play = parse_play("8/5 6/5", Position.starting(), (3, 1))
    assert play.result.mine(5) == 2
    assert (play.result.mine(8), play.result.mine(6)) == (2, 4)


def test_rules_000_the_6_1_hit_and_blacks_6_4_entry() -> None:
    # Black opens 6-2: 24/18 13/11 on Black's numbering, leaving blots on
    # White's 1, 7 and 14 points.
    black_opening = parse_play("24/18 13/11", Position.starting(), (6, 2))
    white = black_opening.result.flipped()
    assert [white.theirs(p) for p in (1, 7, 14)] == [1, 1, 1]
    # White's 6-1: 13/7* 8/7 hits and makes White's 7-point.
    white_play = parse_play("13/7* 8/7", white, (6, 1))
    assert white_play.result.mine(7) == 2 and white_play.result.opponent_bar == 1
    # Black rolls 6-4: White holds its 6-point, so the 6 cannot enter; the 4
    # enters on White's 4-point (Black's 21) and only then is the 6 played.
    black = white_play.result.flipped()
    plays = legal_plays(black, (6, 4))
    assert plays
    for play in plays:
        assert Move(25, 19) not in play.moves and Move(25, 19, True) not in play.moves
        assert play.moves[0].from_point == 25 and play.moves[0].to_point == 21
        assert len(play.moves) == 2 and play.moves[1].from_point - play.moves[1].to_point == 6
    sources_of_the_6 = {play.moves[1].from_point for play in plays}
    assert len(sources_of_the_6) > 1, "the 6 may be played with any checker that can move it"


def test_rules_002_a_3_and_a_2_do_not_enter_on_the_opponents_5_point() -> None:
    # The opponent holds their 3- and 2-points (our 22 and 23); their 5-point (our 20) is open.
    position = _board({25: 1, 6: 2}, {22: 2, 23: 2, 10: 2})
    assert legal_plays(position, (3, 2)) == []
    with pytest.raises(IllegalPlayError):
        parse_play("bar/20", position, (3, 2))


def test_rules_002_entering_with_one_die_then_moving_on_with_the_other_is_legal() -> None:
    # Only their 2-point is held: enter on 22 with the 3, then 22/20 with the 2.
    position = _board({25: 1}, {23: 2, 10: 2})
    assert [str(p) for p in legal_plays(position, (3, 2))] == ["bar/20"]
    assert parse_play("bar/22/20", position, (3, 2)).moves == (Move(25, 22), Move(22, 20))


def test_rules_002_bearing_off_6_1_from_the_4_and_1_points_may_go_4_3_then_3_off() -> None:
    position = _board({4: 1, 1: 1}, {20: 2})
    plays = legal_plays(position, (6, 1))
    moved_in_first = [p for p in plays if set(p.moves) == {Move(4, 3), Move(3, 0)}]
    assert len(moved_in_first) == 1
    assert moved_in_first[0].result.mine(1) == 1 and moved_in_first[0].result.off == 14
    assert parse_play("4/3 3/off", position, (6, 1)) == moved_in_first[0]


def test_rules_002_with_2_2_one_checker_goes_6_4_2_off_and_the_last_2_is_still_played() -> None:
    position = _board({6: 1, 5: 1}, {20: 2})
    play = parse_play("6/4/2/off 5/3", position, (2, 2))
    assert {Move(6, 4), Move(4, 2), Move(2, 0)} <= set(play.moves)
    assert len(play.moves) == 4
    # Stopping after 6/4/2/off, with a 2 still playable, is not a legal play.
    with pytest.raises(IllegalPlayError):
        parse_play("6/4/2/off", position, (2, 2))


def test_rules_000_with_two_on_the_bar_and_one_entry_point_the_other_die_is_lost() -> None:
    position = _board({25: 2, 6: 2}, {21: 2, 10: 2})
    assert [str(p) for p in legal_plays(position, (4, 2))] == ["bar/23"]


def test_rules_000_if_either_die_but_not_both_can_be_played_the_higher_is_played() -> None:
    # One checker on 20; 9 is held, so 20/14/9 and 20/15/9 are both blocked.
    position = _board({20: 1}, {9: 2})
    assert [str(p) for p in legal_plays(position, (6, 5))] == ["20/14"]
    assert [str(p) for p in legal_plays(position, (5, 6))] == ["20/14"]


def test_rules_000_a_closed_board_means_no_play_at_all() -> None:
    position = _board({25: 1, 6: 2}, {p: 2 for p in range(19, 25)})
    assert all(legal_plays(position, roll.dice) == [] for roll in ROLLS)


# -- the call's contract -------------------------------------------------------------


def test_the_order_of_the_dice_does_not_change_the_plays() -> None:
    position = _board({25: 1, 13: 2, 8: 1, 6: 3}, {22: 1, 19: 2, 7: 1})
    for roll in ROLLS:
        d1, d2 = roll.dice
        forward = {p.result for p in legal_plays(position, (d1, d2))}
        backward = {p.result for p in legal_plays(position, (d2, d1))}
        assert forward == backward


def test_plays_are_distinct_by_result_and_come_in_a_stable_order() -> None:
    plays = legal_plays(Position.starting(), (2, 1))
    assert len({p.result for p in plays}) == len(plays)
    assert [str(p) for p in plays] == [str(p) for p in legal_plays(Position.starting(), (2, 1))]


def test_a_result_is_seen_from_the_player_who_moved() -> None:
    for play in legal_plays(Position.starting(), (6, 4)):
        mine, theirs = play.result.pips()
        assert (mine, theirs) == (167 - 10, 167)


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3, -1)])
def test_dice_outside_1_to_6_are_rejected_naming_the_die(dice: tuple[int, int]) -> None:
    bad = next(d for d in dice if not 1 <= d <= 6)
    with pytest.raises(InvalidDiceError, match=f"die {bad} is not an integer from 1 to 6"):
        legal_plays(Position.starting(), dice)


def test_a_roll_of_other_than_two_dice_is_rejected() -> None:
    with pytest.raises(InvalidDiceError, match="a roll has two dice, got 3"):
        legal_plays(Position.starting(), (1, 2, 3))
    with pytest.raises(InvalidDiceError, match="a roll has two dice, got 1"):
        legal_plays(Position.starting(), (4,))


def test_booleans_are_not_dice() -> None:
    with pytest.raises(InvalidDiceError, match="die True"):
        legal_plays(Position.starting(), (True, 2))
