"""The listing RPCs' answers written as wire bytes, without a message object per play.

A roll can have hundreds of legal plays.  Building a ``Play`` message for
each (its moves, its notation, a ``Position`` and ``Board`` for its result)
costs more than the rest of a ``ListLegalPlays`` call put together, so the
fast handlers (:mod:`gammond.server.services.game`) write the answer's bytes
directly: the compiled kernel when it is built (``_ckernel_src/wire.c``),
else the Python encoder here.  Both give the bytes that
``SerializeToString`` gives for the message the reference path builds; the
tests check that they parse to the same message on thousands of positions.

Only what these answers use of the protobuf encoding is here: varints,
zigzag ``sint32``, length-delimited fields, and proto3's rule that a scalar
field holding zero (or false) is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from backgammon.v1 import board_pb2
from backgammon.v1 import game_service_pb2 as pb
from gammond.engine import CHECKERS, Move, Play, Player, Position, kernel, turn_plays
from gammond.server.errors import WireError

# What each view of ListLegalPlaysRequest asks the encoder for.
_VIEW_PARTS = {
    pb.PLAY_VIEW_UNSPECIFIED: kernel.WIRE_PLAYS | kernel.WIRE_RESULT,
    pb.PLAY_VIEW_FULL: kernel.WIRE_PLAYS | kernel.WIRE_RESULT | kernel.WIRE_COUNT,
    pb.PLAY_VIEW_MOVES: kernel.WIRE_PLAYS | kernel.WIRE_COUNT,
    pb.PLAY_VIEW_COUNT: kernel.WIRE_COUNT,
}


def view_parts(view: int) -> int:
    """The parts of the answer a ``PlayView`` asks for; unknown numbers are rejected."""
    try:
        return _VIEW_PARTS[view]  # type: ignore[index]
    except KeyError:
        raise WireError("view", f"{view} is not a PlayView") from None


def varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def read_varint(raw: bytes, at: int) -> tuple[int, int]:
    """The varint at ``raw[at]`` and where it ends (bytes the server wrote itself: no bounds kept)."""
    value = shift = 0
    while True:
        byte = raw[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def field_bytes(tag: int, body: bytes) -> bytes:
    """A length-delimited field: ``tag``, the length, ``body``."""
    return bytes((tag,)) + varint(len(body)) + body


def _uint(tag: int, value: int) -> bytes:
    """A varint field, left out when zero as proto3 does."""
    return bytes((tag,)) + varint(value) if value else b""


# Field tags, (number << 3) | wire type: 0 varint, 2 length-delimited.
_TAG_PLAYS, _TAG_PLAY_COUNT = 0x0A, 0x10  # ListLegalPlaysResponse
_TAG_MOVES, _TAG_NOTATION, _TAG_RESULT = 0x0A, 0x12, 0x1A  # Play
_TAG_FROM, _TAG_TO, _TAG_HIT = 0x08, 0x10, 0x18  # CheckerMove
_TAG_BOARD, _TAG_TURN = 0x0A, 0x10  # Position
_TAG_POINTS, _TAG_WHITE_BAR, _TAG_BLACK_BAR, _TAG_WHITE_OFF, _TAG_BLACK_OFF = 0x0A, 0x10, 0x18, 0x20, 0x28
_TAG_NEXT_POSITION, _TAG_NEXT_MOVES, _TAG_COMPLETE, _TAG_PLAYS_LEFT = 0x0A, 0x12, 0x18, 0x20  # ListNextMoves

# sint32 zigzag of -15..15, indexed by count + 15: every count is one byte.
_ZIGZAG = [2 * n if n >= 0 else -2 * n - 1 for n in range(-CHECKERS, CHECKERS + 1)]


@lru_cache(maxsize=1 << 12)
def _move(move: Move, black: bool) -> bytes:
    """A CheckerMove message; Black's points mirrored into the fixed numbering."""
    src, dst = (25 - move.from_point, 25 - move.to_point) if black else (move.from_point, move.to_point)
    return _uint(_TAG_FROM, src) + _uint(_TAG_TO, dst) + _uint(_TAG_HIT, move.hit)


@lru_cache(maxsize=1 << 16)
def _moves_and_notation(moves: tuple[Move, ...], notation: str, black: bool) -> bytes:
    # Cached: the same few thousand plays recur across positions and calls.
    moved = b"".join(field_bytes(_TAG_MOVES, _move(m, black)) for m in moves)
    return moved + field_bytes(_TAG_NOTATION, notation.encode())


