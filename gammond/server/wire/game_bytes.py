"""A Game's wire bytes written without building its message: the hot path of ``Act``.

Every ``Act`` answers with the next Game, and in a flow each Game is new.
:func:`~gammond.server.wire.game.encode_game` builds it as a message, a
sub-message at a time, which was the largest part of an ``Act`` after the
rules themselves.  Most of a Game does not change from one action to the
next (the rules, the score, the board at the turn's start, the cube), so
here each part's bytes are kept by its value in a bounded table and the
Game is the parts joined, field by field, in field-number order: the bytes
that ``encode_game(game).SerializeToString(deterministic=True)`` gives (a
test compares them on every phase, lean and full, sealed and not).

:class:`GameParts` holds a Game's fields, their numbers and their bytes, so
that the codec (:mod:`gammond.server.services.sealed`) can write the forms
it needs from one encoding: the readable Game with its output-only fields,
the state it seals or keys its table by without them, and a lean game's
readable copy without its digest.

>>> from gammond.engine import Game, MatchState, RuleOptions
>>> from gammond.server.wire.game import encode_game
>>> game = Game(RuleOptions(), MatchState())
>>> game_parts(game).join() == encode_game(game).SerializeToString(deterministic=True)
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from gammond.engine import DiceSource, Event, Game, LogDigest, LogEntry, Move, Player
from gammond.server.wire.board import encode_board, encode_color, encode_dice, encode_move
from gammond.server.wire.game import (
    # The message encoders are the reference; their bytes are kept here by value.
    _PHASE_CODES,
    _SOURCE_CODES,
    _board_now,
    _encode_cube,
    _encode_entry,
    _encode_row,
    _encode_score,
    encode_event,
    encode_game,
    encode_outcome,
)
from gammond.server.wire.plays import read_varint, varint
from gammond.server.wire.rules import encode_kind, encode_rules

# Game's field numbers (backgammon/v1/game.proto).
RULES, SCORE, NUMBER, SHEET, SOURCE, SEED, PHASE, BOARD, TURN, CUBE, DICE, MOVES = range(1, 13)
WHITE_ROLLS, BLACK_ROLLS, RESIGNATION, RESULT, LOG, BOARD_NOW, SCORE_AFTER, SEAL = range(13, 21)
FAIR, GAME_ID, VERSION, DIGEST, DICE_NONCE = range(21, 26)
# What the server derives again, never read from a client: left out of what it seals or keys by.
OUTPUTS = frozenset((BOARD_NOW, SCORE_AFTER))

_VARINT, _DELIMITED = 0, 2
# Parts kept per table: plenty for the boards, cubes and scores of the games one worker serves at once.
_TABLE_SIZE = 4096


class _Table:
    """Bytes by value, bounded: cleared whole when full (cheaper than tracking age on this path)."""

    def __init__(self, make: Callable[[Any], bytes]) -> None:
        self._make = make
        self._kept: dict[Hashable, bytes] = {}

    def __call__(self, value: Hashable) -> bytes:
        kept = self._kept.get(value)
        if kept is None:
            if len(self._kept) >= _TABLE_SIZE:
                self._kept.clear()
            kept = self._kept[value] = self._make(value)
        return kept


# Nearly every length, count and tag here is one byte: those varints are looked up, not written.
_ONE_BYTE = tuple(bytes((i,)) for i in range(0x80))
_DELIMITED_KEYS = tuple(varint(number << 3 | _DELIMITED) for number in range(DICE_NONCE + 1))
_VARINT_KEYS = tuple(varint(number << 3 | _VARINT) for number in range(DICE_NONCE + 1))


def _varint(value: int) -> bytes:
    return _ONE_BYTE[value] if value < 0x80 else varint(value)


def _delimited(number: int, body: bytes) -> bytes:
    """A length-delimited field (a sub-message, bytes), written even when empty, as a set sub-message is."""
    size = len(body)
    return _DELIMITED_KEYS[number] + (_ONE_BYTE[size] if size < 0x80 else varint(size)) + body


def _uint(number: int, value: int) -> bytes:
    """A varint field; proto3 leaves out a zero."""
    return _VARINT_KEYS[number] + _varint(value) if value else b""


def _serialized(message: Any) -> bytes:
    return bytes(message.SerializeToString(deterministic=True))


# Parts by value, written as whole fields (key, length, body).  Each key holds everything its bytes depend on.
def _field_table(number: int, encode: Callable[[Any], Any]) -> _Table:
    return _Table(lambda value: _delimited(number, _serialized(encode(value))))


_rules = _field_table(RULES, encode_rules)
_score = _field_table(SCORE, _encode_score)
_row = _field_table(SHEET, _encode_row)
_board = _field_table(BOARD, lambda board: encode_board(board, Player.WHITE))
_cube = _field_table(CUBE, _encode_cube)
_dice = _field_table(DICE, encode_dice)
_outcome = _field_table(RESULT, encode_outcome)
_board_now_field = _field_table(BOARD_NOW, lambda board: encode_board(board, Player.WHITE))
_score_after = _field_table(SCORE_AFTER, _encode_score)
_move = _field_table(MOVES, lambda key: encode_move(*key))
# Bodies only: a LogEntry is a field of several messages, an Event of an answer.
_entry = _Table(lambda entry: _serialized(_encode_entry(entry)))
_event = _Table(lambda event: _serialized(encode_event(event)))


def _moves(moves: Iterable[Move], turn: Player) -> bytes:
    return b"".join([_move((m, turn)) for m in moves])


def _digest(digest: LogDigest) -> bytes:
    """A LogDigest's bytes: its entries from the table, the counters and chain written here."""
    parts = [
        _uint(1, digest.length),
        _delimited(2, digest.chain) if digest.chain else b"",
        _uint(3, digest.opening_ties),
        _uint(4, digest.raises),
    ]
    if digest.last is not None:
        parts.append(_delimited(5, _entry(digest.last)))
    if digest.anchor is not None and digest.anchor != digest.last:
        parts.append(_delimited(6, _entry(digest.anchor)))
    if digest.resigned is not None:
        parts.append(_uint(7, encode_kind(digest.resigned)))
    parts.append(_uint(8, digest.resignations))
    return b"".join(parts)


