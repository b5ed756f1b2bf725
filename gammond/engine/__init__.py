"""gammond's backgammon engine: rules, notations, cube and match, and the bot.

Pure Python with no I/O; the server wraps it.  Everything a caller needs is
importable from here.
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
from gammond.engine.cube import CubeAction, CubeState, apply_cube_action, legal_cube_actions, opening_cube
from gammond.engine.errors import (
    EngineError,
    IllegalActionError,
    IllegalCubeActionError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidGameError,
    InvalidPositionError,
    InvalidRulesError,
    InvalidStateError,
    NotationError,
)
from gammond.engine.flow import (
    Action,
    ActionKind,
    Choices,
    DiceSource,
    Event,
    EventKind,
    Game,
    LogEntry,
    Phase,
    apply_action,
    check_game,
    list_actions,
    new_game,
    next_game,
    replay,
)
from gammond.engine.game import AppliedPlay, apply_play
from gammond.engine.ids import GameState, MatchId
from gammond.engine.match import MatchState, ScoreSheet, ScoreSheetRow, is_crawford_game
from gammond.engine.notation import format_moves, parse_moves, parse_play
from gammond.engine.play import Move, Play, PlayList, legal_plays
from gammond.engine.players import Player
from gammond.engine.position import Position
from gammond.engine.resign import Resignation, accept_resignation, offer_resignation, reject_resignation
from gammond.engine.result import ResultKind, classify_win
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd, GameOutcome, game_points
from gammond.engine.turn import MoveOption, TurnOptions, TurnProgress, next_moves, turn_options
from gammond.engine.xgid import XgidState, format_xgid, parse_xgid

__all__ = [
    "Action",
    "ActionKind",
    "AppliedPlay",
    "Choices",
    "CubeAction",
    "CubeState",
    "DiceSource",
    "EngineError",
    "Event",
    "EventKind",
    "Game",
    "GameEnd",
    "GameOutcome",
    "GameState",
    "IllegalActionError",
    "IllegalCubeActionError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidGameError",
    "InvalidPositionError",
    "InvalidRulesError",
    "InvalidStateError",
    "Lineup",
    "LogEntry",
    "MatchId",
    "MatchState",
    "Move",
    "MoveOption",
    "NotationError",
    "Payment",
    "Phase",
    "Play",
    "PlayList",
    "Player",
    "Position",
    "Resignation",
    "ResultKind",
    "RollOff",
    "RuleOptions",
    "ScoreSheet",
    "ScoreSheetRow",
    "Settlement",
    "TurnOptions",
    "TurnProgress",
    "XgidState",
    "accept_resignation",
    "apply_action",
    "apply_cube_action",
    "apply_play",
    "box_keeps_place",
    "check_game",
    "classify_win",
    "format_moves",
    "format_xgid",
    "game_points",
    "is_crawford_game",
    "legal_cube_actions",
    "legal_plays",
    "list_actions",
    "new_game",
    "next_game",
    "next_lineup",
    "next_moves",
    "offer_resignation",
    "opening_cube",
    "parse_moves",
    "parse_play",
    "parse_xgid",
    "reject_resignation",
    "replay",
    "roll_off",
    "settle",
    "turn_options",
]
