"""Bot levels, probabilities and ranked plays on the wire."""

from __future__ import annotations

import math

from backgammon.v1 import bot_service_pb2 as pb
from gammond.engine import Player
from gammond.engine.bot import CubeAdvice, Level, Probabilities, RankedPlay, RolloutResult, RolloutSettings
from gammond.server.errors import WireError
from gammond.server.wire.board import encode_play, guarded

DEFAULT_TRIALS = RolloutSettings().trials

_LEVELS = {
    pb.BOT_LEVEL_BEGINNER: Level.BEGINNER,
    pb.BOT_LEVEL_INTERMEDIATE: Level.INTERMEDIATE,
    pb.BOT_LEVEL_ADVANCED: Level.ADVANCED,
    pb.BOT_LEVEL_EXPERT: Level.EXPERT,
    pb.BOT_LEVEL_WORLD_CLASS: Level.WORLD_CLASS,
}
_ADVICE = {
    CubeAdvice.NO_DOUBLE: pb.CUBE_ADVICE_NO_DOUBLE,
    CubeAdvice.DOUBLE_TAKE: pb.CUBE_ADVICE_DOUBLE_TAKE,
    CubeAdvice.DOUBLE_PASS: pb.CUBE_ADVICE_DOUBLE_PASS,
    CubeAdvice.TOO_GOOD: pb.CUBE_ADVICE_TOO_GOOD,
}


def decode_level(value: int, field: str) -> Level:
    if value not in _LEVELS:
        names = ", ".join(level.name for level in Level)
        raise WireError(field, f"must be one of {names} (as BOT_LEVEL_*), got {value}")
    return _LEVELS[value]  # type: ignore[index]


def encode_advice(advice: CubeAdvice) -> pb.CubeAdvice.ValueType:
    return _ADVICE[advice]


def encode_probabilities(p: Probabilities) -> pb.Probabilities:
    return pb.Probabilities(
        win=p.win,
        win_gammon=p.win_gammon,
        win_backgammon=p.win_backgammon,
        lose_gammon=p.lose_gammon,
        lose_backgammon=p.lose_backgammon,
        equity=p.equity,
    )


def encode_ranked(ranked: RankedPlay, turn: Player) -> pb.RankedPlay:
    return pb.RankedPlay(
        play=encode_play(ranked.play, turn),
        probabilities=encode_probabilities(ranked.probabilities),
        equity=ranked.equity,
        plies=ranked.plies,
    )


def decode_rollout(request: pb.RolloutRequest) -> tuple[RolloutSettings, int]:
    """The rollout's settings and the trials between progress messages (0 asks for the default)."""
    trials = request.trials or DEFAULT_TRIALS
    # One field at a time, so the error names the field; the engine says what is allowed.
    guarded("trials", lambda: RolloutSettings(trials=trials))
    guarded("plies", lambda: RolloutSettings(plies=request.plies))
    guarded("truncate", lambda: RolloutSettings(truncate=request.truncate))
    settings = RolloutSettings(trials, request.plies, request.truncate, request.seed, request.luck)
    every = request.progress_every
    if every > trials:
        raise WireError("progress_every", f"must be 0 to trials ({trials}), got {every}")
    if every == 0:
        # A tenth of the trials, in whole 36s: each message then has every first roll equally often.
        every = 36 * max(1, math.ceil(trials / 10 / 36))
    return settings, every


def encode_rollout(result: RolloutResult, asked: int, done: bool, evaluator: str) -> pb.RolloutResponse:
    """One message of the stream: ``result`` so far of ``asked`` trials, the last one when ``done``."""
    errors = encode_probabilities(result.errors)
    # The errors' own "equity" would be a sum of errors: the equity's standard error is meant.
    errors.equity = result.equity_error
    return pb.RolloutResponse(
        trials_done=result.trials,
        trials=asked,
        probabilities=encode_probabilities(result.probabilities),
        standard_errors=errors,
        done=done,
        complete=result.complete if done else False,
        evaluator=evaluator,
    )
