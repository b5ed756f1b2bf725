"""Colors, boards, positions, dice, checker moves and plays on the wire.

White's view of the engine's board is the wire board itself: point ``p`` is
the same point, White's checkers are positive.  For Black the engine point
``p`` is wire point ``25 - p``, and so are the bar (25 -> 0) and off
(0 -> 25) in a checker move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from backgammon.v1 import board_pb2 as pb
from backgammon.v1 import bot_service_pb2, game_service_pb2
from gammond.engine import (
    CHECKERS,
    EngineError,
    IllegalActionError,
    Move,
    Play,
    Player,
    PlayLike,
    Position,
    XgidState,
    flip_board,
    parse_xgid,
)
from gammond.server.errors import WireError
from gammond.server.limits import MAX_NUMBER, limit, most

T = TypeVar("T")

_TO_PLAYER = {pb.COLOR_WHITE: Player.WHITE, pb.COLOR_BLACK: Player.BLACK}
_TO_COLOR = {Player.WHITE: pb.COLOR_WHITE, Player.BLACK: pb.COLOR_BLACK}


# The limits below are gammond.server.limits.FIELD_LIMITS' rows: numbers that
# feed a score are held to MAX_NUMBER (2^24) there, dice to 1..6, points to 0..25
# (die2 and to_point have die1's and from_point's rows).
_POINTS = limit("backgammon.v1.Board.points").high
_DIE = limit("backgammon.v1.Dice.die1")
_DIE_LOW, _DIE_HIGH = _DIE.low, _DIE.high
_MOVE_POINT = most("backgammon.v1.CheckerMove.from_point")


def check_number(value: int, field: str, ceiling: int = MAX_NUMBER) -> int:
    """``value`` if it is at most ``ceiling`` (:data:`MAX_NUMBER`), else a WireError naming ``field``."""
    if value > ceiling:
        raise WireError(field, f"is {value}, above the limit of {ceiling}")
    return value


def guarded(field: str, build: Callable[[], T]) -> T:
    """Run an engine call, naming ``field`` if it rejects the input as malformed.

    A rule's refusal (:class:`IllegalActionError`) passes through unchanged:
    the input was well formed, the state does not allow it.
    """
    try:
        return build()
    except IllegalActionError:
        raise
    except EngineError as exc:
        raise WireError(field, str(exc)) from None


def decode_color(value: int, field: str) -> Player:
    """A required Color; COLOR_UNSPECIFIED and unknown numbers are rejected."""
    try:
        return _TO_PLAYER[value]  # type: ignore[index]
    except KeyError:
        raise WireError(field, f"must be COLOR_WHITE or COLOR_BLACK, got {value}") from None


def encode_color(player: Player) -> pb.Color.ValueType:
    return _TO_COLOR[player]


def white_board(position: Position, turn: Player) -> tuple[int, ...]:
    """The engine board of ``position`` (seen from ``turn``) seen from White.

    Flipped with :func:`flip_board` rather than ``Position.flipped``: this is
    on the hot path of every play listed, and the board is already valid.
    """
    return position.board if turn is Player.WHITE else flip_board(position.board)


def _check_totals(board: pb.Board, field: str) -> None:
    white = sum(n for n in board.points if n > 0) + board.white_bar + board.white_off
    black = -sum(n for n in board.points if n < 0) + board.black_bar + board.black_off
    for name, total in (("white", white), ("black", black)):
        if total != CHECKERS:
            raise WireError(
                f"{field}.{name}_off",
                f"{name} has {total} checkers on the points, bar and off together; it needs 15",
            )


def decode_board(board: pb.Board, turn: Player, field: str) -> Position:
    """The engine position of a wire board with ``turn`` on roll."""
    if len(board.points) != _POINTS:
        raise WireError(f"{field}.points", f"needs {_POINTS} counts, got {len(board.points)}")
    _check_totals(board, field)
    cells = [-board.black_bar, *board.points, board.white_bar]
    white = guarded(field, lambda: Position(tuple(cells)))
    return white if turn is Player.WHITE else white.flipped()


def encode_board(position: Position, turn: Player) -> pb.Board:
    """The wire board of ``position``, which is seen from ``turn``."""
    cells = white_board(position, turn)
    points = cells[1:25]
    white_bar, black_bar = cells[25], -cells[0]
    # Checkers on the points from two C-level sums (this runs for every play):
    # signed = white - black and size = white + black.
    signed, size = sum(points), sum(map(abs, points))
    return pb.Board(
        points=points,
        white_bar=white_bar,
        black_bar=black_bar,
        white_off=CHECKERS - white_bar - (size + signed) // 2,
        black_off=CHECKERS - black_bar - (size - signed) // 2,
    )


def encode_position(position: Position, turn: Player) -> pb.Position:
    """A wire position: the board and who is on roll."""
    return pb.Position(board=encode_board(position, turn), turn=encode_color(turn))


def encode_after(play: Play, turn: Player) -> pb.Position:
    """The position after ``turn``'s play, the opponent on roll (no flipped copy made)."""
    return pb.Position(board=encode_board(play.result, turn), turn=encode_color(turn.opponent))


