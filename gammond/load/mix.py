"""The request mix: which RPCs, how often, with which payloads.

Every request is built and serialized before the load starts, so the load
generator spends its time sending, not encoding. The default mix leans on
move generation, as a game frontend does: list the plays, walk a turn
checker by checker, apply the chosen play; with dice, IDs, cube questions
and a few low-level bot moves around it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from google.protobuf.message import Message

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2,
    dice_service_pb2,
    game_service_pb2,
    notation_service_pb2,
    rules_pb2,
)
from gammond.engine import CHECKERS, Move, Position
from gammond.load.positions import Sample

DEFAULT_MIX: Mapping[str, int] = {
    "ListLegalPlays": 30,
    "ListNextMoves": 20,
    "ApplyPlay": 20,
    "RollDice": 8,
    "EncodeIds": 5,
    "DecodeIds": 5,
    "ListCubeActions": 4,
    "Evaluate": 3,
    "BestPlay": 5,
}


@dataclass(frozen=True, slots=True)
class Call:
    """One request ready to send: the RPC's short name, its path and its bytes."""

    name: str
    method: str
    payload: bytes


def _color(sample: Sample) -> board_pb2.Color.ValueType:
    return board_pb2.COLOR_WHITE if sample.white else board_pb2.COLOR_BLACK


def _position_id(sample: Sample) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(
        position_id=board_pb2.PositionId(id=sample.position.position_id(), turn=_color(sample))
    )


def _wire_point(point: int, white: bool) -> int:
    # The wire numbers points from White's side; the engine from the mover's.
    return point if white else 25 - point


def _wire_board(position: Position, white: bool) -> board_pb2.Board:
    """The board in the wire's fixed numbering (see board.proto)."""
    cells = position.board if white else position.flipped().board
    points = cells[1:25]
    white_bar, black_bar = cells[25], -cells[0]
    return board_pb2.Board(
        points=points,
        white_bar=white_bar,
        black_bar=black_bar,
        white_off=CHECKERS - white_bar - sum(n for n in points if n > 0),
        black_off=CHECKERS - black_bar + sum(n for n in points if n < 0),
    )


def _wire_moves(moves: Sequence[Move], white: bool) -> list[board_pb2.CheckerMove]:
    return [
        board_pb2.CheckerMove(
            from_point=_wire_point(m.from_point, white), to_point=_wire_point(m.to_point, white)
        )
        for m in moves
    ]


def _dice(sample: Sample) -> board_pb2.Dice:
    return board_pb2.Dice(die1=sample.dice[0], die2=sample.dice[1])


Builder = Callable[[Sample, int, random.Random], Message]


def _legal(sample: Sample, index: int, rng: random.Random) -> Message:
    return game_service_pb2.ListLegalPlaysRequest(position=_position_id(sample), dice=_dice(sample))


def _next_moves(sample: Sample, index: int, rng: random.Random) -> Message:
    moves = sample.play.moves if sample.play else ()
    made = moves[: rng.randrange(len(moves))] if moves else ()
    return game_service_pb2.ListNextMovesRequest(
        position=_position_id(sample), dice=_dice(sample), made=_wire_moves(made, sample.white)
    )


def _apply(sample: Sample, index: int, rng: random.Random) -> Message:
    notation = str(sample.play) if sample.play else "(no play)"
    return game_service_pb2.ApplyPlayRequest(
        position=_position_id(sample), dice=_dice(sample), notation=notation
    )


def _roll(sample: Sample, index: int, rng: random.Random) -> Message:
    return dice_service_pb2.RollDiceRequest(seed=index, count=1 + index % 4)


def _encode(sample: Sample, index: int, rng: random.Random) -> Message:
    position = board_pb2.Position(board=_wire_board(sample.position, sample.white), turn=_color(sample))
    snapshot = notation_service_pb2.GameSnapshot(position=position, dice=_dice(sample))
    return notation_service_pb2.EncodeIdsRequest(snapshot=snapshot)


