"""DiceService: fair or seeded rolls, and the opening roll-off."""

from __future__ import annotations

import grpc

from backgammon.v1 import dice_service_pb2 as pb
from backgammon.v1 import dice_service_pb2_grpc
from gammond.engine import SeededRoller, SystemRoller, opening_cube, opening_roll
from gammond.server.errors import WireError
from gammond.server.wire.board import encode_color, encode_dice
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import decode_rules, encode_cube

MAX_COUNT = 1000
MAX_SKIP = 100_000


def roller_for(seed: int | None) -> SeededRoller | SystemRoller:
    """Seeded dice when the caller asks for a replay, the OS's randomness otherwise."""
    return SystemRoller() if seed is None else SeededRoller(seed)


class DiceServicer(dice_service_pb2_grpc.DiceServiceServicer):
    """Rolls dice; the server holds no roller between calls."""

    def RollDice(self, request: pb.RollDiceRequest, context: grpc.ServicerContext) -> pb.RollDiceResponse:
        count = request.count or 1
        if count > MAX_COUNT:
            raise WireError("count", f"{count} is more than {MAX_COUNT} rolls")
        if request.skip > MAX_SKIP:
            raise WireError("skip", f"{request.skip} is more than {MAX_SKIP}")
        seeded = request.HasField("seed")
        if request.skip and not seeded:
            raise WireError("skip", "only means something with a seed")
        roller = roller_for(request.seed if seeded else None)
        for _ in range(request.skip):
            roller.roll()
        return pb.RollDiceResponse(rolls=[encode_dice(roller.roll()) for _ in range(count)])

    def RollOpening(
        self, request: pb.RollOpeningRequest, context: grpc.ServicerContext
    ) -> pb.RollOpeningResponse:
        options = decode_rules(optional(request, "rules"), "rules")
        roller = roller_for(optional(request, "seed"))
        opening = opening_roll(roller, options.max_automatic_doubles)
        return pb.RollOpeningResponse(
            first=encode_color(opening.first),
            dice=encode_dice(opening.dice),
            ties=opening.ties,
            cube=encode_cube(opening_cube(opening.ties, options)),
        )