def _position(board: Sequence[int], black: bool, turn: Player) -> bytes:
    """A Position message (board seen from White, ``turn`` on roll) of an engine board seen from its mover."""
    cells = tuple(-board[25 - i] for i in range(26)) if black else board
    points = cells[1:25]
    white_bar, black_bar = cells[25], -cells[0]
    signed, size = sum(points), sum(map(abs, points))
    body = (
        bytes((_TAG_POINTS, 24, *(_ZIGZAG[n + CHECKERS] for n in points)))
        + _uint(_TAG_WHITE_BAR, white_bar)
        + _uint(_TAG_BLACK_BAR, black_bar)
        + _uint(_TAG_WHITE_OFF, CHECKERS - white_bar - (size + signed) // 2)
        + _uint(_TAG_BLACK_OFF, CHECKERS - black_bar - (size - signed) // 2)
    )
    color = board_pb2.COLOR_WHITE if turn is Player.WHITE else board_pb2.COLOR_BLACK
    return field_bytes(_TAG_BOARD, body) + _uint(_TAG_TURN, color)


def play_bytes(play: Play, turn: Player, with_result: bool = True) -> bytes:
    """The body of ``encode_play(play, turn, with_result=...)`` (moves, notation, result) as bytes."""
    black = turn is Player.BLACK
    body = _moves_and_notation(play.moves, str(play), black)
    if not with_result:
        return body
    return body + field_bytes(_TAG_RESULT, _position(play.result.board, black, turn.opponent))


def retagged(raw: bytes, tag: int) -> bytes:
    """``raw``, a run of length-delimited fields, with each field's tag replaced by ``tag``.

    The kernel writes plays as the items of a ListLegalPlaysResponse
    (field 1); other answers list the same Play messages under another
    field number.
    """
    out = bytearray(raw)
    at, size = 0, len(raw)
    while at < size:
        out[at] = tag
        at += 1
        length, shift = 0, 0
        while raw[at] & 0x80:
            length |= (raw[at] & 0x7F) << shift
            shift += 7
            at += 1
        length |= raw[at] << shift
        at += 1 + length
    return bytes(out)


def _python_plays_wire(
    position: Position, roll: tuple[int, int], turn: Player, parts: int
) -> tuple[bytes, int, int]:
    """The Python twin of the kernel's ``plays_wire``."""
    plays = turn_plays(position, roll)
    out = bytearray()
    if parts & kernel.WIRE_PLAYS:
        with_result = bool(parts & kernel.WIRE_RESULT)
        for play in plays:
            out += field_bytes(_TAG_PLAYS, play_bytes(play, turn, with_result))
    if parts & kernel.WIRE_COUNT:
        out += _uint(_TAG_PLAY_COUNT, len(plays))
    return bytes(out), len(plays), len(plays[0].moves) if plays else 0


def legal_plays_wire(
    position: Position, turn: Player, roll: tuple[int, int], parts: int
) -> tuple[bytes, int, int]:
    """``(ListLegalPlaysResponse bytes, plays, steps a play)`` for ``turn``'s roll.

    ``parts`` comes from :func:`view_parts`.
    """
    wire = kernel.plays_wire
    if wire is not None:
        return wire(position.board, roll[0], roll[1], turn is Player.BLACK, parts)
    return _python_plays_wire(position, roll, turn, parts)


# The parts of each PlayView by its number (0 to 3), for the kernel's request reader.
_PARTS_BY_VIEW = tuple(_VIEW_PARTS[view] for view in range(len(_VIEW_PARTS)))  # type: ignore[index]
# The common request is about 30 bytes; nothing this long is in that form.
_COMMON_MAX_BYTES = 64
Written = tuple[bytes, int, int]


def read_listing(raw: bytes) -> pb.ListLegalPlaysRequest | Written:
    """A ListLegalPlays request's bytes as the message, or in the common form already answered.

    The legal-plays handler's request deserializer.  A Position ID with its
    turn and dice (what load tests and most clients send) is read and
    answered by the kernel in one call, :func:`legal_plays_wire`'s
    ``(bytes, plays, steps)``, without a request message or a ``Position``:
    on a call that only counts the plays, those cost more than the plays.
    Any other form, and anything amiss (an ID that does not decode, a
    finished game, a die out of range), is decoded in full for the handler
    to answer or refuse by name.  A deadline already passed is still refused
    (the interceptor checks it after decoding), the answer unsent.
    """
    wire = kernel.plays_wire_request
    if wire is not None and len(raw) <= _COMMON_MAX_BYTES:
        answer = wire(raw, _PARTS_BY_VIEW)
        if answer is not None:
            return answer
    return pb.ListLegalPlaysRequest.FromString(raw)


def next_moves_wire(
    position: Position, turn: Player, moves: Sequence[Move], complete: bool, plays_left: int
) -> bytes:
    """The bytes of a ListNextMovesResponse: the board so far (``turn`` still on roll) and the next moves."""
    black = turn is Player.BLACK
    return (
        field_bytes(_TAG_NEXT_POSITION, _position(position.board, black, turn))
        + b"".join(field_bytes(_TAG_NEXT_MOVES, _move(m, black)) for m in moves)
        + _uint(_TAG_COMPLETE, complete)
        + _uint(_TAG_PLAYS_LEFT, plays_left)
    )
