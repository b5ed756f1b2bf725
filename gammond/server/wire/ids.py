"""Game snapshots and the identifiers that carry them: Position ID, Match ID, XGID.

A snapshot's position is seen from the player on roll.  Both identifiers
also name the player who must act now, who differs while an offer awaits
an answer: see :func:`gammond.server.wire.board.xgid_roller`.
"""

from __future__ import annotations

from dataclasses import dataclass

from backgammon.v1 import notation_service_pb2 as pb
from gammond.engine.cube import CubeAction, CubeState
from gammond.engine.ids import GameState, MatchId, decode_position_id
from gammond.engine.match import MatchState
from gammond.engine.players import Player
from gammond.engine.position import Position
from gammond.engine.rules import RuleOptions
from gammond.engine.xgid import XgidState
from gammond.server.errors import WireError
from gammond.server.wire.board import (
    MAX_NUMBER,
    decode_color,
    decode_dice,
    decode_position,
    decode_xgid,
    encode_dice,
    encode_position,
    guarded,
    xgid_roller,
)
from gammond.server.wire.rules import (
    decode_cube,
    decode_match,
    decode_rules,
    encode_cube,
    encode_match,
    encode_rules,
)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A decoded :class:`GameSnapshot`."""

    position: Position
    turn: Player
    dice: tuple[int, int] | None
    cube: CubeState
    options: RuleOptions
    match: MatchState

    @property
    def actor(self) -> Player:
        """Who must act now: whoever answers a pending offer, else the player on roll."""
        responder = self.cube.responder
        return self.turn if responder is None else responder


def decode_snapshot(message: pb.GameSnapshot, field: str) -> Snapshot:
    if not message.HasField("position"):
        raise WireError(f"{field}.position", "is required")
    position, turn = decode_position(message.position, f"{field}.position")
    options = decode_rules(message.rules if message.HasField("rules") else None, f"{field}.rules")
    return Snapshot(
        position=position,
        turn=turn,
        dice=decode_dice(message.dice, f"{field}.dice") if message.HasField("dice") else None,
        cube=decode_cube(message.cube if message.HasField("cube") else None, f"{field}.cube"),
        options=options,
        match=decode_match(message.match if message.HasField("match") else None, options, f"{field}.match"),
    )


def encode_snapshot(snapshot: Snapshot) -> pb.GameSnapshot:
    message = pb.GameSnapshot(
        position=encode_position(snapshot.position, snapshot.turn),
        cube=encode_cube(snapshot.cube),
        rules=encode_rules(snapshot.options),
        match=encode_match(snapshot.match),
    )
    if snapshot.dice is not None:
        message.dice.CopyFrom(encode_dice(snapshot.dice))
    return message


def match_id_of(snapshot: Snapshot) -> str:
    cube = snapshot.cube
    return MatchId(
        cube_value=cube.value,
        cube_owner=None if cube.owner is None else int(cube.owner),
        on_roll=int(snapshot.turn),
        crawford=snapshot.match.crawford,
        game_state=GameState.OVER if snapshot.position.is_game_over() else GameState.PLAYING,
        turn=int(snapshot.actor),
        double_offered=cube.pending is CubeAction.DOUBLE,
        dice=snapshot.dice or (0, 0),
        match_length=snapshot.options.match_length,
        scores=snapshot.match.scores,
    ).match_id()


def xgid_of(snapshot: Snapshot) -> str:
    actor = snapshot.actor
    cube = snapshot.cube
    return XgidState(
        position=snapshot.position if actor is snapshot.turn else snapshot.position.flipped(),
        on_roll=actor,
        dice=snapshot.dice,
        pending=None if cube.pending is None else cube.pending.value,
        cube_value=cube.value,
        cube_owner=cube.owner,
        scores=snapshot.match.scores,
        match_length=snapshot.options.match_length,
        crawford=snapshot.match.crawford,
        jacoby=snapshot.options.jacoby,
        beavers=snapshot.options.beavers,
    ).xgid()


def _rules(field: str, length: int, jacoby: bool = False, beavers: bool = False) -> RuleOptions:
    return guarded(field, lambda: RuleOptions(match_length=length, jacoby=jacoby, beavers=beavers))


def from_gnubg(message: pb.GnubgIds, field: str) -> Snapshot:
    position = guarded(f"{field}.position_id", lambda: decode_position_id(message.position_id))
    if not message.match_id:
        turn = decode_color(message.turn, f"{field}.turn")
        return Snapshot(position, turn, None, CubeState(), RuleOptions(), MatchState())
    ids = guarded(f"{field}.match_id", lambda: MatchId.from_id(message.match_id))
    turn = Player(ids.on_roll)
    options = _rules(f"{field}.match_id", ids.match_length)
    owner = None if ids.cube_owner is None else Player(ids.cube_owner)
    pending = (CubeAction.DOUBLE, turn) if ids.double_offered else (None, None)
    return Snapshot(
        position=position,
        turn=turn,
        dice=ids.dice if ids.dice != (0, 0) else None,
        cube=guarded(f"{field}.match_id", lambda: CubeState(ids.cube_value, owner, *pending)),
        options=options,
        match=guarded(f"{field}.match_id", lambda: MatchState(ids.match_length, ids.scores, ids.crawford)),
    )


def from_xgid(text: str, field: str) -> Snapshot:
    state = decode_xgid(text, field)
    # The XGID's numbers answer in 32-bit fields: hold them to the wire's limits.
    numbers = {"cube": state.cube_value, "match length": state.match_length, "score": max(state.scores)}
    for name, value in numbers.items():
        if value > MAX_NUMBER:
            raise WireError(field, f"the {name} {value} is above the limit of {MAX_NUMBER}")
    position, turn = xgid_roller(state)
    pending: tuple[CubeAction | None, Player | None] = (None, None)
    if state.pending is not None:
        pending = (CubeAction(state.pending), state.on_roll.opponent)
    options = _rules(field, state.match_length, state.jacoby, state.beavers)
    return Snapshot(
        position=position,
        turn=turn,
        dice=state.dice,
        cube=guarded(field, lambda: CubeState(state.cube_value, state.cube_owner, *pending)),
        options=options,
        match=guarded(field, lambda: MatchState(state.match_length, state.scores, state.crawford)),
    )
