"""GameService: legal plays, interactive turns, plays, the cube, resignations.

``ListLegalPlays`` and ``ListNextMoves`` are served by their ``*_wire``
twins, which write the answer's bytes without a message object per play
(:mod:`gammond.server.wire.plays`); the message-building methods stay as the
reference the tests compare them with.  :func:`add_to_server` wires that up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc

from backgammon.v1 import game_service_pb2 as pb
from backgammon.v1 import game_service_pb2_grpc
from gammond.engine import (
    CubeState,
    Player,
    Position,
    accept_resignation,
    apply_play,
    kernel,
    next_moves,
    offer_resignation,
    reject_resignation,
    require_game_on,
    score_game,
    turn_plays,
)
from gammond.server import calls
from gammond.server.services.wired import add_wired_service
from gammond.server.wire.board import (
    decode_color,
    decode_moves,
    decode_play_like,
    decode_position_input,
    decode_roll,
    encode_move,
    encode_play,
    encode_position,
    guarded,
)
from gammond.server.wire.fields import optional
from gammond.server.wire.plays import Written, legal_plays_wire, next_moves_wire, read_listing, view_parts
from gammond.server.wire.rules import (
    decode_action,
    decode_checked_context,
    decode_checked_cube,
    decode_cube,
    decode_resignation,
    decode_rules,
    encode_action,
    encode_cube,
    encode_resignation,
    encode_result,
)


def _listing(request: pb.ListLegalPlaysRequest) -> tuple[Position, Player, tuple[int, int], int]:
    """A ListLegalPlays request's position, player, roll and the parts of the answer it asks for."""
    position, turn, roll = decode_roll(request.position, optional(request, "dice"))
    parts = view_parts(request.view)
    require_game_on(position)
    return position, turn, roll, parts


