"""Games in and out of PlayService, sealed when the server has state keys.

Without keys a Game is decoded as the client sent it (the client is
trusted; docs/api.md).  With keys (:mod:`gammond.server.sealing`) every
Game going out carries a seal over the exact bytes the server serialised,
and a Game coming in is read from those bytes only, after its seal
verifies; anything else is UNAUTHENTICATED with reason STATE_TAMPERED.

A client sends back the Game the server answered with last, and often the
same Game twice (ListActions, then Act on it; a retry; a second player's
view), so each worker remembers the last few thousand Games it wrote or
read (:class:`RecentGames`): one that comes back unchanged (the same bytes,
or for a sealed Game the same verified seal) is taken as decoded, without
decoding and checking it again, since the server made it from a checked
state itself or decoded and checked those very bytes before (decoding is a
function of the bytes and the server's keys alone).  Anything else, a Game
from another worker or replica among them, takes the full path once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from google.protobuf.message import DecodeError

from backgammon.v1 import game_pb2
from gammond.engine import Game, kernel
from gammond.server.sealing import Keyring, SealError
from gammond.server.wire.flow_requests import parsed
from gammond.server.wire.game import decode_game, encode_game
from gammond.server.wire.game_bytes import (
    DIGEST,
    GAME_ID,
    LOG,
    OUTPUTS,
    SEAL,
    VERSION,
    game_parts,
    message_field,
    uint_field,
)


class Unread(NamedTuple):
    """A Game the kernel's flow wrote (the server's own bytes), not decoded until something asks for it.

    Most such Games only come back to the kernel, which reads the bytes; its
    caller needs no more than the id and the version (the stale-state guard).
    """

    game_id: bytes
    version: int


# A Game as the table holds it, with the message it was decoded from (None for one written as bytes:
# nothing then reads it but a full game's log reuse in ``encode_game``, which does without).
Entry = tuple[Game | Unread, game_pb2.Game | None]


class RecentGames:
    """The Games one worker wrote last, by the bytes that name them; bounded, the oldest go first."""

    def __init__(self, capacity: int = 4096) -> None:
        self.capacity = capacity
        self._games: OrderedDict[bytes, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> Entry | None:
        with self._lock:
            return self._games.get(key)

    def put(self, key: bytes, value: Entry) -> None:
        with self._lock:
            self._games[key] = value
            if len(self._games) > self.capacity:
                self._games.popitem(last=False)


def _seal_key(key_id: str, mac: bytes) -> bytes:
    """A sealed Game's key in the table of recent Games: its verified seal names it."""
    return key_id.encode() + b"\0" + mac


def _without_outputs(message: game_pb2.Game) -> game_pb2.Game:
    """``message`` without its output-only fields (the server derives them again), a copy when it had any."""
    if not (message.HasField("board_now") or message.HasField("score_after")):
        return message
    bare = game_pb2.Game()
    bare.CopyFrom(message)
    bare.ClearField("board_now")
    bare.ClearField("score_after")
    return bare


# The output-only fields as a mask of field numbers, for the kernel's strip_fields.
_OUTPUTS_MASK = sum(1 << number for number in OUTPUTS)


def _unsealed_key(message: game_pb2.Game) -> bytes:
    """A plain Game's bytes without its output-only fields (a client may leave them out)."""
    strip = kernel.strip_fields
    key = None if strip is None else strip(message.SerializeToString(deterministic=True), _OUTPUTS_MASK)
    return _without_outputs(message).SerializeToString(deterministic=True) if key is None else key


# A sealed state's id and version fields, and the fields that tell a lean Game without a log.
_IDS_MASK = (1 << GAME_ID) | (1 << VERSION)
_LEAN_MASK = (1 << LOG) | (1 << DIGEST)
_DIGEST_KEY = message_field(DIGEST, b"")[:-1]  # the field's key, without the length


def _lean_state(state: bytes, game_id: bytes, version: int) -> bool:
    """Whether a sealed ``state`` is a lean Game (a digest, no log) with the seal's readable id and version.

    Read from the bytes alone (``kernel.pick_fields``); False when that cannot tell.
    """
    pick = kernel.pick_fields
    picked = None if pick is None else pick(state, _IDS_MASK | _LEAN_MASK, 0)
    if picked is None:
        return False
    written = (message_field(GAME_ID, game_id) if game_id else b"") + uint_field(VERSION, version)
    # In number order: a log (17), the id (22), the version (23), the digest (24). A lean Game
    # with the seal's id and version has no log before them and its digest right after.
    return picked[0].startswith(written + _DIGEST_KEY)


def _own_encoding(game: Game, key: bytes) -> bool:
    """Whether ``key`` (a plain Game's bytes without outputs) is the server's own encoding of a lean ``game``."""
    return game.is_lean() and not game.log and game_parts(game).join(OUTPUTS) == key


def _flow_ready(game: Game | Unread, source: game_pb2.Game | None) -> bool:
    """Whether the kernel may read the bytes of this table entry: the kernel's own, or the server's encoding of a lean Game."""
    return isinstance(game, Unread) or (source is None and game.is_lean() and not game.log)


