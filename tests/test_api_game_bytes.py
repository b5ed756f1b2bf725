"""A Game written as bytes from its parts: the bytes of the reference message, every phase and form.

``Act`` writes its next Game with :mod:`gammond.server.wire.game_bytes`
instead of building the message; ``encode_game`` stays the reference.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from backgammon.v1 import game_pb2
from gammond.engine import DiceSource, Game, Phase
from gammond.server.sealing import Keyring, SealError, StateKey
from gammond.server.services.sealed import GameCodec
from gammond.server.wire.game import encode_game
from gammond.server.wire.game_bytes import game_parts
from tests.support.games import game_states


def _forms(game: Game) -> list[Game]:
    """``game`` full and lean, with an id and version, and under each source of dice."""
    named = replace(game, game_id=bytes(range(16)), version=game.version + 300)
    lean = replace(named, base=named.digest(), log=())
    forms = [game, named, lean, lean.rebased()]
    for base in (named, lean):
        forms += [
            replace(base, dice_source=DiceSource.CLIENT, seed=b""),
            replace(base, dice_source=DiceSource.SERVER, seed=b"s" * 32, nonce=b"n" * 16),
            replace(base, dice_source=DiceSource.FAIR, seed=b"f" * 32, nonce=b"n" * 16),
        ]
    return forms


def test_a_games_parts_join_to_the_reference_messages_bytes_in_every_phase_and_form() -> None:
    phases = set()
    for game in game_states(600, seed=21, finished=True):
        phases.add(game.phase)
        for form in _forms(game):
            expected = encode_game(form).SerializeToString(deterministic=True)
            assert game_parts(form).join() == expected, form
    assert phases >= {
        Phase.OPENING_ROLL,
        Phase.BEFORE_ROLL,
        Phase.CUBE_OFFERED,
        Phase.MOVING,
        Phase.GAME_OVER,
    }


def test_the_codec_writes_the_same_bytes_and_seal_as_its_message_path() -> None:
    keyring = Keyring((StateKey("k1", os.urandom(32)),))
    for keys in (None, keyring):
        for game in game_states(150, seed=22):
            for form in _forms(game):
                written = GameCodec(keys).write_bytes(form)
                assert written == GameCodec(keys).write(form).SerializeToString(), form


def test_a_game_written_as_bytes_reads_back_in_this_worker_and_in_another() -> None:
    keyring = Keyring((StateKey("k1", os.urandom(32)),))
    for keys in (None, keyring):
        here = GameCodec(keys)
        for game in game_states(60, seed=23):
            lean = replace(game, base=game.digest(), log=(), game_id=b"\x08" * 16, version=9)
            message = game_pb2.Game.FromString(here.write_bytes(lean))
            found, _ = here.read_message(message)
            elsewhere, _ = GameCodec(keys).read_message(message)  # decoded and checked from the bytes
            assert found == lean.rebased()
            assert (elsewhere.board, elsewhere.moves, elsewhere.version) == (found.board, found.moves, 9)
            assert elsewhere.digest().chain == found.digest().chain


def test_a_sealed_game_written_as_bytes_still_refuses_a_changed_state() -> None:
    codec = GameCodec(Keyring((StateKey("k1", os.urandom(32)),)))
    game = game_states(5, seed=24)[-1]
    lean = replace(game, base=game.digest(), log=(), game_id=b"\x09" * 16, version=2)
    message = game_pb2.Game.FromString(codec.write_bytes(lean))
    message.seal.state = message.seal.state + b"\x00"
    with pytest.raises(SealError):
        GameCodec(codec.keyring).read_message(message)
