"""Position IDs and Match IDs: known values, agreement with GNU Backgammon, malformed input."""

from __future__ import annotations

import base64
import random

import pytest

from gammond.engine import GameState, MatchId, NotationError, Position
from tests.support.peers import require_peer
from tests.support.positions import random_position


def _id_from_bits(bits: str) -> str:
    """A Position ID whose key has ``bits[i]`` as bit ``i`` (the format's own definition)."""
    key = sum(1 << i for i, bit in enumerate(bits) if bit == "1")
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii").rstrip("=")


def _empty_side() -> str:
    return "0" * 25


# -- Position IDs -------------------------------------------------------------


def test_the_starting_position_has_gnubgs_documented_id() -> None:
    assert Position.starting().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_id("4HPwATDgc/ABMA") == Position.starting()


def test_the_bear_off_trap_id_decodes_to_one_checker_against_a_blot_on_our_1_point() -> None:
    # /woA1CACAAAAAA: we have one checker left, on our 2-point; the opponent
    # has 8 on their 1-point, one each on 2, 3, 17, 18, two on 19 and a blot
    # on their 24-point, which is our 1-point.
    mine = [0] * 25
    mine[1] = 1
    theirs = [0] * 25
    for point, count in {1: 8, 2: 1, 3: 1, 17: 1, 18: 1, 19: 2, 24: 1}.items():
        theirs[point - 1] = count
    expected = Position.from_sides(mine, theirs)
    assert Position.from_id("/woA1CACAAAAAA") == expected
    assert expected.position_id() == "/woA1CACAAAAAA"


def test_an_id_built_from_its_bit_layout_decodes_to_that_board() -> None:
    # Opponent: 2 checkers on their 1-point, nothing else; us: 1 on the bar.
    bits = "110" + "0" * 24 + "0" * 24 + "10"
    position = Position.from_id(_id_from_bits(bits))
    assert position.theirs(24) == 2
    assert position.bar == 1
    assert position.off == 14 and position.opponent_off == 13


def test_position_ids_agree_with_gnubg_on_thousands_of_random_boards() -> None:
    gnubg_nn = require_peer("gnubg_nn")
    rng = random.Random(20260)
    for _ in range(3000):
        position = random_position(rng)
        mine, theirs = position.sides()
        theirs_id = gnubg_nn.position_id([list(theirs), list(mine)])
        assert position.position_id() == theirs_id, position.sides()
        decoded = gnubg_nn.board_from_position_id(theirs_id)
        assert Position.from_sides(decoded[1], decoded[0]) == position


def test_position_ids_of_the_wrong_length_are_rejected_naming_the_text() -> None:
    for text in ("4HPwATDgc/ABM", "4HPwATDgc/ABMAA", ""):
        with pytest.raises(NotationError, match="must be 14 characters"):
            Position.from_id(text)


def test_a_position_id_that_is_not_a_string_is_rejected() -> None:
    with pytest.raises(NotationError, match="must be 14 characters"):
        Position.from_id(None)  # type: ignore[arg-type]


def test_a_position_id_with_characters_outside_base64_is_rejected() -> None:
    with pytest.raises(NotationError, match="is not base64"):
        Position.from_id("4HPwATDgc/AB!A")


def test_a_position_id_giving_a_side_sixteen_checkers_is_rejected() -> None:
    bits = "1" * 16 + "0" + "0" * 24 + _empty_side()
    with pytest.raises(NotationError, match="gives the opponent 16 checkers"):
        Position.from_id(_id_from_bits(bits))
    bits = _empty_side() + "1" * 16 + "0" + "0" * 24
    with pytest.raises(NotationError, match="gives the player on roll 16 checkers"):
        Position.from_id(_id_from_bits(bits))


def test_a_position_id_with_stray_bits_after_both_sides_is_rejected() -> None:
    bits = _empty_side() + _empty_side() + "0" * 29 + "1"
    with pytest.raises(NotationError, match="stray bits"):
        Position.from_id(_id_from_bits(bits))