class GameCodec:
    """Decodes and encodes :class:`Game` messages for one server's keys (or none)."""

    def __init__(self, keyring: Keyring | None) -> None:
        self.keyring = keyring
        self.recent = RecentGames()

    def read(self, message: game_pb2.Game, field: str = "game") -> Game:
        """The Game a request carries, its seal verified first when the server has keys."""
        return self.read_message(message, field)[0]

    def read_message(self, message: game_pb2.Game, field: str = "game") -> tuple[Game, game_pb2.Game | None]:
        """The Game and the message it was decoded from: ``seal.state``'s when sealed, never the readable copy.

        The message is None when this worker wrote the Game as bytes (:meth:`write_bytes`).
        """
        if self.keyring is None:
            key, (game, source) = self._read_unsealed(message, field)
            if isinstance(game, Unread):  # the kernel's bytes, decoded now that they are asked for
                game, source = decode_game(message, field), None
                self.recent.put(key, (game, None))
            return game, source
        (game, source), _ = self._read_sealed(message, field, decoded=True)
        assert isinstance(game, Game)  # decoded=True: never Unread
        return game, source

    def _read_sealed(self, message: game_pb2.Game, field: str, decoded: bool) -> tuple[Entry, bytes]:
        """A sealed Game's entry (its Game decoded when ``decoded`` or not in the table) and its state's bytes."""
        keyring = self.keyring
        assert keyring is not None
        if not message.HasField("seal"):
            raise SealError(f"{field} carries no seal: this server only accepts games it sealed")
        seal = message.seal
        state = bytes(seal.state)
        keyring.verify(seal.key_id, state, bytes(seal.mac))
        key = _seal_key(seal.key_id, bytes(seal.mac))
        known = self.recent.get(key)
        if known is not None and (known[0].game_id, known[0].version) == (seal.game_id, seal.version):
            if not decoded or not isinstance(known[0], Unread):
                return known, state
        if not decoded and _lean_state(state, seal.game_id, seal.version):
            # The server's own bytes of a state it checked (the seal says so): for the kernel, unread.
            known = (Unread(seal.game_id, seal.version), None)
            self.recent.put(key, known)
            return known, state
        try:
            inner = game_pb2.Game.FromString(state)
        except DecodeError:  # signed by us, so only a bug (or a stolen key) gets here
            raise SealError(f"{field}.seal.state is not a Game") from None
        if inner.HasField("seal"):
            raise SealError(f"{field}.seal.state holds another seal")
        # The readable copies a relay compares must be the sealed game's own.
        if seal.game_id != inner.game_id or seal.version != inner.version:
            raise SealError(f"{field}.seal's game_id or version differs from the sealed game's")
        known = (decode_game(inner, field, keyring.fair_seed), inner)
        self.recent.put(key, known)
        return known, state

    def _read_unsealed(self, message: game_pb2.Game, field: str) -> tuple[bytes, Entry]:
        """A plain Game's key in the table and what it decodes to, from the table when there."""
        key = _unsealed_key(message)
        known = self.recent.get(key)
        if known is None:
            known = (decode_game(message, field), message)
            self.recent.put(key, known)
        return key, known

    def read_flow(
        self, message: game_pb2.Game, field: str = "game", data: bytes | None = None
    ) -> tuple[Game | Unread, game_pb2.Game | None, bytes | None]:
        """:meth:`read_message`, with the Game's bytes when the kernel's flow may read them.

        The bytes (without the output-only fields) are given only for a lean
        Game that this worker wrote or decoded and checked, and only when
        they are the server's own encoding of it (the same bytes
        ``write_bytes`` gives), so that reading them can trust the checks: a
        sealed Game's state once its seal verifies; a plain Game decoded
        from a client once compared, and then kept as the server's own (its
        message is not needed again: only a full game's log reuses it).
        The Game is :class:`Unread` when the kernel wrote it: a caller that
        needs more than its bytes asks :meth:`read_message`.  ``data``: the
        message's bytes as they came, when the caller has them (a plain
        Game's key is read from them rather than from the message written
        out again).
        """
        if self.keyring is not None:
            (game, source), state = self._read_sealed(message, field, decoded=False)
            # The sealed state: the server's own bytes, the seal verified.
            if isinstance(game, Unread) or (game.is_lean() and not game.log):
                return game, source, state
            return game, source, None
        strip = kernel.strip_fields
        key = strip(data, _OUTPUTS_MASK) if data is not None and strip is not None else None
        if key is None:
            key = _unsealed_key(message)
        known = self.recent.get(key)
        first = known is None
        if known is None:  # first seen here: decoded and checked once, then kept
            known = (decode_game(message, field), message)
        game, source = known
        if source is not None and not isinstance(game, Unread) and _own_encoding(game, key):
            source, first = None, True  # kept from now on as the server's own
        if first:
            self.recent.put(key, (game, source))
        return game, source, key if _flow_ready(game, source) else None

    def flow_game(self, data: bytes) -> tuple[Game | Unread, bytes] | None:
        """:meth:`read_flow` from a Game's bytes as sent, for a Game this worker knows as its own; else None.

        The common case of the flow (a plain Game the server wrote, sent
        back as it came) without a message: the Game (unread if the kernel
        wrote it) and its key.  None for anything else (a sealed Game, one
        not in the table or not yet compared with the server's encoding):
        the caller reads the message.
        """
        strip = kernel.strip_fields
        if self.keyring is not None or strip is None:
            return None
        key = strip(data, _OUTPUTS_MASK)
        known = None if key is None else self.recent.get(key)
        if known is None or key is None:
            return None
        if key is not data:  # output-only fields, left out of the key: still a Game's, or refused
            parsed(game_pb2.Game, data)
        game, source = known
        return (game, key) if _flow_ready(game, source) else None

    def wrote(self, key: bytes, game_id: bytes, version: int) -> None:
        """Keep the Game the kernel's flow wrote as ``key`` (its bytes), unread, for its next call."""
        self.recent.put(key, (Unread(game_id, version), None))

    def write(self, game: Game, before: tuple[Game, game_pb2.Game | None] | None = None) -> game_pb2.Game:
        """The wire Game, sealed when the server has keys.

        ``before``: the game acted on and the message :meth:`read_message`
        decoded it from, whose log entries are reused (see ``encode_game``).
        """
        game = game.rebased()  # what a lean game's next call starts from: the digest, no entries
        message = encode_game(game, before)
        if self.keyring is None:
            self.recent.put(_unsealed_key(message), (game, message))
        else:
            # The sealed state leaves out what the server derives again (the
            # board now, the score after); the readable copy leaves out a lean
            # game's digest, which only the server reads (from the state).
            sealed = _without_outputs(message)
            if sealed is message:  # the readable copy changes below: seal a copy
                sealed = game_pb2.Game()
                sealed.CopyFrom(message)
            if game.is_lean():
                message.ClearField("digest")
            # Serialised once; the seal covers exactly these bytes, which the
            # client returns untouched inside `seal.state`.
            state = sealed.SerializeToString(deterministic=True)
            key_id, mac = self.keyring.seal(state)
            message.seal.CopyFrom(
                game_pb2.GameSeal(
                    key_id=key_id, state=state, mac=mac, game_id=message.game_id, version=message.version
                )
            )
            self.recent.put(_seal_key(key_id, mac), (game, sealed))
        return message

    def write_bytes(self, game: Game) -> bytes:
        """:meth:`write`'s Game as its wire bytes, written from its parts (:mod:`~gammond.server.wire.game_bytes`).

        The same bytes as ``write(game).SerializeToString()``, the same seal,
        and the same key in the table of recent Games; cheaper, since no
        message is built.
        """
        game = game.rebased()
        parts = game_parts(game)
        bare = parts.join(OUTPUTS)  # what the table is keyed by, and what a seal covers
        if self.keyring is None:
            self.recent.put(bare, (game, None))
            return parts.join()
        key_id, mac = self.keyring.seal(bare)
        seal = game_pb2.GameSeal(
            key_id=key_id, state=bare, mac=mac, game_id=game.game_id, version=game.version
        )
        self.recent.put(_seal_key(key_id, mac), (game, None))
        readable = parts.with_field(SEAL, message_field(SEAL, seal.SerializeToString()))
        # The readable copy leaves out a lean game's digest, which only the server reads (from the state).
        return readable.join(frozenset((DIGEST,)) if game.is_lean() else frozenset())

    def sealed_bytes(self, bare: bytes, whole: bytes, game_id: bytes, version: int) -> bytes:
        """The readable, sealed Game of :meth:`write_bytes` from the kernel's bytes of a lean Game.

        ``bare``: the Game without its output-only fields (what the seal
        covers); ``whole``: with them, as an unsealed answer holds it.  The
        Game is kept unread (:meth:`wrote`).
        """
        keyring, strip = self.keyring, kernel.strip_fields
        assert keyring is not None and strip is not None
        key_id, mac = keyring.seal(bare)
        seal = game_pb2.GameSeal(key_id=key_id, state=bare, mac=mac, game_id=game_id, version=version)
        self.wrote(_seal_key(key_id, mac), game_id, version)
        # The readable copy leaves out a lean game's digest, which only the server reads (from the state).
        readable = strip(whole, 1 << DIGEST, message_field(SEAL, seal.SerializeToString()), SEAL)
        if readable is None:  # the kernel's own bytes: never so
            raise SealError("the kernel wrote a Game that is not a message")
        return readable

    def new_nonce_and_seed(self) -> tuple[bytes, bytes]:
        """A fair game's fresh nonce and the server seed derived from it."""
        keyring = self.keyring
        if keyring is None:
            raise SealError("fair dice need state keys")  # callers check first
        nonce = keyring.new_nonce()
        return nonce, keyring.fair_seed(nonce)
