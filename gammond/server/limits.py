"""Size limits on every string and repeated field of every request.

Work per call must be bounded by the server, not by the client: a request
may be up to 1 MiB on the wire, enough for 100,000 player names or a
notation of a million characters, and the engine's checks (duplicate
names, parsing) are linear at best.  Every string (not opaque bytes) is held to
:data:`MAX_STRING_CHARS` and every repeated field to :data:`MAX_REPEATED`
entries (or its own limit in :data:`_REPEATED_LIMITS`), refused with
INVALID_ARGUMENT naming the field and the limit.

No legitimate request comes near: the longest notation is about 30
characters, an XGID about 50, a chouette has at most 64 players and the
board 26 points.  The walk costs a few microseconds per field, and a
request of fewer than :data:`_SMALL_BYTES` bytes cannot break a limit at
all, so the common small calls skip it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import DecodeError, Message

from gammond.engine import MAX_GAMES, MAX_LOG, MAX_MAT_TEXT, MAX_SHEET
from gammond.server.errors import OversizeError, WireError

# Requests up to 4x this reach us (grpc refuses bigger ones itself, unseen);
# we refuse them with RESOURCE_EXHAUSTED, logged and counted like any call.
MAX_REQUEST_BYTES = 1 << 20
MAX_STRING_CHARS = 256
MAX_REPEATED = 64
# Fields allowed more than MAX_REPEATED entries: roll-off dice, one per tie a
# player was part of (the engine allows 1,000 rounds); a game's log and a
# match's score sheet, which the engine bounds itself (gammond.engine.flow).
_REPEATED_LIMITS = {
    "backgammon.v1.PlayerRolls.dice": 1000,
    "backgammon.v1.Game.log": MAX_LOG,
    "backgammon.v1.Game.sheet": MAX_SHEET,
    # A match record's games (gammond.engine.records bounds a match itself).
    "backgammon.v1.ExportMatchRequest.games": MAX_GAMES,
    "backgammon.v1.AnalyseMatchRequest.games": MAX_GAMES,
    "backgammon.v1.StreamAnalyseMatchRequest.games": MAX_GAMES,
}
# Strings allowed more than MAX_STRING_CHARS: a whole .mat file to import.
_STRING_LIMITS = {"backgammon.v1.ImportMatchRequest.mat": MAX_MAT_TEXT}
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
    check_limits(request, len(raw))
    return request


def check_limits(message: Message, size: int) -> None:
    """Refuse ``message`` (``size`` bytes on the wire) if a field is over its limit."""
    if size > _SMALL_BYTES:
        _walk(message, "")


def _walk(message: Message, prefix: str) -> None:
    for field, value in message.ListFields():
        path = f"{prefix}{field.name}"
        is_message = field.type == FieldDescriptor.TYPE_MESSAGE
        if field.is_repeated:
            limit = _REPEATED_LIMITS.get(field.full_name, MAX_REPEATED)
            if len(value) > limit:
                raise WireError(path, f"has {len(value)} entries; at most {limit} are allowed")
            for i, item in enumerate(value):
                _check_one(field, item, f"{path}[{i}]", is_message)
        else:
            _check_one(field, value, path, is_message)


def _check_one(field: FieldDescriptor, value: object, path: str, is_message: bool) -> None:
    if is_message:
        _walk(value, f"{path}.")  # type: ignore[arg-type]
    # Bytes are opaque (seeds, sealed state): their readers bound them, within MAX_REQUEST_BYTES.
    elif isinstance(value, str):
        limit = _STRING_LIMITS.get(field.full_name, MAX_STRING_CHARS)
        if len(value) > limit:
            raise WireError(path, f"has {len(value)} characters; at most {limit} are allowed")
