"""The bearing network: the shipped evaluator scores bear-offs still in contact by a network trained on them alone.

The pruner's share of the phase networks, and the refusals of a missing or
mismatched race or bearing network, are here for both.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gammond.engine import Position
from gammond.engine.bot import load_evaluator, shipped_evaluator
from gammond.engine.bot.batch import boards_of
from gammond.engine.bot.features import INPUTS, bearing, contact
from gammond.engine.bot.model import BEARING, CUBE, PRUNER, RACE, WEIGHTS_DIR
from gammond.engine.bot.network import Network
from gammond.engine.bot.neural import reference_scores
from gammond.engine.errors import WeightsError

# White bears off (two checkers off) against a Black checker on the bar; the same
# with Black on roll; a race; the opening.
BEARING_OFF = Position.from_sides(
    [3, 3, 3, 2, 2] + [0] * 20, [2, 2, 2, 2, 2] + [0] * 7 + [2] + [0] * 11 + [1]
)
BARRED_ON_ROLL = BEARING_OFF.flipped()
RACE_POSITION = Position.from_sides([0] * 7 + [3, 4, 4, 4] + [0] * 14, [0] * 5 + [5, 5, 5] + [0] * 17)
CONTACT_POSITION = Position.starting()


def test_bear_offs_in_contact_are_told_from_races_and_the_rest_for_either_side_on_roll() -> None:
    boards = boards_of([BEARING_OFF, BARRED_ON_ROLL, RACE_POSITION, CONTACT_POSITION])
    assert bearing(boards).tolist() == [True, True, False, False]
    assert contact(boards).tolist() == [True, True, False, True]


def test_the_shipped_evaluator_scores_bear_offs_in_contact_by_the_bearing_network_only() -> None:
    shipped = shipped_evaluator()
    assert shipped.bearing is not None and shipped.bearing_name == BEARING
    boards = boards_of([BEARING_OFF, BARRED_ON_ROLL, RACE_POSITION, CONTACT_POSITION])
    got = shipped.evaluate_boards(boards)
    without = shipped.with_bearing(None).evaluate_boards(boards)
    np.testing.assert_allclose(got[:2], reference_scores(shipped.bearing, boards[:2]), atol=2e-6)
    assert not np.allclose(got[:2], without[:2], atol=1e-4)
    np.testing.assert_array_equal(got[2:], without[2:])


@pytest.mark.parametrize(("phase", "position"), [("race", RACE_POSITION), ("bearing", BEARING_OFF)])
def test_the_pruner_scores_races_and_bear_offs_in_contact_by_the_same_phase_network(
    phase: str, position: Position
) -> None:
    shipped = shipped_evaluator()
    assert shipped.pruner is not None and getattr(shipped.pruner, phase) is getattr(shipped, phase)
    board = boards_of([position])
    np.testing.assert_array_equal(shipped.pruner.evaluate_boards(board), shipped.evaluate_boards(board))


def test_the_compiled_search_is_refused_a_pruner_with_another_bearing_network() -> None:
    shipped = shipped_evaluator()
    assert shipped.pruner is not None
    mismatched = type(shipped)(
        shipped.network,
        shipped.name,
        shipped.pruner.with_bearing(None),
        shipped.race,
        shipped.race_name,
        shipped.bearing,
        shipped.bearing_name,
    )
    assert mismatched.rolled_values(boards_of([BEARING_OFF])) is None


def test_the_repr_names_the_bearing_network_and_rebuilds_the_evaluator() -> None:
    shipped = shipped_evaluator()
    assert (
        repr(shipped)
        == f"load_evaluator('{shipped.name}', pruner='{PRUNER}', race='{RACE}', bearing='{BEARING}', cube='{CUBE}')"
    )
    rebuilt = eval(repr(shipped), {"load_evaluator": load_evaluator})
    boards = boards_of([BEARING_OFF, RACE_POSITION, CONTACT_POSITION])
    np.testing.assert_array_equal(rebuilt.evaluate_boards(boards), shipped.evaluate_boards(boards))
    cube = rebuilt.for_cube()
    np.testing.assert_array_equal(cube.evaluate_boards(boards), shipped.for_cube().evaluate_boards(boards))


@pytest.mark.parametrize("phase", ["race", "bearing"])
def test_a_missing_phase_network_is_refused_by_its_file_name(tmp_path: Path, phase: str) -> None:
    Network.initial(INPUTS, 4, seed=1).save(tmp_path / "main.npz")
    with pytest.raises(WeightsError, match=f"no-such-{phase}.npz"):
        load_evaluator("main", tmp_path, **{phase: f"no-such-{phase}"})


@pytest.mark.parametrize("phase", ["race", "bearing"])
def test_a_phase_network_of_another_encoding_is_refused_by_name(tmp_path: Path, phase: str) -> None:
    Network.initial(INPUTS, 4, seed=1).save(tmp_path / "main.npz")
    Network.initial(INPUTS - 1, 4, seed=1).save(tmp_path / "odd.npz")
    with pytest.raises(WeightsError, match="'odd'"):
        load_evaluator("main", tmp_path, **{phase: "odd"})


def test_the_bearing_network_ships_with_the_bearing_round_behind_it() -> None:
    network = Network.load(WEIGHTS_DIR / f"{BEARING}.npz")
    assert network.inputs == INPUTS
    last = json.loads(str(network.meta["supervised_rounds"]))[-1]
    assert last["bearing"] is True and last["bar_bearoffs"] > 0 and last["rollout_trials"] > 0
