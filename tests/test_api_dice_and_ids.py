"""DiceService and NotationService end to end over a real socket."""

from __future__ import annotations

import grpc
import pytest

from backgammon.v1 import board_pb2, rules_pb2
from backgammon.v1 import dice_service_pb2 as dice_pb
from backgammon.v1 import notation_service_pb2 as ids_pb
from gammond.engine import MatchId, Position
from gammond.engine.dice import SeededRoller, opening_roll
from gammond.engine.xgid import parse_xgid
from tests.support.server import STARTING_ID, failure


def test_seeded_rolls_repeat_and_skip_reaches_into_the_sequence(stubs) -> None:
    five = stubs.dice.RollDice(dice_pb.RollDiceRequest(seed=11, count=5))
    again = stubs.dice.RollDice(dice_pb.RollDiceRequest(seed=11, count=2, skip=3))
    assert list(five.rolls)[3:] == list(again.rolls)
    roller = SeededRoller(11)
    assert [(r.die1, r.die2) for r in five.rolls] == [roller.roll() for _ in range(5)]


def test_unseeded_rolls_are_dice(stubs) -> None:
    rolls = stubs.dice.RollDice(dice_pb.RollDiceRequest(count=50)).rolls
    assert len(rolls) == 50 and all(1 <= d <= 6 for r in rolls for d in (r.die1, r.die2))


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (dice_pb.RollDiceRequest(count=1001), "count"),
        (dice_pb.RollDiceRequest(skip=2), "skip"),
        (dice_pb.RollDiceRequest(seed=1, skip=100_001), "skip"),
    ],
)
def test_roll_limits_are_invalid_arguments_naming_the_field(stubs, request_, field) -> None:
    error = failure(stubs.dice.RollDice, request_)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == field


def test_the_opening_roll_matches_the_engines_and_ties_double_the_cube(stubs) -> None:
    rules = rules_pb2.RuleOptions(max_automatic_doubles=2)
    for seed in range(30):
        response = stubs.dice.RollOpening(dice_pb.RollOpeningRequest(seed=seed, rules=rules))
        expected = opening_roll(SeededRoller(seed), 2)
        assert (response.dice.die1, response.dice.die2) == expected.dice
        assert response.first == (board_pb2.COLOR_WHITE if expected.first == 0 else board_pb2.COLOR_BLACK)
        assert response.ties == expected.ties and response.cube.value == expected.cube_value
        assert response.cube.owner == rules_pb2.CUBE_OWNER_CENTERED


def test_automatic_doubles_are_refused_in_a_match(stubs) -> None:
    rules = rules_pb2.RuleOptions(match_length=5, max_automatic_doubles=1)
    error = failure(stubs.dice.RollOpening, dice_pb.RollOpeningRequest(rules=rules))
    assert error.field_violations[0][0] == "rules"


def snapshot(**kwargs: object) -> ids_pb.GameSnapshot:
    position = board_pb2.Position(
        board=board_pb2.Board(
            points=[-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]
        ),
        turn=board_pb2.COLOR_BLACK,
    )
    return ids_pb.GameSnapshot(position=position, **kwargs)  # type: ignore[arg-type]


def test_encoding_gives_the_engines_ids_and_decoding_returns_the_snapshot(stubs) -> None:
    state = snapshot(
        dice=board_pb2.Dice(die1=5, die2=2),
        cube=rules_pb2.CubeState(value=2, owner=rules_pb2.CUBE_OWNER_WHITE),
        rules=rules_pb2.RuleOptions(match_length=7),
        match=rules_pb2.MatchState(white_score=3, black_score=1),
    )
    ids = stubs.notation.EncodeIds(ids_pb.EncodeIdsRequest(snapshot=state))
    assert ids.position_id == STARTING_ID
    fields = MatchId.from_id(ids.match_id)
    assert (fields.on_roll, fields.cube_value, fields.cube_owner, fields.dice) == (1, 2, 0, (5, 2))
    assert (fields.match_length, fields.scores) == (7, (3, 1))
    assert parse_xgid(ids.xgid).position == Position.starting()
    from_gnubg = stubs.notation.DecodeIds(
        ids_pb.DecodeIdsRequest(gnubg=ids_pb.GnubgIds(position_id=ids.position_id, match_id=ids.match_id))
    )
    from_xgid = stubs.notation.DecodeIds(ids_pb.DecodeIdsRequest(xgid=ids.xgid))
    for decoded in (from_gnubg.snapshot, from_xgid.snapshot):
        assert decoded.position == state.position and decoded.dice == state.dice
        assert decoded.cube.value == 2 and decoded.cube.owner == rules_pb2.CUBE_OWNER_WHITE
        assert decoded.match == state.match and decoded.rules.match_length == 7


def test_a_pending_double_survives_both_identifiers(stubs) -> None:
    offer = rules_pb2.CubeOffer(action=rules_pb2.CUBE_ACTION_DOUBLE, offered_by=board_pb2.COLOR_BLACK)
    cube = rules_pb2.CubeState(
        value=1, owner=rules_pb2.CUBE_OWNER_CENTERED, pending=offer, doubled_this_turn=True
    )
    ids = stubs.notation.EncodeIds(ids_pb.EncodeIdsRequest(snapshot=snapshot(cube=cube)))
    assert MatchId.from_id(ids.match_id).double_offered and MatchId.from_id(ids.match_id).turn == 0
    decoded = stubs.notation.DecodeIds(ids_pb.DecodeIdsRequest(xgid=ids.xgid)).snapshot
    assert decoded.position.turn == board_pb2.COLOR_BLACK
    assert decoded.cube.pending == offer


def test_a_position_id_alone_needs_the_player_on_roll(stubs) -> None:
    error = failure(
        stubs.notation.DecodeIds, ids_pb.DecodeIdsRequest(gnubg=ids_pb.GnubgIds(position_id=STARTING_ID))
    )
    assert error.field_violations[0][0] == "gnubg.turn"
    ok = stubs.notation.DecodeIds(
        ids_pb.DecodeIdsRequest(gnubg=ids_pb.GnubgIds(position_id=STARTING_ID, turn=board_pb2.COLOR_WHITE))
    )
    assert ok.snapshot.position.board.points[5] == 5


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (ids_pb.DecodeIdsRequest(), "ids"),
        (ids_pb.DecodeIdsRequest(xgid="XGID=-b----E-C"), "xgid"),
        (
            ids_pb.DecodeIdsRequest(gnubg=ids_pb.GnubgIds(position_id=STARTING_ID, match_id="!!!!!!!!!!!!")),
            "gnubg.match_id",
        ),
        (ids_pb.DecodeIdsRequest(gnubg=ids_pb.GnubgIds(position_id="short")), "gnubg.position_id"),
    ],
)
def test_bad_identifiers_are_invalid_arguments_naming_the_field(stubs, request_, field) -> None:
    error = failure(stubs.notation.DecodeIds, request_)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == field


def test_encoding_without_a_snapshot_names_it(stubs) -> None:
    error = failure(stubs.notation.EncodeIds, ids_pb.EncodeIdsRequest())
    assert error.field_violations[0][0] == "snapshot"