def _decode(sample: Sample, index: int, rng: random.Random) -> Message:
    ids = notation_service_pb2.GnubgIds(position_id=sample.position.position_id(), turn=_color(sample))
    return notation_service_pb2.DecodeIdsRequest(gnubg=ids)


def _cube(sample: Sample, index: int, rng: random.Random) -> Message:
    context = rules_pb2.CubeContext(turn=_color(sample))
    return game_service_pb2.ListCubeActionsRequest(context=context, player=_color(sample))


def _evaluate(sample: Sample, index: int, rng: random.Random) -> Message:
    return bot_service_pb2.EvaluateRequest(position=_position_id(sample))


def _best(sample: Sample, index: int, rng: random.Random) -> Message:
    # The lowest level: a load test measures serving, not the bot's deepest search.
    return bot_service_pb2.BestPlayRequest(
        position=_position_id(sample),
        dice=_dice(sample),
        level=bot_service_pb2.BOT_LEVEL_BEGINNER,
        seed=index,
    )


def _hint(sample: Sample, index: int, rng: random.Random) -> Message:
    # What a frontend's "hint" button asks: the top plays at the advanced level (0-ply).
    return bot_service_pb2.HintRequest(
        position=_position_id(sample),
        dice=_dice(sample),
        level=bot_service_pb2.BOT_LEVEL_ADVANCED,
        max_plays=5,
    )


RPCS: Mapping[str, tuple[str, Builder]] = {
    "ListLegalPlays": ("/backgammon.v1.GameService/ListLegalPlays", _legal),
    "ListNextMoves": ("/backgammon.v1.GameService/ListNextMoves", _next_moves),
    "ApplyPlay": ("/backgammon.v1.GameService/ApplyPlay", _apply),
    "ListCubeActions": ("/backgammon.v1.GameService/ListCubeActions", _cube),
    "RollDice": ("/backgammon.v1.DiceService/RollDice", _roll),
    "EncodeIds": ("/backgammon.v1.NotationService/EncodeIds", _encode),
    "DecodeIds": ("/backgammon.v1.NotationService/DecodeIds", _decode),
    "Evaluate": ("/backgammon.v1.BotService/Evaluate", _evaluate),
    "BestPlay": ("/backgammon.v1.BotService/BestPlay", _best),
    "Hint": ("/backgammon.v1.BotService/Hint", _hint),
}


class MixError(ValueError):
    """A ``--mix`` that names an unknown RPC or gives a bad weight."""


def parse_mix(text: str) -> dict[str, int]:
    """``"ListLegalPlays=3,ApplyPlay=1"`` as weights; a bare name weighs 1.

    >>> parse_mix("ListLegalPlays=3, RollDice")
    {'ListLegalPlays': 3, 'RollDice': 1}
    """
    weights: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, weight = part.partition("=")
        name = name.strip()
        if name not in RPCS:
            raise MixError(f"--mix: unknown RPC {name!r}; known: {', '.join(RPCS)}")
        try:
            value = int(weight) if weight else 1
        except ValueError:
            raise MixError(f"--mix: weight {weight!r} of {name} is not a whole number") from None
        if value < 0:
            raise MixError(f"--mix: weight {value} of {name} is negative")
        weights[name] = value
    if not any(weights.values()):
        raise MixError(f"--mix: {text!r} gives no RPC a weight above 0")
    return weights


def build_calls(samples: Sequence[Sample], mix: Mapping[str, int], count: int, seed: int = 0) -> list[Call]:
    """``count`` serialized requests drawn from ``mix`` over ``samples``, reproducibly.

    The load cycles through them, so ``count`` only needs to be large enough
    that the cycle holds many positions of each kind.
    """
    if not samples:
        raise ValueError("build_calls needs at least one sample")
    rng = random.Random(seed)
    names = [name for name in mix if mix[name] > 0]
    weights = [mix[name] for name in names]
    calls = []
    for index in range(count):
        name = rng.choices(names, weights)[0]
        method, build = RPCS[name]
        request = build(samples[index % len(samples)], index, rng)
        calls.append(Call(name, method, request.SerializeToString()))
    return calls
