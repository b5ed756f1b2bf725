"""Play notation: formatting, parsing, and resolving text against the legal plays."""

from __future__ import annotations

import pytest

from gammond.engine import (
    IllegalPlayError,
    Move,
    NotationError,
    Play,
    Position,
    format_moves,
    legal_plays,
    parse_moves,
    parse_play,
)


def _board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """Both sides on the numbering of the player on roll; 25 is our bar, 0 theirs."""
    board = [0] * 26
    for point, count in mine.items():
        board[point] = count
    for point, count in theirs.items():
        board[point] = -count
    return Position(tuple(board))


def _play_with(position: Position, dice: tuple[int, int], *moves: Move) -> Play:
    """The one legal play made of exactly ``moves`` (in any order)."""
    matches = [p for p in legal_plays(position, dice) if sorted(p.moves) == sorted(moves)]
    assert len(matches) == 1, [str(p) for p in legal_plays(position, dice)]
    return matches[0]


START = Position.starting()
# One checker on 13; opponent blots on 7 (and 11 in the second board); two opponent checkers on 20.
BLOT_ON_7 = _board({13: 1}, {7: 1, 20: 2})
BLOTS_ON_7_AND_11 = _board({13: 1}, {7: 1, 11: 1, 20: 2})


# -- formatting -------------------------------------------------------------------


def test_two_checkers_making_a_point_format_as_8_5_6_5() -> None:
    play = _play_with(START, (3, 1), Move(8, 5), Move(6, 5))
    assert str(play) == "8/5 6/5"


def test_entering_with_a_hit_formats_as_bar_22_star() -> None:
    assert str(Move(25, 22, True)) == "bar/22*"
    position = _board({25: 1, 6: 2}, {22: 1, 10: 2})
    play = _play_with(position, (3, 1), Move(25, 22, True), Move(6, 5))
    assert str(play) == "bar/22* 6/5"


def test_bearing_off_formats_as_off() -> None:
    assert str(Move(6, 0)) == "6/off"
    position = _board({6: 1, 3: 1}, {20: 2})
    assert str(_play_with(position, (6, 3), Move(6, 0), Move(3, 0))) == "6/off 3/off"


def test_two_checkers_taking_the_same_path_format_with_a_count() -> None:
    play = _play_with(START, (3, 3), Move(13, 10), Move(10, 7), Move(13, 10), Move(10, 7))
    assert str(play) == "13/7(2)"


def test_one_checker_running_both_dice_formats_as_one_path() -> None:
    play = _play_with(START, (6, 5), Move(24, 18), Move(18, 13))
    assert str(play) == "24/13"


def test_a_hit_on_the_intermediate_stop_is_named_in_the_path() -> None:
    play = _play_with(BLOT_ON_7, (6, 2), Move(13, 7, True), Move(7, 5))
    assert str(play) == "13/7*/5"


def test_a_quiet_intermediate_stop_is_left_out_of_the_path() -> None:
    play = _play_with(BLOT_ON_7, (6, 2), Move(13, 11), Move(11, 5))
    assert str(play) == "13/5"


def test_an_empty_play_formats_as_no_play() -> None:
    assert format_moves(()) == "(no play)"


# -- parsing --------------------------------------------------------------------


def test_parse_moves_spells_out_paths_and_counts() -> None:
    assert parse_moves("bar/22* 13/7(2)") == [(25, 22, True), (13, 7, False), (13, 7, False)]
    assert parse_moves("24/18/13") == [(24, 18, False), (18, 13, False)]
    assert parse_moves("6/off") == [(6, 0, False)]


@pytest.mark.parametrize(
    ("text", "dice", "expected"),
    [
        ("8/5 6/5", (3, 1), "8/5 6/5"),
        ("6/5, 8/5", (3, 1), "8/5 6/5"),
        ("24/13", (6, 5), "24/13"),
        ("24/18/13", (6, 5), "24/13"),
        ("24/18 18/13", (6, 5), "24/13"),
        ("13/7(2)", (3, 3), "13/7(2)"),
        ("13/10/7 13/10/7", (3, 3), "13/7(2)"),
        ("13/10(2) 10/7(2)", (3, 3), "13/7(2)"),
    ],
)
def test_spellings_of_one_play_resolve_to_it(text: str, dice: tuple[int, int], expected: str) -> None:
    assert str(parse_play(text, START, dice)) == expected


def test_bar_and_off_may_be_abbreviated_and_capitalised() -> None:
    position = _board({25: 1, 6: 2}, {22: 1, 10: 2})
    assert str(parse_play("B/22* 6/5", position, (3, 1))) == "bar/22* 6/5"
    bear_off = _board({6: 1, 3: 1}, {20: 2})
    assert str(parse_play("6/o 3/OFF", bear_off, (6, 3))) == "6/off 3/off"


def test_a_path_with_the_hit_marked_resolves_to_the_hitting_play() -> None:
    play = parse_play("13/7*/5", BLOT_ON_7, (6, 2))
    assert play.hits == 1 and play.result.opponent_bar == 1


def test_a_path_without_a_hit_mark_prefers_the_quiet_play() -> None:
    play = parse_play("13/5", BLOT_ON_7, (6, 2))
    assert play.hits == 0 and play.result.theirs(7) == 1


def test_text_that_could_name_two_hitting_plays_is_rejected_with_a_suggestion() -> None:
    # Hits must be marked: "13/5" past blots on 11 and 7 names neither play exactly.
    with pytest.raises(IllegalPlayError, match="'13/5' is not a legal play of 6-2") as raised:
        parse_play("13/5", BLOTS_ON_7_AND_11, (6, 2))
    assert "did you mean 13/" in str(raised.value)
    assert parse_play("13/11*/5", BLOTS_ON_7_AND_11, (6, 2)).result.theirs(7) == 1
    assert parse_play("13/7*/5", BLOTS_ON_7_AND_11, (6, 2)).result.theirs(11) == 1


def test_a_hit_that_is_not_marked_is_not_the_hitting_play() -> None:
    # /woA1CACAAAAAA with 1-3: the legal play hits on the 1-point on the way off.
    trap = Position.from_id("/woA1CACAAAAAA")
    with pytest.raises(IllegalPlayError, match="did you mean 2/1\\*/off"):
        parse_play("2/off", trap, (1, 3))
    assert str(parse_play("2/1*/off", trap, (1, 3))) == "2/1*/off"


def test_an_illegal_play_is_rejected_naming_the_text_the_roll_and_the_position() -> None:
    with pytest.raises(IllegalPlayError, match="'24/18' is not a legal play of 3-1") as raised:
        parse_play("24/18", START, (3, 1))
    assert START.position_id() in str(raised.value)


def test_playing_one_die_when_both_can_be_played_is_illegal() -> None:
    with pytest.raises(IllegalPlayError):
        parse_play("8/5", START, (3, 1))


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("24-20", "'24-20' in play '24-20' is not a point"),
        ("13/7(2", "is not a move like"),
        ("13/15", "moves backwards from 13 to 15"),
        ("13/x", "'x' in play '13/x' is not a point"),
        ("13/26", "is not a point"),
        ("13", "needs a from and a to point"),
        ("13/7(0)", "repeats a move 0 times"),
        ("   ", "is empty"),
    ],
)
def test_malformed_play_text_is_a_notation_error_naming_the_problem(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        parse_play(text, START, (6, 4))
