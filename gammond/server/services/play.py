"""PlayService: the game flow (NewGame, ListActions, Act, BotAct) over one Game message.

Each call decodes and checks the whole Game, calls the engine once, and
encodes the answer.
"""

from __future__ import annotations

import grpc

from backgammon.v1 import play_service_pb2 as pb
from backgammon.v1 import play_service_pb2_grpc
from gammond.engine.bot import Evaluator
from gammond.engine.flow import DiceSource, apply_action, list_actions, new_game, next_game
from gammond.engine.flow.bot import bot_act
from gammond.engine.flow.state import MAX_SEED_BYTES
from gammond.server.deadlines import stopper
from gammond.server.errors import WireError
from gammond.server.wire.board import decode_color
from gammond.server.wire.bot import decode_level
from gammond.server.wire.game import (
    decode_dice_source,
    decode_flow_action,
    decode_game,
    encode_choices,
    encode_event,
    encode_flow_action,
    encode_game,
)
from gammond.server.wire.rules import decode_rules


class PlayServicer(play_service_pb2_grpc.PlayServiceServicer):
    """Stateless: every request carries the Game it applies to."""

    def __init__(self, evaluator: Evaluator, max_search_s: float) -> None:
        self.evaluator = evaluator
        self.max_search_s = max_search_s

    def NewGame(self, request: pb.NewGameRequest, context: grpc.ServicerContext) -> pb.NewGameResponse:
        if request.HasField("previous"):
            return pb.NewGameResponse(game=encode_game(next_game(decode_game(request.previous, "previous"))))
        rules = decode_rules(request.rules if request.HasField("rules") else None, "rules")
        source = decode_dice_source(request.dice_source, "dice_source", DiceSource.SERVER)
        seed = bytes(request.seed)
        if source is DiceSource.SEEDED and not 1 <= len(seed) <= MAX_SEED_BYTES:
            raise WireError("seed", f"a seeded game needs a seed of 1..{MAX_SEED_BYTES} bytes")
        if source is not DiceSource.SEEDED and seed:
            raise WireError("seed", "only a seeded game (DICE_SOURCE_SEEDED) takes a seed")
        return pb.NewGameResponse(game=encode_game(new_game(rules, dice_source=source, seed=seed)))

    def ListActions(
        self, request: pb.ListActionsRequest, context: grpc.ServicerContext
    ) -> pb.ListActionsResponse:
        game = decode_game(request.game)
        return encode_choices(game, list_actions(game))

    def Act(self, request: pb.ActRequest, context: grpc.ServicerContext) -> pb.ActResponse:
        game = decode_game(request.game)
        action = decode_flow_action(request.action)
        after, events = apply_action(game, action)
        encoded = encode_game(after, (game, request.game))
        return pb.ActResponse(game=encoded, events=[encode_event(e) for e in events])

    def BotAct(self, request: pb.BotActRequest, context: grpc.ServicerContext) -> pb.BotActResponse:
        game = decode_game(request.game)
        level = decode_level(request.level, "level")
        if request.player:
            player = decode_color(request.player, "player")
        else:
            acting = list_actions(game).actions
            players = {a.player for a in acting if a.player is not None}
            if len(players) != 1:
                raise WireError("player", "is required when not exactly one player must act now")
            player = players.pop()
        turn = bot_act(
            game,
            player,
            self.evaluator,
            level,
            seed=request.seed if request.HasField("seed") else None,
            stop=stopper(context, self.max_search_s),
        )
        return pb.BotActResponse(
            actions=[encode_flow_action(a) for a in turn.actions],
            game=encode_game(turn.game, (game, request.game)),
            events=[encode_event(e) for e in turn.events],
            evaluator=self.evaluator.name,
        )