def decode_position(message: pb.Position, field: str) -> tuple[Position, Player]:
    """``(engine position seen from the player on roll, that player)``."""
    if not message.HasField("board"):
        raise WireError(f"{field}.board", "is required")
    turn = decode_color(message.turn, f"{field}.turn")
    return decode_board(message.board, turn, f"{field}.board"), turn


def decode_xgid(text: str, field: str) -> XgidState:
    return guarded(field, lambda: parse_xgid(text))


def _decode_source(message: pb.PositionInput, field: str) -> tuple[Position, Player, tuple[int, int] | None]:
    source = message.WhichOneof("source")
    if source == "position":
        return (*decode_position(message.position, f"{field}.position"), None)
    if source == "position_id":
        ref = message.position_id
        turn = decode_color(ref.turn, f"{field}.position_id.turn")
        position = guarded(f"{field}.position_id.id", lambda: Position.from_id(ref.id))
        return position, turn, None
    if source == "xgid":
        state = decode_xgid(message.xgid, f"{field}.xgid")
        return (*state.position_on_roll(), state.dice)
    raise WireError(field, "is required: set position, position_id or xgid")


def decode_position_input(message: pb.PositionInput, field: str) -> tuple[Position, Player]:
    """A position given as a structured board, a Position ID or an XGID."""
    position, turn, _ = _decode_source(message, field)
    return position, turn


def decode_roll(
    message: pb.PositionInput, dice: pb.Dice | None, field: str = "position"
) -> tuple[Position, Player, tuple[int, int]]:
    """A position and its roll: the ``dice`` field, else the dice of an XGID."""
    position, turn, xgid_dice = _decode_source(message, field)
    if dice is not None:
        return position, turn, decode_dice(dice, "dice")
    if xgid_dice is None:
        raise WireError("dice", "is required (only an XGID with dice can stand in for it)")
    return position, turn, xgid_dice


def decode_dice(message: pb.Dice, field: str) -> tuple[int, int]:
    for name in ("die1", "die2"):
        value = getattr(message, name)
        if not _DIE_LOW <= value <= _DIE_HIGH:
            raise WireError(f"{field}.{name}", f"{value} is not a die from {_DIE_LOW} to {_DIE_HIGH}")
    return message.die1, message.die2


def encode_dice(dice: Sequence[int]) -> pb.Dice:
    return pb.Dice(die1=dice[0], die2=dice[1])


def _wire_point(point: int, turn: Player) -> int:
    return point if turn is Player.WHITE else 25 - point


def encode_move(move: Move, turn: Player) -> pb.CheckerMove:
    return pb.CheckerMove(
        from_point=_wire_point(move.from_point, turn),
        to_point=_wire_point(move.to_point, turn),
        hit=move.hit,
    )


def decode_moves(
    moves: Iterable[pb.CheckerMove], turn: Player, field: str, *, keep_hits: bool = False
) -> list[Move]:
    """Engine moves of the player on roll; the hit flag is the engine's to find (``keep_hits``: as sent)."""
    out = []
    for i, move in enumerate(moves):
        for name in ("from_point", "to_point"):
            value = getattr(move, name)
            if value > _MOVE_POINT:
                raise WireError(f"{field}[{i}].{name}", f"{value} is not a point 0..{_MOVE_POINT}")
        hit = keep_hits and move.hit
        out.append(Move(_wire_point(move.from_point, turn), _wire_point(move.to_point, turn), hit))
    return out


def encode_play(play: Play, turn: Player, *, with_result: bool = True) -> pb.Play:
    """A play of ``turn``; its result is shown with the opponent on roll (unless left out)."""
    return pb.Play(
        moves=[encode_move(m, turn) for m in play.moves],
        notation=str(play),
        result=encode_after(play, turn) if with_result else None,
    )


def decode_play_like(
    request: game_service_pb2.ApplyPlayRequest | bot_service_pb2.AnalysePlayRequest, turn: Player
) -> PlayLike:
    """The play a request names by notation, checker moves or resulting board."""
    form = request.WhichOneof("play")
    if form == "notation":
        return request.notation
    if form == "moves":
        return decode_moves(request.moves.moves, turn, "moves.moves")
    if form == "result":
        return decode_board(request.result, turn, "result")
    raise WireError("play", "is required: set notation, moves or result")