@dataclass(frozen=True, slots=True)
class GameParts:
    """A Game's fields: their numbers and their bytes, in field-number order (an unset field's bytes are empty)."""

    numbers: tuple[int, ...]
    bodies: tuple[bytes, ...]

    def join(self, leave_out: frozenset[int] = frozenset()) -> bytes:
        """The Game's bytes, less the fields numbered in ``leave_out``."""
        if not leave_out:
            return b"".join(self.bodies)
        return b"".join([body for number, body in zip(self.numbers, self.bodies) if number not in leave_out])

    def with_field(self, number: int, body: bytes) -> GameParts:
        """These parts with the field ``number`` (unset here) written as ``body``, in its place."""
        at = sum(1 for n in self.numbers if n < number)
        return GameParts(
            (*self.numbers[:at], number, *self.numbers[at:]), (*self.bodies[:at], body, *self.bodies[at:])
        )


def game_parts(game: Game) -> GameParts:
    """``game``'s wire fields, as :func:`~gammond.server.wire.game.encode_game` writes them."""
    if game.dice_source is DiceSource.FAIR:
        # Fair dice write a commitment and, once over, a chain key: rare enough for the message path.
        return _parts_of_message(game)
    lean = game.is_lean()
    turn = game.turn
    numbers = [
        RULES,
        SCORE,
        NUMBER,
        SOURCE,
        SEED,
        PHASE,
        BOARD,
        TURN,
        CUBE,
        DICE,
        MOVES,
        WHITE_ROLLS,
        BLACK_ROLLS,
    ]
    bodies = [
        _rules(game.rules),
        _score(game.score),
        _uint(NUMBER, game.number),
        _uint(SOURCE, _SOURCE_CODES[game.dice_source]),
        # Keyed server dice: the seed is the server's secret, never shown.
        _delimited(SEED, game.seed) if game.seed and not game.nonce else b"",
        _uint(PHASE, _PHASE_CODES[game.phase]),
        _board(game.board),
        b"" if turn is None else _uint(TURN, encode_color(turn)),
        _cube(game.cube),
        b"" if game.dice is None else _dice(game.dice),
        b"" if turn is None or not game.moves else _moves(game.moves, turn),
        _uint(WHITE_ROLLS, game.rolls[0]),
        _uint(BLACK_ROLLS, game.rolls[1]),
    ]
    if game.sheet:
        numbers.insert(3, SHEET)
        bodies.insert(3, b"".join([_row(row) for row in game.sheet]))
    if game.resignation is not None:
        numbers.append(RESIGNATION)
        body = _uint(1, encode_color(game.resignation.by)) + _uint(2, encode_kind(game.resignation.kind))
        bodies.append(_delimited(RESIGNATION, body))
    if game.result is not None:
        numbers.append(RESULT)
        bodies.append(_outcome(game.result))
    if not lean:
        numbers.append(LOG)
        bodies.append(b"".join([_delimited(LOG, _entry(entry)) for entry in game.log]))
    if game.moves or not lean:  # a lean Game leaves out what `board` already says
        numbers.append(BOARD_NOW)
        bodies.append(_board_now_field(_board_now(game)))
    after = game.score_after()
    if after is not None:
        numbers.append(SCORE_AFTER)
        bodies.append(_score_after(after))
    numbers += (GAME_ID, VERSION)
    bodies += (_delimited(GAME_ID, game.game_id) if game.game_id else b"", _uint(VERSION, game.version))
    if lean:
        numbers.append(DIGEST)
        bodies.append(_delimited(DIGEST, _digest(game.digest())))
    if game.nonce:
        numbers.append(DICE_NONCE)
        bodies.append(_delimited(DICE_NONCE, game.nonce))
    return GameParts(tuple(numbers), tuple(bodies))


