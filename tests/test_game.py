"""Applying plays: validation, passing the turn, and the end of the game."""

from __future__ import annotations

import pytest

from gammond.engine import IllegalPlayError, InvalidDiceError, Move, Position, ResultKind, legal_plays
from gammond.engine.game import apply_play


def _sides(mine: dict[int, int], theirs: dict[int, int], my_bar: int = 0, their_bar: int = 0) -> Position:
    """Build a position from point -> count maps, each on its owner's numbering."""
    a = [mine.get(p, 0) for p in range(1, 25)] + [my_bar]
    b = [theirs.get(p, 0) for p in range(1, 25)] + [their_bar]
    return Position.from_sides(a, b)


def test_a_play_given_as_text_moves_or_result_is_the_same_play() -> None:
    start = Position.starting()
    by_text = apply_play(start, (3, 1), "8/5 6/5")
    by_moves = apply_play(start, (3, 1), [Move(8, 5), Move(6, 5)])
    by_result = apply_play(start, (3, 1), by_text.play.result)
    assert by_text == by_moves == by_result


def test_the_next_position_is_seen_from_the_opponent() -> None:
    applied = apply_play(Position.starting(), (3, 1), "8/5 6/5")
    assert applied.next_position.flipped() == applied.play.result
    assert applied.result is None


def test_an_illegal_play_names_itself_in_the_error() -> None:
    with pytest.raises(IllegalPlayError, match="24/22"):
        apply_play(Position.starting(), (3, 1), "24/22")
    with pytest.raises(IllegalPlayError, match="13/12"):
        apply_play(Position.starting(), (3, 1), [Move(13, 12), Move(8, 5)])


def test_passing_is_illegal_when_a_play_exists_and_required_when_none_does() -> None:
    with pytest.raises(IllegalPlayError, match="passing is illegal"):
        apply_play(Position.starting(), (3, 1), [])
    closed = _sides({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, my_bar=1)
    applied = apply_play(closed, (6, 5), [])
    assert applied.play.moves == () and applied.next_position == closed.flipped()


def test_bad_dice_are_rejected_before_anything_else() -> None:
    with pytest.raises(InvalidDiceError, match="7"):
        apply_play(Position.starting(), (7, 1), "8/5 6/5")


def test_bearing_off_the_last_checker_wins_a_single_game_when_the_loser_has_borne_off() -> None:
    position = _sides({1: 1}, {20: 14})
    applied = apply_play(position, (6, 5), "1/off")
    assert applied.result is ResultKind.SINGLE and applied.is_game_over


def test_a_loser_with_nothing_borne_off_loses_a_gammon() -> None:
    position = _sides({1: 1}, {13: 15})
    assert apply_play(position, (2, 1), "1/off").result is ResultKind.GAMMON


def test_a_loser_still_in_the_winners_home_board_loses_a_backgammon() -> None:
    # The opponent's checker on their 24-point stands on our 1-point, in our home board.
    position = _sides({2: 1}, {24: 1, 13: 14})
    assert apply_play(position, (6, 5), "2/off").result is ResultKind.BACKGAMMON


def test_a_loser_on_the_bar_loses_a_backgammon() -> None:
    position = _sides({3: 1}, {13: 14}, their_bar=1)
    assert apply_play(position, (6, 5), "3/off").result is ResultKind.BACKGAMMON


def test_the_trap_2_1_hit_off_wins_a_backgammon_and_2_off_alone_is_illegal() -> None:
    position = Position.from_id("/woA1CACAAAAAA")
    with pytest.raises(IllegalPlayError):
        apply_play(position, (1, 3), "2/off")
    applied = apply_play(position, (1, 3), "2/1*/off")
    assert applied.result is ResultKind.BACKGAMMON  # the hit checker sits on the bar


def test_every_listed_play_applies() -> None:
    position = Position.starting()
    for play in legal_plays(position, (6, 6)):
        assert apply_play(position, (6, 6), play).play == play
