"""Game snapshots on the wire (:class:`gammond.engine.GameSnapshot`), and the identifier requests."""

from __future__ import annotations

from backgammon.v1 import notation_service_pb2 as pb
from gammond.engine import CubeState, GameSnapshot, MatchState, Position, RuleOptions
from gammond.server.errors import WireError
from gammond.server.limits import MAX_NUMBER
from gammond.server.wire.board import (
    decode_color,
    decode_dice,
    decode_position,
    encode_dice,
    encode_position,
    guarded,
)
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import (
    decode_cube,
    decode_match,
    decode_rules,
    encode_cube,
    encode_match,
    encode_rules,
)


def decode_snapshot(message: pb.GameSnapshot, field: str) -> GameSnapshot:
    if not message.HasField("position"):
        raise WireError(f"{field}.position", "is required")
    position, turn = decode_position(message.position, f"{field}.position")
    options = decode_rules(optional(message, "rules"), f"{field}.rules")
    dice = optional(message, "dice")
    return GameSnapshot(
        position=position,
        turn=turn,
        dice=None if dice is None else decode_dice(dice, f"{field}.dice"),
        cube=decode_cube(optional(message, "cube"), f"{field}.cube"),
        options=options,
        match=decode_match(optional(message, "match"), options, f"{field}.match"),
    )


def encode_snapshot(snapshot: GameSnapshot) -> pb.GameSnapshot:
    message = pb.GameSnapshot(
        position=encode_position(snapshot.position, snapshot.turn),
        cube=encode_cube(snapshot.cube),
        rules=encode_rules(snapshot.options),
        match=encode_match(snapshot.match),
    )
    if snapshot.dice is not None:
        message.dice.CopyFrom(encode_dice(snapshot.dice))
    return message


def decode_gnubg_ids(message: pb.GnubgIds, field: str) -> GameSnapshot:
    """A Position ID with a Match ID, or a bare Position ID with the player on roll."""
    position = guarded(f"{field}.position_id", lambda: Position.from_id(message.position_id))
    if message.match_id:
        return guarded(
            f"{field}.match_id", lambda: GameSnapshot.from_gnubg_ids(message.position_id, message.match_id)
        )
    turn = decode_color(message.turn, f"{field}.turn")
    return GameSnapshot(position, turn, None, CubeState(), RuleOptions(), MatchState())


def decode_xgid_snapshot(text: str, field: str) -> GameSnapshot:
    snapshot = guarded(field, lambda: GameSnapshot.from_xgid(text))
    # The XGID's numbers answer in 32-bit fields: hold them to the wire's limits
    # (DecodeIdsRequest.xgid's row in gammond.server.limits.FIELD_LIMITS).
    numbers = {
        "cube": snapshot.cube.value,
        "match length": snapshot.options.match_length,
        "score": max(snapshot.match.scores),
    }
    for name, value in numbers.items():
        if value > MAX_NUMBER:
            raise WireError(field, f"the {name} {value} is above the limit of {MAX_NUMBER}")
    return snapshot
