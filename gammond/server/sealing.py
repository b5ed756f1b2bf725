"""State keys: sealing the Games the server returns, and deriving fair dice seeds.

gammond keeps no state: the client carries the Game.  With state keys the
server seals every Game it returns: it serialises the Game once and signs
exactly those bytes (HMAC-SHA-256, :data:`SEAL_LABEL`, the key's id), and
reads a Game back only from the bytes it signed.  A client, whatever its
protobuf library, only has to store the ``seal`` and send it back; any
change to the state, the key id or the MAC (one flipped bit) fails to
verify.

The first key signs; every key verifies, so a key can be rotated in (add it
second, then move it first once every replica has it) and out (drop it once
no stored game still uses it).  Replicas with the same keys accept each
other's games.

Fair dice (docs/dice.md), and server dice on a server with keys, need a
secret per game that the client never sees: the server derives it from a
state key and a random public nonce, so it is stored nowhere, and
recomputed by any replica holding the key.

This module holds the keys and does the cryptography; it knows nothing of
gRPC or of the rules.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import re
from dataclasses import dataclass

SEAL_LABEL = b"gammond-seal-v1"
_SEED_LABEL = b"gammond-fair-seed-v1"
MIN_KEY_BYTES = 32
# HMAC-SHA-256 cut to 128 bits, as IPsec cuts it (RFC 4868): forging one
# still takes about 2^128 tries, each a call the server refuses and logs.
MAC_BYTES = 16
NONCE_BYTES = 16
_KEY_ID = re.compile(r"^[A-Za-z0-9._-]{1,32}$")


class SealError(Exception):
    """A Game whose seal does not verify: forged, altered, or signed with a key we lack."""


@dataclass(frozen=True, slots=True)
class StateKey:
    """One named secret."""

    key_id: str
    secret: bytes

    def __repr__(self) -> str:  # never print the secret
        return f"StateKey({self.key_id!r}, <{len(self.secret)} bytes>)"


@dataclass(frozen=True, slots=True)
class Keyring:
    """The server's state keys, the signing key first."""

    keys: tuple[StateKey, ...]

    def __post_init__(self) -> None:
        if not self.keys:
            raise ValueError("a keyring needs at least one key")
        ids = [key.key_id for key in self.keys]
        if len(set(ids)) != len(ids):
            raise ValueError(f"state key ids repeat: {', '.join(ids)}")

    @property
    def signing(self) -> StateKey:
        return self.keys[0]

    def find(self, key_id: str) -> StateKey | None:
        return next((key for key in self.keys if key.key_id == key_id), None)

    def mac(self, key: StateKey, state: bytes) -> bytes:
        message = SEAL_LABEL + b"\0" + key.key_id.encode() + b"\0" + state
        return hmac.new(key.secret, message, hashlib.sha256).digest()

    def seal(self, state: bytes) -> tuple[str, bytes]:
        """The signing key's id and the MAC over ``state``, cut to :data:`MAC_BYTES` (it travels with every call)."""
        return self.signing.key_id, self.mac(self.signing, state)[:MAC_BYTES]

    def verify(self, key_id: str, state: bytes, mac: bytes) -> None:
        """Raise :class:`SealError` unless ``mac`` is ``state``'s MAC under the key ``key_id``."""
        key = self.find(key_id)
        if key is None:
            raise SealError(f"the game was sealed with a key this server does not hold ({key_id!r})")
        # Games sealed before the MAC was cut carry all 32 bytes; both verify.
        if len(mac) not in (MAC_BYTES, 32) or not hmac.compare_digest(self.mac(key, state)[: len(mac)], mac):
            raise SealError("the game's seal does not verify: it was changed after the server sealed it")

    def new_nonce(self) -> bytes:
        """A fresh nonce for a fair game: the signing key's id, ``:``, 16 random bytes.

        The key id comes first so any replica knows which key the seed comes from.
        """
        return self.signing.key_id.encode() + b":" + os.urandom(NONCE_BYTES)

    def fair_seed(self, nonce: bytes) -> bytes:
        """The server's secret seed for the fair game with ``nonce`` (see :meth:`new_nonce`)."""
        key_id, sep, _ = nonce.partition(b":")
        key = self.find(key_id.decode("ascii", "replace")) if sep else None
        if key is None:
            raise SealError("the game's dice were committed with a key this server does not hold")
        return hmac.new(key.secret, _SEED_LABEL + b"\0" + nonce, hashlib.sha256).digest()


def parse_keys(text: str) -> Keyring | None:
    """Keys from ``ID:BASE64,ID:BASE64`` (the first signs); None for an empty value.

    Each secret is at least 32 bytes, base64 (standard or URL-safe alphabet).

    >>> ring = parse_keys("k2:" + "A" * 44 + ", k1:" + "B" * 44)
    >>> ring.signing.key_id, [k.key_id for k in ring.keys]
    ('k2', ['k2', 'k1'])
    >>> parse_keys("  ") is None
    True
    """
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        return None
    keys = []
    for item in items:
        key_id, sep, encoded = item.partition(":")
        if not sep or not _KEY_ID.match(key_id):
            raise ValueError("each key is ID:BASE64 with an ID of 1..32 letters, digits, '.', '_' or '-'")
        try:
            secret = base64.b64decode(encoded.replace("-", "+").replace("_", "/"), validate=True)
        except binascii.Error:
            raise ValueError(f"key {key_id!r} is not base64") from None
        if len(secret) < MIN_KEY_BYTES:
            raise ValueError(f"key {key_id!r} has {len(secret)} bytes; at least {MIN_KEY_BYTES} are needed")
        keys.append(StateKey(key_id, secret))
    return Keyring(tuple(keys))


def new_key_text(key_id: str) -> str:
    """A fresh ``ID:BASE64`` key of 32 random bytes, for ``GAMMOND_STATE_KEYS``."""
    return f"{key_id}:{base64.b64encode(os.urandom(MIN_KEY_BYTES)).decode()}"
