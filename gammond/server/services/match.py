"""MatchService: recording games on the score sheet."""

from __future__ import annotations

import grpc

from backgammon.v1 import match_service_pb2 as pb
from backgammon.v1 import match_service_pb2_grpc
from gammond.engine import ScoreSheet
from gammond.server.wire.board import check_number, encode_color
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import (
    check_recorded,
    decode_match,
    decode_result,
    decode_rules,
    encode_match,
    encode_row,
)


class MatchServicer(match_service_pb2_grpc.MatchServiceServicer):
    """Stateless: the caller sends the score before the game."""

    def RecordGame(
        self, request: pb.RecordGameRequest, context: grpc.ServicerContext
    ) -> pb.RecordGameResponse:
        options = decode_rules(optional(request, "rules"), "rules")
        before = decode_match(optional(request, "match"), options, "match")
        outcome = decode_result(request.game, "game")
        check_recorded(outcome, options, before, "game")
        check_number(request.games_played, "games_played")
        sheet = ScoreSheet.new(before, first_game=request.games_played + 1).add(outcome)
        after = sheet.state
        response = pb.RecordGameResponse(
            match=encode_match(after), row=encode_row(sheet.rows[0]), post_crawford=after.post_crawford
        )
        if after.winner is not None:
            response.winner = encode_color(after.winner)
        return response
