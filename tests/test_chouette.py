"""Chouette: the roll-off line-up, settling a game cube by cube, and the rotation.

Rule text: 000_4a0918c4b69868f2.txt ("Chouette: backgammon
for 3 or more").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammond.engine import InvalidDiceError, Player, ResultKind
from gammond.engine.chouette import (
    Lineup,
    Payment,
    box_keeps_place,
    next_lineup,
    roll_off,
    settle,
)
from gammond.engine.dice import SeededRoller
from gammond.engine.errors import InvalidStateError
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameOutcome

WHITE, BLACK = Player.WHITE, Player.BLACK
MONEY = RuleOptions.money()
BOX = WHITE  # the colour the box plays in these tests


def _box_wins(kind: ResultKind = ResultKind.SINGLE, cube: int = 1) -> GameOutcome:
    return GameOutcome.played_out(BOX, kind, cube, MONEY, cube_turned=cube > 1)


def _team_wins(kind: ResultKind = ResultKind.SINGLE, cube: int = 1) -> GameOutcome:
    return GameOutcome.played_out(BOX.opponent, kind, cube, MONEY, cube_turned=cube > 1)


def _dice(*values: int) -> Callable[[], int]:
    it: Iterator[int] = iter(values)
    return lambda: next(it)


def test_the_highest_roller_is_the_box_and_the_second_the_captain() -> None:
    """000_*.txt: "The highest roller is the box and the second highest is the captain"."""
    lineup = Lineup.from_rolls({"ann": [2], "bob": [5], "cy": [6], "dee": [4]})
    assert lineup == Lineup("cy", "bob", ("dee", "ann"))
    assert lineup.team == ("bob", "dee", "ann")


def test_ties_are_rerolled_among_the_tied_players_only() -> None:
    """000_*.txt: "Each player rolls one die to start, rerolling ties"."""
    lineup = Lineup.from_rolls({"ann": [5, 2], "bob": [5, 6], "cy": [1], "dee": [3]})
    assert lineup == Lineup("bob", "ann", ("dee", "cy"))
    lower_tie = Lineup.from_rolls({"ann": [6], "bob": [3, 1], "cy": [3, 4, 2], "dee": [3, 4, 5]})
    assert lower_tie == Lineup("ann", "dee", ("cy", "bob"))


@pytest.mark.parametrize(
    "rolls, message",
    [
        ({"ann": [5], "bob": [5], "cy": [1]}, "still tied with 'bob'"),
        ({"ann": [6, 3], "bob": [5], "cy": [1]}, "'ann' rolled 2 dice in the roll-off, but only 1"),
        ({"ann": [7], "bob": [5], "cy": [1]}, "'ann' rolled 7"),
        ({"ann": [0], "bob": [5], "cy": [1]}, "not a die from 1 to 6"),
    ],
)
def test_a_roll_off_that_does_not_decide_the_line_up_is_refused(
    rolls: dict[str, list[int]], message: str
) -> None:
    with pytest.raises(InvalidDiceError, match=message):
        Lineup.from_rolls(rolls)


def test_a_chouette_needs_three_distinct_named_players() -> None:
    with pytest.raises(InvalidStateError, match="at least 3 players"):
        Lineup.from_rolls({"ann": [6], "bob": [2]})
    with pytest.raises(InvalidStateError, match="ann appear twice"):
        Lineup("ann", "bob", ("ann",))
    with pytest.raises(InvalidStateError, match="non-empty strings"):
        Lineup("ann", " ", ("cy",))


def test_a_roll_off_with_a_roller_rerolls_ties_in_player_order() -> None:
    # ann 4, bob 6, cy 4, dee 2; then ann and cy reroll: ann 1, cy 3.
    result = roll_off(["ann", "bob", "cy", "dee"], _dice(4, 6, 4, 2, 1, 3))
    assert result.lineup == Lineup("bob", "cy", ("ann", "dee"))
    assert dict(result.rolls) == {"ann": (4, 1), "bob": (6,), "cy": (4, 3), "dee": (2,)}


def test_a_roller_that_always_ties_stops_with_an_error() -> None:
    with pytest.raises(InvalidDiceError, match="still tied after"):
        roll_off(["ann", "bob", "cy"], lambda: 3)


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 8), st.integers(0, 2**32))
def test_a_roll_off_replays_from_the_dice_it_rolled(players: int, seed: int) -> None:
    names = [f"p{i}" for i in range(players)]
    result = roll_off(names, SeededRoller(seed).die)
    assert Lineup.from_rolls({name: list(dice) for name, dice in result.rolls}) == result.lineup
    assert sorted(result.lineup.players) == sorted(names)
    # Nobody ranks above a player whose first die was higher.
    first = {name: dice[0] for name, dice in result.rolls}
    ranks = [first[name] for name in result.lineup.players]
    assert ranks == sorted(ranks, reverse=True)


def test_if_the_box_wins_each_member_pays_the_box() -> None:
    """000_*.txt: "If the box wins, each team member pays the box"."""
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    settlement = settle(lineup, {m: _box_wins(ResultKind.GAMMON, 2) for m in lineup.team}, BOX)
    assert settlement.payments == tuple(Payment(m, "ann", 4) for m in lineup.team)
    assert settlement.net("ann") == 12 and settlement.net("cy") == -4


def test_if_the_team_wins_the_box_pays_each_member() -> None:
    """000_*.txt: "If the team wins, the box pays each team member"."""
    lineup = Lineup("ann", "bob", ("cy",))
    settlement = settle(lineup, {m: _team_wins() for m in lineup.team}, BOX)
    assert settlement.payments == (Payment("ann", "bob", 1), Payment("ann", "cy", 1))
    assert settlement.net("ann") == -2


def test_each_member_settles_their_own_cube_and_result() -> None:
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    games = {
        "bob": _team_wins(ResultKind.GAMMON, 4),  # bob took the box's double to 4 and won a gammon
        "cy": GameOutcome.dropped(BOX, 2),  # cy dropped the box's redouble from 2
        "dee": _team_wins(ResultKind.SINGLE, 2),
    }
    settlement = settle(lineup, games, BOX)
    assert settlement.net("bob") == 8 and settlement.net("cy") == -2 and settlement.net("dee") == 2
    assert sum(settlement.net(name) for name in lineup.players) == 0


def test_settling_needs_exactly_one_game_per_team_member() -> None:
    lineup = Lineup("ann", "bob", ("cy",))
    with pytest.raises(InvalidStateError, match=r"missing \['cy'\], not on the team \['ann'\]"):
        settle(lineup, {"bob": _box_wins(), "ann": _box_wins()}, BOX)


def test_when_the_box_wins_the_captain_goes_to_the_back_of_the_line() -> None:
    """000_*.txt: "When the box wins, the captain goes to the back of the line and the next
    player becomes captain"."""
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    assert next_lineup(lineup, box_won=True) == Lineup("ann", "cy", ("dee", "bob"))


