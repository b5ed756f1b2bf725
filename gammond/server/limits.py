"""The limits of every request field, in one table: :data:`FIELD_LIMITS`.

Work per call must be bounded by the server, not by the client: a request
may be up to 1 MiB on the wire, enough for 100,000 player names or a
notation of a million characters, and the engine's checks (duplicate
names, parsing) are linear at best.  Every string (not opaque bytes) is held to
:data:`MAX_STRING_CHARS` and every repeated field to :data:`MAX_REPEATED`
entries (or its own limit in :data:`FIELD_LIMITS`), refused with
INVALID_ARGUMENT naming the field and the limit.

No legitimate request comes near: the longest notation is about 30
characters, an XGID about 50, a chouette has at most 64 players and the
board 26 points.  The walk costs a few microseconds per field, and a
request of fewer than :data:`_SMALL_BYTES` bytes cannot break a limit at
all, so the common small calls skip it.

:data:`FIELD_LIMITS` states once, keyed by the proto field's full name, the
sizes and ranges a request field may take.  The decoders
(:mod:`gammond.server.wire`) and the walk below look their numbers up in it;
``python -m gammond.server.limits --markdown`` writes it out as
docs/limits.md, and ``tests/test_field_limits.py`` fails when that file is
stale, when a row names a field the protos lack, or when a number checked
elsewhere (the engine, a service) differs from its row.
"""

from __future__ import annotations

import argparse
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import DecodeError, Message

from gammond.engine import (
    MAX_CUBE,
    MAX_GAMES,
    MAX_LOG,
    MAX_MAT_TEXT,
    MAX_SCORE,
    MAX_SEED_BYTES,
    MAX_SHEET,
    MAX_VERSION,
    kernel,
)
from gammond.server.errors import OversizeError, WireError

# Requests up to 4x this reach us (grpc refuses bigger ones itself, unseen);
# we refuse them with RESOURCE_EXHAUSTED, logged and counted like any call.
MAX_REQUEST_BYTES = 1 << 20
MAX_STRING_CHARS = 256
MAX_REPEATED = 64
# No real game comes near these numbers.  Capping what the client sends at
# 2^24 keeps every product the rules make of them (a take or a raccoon
# doubling the cube, a backgammon tripling it, a score adding points, the
# next game's number) inside the 32-bit fields of the answer.
MAX_NUMBER = 1 << 24

# What a row counts: a repeated field's entries, a string's characters, a
# bytes field's bytes, or (VALUE) an integer field's value.
ENTRIES, CHARACTERS, BYTES, VALUE = "entries", "characters", "bytes", "value"


@dataclass(frozen=True)
class Limit:
    """What one request field may hold: ``low..high`` of ``unit``, or one of ``sizes``."""

    high: int
    unit: str = VALUE
    low: int = 0
    sizes: tuple[int, ...] = ()  # only these (a fixed-size id, or none)
    note: str = ""

    def allows(self, amount: int) -> bool:
        if self.sizes:
            return amount in self.sizes
        return self.low <= amount <= self.high

    def text(self) -> str:
        """The limit in words: ``at most 4,096 entries``, ``1..6``, ``0 or 16 bytes``."""
        unit = "" if self.unit == VALUE else f" {self.unit}"
        if self.sizes:
            return " or ".join(_number(n) for n in self.sizes) + unit
        if self.low == self.high:
            return f"exactly {_number(self.high)}{unit}"
        if self.low == 0:
            return f"at most {_number(self.high)}{unit}"
        return f"{_number(self.low)}..{_number(self.high)}{unit}"


