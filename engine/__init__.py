"""gammond's backgammon engine: rules, notations, cube and match, and the bot.

Pure Python with no I/O; the server wraps it.  Everything a caller needs is
importable from here.
"""

from engine.errors import (
    EngineError,
    IllegalActionError,
    IllegalCubeActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    NotationError,
)
from engine.ids import GameState, MatchId
from engine.notation import format_moves, parse_moves, parse_play
from engine.play import Move, Play, legal_plays
from engine.players import Player
from engine.position import Position
from engine.result import ResultKind, classify_win

__all__ = [
    "EngineError",
    "GameState",
    "IllegalActionError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidPositionError",
    "MatchId",
    "Move",
    "NotationError",
    "Play",
    "Player",
    "Position",
    "ResultKind",
    "classify_win",
    "format_moves",
    "legal_plays",
    "parse_moves",
    "parse_play",
]
