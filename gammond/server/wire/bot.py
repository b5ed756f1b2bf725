"""Bot levels, probabilities and ranked plays on the wire."""

from __future__ import annotations

from backgammon.v1 import bot_service_pb2 as pb
from gammond.engine import Player
from gammond.engine.bot import CubeAdvice, Level, Probabilities, RankedPlay
from gammond.server.errors import WireError
from gammond.server.wire.board import encode_play

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