def test_when_the_team_wins_the_captain_becomes_the_box() -> None:
    """000_*.txt: "When the team wins, the box goes to the back, the captain becomes the box
    and the next player becomes captain"."""
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    assert next_lineup(lineup, box_won=False) == Lineup("bob", "cy", ("dee", "ann"))


@settings(deadline=None)  # trivial work, but a loaded CI machine can stall any call
@given(st.integers(3, 7), st.lists(st.booleans(), max_size=30))
def test_rotation_keeps_everyone_in_the_chouette(players: int, results: list[bool]) -> None:
    names = [f"p{i}" for i in range(players)]
    lineup = Lineup(names[0], names[1], tuple(names[2:]))
    for box_won in results:
        after = next_lineup(lineup, box_won)
        assert sorted(after.players) == sorted(names)
        assert (after.box == lineup.box) == box_won
        lineup = after


def test_a_losing_streak_for_every_box_passes_the_box_round_the_table() -> None:
    names = ("ann", "bob", "cy", "dee")
    lineup = Lineup(names[0], names[1], names[2:])
    boxes = []
    for _ in itertools.repeat(None, len(names)):
        boxes.append(lineup.box)
        lineup = next_lineup(lineup, box_won=False)
    assert sorted(boxes) == sorted(names)


def test_with_separate_cubes_the_box_keeps_its_place_if_it_beats_the_captain() -> None:
    """000_*.txt: "each team member has a separate cube, and the box keeps its place if it
    beats the captain"."""
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    games = {"bob": _box_wins(), "cy": _team_wins(), "dee": _team_wins()}
    assert box_keeps_place(lineup, games, BOX)
    assert not box_keeps_place(lineup, games, BOX, captain_decides=False)
    lost_to_captain = {"bob": _team_wins(), "cy": _box_wins(), "dee": _box_wins()}
    assert not box_keeps_place(lineup, lost_to_captain, BOX)
    everyone = {member: _box_wins() for member in lineup.team}
    assert box_keeps_place(lineup, everyone, BOX, captain_decides=False)


def test_a_lineup_rebuilds_from_its_repr() -> None:
    lineup = Lineup("ann", "bob", ("cy", "dee"))
    assert eval(repr(lineup), {"Lineup": Lineup}) == lineup