def test_a_position_id_of_all_ones_runs_out_of_bits() -> None:
    with pytest.raises(NotationError, match="runs out of bits"):
        Position.from_id(_id_from_bits("1" * 80))


def test_a_position_id_putting_both_sides_on_one_point_is_rejected() -> None:
    # Opponent: one checker on their 24-point (our 1-point); us: one on our 1-point.
    bits = "0" * 23 + "10" + "0" + "10" + "0" * 24
    with pytest.raises(NotationError, match="point 1 holds checkers of both players"):
        Position.from_id(_id_from_bits(bits))


# -- Match IDs ------------------------------------------------------------------


def test_the_manuals_match_id_example_decodes_field_by_field() -> None:
    # GNU Backgammon's manual: a 9-point match at 2-4, cube on 2 owned by
    # player 0, player 1 on roll with 5-2.
    m = MatchId.from_id("QYkqASAAIAAA")
    assert (m.cube_value, m.cube_owner) == (2, 0)
    assert (m.on_roll, m.turn) == (1, 1)
    assert m.dice == (5, 2)
    assert (m.match_length, m.scores) == (9, (2, 4))
    assert m.game_state is GameState.PLAYING
    assert not (m.crawford or m.double_offered or m.resignation)


def test_the_manuals_match_id_example_encodes_back_to_itself() -> None:
    assert MatchId.from_id("QYkqASAAIAAA").match_id() == "QYkqASAAIAAA"


def test_match_ids_round_trip_over_a_spread_of_fields() -> None:
    rng = random.Random(7)
    for _ in range(500):
        dice = (0, 0) if rng.random() < 0.3 else (rng.randint(1, 6), rng.randint(1, 6))
        m = MatchId(
            cube_value=1 << rng.randint(0, 15),
            cube_owner=rng.choice([None, 0, 1]),
            on_roll=rng.randint(0, 1),
            crawford=rng.random() < 0.5,
            game_state=rng.choice(list(GameState)),
            turn=rng.randint(0, 1),
            double_offered=rng.random() < 0.5,
            resignation=rng.randint(0, 3),
            dice=dice,
            match_length=rng.randint(0, (1 << 15) - 1),
            scores=(rng.randint(0, (1 << 15) - 1), rng.randint(0, (1 << 15) - 1)),
            jacoby=rng.random() < 0.5,
        )
        text = m.match_id()
        assert len(text) == 12
        assert MatchId.from_id(text) == m


def test_match_ids_of_the_wrong_length_are_rejected() -> None:
    with pytest.raises(NotationError, match="Match ID must be 12 characters"):
        MatchId.from_id("QYkqASAAIAA")


def test_a_match_id_with_cube_owner_code_2_is_rejected() -> None:
    key = 1 | 2 << 4  # cube 2, owner code 2
    text = base64.b64encode(key.to_bytes(9, "little")).decode("ascii")
    with pytest.raises(NotationError, match="cube owner code 2"):
        MatchId.from_id(text)


def test_a_match_id_with_only_one_die_is_rejected() -> None:
    key = 3 << 4 | 1 << 8 | 4 << 15  # centred cube, playing, dice 4-0
    text = base64.b64encode(key.to_bytes(9, "little")).decode("ascii")
    with pytest.raises(NotationError, match="impossible dice 4-0"):
        MatchId.from_id(text)


def test_match_id_fields_out_of_range_are_rejected_naming_the_field() -> None:
    with pytest.raises(NotationError, match="cube value 3"):
        MatchId(cube_value=3)
    with pytest.raises(NotationError, match="cube owner 2"):
        MatchId(cube_owner=2)
    with pytest.raises(NotationError, match="dice \\(7, 1\\)"):
        MatchId(dice=(7, 1))
    with pytest.raises(NotationError, match="resignation 4"):
        MatchId(resignation=4)