def _parts_of_message(game: Game) -> GameParts:
    """The parts of ``encode_game``'s message: its bytes cut at each top-level field (the reference path)."""
    raw = _serialized(encode_game(game))
    fields: list[tuple[int, bytes]] = []
    at = 0
    while at < len(raw):
        start = at
        key, at = read_varint(raw, at)
        if key & 7 == _VARINT:
            _, at = read_varint(raw, at)
        else:  # a Game has only varint and length-delimited fields
            size, at = read_varint(raw, at)
            at += size
        number = key >> 3
        if fields and fields[-1][0] == number:  # a repeated field's next element
            fields[-1] = (number, fields[-1][1] + raw[start:at])
        else:
            fields.append((number, raw[start:at]))
    return GameParts(tuple(number for number, _ in fields), tuple(body for _, body in fields))


def repeated_field(number: int, bodies: Iterable[bytes]) -> bytes:
    """A repeated message field of an answer: each body as one field ``number``."""
    return b"".join(_delimited(number, body) for body in bodies)


def uint_field(number: int, value: int) -> bytes:
    """A varint field as a Game writes it (proto3 leaves out a zero)."""
    return _uint(number, value)


def message_field(number: int, body: bytes) -> bytes:
    """A set sub-message field of an answer (written even when ``body`` is empty)."""
    return _delimited(number, body)


def event_bytes(event: Event) -> bytes:
    """An Event's bytes, as ``encode_event`` writes it."""
    return _event(event)


def entry_bytes(entry: LogEntry) -> bytes:
    """A LogEntry's bytes, as ``encode_entries`` writes it."""
    return _entry(entry)
