"""BotService: best play, hints, cube advice and evaluation from the strongest evaluator."""

from __future__ import annotations

import grpc

from backgammon.v1 import bot_service_pb2 as pb
from backgammon.v1 import bot_service_pb2_grpc
from gammond.engine.bot import Evaluator, advise_cube, analyse_play, hint, rank_plays
from gammond.server.deadlines import require_time, stopper
from gammond.server.errors import WireError
from gammond.server.wire.board import decode_play_like, decode_position_input, decode_roll
from gammond.server.wire.bot import decode_level, encode_advice, encode_probabilities, encode_ranked
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import decode_context


class BotServicer(bot_service_pb2_grpc.BotServiceServicer):
    """Holds only the evaluator; ``max_search_s`` caps a search without a deadline."""

    def __init__(self, evaluator: Evaluator, max_search_s: float) -> None:
        self.evaluator = evaluator
        self.max_search_s = max_search_s

    def BestPlay(self, request: pb.BestPlayRequest, context: grpc.ServicerContext) -> pb.BestPlayResponse:
        dice = optional(request, "dice")
        position, turn, roll = decode_roll(request.position, dice)
        level = decode_level(request.level, "level")
        ranking = rank_plays(
            position,
            roll,
            self.evaluator,
            level,
            seed=optional(request, "seed"),
            stop=stopper(context, self.max_search_s),
        )
        return pb.BestPlayResponse(
            best=encode_ranked(ranking.plays[0], turn),
            complete=ranking.complete,
            evaluator=self.evaluator.name,
        )

    def Hint(self, request: pb.HintRequest, context: grpc.ServicerContext) -> pb.HintResponse:
        dice = optional(request, "dice")
        position, turn, roll = decode_roll(request.position, dice)
        level = decode_level(request.level, "level")
        # Hints coach: the level sets the search depth, never deliberate mistakes.
        ranking = hint(
            position,
            roll,
            self.evaluator,
            level,
            max_plays=request.max_plays,
            stop=stopper(context, self.max_search_s),
        )
        return pb.HintResponse(
            plays=[encode_ranked(r, turn) for r in ranking.plays],
            complete=ranking.complete,
            evaluator=self.evaluator.name,
        )

    def CubeDecision(
        self, request: pb.CubeDecisionRequest, context: grpc.ServicerContext
    ) -> pb.CubeDecisionResponse:
        position, turn = decode_position_input(request.position, "position")
        cube_context = decode_context(request.context, "context")
        if cube_context.on_turn is not turn:
            raise WireError(
                "context.turn", f"is {cube_context.on_turn.name} but the position has {turn.name} on roll"
            )
        require_time(context)
        decision = advise_cube(position, cube_context, self.evaluator)
        return pb.CubeDecisionResponse(
            advice=encode_advice(decision.advice),
            may_double=decision.may_double,
            take=decision.take,
            probabilities=encode_probabilities(decision.probabilities),
            evaluator=self.evaluator.name,
            no_double=decision.no_double,
            double_take=decision.double_take,
            double_pass=decision.double_pass,
            beaver=decision.beaver,
        )

    def Evaluate(self, request: pb.EvaluateRequest, context: grpc.ServicerContext) -> pb.EvaluateResponse:
        position, _ = decode_position_input(request.position, "position")
        probabilities = self.evaluator.evaluate([position])[0]
        return pb.EvaluateResponse(
            probabilities=encode_probabilities(probabilities), evaluator=self.evaluator.name
        )

    def AnalysePlay(
        self, request: pb.AnalysePlayRequest, context: grpc.ServicerContext
    ) -> pb.AnalysePlayResponse:
        dice = optional(request, "dice")
        position, turn, roll = decode_roll(request.position, dice)
        level = decode_level(request.level, "level")
        analysis = analyse_play(
            position,
            roll,
            decode_play_like(request, turn),
            self.evaluator,
            level,
            stop=stopper(context, self.max_search_s),
        )
        return pb.AnalysePlayResponse(
            played=encode_ranked(analysis.played, turn),
            best=encode_ranked(analysis.best, turn),
            equity_loss=analysis.equity_loss,
            rank=analysis.rank,
            complete=analysis.complete,
            evaluator=self.evaluator.name,
        )
