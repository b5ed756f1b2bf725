"""gammond's backgammon engine: every rule, the notations, cube and match, and the bot.

Pure Python with no I/O (an optional compiled kernel speeds up the hot
paths); the server wraps it and owns no rule.  Everything a caller needs is
importable from here; the bot's public API is :mod:`gammond.engine.bot`.
"""

from gammond.engine.chouette import (
    Lineup,
    Payment,
    RollOff,
    Settlement,
    box_keeps_place,
    next_lineup,
    roll_off,
    settle,
)
from gammond.engine.cube import (
    CubeAction,
    CubeContext,
    CubeState,
    apply_cube_action,
    legal_cube_actions,
    opening_cube,
)
from gammond.engine.dice import SeededRoller, SystemRoller, opening_roll
from gammond.engine.errors import (
    CubeOfferPendingError,
    EngineError,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    IllegalCubeActionError,
    IllegalPlayError,
    InvalidCubeViewError,
    InvalidDiceError,
    InvalidLevelError,
    InvalidPositionError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
    NoPlayError,
    NotationError,
    WeightsError,
)
from gammond.engine.game import (
    AppliedPlay,
    PlayLike,
    apply_play,
    find_play,
    require_game_on,
    score_game,
    turn_plays,
)
from gammond.engine.ids import GameState, MatchId
from gammond.engine.match import MatchState, ScoreSheet, ScoreSheetRow, is_crawford_game
from gammond.engine.notation import format_moves, parse_moves, parse_play
from gammond.engine.play import Move, Play, PlayList, legal_plays
from gammond.engine.players import Player
from gammond.engine.position import CHECKERS, Position, flip_board
from gammond.engine.resign import Resignation, accept_resignation, offer_resignation, reject_resignation
from gammond.engine.result import ResultKind, classify_win
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd, GameOutcome, game_points
from gammond.engine.snapshot import GameSnapshot
from gammond.engine.turn import TurnProgress, next_moves
from gammond.engine.xgid import XgidState, format_xgid, parse_xgid

__all__ = [
    "AppliedPlay",
    "CHECKERS",
    "CubeAction",
    "CubeContext",
    "CubeOfferPendingError",
    "CubeState",
    "EngineError",
    "GameEnd",
    "GameNotOverError",
    "GameOutcome",
    "GameOverError",
    "GameSnapshot",
    "GameState",
    "IllegalActionError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InvalidCubeViewError",
    "InvalidDiceError",
    "InvalidLevelError",
    "InvalidPositionError",
    "InvalidRulesError",
    "InvalidStateError",
    "Lineup",
    "MatchId",
    "MatchOverError",
    "MatchState",
    "Move",
    "NoPlayError",
    "NotationError",
    "Payment",
    "Play",
    "PlayLike",
    "PlayList",
    "Player",
    "Position",
    "Resignation",
    "ResultKind",
    "RollOff",
    "RuleOptions",
    "ScoreSheet",
    "ScoreSheetRow",
    "SeededRoller",
    "Settlement",
    "SystemRoller",
    "TurnProgress",
    "WeightsError",
    "XgidState",
    "accept_resignation",
    "apply_cube_action",
    "apply_play",
    "box_keeps_place",
    "classify_win",
    "find_play",
    "flip_board",
    "format_moves",
    "format_xgid",
    "game_points",
    "is_crawford_game",
    "legal_cube_actions",
    "legal_plays",
    "next_lineup",
    "next_moves",
    "offer_resignation",
    "opening_cube",
    "opening_roll",
    "parse_moves",
    "parse_play",
    "parse_xgid",
    "reject_resignation",
    "require_game_on",
    "roll_off",
    "score_game",
    "settle",
    "turn_plays",
]
