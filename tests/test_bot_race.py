"""The race network: the shipped evaluator scores positions with no contact left by a network trained on races alone."""

from __future__ import annotations

import numpy as np

from gammond.engine import Position
from gammond.engine.bot import load_evaluator, shipped_evaluator
from gammond.engine.bot.batch import boards_of
from gammond.engine.bot.features import INPUTS, contact
from gammond.engine.bot.model import PRUNER, RACE, WEIGHTS_DIR
from gammond.engine.bot.network import Network
from gammond.engine.bot.neural import reference_scores

# A race (White 3 and 5 checkers deep, Black past them), a contact position, and a bear-off.
RACE_POSITION = Position.from_sides([0] * 7 + [3, 4, 4, 4] + [0] * 14, [0] * 5 + [5, 5, 5] + [0] * 17)
CONTACT_POSITION = Position.starting()
BEAR_OFF = Position.from_sides([3, 3, 3] + [0] * 22, [0, 4, 4] + [0] * 22)


def test_the_shipped_evaluator_scores_races_by_the_race_network_and_the_rest_by_its_own() -> None:
    shipped = shipped_evaluator()
    assert shipped.race is not None and shipped.race_name == RACE
    boards = boards_of([RACE_POSITION, CONTACT_POSITION])
    assert contact(boards).tolist() == [False, True]
    got = shipped.evaluate_boards(boards)
    alone = load_evaluator().evaluate_boards(boards)
    racing = reference_scores(shipped.race, boards[:1])
    np.testing.assert_allclose(got[0], racing[0], atol=2e-6)
    assert not np.allclose(got[0], alone[0], atol=1e-4)
    np.testing.assert_array_equal(got[1], alone[1])


def test_the_bear_off_database_still_scores_positions_with_both_sides_home() -> None:
    board = boards_of([BEAR_OFF])
    np.testing.assert_array_equal(
        shipped_evaluator().evaluate_boards(board), load_evaluator().evaluate_boards(board)
    )


def test_the_repr_names_the_race_network_and_rebuilds_the_evaluator() -> None:
    shipped = shipped_evaluator()
    assert repr(shipped).startswith(f"load_evaluator('{shipped.name}', pruner='{PRUNER}', race='{RACE}'")
    rebuilt = eval(repr(shipped), {"load_evaluator": load_evaluator})
    board = boards_of([RACE_POSITION, CONTACT_POSITION])
    np.testing.assert_array_equal(rebuilt.evaluate_boards(board), shipped.evaluate_boards(board))


def test_the_race_network_ships_beside_the_main_one_as_the_three_race_rounds_joined() -> None:
    import json

    race = Network.load(WEIGHTS_DIR / f"{RACE}.npz")
    assert race.inputs == INPUTS and race.hidden == 3 * 128
    members = json.loads(str(race.meta["ensemble"]))
    assert members == ["race-a/checkpoint.npz", "race-b/checkpoint.npz", "race-c/checkpoint.npz"]