class GameServicer(game_service_pb2_grpc.GameServiceServicer):
    """Stateless: every request carries the state it applies to."""

    def ListLegalPlays(
        self, request: pb.ListLegalPlaysRequest, context: grpc.ServicerContext
    ) -> pb.ListLegalPlaysResponse:
        position, turn, roll, parts = _listing(request)
        plays = turn_plays(position, roll)
        calls.generated(len(plays), sum(len(p.moves) for p in plays))
        response = pb.ListLegalPlaysResponse()
        if parts & kernel.WIRE_PLAYS:
            with_result = bool(parts & kernel.WIRE_RESULT)
            response.plays.extend(encode_play(p, turn, with_result=with_result) for p in plays)
        if parts & kernel.WIRE_COUNT:
            response.play_count = len(plays)
        return response

    def list_legal_plays_wire(
        self, request: pb.ListLegalPlaysRequest | Written, context: grpc.ServicerContext
    ) -> bytes:
        """ListLegalPlays as the bytes of the same answer, without a message per play.

        ``request`` comes from :func:`read_listing`: in the common form it is
        the answer already written.
        """
        if isinstance(request, tuple):
            answer = request
        else:
            position, turn, roll, parts = _listing(request)
            answer = legal_plays_wire(position, turn, roll, parts)
        raw, plays, steps = answer
        calls.generated(plays, plays * steps)
        return raw

    def ListNextMoves(
        self, request: pb.ListNextMovesRequest, context: grpc.ServicerContext
    ) -> pb.ListNextMovesResponse:
        dice = optional(request, "dice")
        position, turn, roll = decode_roll(request.position, dice)
        made = decode_moves(request.made, turn, "made")
        progress = next_moves(position, roll, made)
        calls.generated(progress.plays_left, len(progress.moves))
        return pb.ListNextMovesResponse(
            position=encode_position(progress.position, turn),
            moves=[encode_move(m, turn) for m in progress.moves],
            complete=progress.complete,
            plays_left=progress.plays_left,
        )

    def list_next_moves_wire(self, request: pb.ListNextMovesRequest, context: grpc.ServicerContext) -> bytes:
        """ListNextMoves as the bytes of the same answer."""
        position, turn, roll = decode_roll(request.position, optional(request, "dice"))
        made = decode_moves(request.made, turn, "made")
        progress = next_moves(position, roll, made)
        calls.generated(progress.plays_left, len(progress.moves))
        return next_moves_wire(
            progress.position, turn, progress.moves, progress.complete, progress.plays_left
        )

    def wire_methods(self) -> dict[str, Callable[[Any, grpc.ServicerContext], bytes]]:
        """The methods answered as bytes, by RPC name."""
        return {"ListLegalPlays": self.list_legal_plays_wire, "ListNextMoves": self.list_next_moves_wire}

    @staticmethod
    def readers() -> dict[str, Callable[[bytes], Any]]:
        """Request deserializers other than the message's own ``FromString``, by RPC name."""
        return {"ListLegalPlays": read_listing}

    def ApplyPlay(self, request: pb.ApplyPlayRequest, context: grpc.ServicerContext) -> pb.ApplyPlayResponse:
        dice = optional(request, "dice")
        position, turn, roll = decode_roll(request.position, dice)
        play = decode_play_like(request, turn)
        options = decode_rules(optional(request, "rules"), "rules")
        cube = decode_checked_cube(optional(request, "cube"), options, "cube")
        applied = apply_play(position, roll, play, turn=turn, cube=cube, options=options)
        response = pb.ApplyPlayResponse(
            play=encode_play(applied.play, turn),
            next_position=encode_position(applied.next_position, turn.opponent),
        )
        if applied.outcome is not None:
            response.result.CopyFrom(encode_result(applied.outcome))
        return response

    def ListCubeActions(
        self, request: pb.ListCubeActionsRequest, context: grpc.ServicerContext
    ) -> pb.ListCubeActionsResponse:
        cube_context = decode_checked_context(request.context, "context")
        actions = cube_context.legal_actions(decode_color(request.player, "player"))
        return pb.ListCubeActionsResponse(actions=[encode_action(a) for a in actions])

    def ApplyCubeAction(
        self, request: pb.ApplyCubeActionRequest, context: grpc.ServicerContext
    ) -> pb.ApplyCubeActionResponse:
        cube_context = decode_checked_context(request.context, "context")
        player = decode_color(request.player, "player")
        after = cube_context.apply(decode_action(request.action, "action"), player)
        if not isinstance(after, CubeState):
            return pb.ApplyCubeActionResponse(result=encode_result(after))
        return pb.ApplyCubeActionResponse(cube=encode_cube(after))

    def OfferResignation(
        self, request: pb.OfferResignationRequest, context: grpc.ServicerContext
    ) -> pb.OfferResignationResponse:
        offer = decode_resignation(request.offer, "offer")
        pending = optional(request, "pending")
        made = offer_resignation(
            offer.by,
            offer.kind,
            to_act=decode_color(request.to_act, "to_act"),
            cube=decode_cube(optional(request, "cube"), "cube"),
            pending=None if pending is None else decode_resignation(pending, "pending"),
        )
        return pb.OfferResignationResponse(offer=encode_resignation(made))

    def AcceptResignation(
        self, request: pb.AcceptResignationRequest, context: grpc.ServicerContext
    ) -> pb.AcceptResignationResponse:
        offer = decode_resignation(request.offer, "offer")
        player = decode_color(request.player, "player")
        options = decode_rules(optional(request, "rules"), "rules")
        cube = decode_checked_cube(optional(request, "cube"), options, "cube")
        outcome = accept_resignation(offer, player, cube, options)
        return pb.AcceptResignationResponse(result=encode_result(outcome))

    def RejectResignation(
        self, request: pb.RejectResignationRequest, context: grpc.ServicerContext
    ) -> pb.RejectResignationResponse:
        offer = decode_resignation(request.offer, "offer")
        reject_resignation(offer, decode_color(request.player, "player"))
        return pb.RejectResignationResponse()

    def ScoreGame(self, request: pb.ScoreGameRequest, context: grpc.ServicerContext) -> pb.ScoreGameResponse:
        position, turn = decode_position_input(request.position, "position")
        options = decode_rules(optional(request, "rules"), "rules")
        cube = decode_checked_cube(optional(request, "cube"), options, "cube")
        outcome = guarded("position", lambda: score_game(position, turn, cube, options))
        return pb.ScoreGameResponse(result=encode_result(outcome))


def add_to_server(servicer: GameServicer, server: grpc.Server) -> None:
    """Serve GameService as ``add_GameServiceServicer_to_server`` would, with the wire methods."""
    add_wired_service(servicer, server, pb.DESCRIPTOR.services_by_name["GameService"])
