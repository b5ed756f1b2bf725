"""Seat tokens: who may act at a table, checked by any replica without asking the store.

A token is ``KEY_ID.MAC``: the HMAC-SHA-256 of the table id and the seat
under one of the server's state keys (:mod:`gammond.server.sealing`), cut
to 128 bits and written in URL-safe base64.  Any replica holding the key
checks it; the key id lets a key be rotated as sealed Games' keys are.  A
token names one seat of one table: a player's token is worth nothing at
another table or for the other seat.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
import os
import re
import secrets

from gammond.server.errors import TokenError, WireError
from gammond.server.sealing import MAC_BYTES, Keyring, StateKey

SEAT_LABEL = b"gammond-seat-v1"
BAD_SEAT_TOKEN = "BAD_SEAT_TOKEN"
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class Seat(enum.Enum):
    WHITE = "white"
    BLACK = "black"
    SPECTATOR = "spectator"


def new_table_id() -> str:
    """128 random bits, URL-safe: a table id nobody can guess."""
    return secrets.token_urlsafe(16)


def check_table_id(table_id: str, field: str = "table_id") -> str:
    """``table_id`` if it could be one CreateTable handed out, else INVALID_ARGUMENT.

    >>> check_table_id("x")
    Traceback (most recent call last):
    ...
    gammond.server.errors.WireError: table_id: is not a table id (16..64 letters, digits, '-' or '_')
    """
    if not _TABLE_ID.match(table_id):
        raise WireError(field, "is not a table id (16..64 letters, digits, '-' or '_')")
    return table_id


def process_keyring() -> Keyring:
    """A key for one process's own tables, when the server has no state keys (``--table-store memory``)."""
    return Keyring((StateKey("local", os.urandom(32)),))


def _mac(key: StateKey, table_id: str, seat: Seat) -> str:
    message = b"\0".join((SEAT_LABEL, key.key_id.encode(), table_id.encode(), seat.value.encode()))
    digest = hmac.new(key.secret, message, hashlib.sha256).digest()[:MAC_BYTES]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def seat_token(keyring: Keyring, table_id: str, seat: Seat) -> str:
    """The token of ``seat`` at ``table_id``, under the signing key."""
    key = keyring.signing
    return f"{key.key_id}.{_mac(key, table_id, seat)}"


def seat_of(keyring: Keyring, table_id: str, token: str) -> Seat:
    """The seat ``token`` is for at ``table_id``; UNAUTHENTICATED (BAD_SEAT_TOKEN) for any other token.

    >>> ring = process_keyring()
    >>> seat_of(ring, "t" * 22, seat_token(ring, "t" * 22, Seat.BLACK))
    <Seat.BLACK: 'black'>
    """
    if not token:
        raise TokenError(BAD_SEAT_TOKEN, "token: a seat or spectator token from CreateTable is required")
    key_id, _, mac = token.partition(".")
    key = keyring.find(key_id)
    if key is not None:
        for seat in Seat:
            if hmac.compare_digest(_mac(key, table_id, seat).encode(), mac.encode()):
                return seat
    raise TokenError(BAD_SEAT_TOKEN, f"token is not a seat token of table {table_id}")