def _number(n: int) -> str:
    """``n`` as the docs write it: 2^24 (or 3 × 2^62) past a million, else 1,000."""
    if n > 1_000_000 and n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    if n > 1_000_000 and n % 3 == 0 and (n // 3) & (n // 3 - 1) == 0:
        return f"3 × 2^{(n // 3).bit_length() - 1}"
    return f"{n:,}"


_V1 = "backgammon.v1."
_SCORE_NOTE = "2^24 keeps every answer within its 32-bit fields"

# Every field whose limit is not simply the defaults (a string of at most
# MAX_STRING_CHARS characters, a repeated field of at most MAX_REPEATED
# entries, any number its proto type holds).  Keys are full proto names.
FIELD_LIMITS: dict[str, Limit] = {
    # Board, dice and moves (board.proto).
    _V1 + "Board.points": Limit(24, ENTRIES, low=24, note="points 1..24, White's checkers positive"),
    _V1 + "Dice.die1": Limit(6, low=1),
    _V1 + "Dice.die2": Limit(6, low=1),
    _V1 + "CheckerMove.from_point": Limit(25, note="0 is off or the bar, 25 the other"),
    _V1 + "CheckerMove.to_point": Limit(25, note="0 is off or the bar, 25 the other"),
    # Rules, cube and score of the older services (rules.proto): 32-bit answers.
    _V1 + "RuleOptions.match_length": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "RuleOptions.max_automatic_doubles": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "CubeState.value": Limit(MAX_NUMBER, low=1, note="a power of two"),
    _V1 + "MatchState.white_score": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "MatchState.black_score": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "GameResult.cube_value": Limit(MAX_NUMBER, note="a power of two"),
    _V1 + "GameResult.points": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "RecordGameRequest.games_played": Limit(MAX_NUMBER, note=_SCORE_NOTE),
    _V1 + "DecodeIdsRequest.xgid": Limit(
        MAX_STRING_CHARS, CHARACTERS, note="its cube, match length and scores at most 2^24"
    ),
    # The game of PlayService (game.proto): 64-bit cube values, points and scores.
    _V1 + "Game.log": Limit(MAX_LOG, ENTRIES),
    _V1 + "Game.sheet": Limit(MAX_SHEET, ENTRIES),
    _V1 + "Game.version": Limit(MAX_VERSION),
    _V1 + "Game.game_id": Limit(16, BYTES, sizes=(0, 16), note="set by NewGame; none in an older game"),
    _V1 + "Game.seed": Limit(MAX_SEED_BYTES, BYTES, note="1 or more in a seeded game, none otherwise"),
    _V1 + "GameCube.value": Limit(MAX_CUBE, low=1, note="a power of two"),
    _V1 + "MatchScore.white_score": Limit(MAX_SCORE),
    _V1 + "MatchScore.black_score": Limit(MAX_SCORE),
    _V1 + "GameOutcome.cube_value": Limit(MAX_CUBE, low=1, note="a power of two"),
    _V1 + "GameOutcome.points": Limit(3 * MAX_CUBE, note="a backgammon triples the cube"),
    _V1 + "GameRecord.white_score": Limit(MAX_SCORE),
    _V1 + "GameRecord.black_score": Limit(MAX_SCORE),
    _V1 + "LogDigest.length": Limit(MAX_LOG),
    _V1 + "LogDigest.chain": Limit(16, BYTES, sizes=(0, 16), note="none when the log is empty"),
    _V1 + "LogDigest.opening_ties": Limit(MAX_LOG, note="at most the log's length"),
    _V1 + "LogDigest.raises": Limit(MAX_LOG, note="at most the log's length"),
    _V1 + "LogDigest.resignations": Limit(MAX_LOG, note="at most the log's length"),
    _V1 + "FairDice.white_seed": Limit(MAX_SEED_BYTES, BYTES),
    _V1 + "FairDice.black_seed": Limit(MAX_SEED_BYTES, BYTES),
    _V1 + "FairDice.white_seed_commitment": Limit(32, BYTES, sizes=(0, 32), note="SHA-256 of White's seed"),
    _V1 + "FairDice.black_seed_commitment": Limit(32, BYTES, sizes=(0, 32), note="SHA-256 of Black's seed"),
    _V1 + "NewGameRequest.white_seed_commitment": Limit(
        32, BYTES, sizes=(0, 32), note="SHA-256 of White's seed; fair dice only"
    ),
    _V1 + "NewGameRequest.black_seed_commitment": Limit(
        32, BYTES, sizes=(0, 32), note="SHA-256 of Black's seed; fair dice only"
    ),
    _V1 + "NewGameRequest.seed": Limit(
        MAX_SEED_BYTES, BYTES, note="1 or more with seeded dice, none otherwise"
    ),
    _V1 + "AddClientSeedRequest.seed": Limit(MAX_SEED_BYTES, BYTES, low=1),
    # Dice, chouettes, rollouts.
    _V1 + "RollDiceRequest.count": Limit(1000, note="0 is one roll"),
    _V1 + "RollDiceRequest.skip": Limit(100_000, note="only with a seed"),
    _V1 + "LineUpRequest.players": Limit(64, ENTRIES),
    _V1 + "LineUpRequest.rolls": Limit(64, ENTRIES),
    _V1 + "PlayerRolls.dice": Limit(1000, ENTRIES, note="one die per roll-off round the player was in"),
    _V1 + "RolloutRequest.trials": Limit(1_000_000, note="0 is the default, 1,296"),
    _V1 + "RolloutRequest.plies": Limit(1),
    _V1 + "RolloutRequest.truncate": Limit(1000, note="half-moves; 0 plays every game out"),
    _V1 + "RolloutRequest.progress_every": Limit(
        1_000_000, note="at most trials; 0 is about a tenth of them"
    ),
    # Match records.
    _V1 + "ImportMatchRequest.mat": Limit(MAX_MAT_TEXT, CHARACTERS),
    _V1 + "ExportMatchRequest.games": Limit(MAX_GAMES, ENTRIES),
    _V1 + "ExportMatchRequest.white_name": Limit(64, CHARACTERS, note="printable, without ':'"),
    _V1 + "ExportMatchRequest.black_name": Limit(64, CHARACTERS, note="printable, without ':'"),
    _V1 + "AnalyseMatchRequest.games": Limit(MAX_GAMES, ENTRIES),
    _V1 + "StreamAnalyseMatchRequest.games": Limit(MAX_GAMES, ENTRIES),
}


def limit(field: str) -> Limit:
    """The row of ``field`` (a full proto name); a KeyError names a field with no row."""
    return FIELD_LIMITS[field]


def most(field: str) -> int:
    """The largest amount ``field`` may hold (entries, characters, bytes or value)."""
    return FIELD_LIMITS[field].high


# The walk below enforces the size rows that lift the defaults (the others,
# like the board's exactly 24 points, are their decoders' to check, with a
# message that says what is meant).
_REPEATED_LIMITS = {
    name: row.high for name, row in FIELD_LIMITS.items() if row.unit == ENTRIES and row.high > MAX_REPEATED
}
_STRING_LIMITS = {
    name: row.high
    for name, row in FIELD_LIMITS.items()
    if row.unit == CHARACTERS and row.high > MAX_STRING_CHARS
}
# A string over the limit needs more bytes than this, as does a repeated field.
_SMALL_BYTES = min(MAX_STRING_CHARS, MAX_REPEATED)


def check_size(size: int) -> None:
    """Refuse a request of ``size`` bytes past :data:`MAX_REQUEST_BYTES`."""
    if size > MAX_REQUEST_BYTES:
        raise OversizeError(size, MAX_REQUEST_BYTES)


def read_request(deserialize: Callable[[bytes], Any], raw: bytes) -> Any:
    """The request ``raw`` decodes to, within the limits; unary calls and streams alike.

    Bytes that are not the request are a :class:`WireError` naming
    ``request`` (INVALID_ARGUMENT); gRPC's own decoding would answer INTERNAL.
    """
    check_size(len(raw))
    try:
        request = deserialize(raw)
    except DecodeError:
        raise WireError("request", "is not a valid message") from None
    if not isinstance(request, Prechecked):
        check_limits(request, len(raw), raw)
    return request


class Prechecked:
    """A request read without its message by a reader that held it to every limit first (:func:`fits_limits`)."""

    __slots__ = ()


def fits_limits(raw: bytes, message_type: type[Message]) -> bool:
    """Whether the compiled check finds ``raw``, a ``message_type``'s bytes, within every limit.

    False when it cannot tell (or is not built): the caller then reads the
    message, and :func:`read_request` checks it.
    """
    fits = kernel.fits_wire
    if fits is None:
        return False
    plan = _WIRE_PLANS.get(message_type)
    if plan is None:
        plan = _WIRE_PLANS[message_type] = wire_plan(cast(Descriptor, message_type.DESCRIPTOR))
    return fits(raw, plan) == 1


def check_limits(message: Message, size: int, raw: bytes | None = None) -> None:
    """Refuse ``message`` (``size`` bytes on the wire, ``raw`` if at hand) if a field is over its limit."""
    if size > _SMALL_BYTES and not (raw is not None and _fits_wire(raw, message)) and not _fits(message):
        _walk(message, "")  # finds the field over its limit and names it


# How the quick check treats a field: a string, a message that can hold a
# string or a repeated field, or a repeated field of numbers (or messages
# holding neither), of messages, or of strings.  Other fields (numbers,
# bytes, messages of numbers) have nothing to check.
_STRING, _MESSAGE, _REPEATED, _REPEATED_MESSAGES, _REPEATED_STRINGS = range(5)
_Check = tuple[str, int, int, int]  # field name, kind, entries allowed, characters allowed
_PLANS: dict[type[Message], tuple[_Check, ...]] = {}  # by message class
_HOLDS_LIMITS: dict[Descriptor, bool] = {}


def _holds_limits(descriptor: Descriptor | None) -> bool:
    """Whether a message of this type can hold a string or a repeated field anywhere in it."""
    if descriptor is None:
        return False
    known = _HOLDS_LIMITS.get(descriptor)
    if known is None:
        _HOLDS_LIMITS[descriptor] = True  # a message type that holds itself: assume so
        known = _HOLDS_LIMITS[descriptor] = any(
            field.is_repeated
            or field.type == FieldDescriptor.TYPE_STRING
            or (field.type == FieldDescriptor.TYPE_MESSAGE and _holds_limits(field.message_type))
            for field in descriptor.fields
        )
    return known


def _checked_fields(descriptor: Descriptor) -> list[tuple[FieldDescriptor, int, int, int]]:
    """The fields of a message type the quick check looks at: each with its kind, entries and characters allowed."""
    checked = []
    for field in descriptor.fields:
        chars = _STRING_LIMITS.get(field.full_name, MAX_STRING_CHARS)
        is_string = field.type == FieldDescriptor.TYPE_STRING
        holds = field.type == FieldDescriptor.TYPE_MESSAGE and _holds_limits(field.message_type)
        if field.is_repeated:
            entries = _REPEATED_LIMITS.get(field.full_name, MAX_REPEATED)
            kind = _REPEATED_STRINGS if is_string else _REPEATED_MESSAGES if holds else _REPEATED
            checked.append((field, kind, entries, chars))
        elif is_string or holds:
            checked.append((field, _STRING if is_string else _MESSAGE, 0, chars))
    return checked


def _plan(descriptor: Descriptor) -> tuple[_Check, ...]:
    """The fields of a message type the quick check looks at, and how."""
    return tuple(
        (field.name, kind, entries, chars) for field, kind, entries, chars in _checked_fields(descriptor)
    )


# The compiled quick check (kernel.fits_wire) reads the request's bytes by a plan of
# int32s per request type, written here from the same fields (its layout: k_fits in
# gammond/engine/_ckernel_src/kernel.h).  A packed repeated number is a varint, or 4
# or 8 bytes wide; strings, bytes and messages are never packed.
_WIDTHS = {
    FieldDescriptor.TYPE_FIXED32: 4,
    FieldDescriptor.TYPE_SFIXED32: 4,
    FieldDescriptor.TYPE_FLOAT: 4,
    FieldDescriptor.TYPE_FIXED64: 8,
    FieldDescriptor.TYPE_SFIXED64: 8,
    FieldDescriptor.TYPE_DOUBLE: 8,
}
_UNPACKED = (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES)
_INT32_MAX = (1 << 31) - 1
_WIRE_PLANS: dict[type[Message], bytes] = {}


def wire_plan(descriptor: Descriptor) -> bytes:
    """The plan of ``descriptor``'s requests for ``kernel.fits_wire``: type 0 is its own."""
    types, ids = [descriptor], {descriptor: 0}
    tables: list[list[tuple[int, int, int, int, int, int]]] = []
    while len(tables) < len(types):
        rows = []
        for field, kind, entries, chars in _checked_fields(types[len(tables)]):
            sub = -1
            if kind in (_MESSAGE, _REPEATED_MESSAGES):
                inner = cast(Descriptor, field.message_type)
                sub = ids.setdefault(inner, len(types))
                if sub == len(types):
                    types.append(inner)
            width = -1 if field.type in _UNPACKED else _WIDTHS.get(field.type, 0)
            rows.append((field.number, kind, min(entries, _INT32_MAX), min(chars, _INT32_MAX), sub, width))
        tables.append(rows)
    words = [len(tables)] + [0] * len(tables)
    for i, rows in enumerate(tables):
        words[1 + i] = len(words)
        top = max((row[0] for row in rows), default=0)
        index = [-1] * (top + 1)
        for at, row in enumerate(rows):
            index[row[0]] = at
        words += [len(rows), top, *index, *(value for row in rows for value in row)]
    return array("i", words).tobytes()


def _fits_wire(raw: bytes, message: Message) -> bool:
    """Whether the compiled check finds ``raw`` within every limit (False when it cannot tell, or is not built)."""
    return fits_limits(raw, type(message))


def _fits(message: Message) -> bool:
    """Whether every field of ``message`` is within its limit: :func:`_walk`'s rules, without its paths.

    Most requests over :data:`_SMALL_BYTES` carry a Game; the walk lists
    every field of every message in it (``ListFields`` alone costs several
    microseconds a message) and spells out a path for each, where this
    reads only the strings and repeated fields, by a plan made once per
    message type.
    """
    plan = _PLANS.get(type(message))
    if plan is None:
        plan = _PLANS[type(message)] = _plan(cast(Descriptor, message.DESCRIPTOR))
    for name, kind, entries, chars in plan:
        if kind == _MESSAGE:
            if message.HasField(name) and not _fits(getattr(message, name)):
                return False
            continue
        value = getattr(message, name)
        if kind == _STRING:
            if len(value) > chars:
                return False
        elif len(value) > entries:
            return False
        elif kind == _REPEATED_MESSAGES:
            if not all(map(_fits, value)):
                return False
        elif kind == _REPEATED_STRINGS and any(len(item) > chars for item in value):
            return False
    return True


def _walk(message: Message, prefix: str) -> None:
    for field, value in message.ListFields():
        path = f"{prefix}{field.name}"
        is_message = field.type == FieldDescriptor.TYPE_MESSAGE
        if field.is_repeated:
            allowed = _REPEATED_LIMITS.get(field.full_name, MAX_REPEATED)
            if len(value) > allowed:
                raise WireError(path, f"has {len(value)} entries; at most {allowed} are allowed")
            for i, item in enumerate(value):
                _check_one(field, item, f"{path}[{i}]", is_message)
        else:
            _check_one(field, value, path, is_message)


def _check_one(field: FieldDescriptor, value: object, path: str, is_message: bool) -> None:
    if is_message:
        _walk(value, f"{path}.")  # type: ignore[arg-type]
    # Bytes are opaque (seeds, sealed state): their readers bound them, within MAX_REQUEST_BYTES.
    elif isinstance(value, str):
        allowed = _STRING_LIMITS.get(field.full_name, MAX_STRING_CHARS)
        if len(value) > allowed:
            raise WireError(path, f"has {len(value)} characters; at most {allowed} are allowed")


def markdown() -> str:
    """docs/limits.md: the defaults, then one row per field of :data:`FIELD_LIMITS`."""
    lines = [
        "# Field limits",
        "",
        "<!-- Generated by `python -m gammond.server.limits --markdown > docs/limits.md`"
        " from gammond/server/limits.py; tests/test_field_limits.py fails when it is stale. -->",
        "",
        "What each request field may hold. Past a limit the call is INVALID_ARGUMENT,",
        "naming the field (a dotted path such as `game.log` or `dice.die1`) and the limit;",
        f"a request over {MAX_REQUEST_BYTES:,} bytes (1 MiB) is RESOURCE_EXHAUSTED.",
        "",
        f"* Every string field: at most {MAX_STRING_CHARS:,} characters, unless its row says otherwise.",
        f"* Every repeated field: at most {MAX_REPEATED:,} entries, unless its row says otherwise.",
        "* Every number: what its proto type holds, unless its row says otherwise.",
        "* Enums: one of the values the proto names, never `*_UNSPECIFIED` unless the field says so.",
        "",
        "| field | limit | note |",
        "|---|---|---|",
    ]
    for name, row in sorted(FIELD_LIMITS.items()):
        lines.append(f"| `{name.removeprefix(_V1)}` | {row.text()} | {row.note} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gammond.server.limits", description="The limits of every request field."
    )
    parser.add_argument("--markdown", action="store_true", help="print the table as docs/limits.md")
    args = parser.parse_args(argv)
    if args.markdown:
        sys.stdout.write(markdown())
    else:
        for name, row in sorted(FIELD_LIMITS.items()):
            print(f"{name}\t{row.text()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
