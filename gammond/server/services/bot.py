"""BotService: best play, hints, cube advice and evaluation from the shipped evaluator."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import TypeVar

import grpc

from backgammon.v1 import bot_service_pb2 as pb
from backgammon.v1 import bot_service_pb2_grpc
from gammond.engine.bot import (
    LEVELS,
    Evaluator,
    Level,
    RolloutTally,
    advise_cube,
    analyse_play,
    cube_evaluator,
    hint,
    rank_plays,
    rollout_part,
)
from gammond.server import metrics
from gammond.server.admission import Admission
from gammond.server.deadlines import require_time, search_end, stopper
from gammond.server.errors import OutOfTimeError, streamed
from gammond.server.searcher import best_only
from gammond.server.searches import SearchPool
from gammond.server.wire.board import decode_play_like, decode_position_input, decode_roll
from gammond.server.wire.bot import (
    decode_level,
    decode_rollout,
    encode_advice,
    encode_probabilities,
    encode_ranked,
    encode_rollout,
)
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import decode_mover_context

T = TypeVar("T")


def _count_cut(method: str, complete: bool) -> None:
    if not complete:
        metrics.SEARCH_CUT.labels(method).inc()


class BotServicer(bot_service_pb2_grpc.BotServiceServicer):
    """Holds only the evaluator; ``max_search_s`` caps a search without a deadline.

    The searching calls (BestPlay, Hint, AnalysePlay at a level that looks
    ahead) first take a slot of ``gate``, so a worker runs only so many at
    once (see :mod:`gammond.server.admission`), and run in one of the
    worker's search processes (``searches``, see
    :mod:`gammond.server.searches`); without one, on the calling thread.
    """

    def __init__(
        self,
        evaluator: Evaluator,
        max_search_s: float,
        gate: Admission | None = None,
        searches: SearchPool | None = None,
    ) -> None:
        self.evaluator = evaluator
        self.max_search_s = max_search_s
        self.gate = gate or Admission(1)
        self.searches = searches or SearchPool(evaluator, 0)

    def _admitted(self, method: str, level: Level) -> AbstractContextManager[None]:
        """A slot of the gate for a searching level; 0-ply levels are one batch and pass freely."""
        return self.gate.admit(method) if LEVELS[level].plies > 0 else nullcontext()

    def _search(
        self,
        method: str,
        level: Level,
        rpc: grpc.ServicerContext,
        function: Callable[..., T],
        /,
        *args: object,
        then: Callable[[T], T] | None = None,
        **kwargs: object,
    ) -> T:
        """The one engine call of a searching method: admitted, bounded, counted.

        ``then`` cuts the result down to what the answer needs, where the search ran.
        """
        end = search_end(rpc, self.max_search_s)
        with self._admitted(method, level):
            if LEVELS[level].plies == 0:
                # One batch, no deep pass: not worth a trip to the search process.
                return function(*args, stop=stopper(rpc, self.max_search_s), **kwargs)
            outcome = self.searches.run(function, *args, end=end, active=rpc.is_active, then=then, **kwargs)
        if outcome.stopped is not None:
            metrics.SEARCH_STOPPED.labels(method, outcome.stopped).inc()
        return outcome.value

    def BestPlay(self, request: pb.BestPlayRequest, context: grpc.ServicerContext) -> pb.BestPlayResponse:
        position, turn, roll = decode_roll(request.position, optional(request, "dice"))
        level = decode_level(request.level, "level")
        cube_context = decode_mover_context(optional(request, "context"), turn, "context")
        ranking = self._search(
            "BestPlay",
            level,
            context,
            rank_plays,
            position,
            roll,
            self.evaluator,
            level,
            then=best_only,
            seed=optional(request, "seed"),
            context=cube_context,
        )
        _count_cut("BestPlay", ranking.complete)
        return pb.BestPlayResponse(
            best=encode_ranked(ranking.plays[0], turn),
            complete=ranking.complete,
            evaluator=self.evaluator.name,
        )

    def Hint(self, request: pb.HintRequest, context: grpc.ServicerContext) -> pb.HintResponse:
        position, turn, roll = decode_roll(request.position, optional(request, "dice"))
        level = decode_level(request.level, "level")
        cube_context = decode_mover_context(optional(request, "context"), turn, "context")
        # Hints coach: the level sets the search depth, never deliberate mistakes.
        ranking = self._search(
            "Hint",
            level,
            context,
            hint,
            position,
            roll,
            self.evaluator,
            level,
            max_plays=request.max_plays,
            context=cube_context,
        )
        _count_cut("Hint", ranking.complete)
        return pb.HintResponse(
            plays=[encode_ranked(r, turn) for r in ranking.plays],
            complete=ranking.complete,
            evaluator=self.evaluator.name,
        )

    def CubeDecision(
        self, request: pb.CubeDecisionRequest, context: grpc.ServicerContext
    ) -> pb.CubeDecisionResponse:
        position, turn = decode_position_input(request.position, "position")
        cube_context = decode_mover_context(request.context, turn, "context")
        assert cube_context is not None
        require_time(context)
        # The advice looks a roll ahead and searches its leaves, as deep as
        # world class's replies: it runs where searches run, within the deadline.
        decision = self._search(
            "CubeDecision", Level.WORLD_CLASS, context, advise_cube, position, cube_context, self.evaluator
        )
        return pb.CubeDecisionResponse(
            advice=encode_advice(decision.advice),
            may_double=decision.may_double,
            take=decision.take,
            probabilities=encode_probabilities(decision.probabilities),
            evaluator=cube_evaluator(self.evaluator).name,
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
        position, turn, roll = decode_roll(request.position, optional(request, "dice"))
        level = decode_level(request.level, "level")
        play = decode_play_like(request, turn)
        cube_context = decode_mover_context(optional(request, "context"), turn, "context")
        analysis = self._search(
            "AnalysePlay",
            level,
            context,
            analyse_play,
            position,
            roll,
            play,
            self.evaluator,
            level,
            context=cube_context,
        )
        _count_cut("AnalysePlay", analysis.complete)
        return pb.AnalysePlayResponse(
            played=encode_ranked(analysis.played, turn),
            best=encode_ranked(analysis.best, turn),
            equity_loss=analysis.equity_loss,
            rank=analysis.rank,
            complete=analysis.complete,
            evaluator=self.evaluator.name,
        )

    def Rollout(
        self, request: pb.RolloutRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.RolloutResponse]:
        # Streams pass the interceptor untouched: an expected error becomes its status here.
        return streamed(self._rollout(request, context), context)

    def _rollout(
        self, request: pb.RolloutRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.RolloutResponse]:
        position, _ = decode_position_input(request.position, "position")
        settings, every = decode_rollout(request)
        end = search_end(context, self.max_search_s)
        trials, name = settings.trials, self.evaluator.name
        tally = RolloutTally()
        # The engine is called once a slice of trials, in a search process, so
        # the stream can report between slices; trial i is the same game however
        # the trials are sliced (rollout_part), so the answer is too.
        with self.gate.admit("Rollout"):
            for first in range(0, trials, every):
                outcome = self.searches.run(
                    rollout_part,
                    position,
                    self.evaluator,
                    settings,
                    first,
                    every,
                    end=end,
                    active=context.is_active,
                )
                tally = tally.merged(outcome.value)
                if outcome.value.trials < min(every, trials - first):
                    break
                if tally.trials < trials:
                    yield encode_rollout(tally.result(trials), trials, False, name)
        if tally.trials == 0:
            raise OutOfTimeError("the deadline came before the rollout's first trial")
        _count_cut("Rollout", tally.trials == trials)
        yield encode_rollout(tally.result(trials), trials, True, name)
