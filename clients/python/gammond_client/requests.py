"""Request builders shared by the sync and asyncio clients.

Positions may be given as a structured ``Position``, a ready
``PositionInput``, or an XGID string; dice as a pair of ints.
"""

from __future__ import annotations

from collections.abc import Sequence

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2,
    dice_service_pb2,
    game_service_pb2,
    match_service_pb2,
    rules_pb2,
)

PositionLike = board_pb2.Position | board_pb2.PositionInput | str

STARTING_POINTS = (-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2)


def starting_position(turn: board_pb2.Color.ValueType) -> board_pb2.Position:
    """The starting position with ``turn`` on roll.

    >>> starting_position(board_pb2.COLOR_WHITE).board.points[5]
    5
    """
    return board_pb2.Position(board=board_pb2.Board(points=STARTING_POINTS), turn=turn)


def position_input(position: PositionLike) -> board_pb2.PositionInput:
    """Wrap any accepted position form in a ``PositionInput``."""
    if isinstance(position, board_pb2.PositionInput):
        return position
    if isinstance(position, str):
        return board_pb2.PositionInput(xgid=position)
    return board_pb2.PositionInput(position=position)


def dice(roll: Sequence[int]) -> board_pb2.Dice:
    return board_pb2.Dice(die1=roll[0], die2=roll[1])


def legal_plays(position: PositionLike, roll: Sequence[int]) -> game_service_pb2.ListLegalPlaysRequest:
    return game_service_pb2.ListLegalPlaysRequest(position=position_input(position), dice=dice(roll))


def apply_play(
    position: PositionLike,
    roll: Sequence[int],
    notation: str,
    cube: rules_pb2.CubeState | None = None,
    rules: rules_pb2.RuleOptions | None = None,
) -> game_service_pb2.ApplyPlayRequest:
    return game_service_pb2.ApplyPlayRequest(
        position=position_input(position), dice=dice(roll), notation=notation, cube=cube, rules=rules
    )


def roll_dice(seed: int | None, count: int, skip: int) -> dice_service_pb2.RollDiceRequest:
    return dice_service_pb2.RollDiceRequest(seed=seed, count=count, skip=skip)


def opening(seed: int | None, rules: rules_pb2.RuleOptions | None) -> dice_service_pb2.RollOpeningRequest:
    return dice_service_pb2.RollOpeningRequest(seed=seed, rules=rules)


def best_play(
    position: PositionLike,
    roll: Sequence[int],
    level: bot_service_pb2.BotLevel.ValueType,
    context: rules_pb2.CubeContext | None = None,
) -> bot_service_pb2.BestPlayRequest:
    """``context`` (the cube and match score, the mover on turn) makes the bot play to the score."""
    return bot_service_pb2.BestPlayRequest(
        position=position_input(position), dice=dice(roll), level=level, context=context
    )


def rollout(
    position: PositionLike,
    trials: int,
    plies: int,
    truncate: int,
    seed: int | None,
    progress_every: int,
    luck: bool = False,
) -> bot_service_pb2.RolloutRequest:
    return bot_service_pb2.RolloutRequest(
        position=position_input(position),
        trials=trials,
        plies=plies,
        truncate=truncate,
        seed=seed,
        progress_every=progress_every,
        luck=luck,
    )


def cube_decision(
    position: PositionLike, context: rules_pb2.CubeContext
) -> bot_service_pb2.CubeDecisionRequest:
    return bot_service_pb2.CubeDecisionRequest(position=position_input(position), context=context)


def record_game(
    rules: rules_pb2.RuleOptions | None,
    match: rules_pb2.MatchState | None,
    game: rules_pb2.GameResult,
    games_played: int,
) -> match_service_pb2.RecordGameRequest:
    return match_service_pb2.RecordGameRequest(rules=rules, match=match, game=game, games_played=games_played)
