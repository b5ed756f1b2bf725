"""Dice: the 21 rolls, fair and seeded rollers, and the opening roll."""

from __future__ import annotations

from collections import Counter

import pytest

from gammond.engine import InvalidDiceError, Player
from gammond.engine.dice import ROLLS, SeededRoller, SystemRoller, opening_roll, parse_roll


class _Scripted:
    """A roller that returns dice from a list, to set up exact cases."""

    def __init__(self, dice: list[int]) -> None:
        self._dice = iter(dice)

    def die(self) -> int:
        return next(self._dice)


def test_there_are_21_distinct_rolls_weighing_36_in_all() -> None:
    assert len({r.dice for r in ROLLS}) == 21
    assert sum(r.weight for r in ROLLS) == 36
    assert all(r.weight == (1 if r.is_double() else 2) for r in ROLLS)


def test_a_seeded_roller_repeats_and_different_seeds_differ() -> None:
    def rolls(seed: int) -> list[tuple[int, int]]:
        roller = SeededRoller(seed)
        return [roller.roll() for _ in range(50)]

    assert rolls(1) == rolls(1)
    assert rolls(1) != rolls(2)


def test_the_system_roller_gives_every_face_and_nothing_else() -> None:
    roller = SystemRoller()
    faces = Counter(roller.die() for _ in range(3000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_the_opening_roll_rerolls_ties_and_the_higher_die_moves_first() -> None:
    result = opening_roll(_Scripted([4, 4, 2, 2, 3, 5]))
    assert result.first is Player.BLACK and result.dice == (5, 3) and result.ties == 2
    assert result.automatic_doubles == 0 and result.cube_value == 1


def test_automatic_doubles_count_ties_up_to_the_limit() -> None:
    result = opening_roll(_Scripted([1, 1, 6, 6, 3, 3, 6, 2]), max_automatic_doubles=2)
    assert result.first is Player.WHITE and result.dice == (6, 2)
    assert result.ties == 3 and result.automatic_doubles == 2 and result.cube_value == 4


def test_the_opening_roll_is_never_a_double() -> None:
    roller = SeededRoller(9)
    for _ in range(200):
        first, second = opening_roll(roller).dice
        assert first > second


@pytest.mark.parametrize("text", ["31", "3-1", "3 1", "6,6"])
def test_rolls_parse_in_the_usual_spellings(text: str) -> None:
    assert parse_roll(text) in {(3, 1), (6, 6)}


@pytest.mark.parametrize("text", ["", "7", "71", "301", "ab"])
def test_bad_rolls_name_themselves(text: str) -> None:
    with pytest.raises(InvalidDiceError, match=repr(text)):
        parse_roll(text)
