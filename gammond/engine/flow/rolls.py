"""Dice for the ``roll`` action: from the server, from the client, from a seed, or provably fair.

A seeded game derives roll ``n`` of game ``g`` from HMAC-SHA-256 of the
seed, with rejection sampling so each die is uniform: the same seed always
gives the same rolls, so a replay of a seeded game reproduces it.

A fair game (docs/dice.md) derives roll ``n`` the same way from the
server's secret seed, keyed, with both players' seeds and ``n`` in the
message: once the server has committed to its seed (published its
SHA-256) and the players have added theirs, every roll of the game is
fixed, and anyone holding the revealed seed can recompute them.

>>> seeded_roll(b"seed", 1, 0) == seeded_roll(b"seed", 1, 0)
True
>>> all(1 <= die <= 6 for n in range(50) for die in seeded_roll(b"x", 2, n))
True
>>> fair_roll(bytes(32), (b"w", b""), 1, 0) == fair_roll(bytes(32), (b"w", b""), 1, 0)
True
>>> fair_roll(bytes(32), (b"w", b""), 1, 0) == fair_roll(bytes(32), (b"", b"w"), 1, 0)
False
"""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache

from gammond.engine.dice import SystemRoller
from gammond.engine.errors import IllegalActionError

# 252 is the largest multiple of 6 below 256: bytes from 252 up are dropped.
_LIMIT = 252
FAIR_SEED_BYTES = 32


def _derived_dice(key: bytes, label: str) -> tuple[int, int]:
    """Two dice from HMAC-SHA-256(key, label:block) for block 0, 1, ...: bytes below 252, mod 6, plus 1."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        message = f"{label}:{block}".encode()
        for byte in hmac.new(key, message, hashlib.sha256).digest():
            if byte < _LIMIT:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


def seeded_roll(seed: bytes, game: int, n: int) -> tuple[int, int]:
    """Roll ``n`` (from 0, opening roll-offs included) of game ``game`` for ``seed``."""
    return _derived_dice(seed, f"gammond-dice:{game}:{n}")


def fair_label(client_seeds: tuple[bytes, bytes], game: int, n: int, scheme: int = 1) -> str:
    """The message of roll ``n`` of a fair game: the players' seeds enter as SHA-256 hex digests.

    >>> fair_label((b"", b""), 1, 0)[:22]
    'gammond-fair-dice:e3b0'
    >>> fair_label((b"", b""), 1, 0, 2)[:25]
    'gammond-fair-dice-v2:e3b0'
    """
    white, black = (hashlib.sha256(seed).hexdigest() for seed in client_seeds)
    label = "gammond-fair-dice" if scheme == 1 else f"gammond-fair-dice-v{scheme}"
    return f"{label}:{white}:{black}:{game}:{n}"


def fair_roll(server_seed: bytes, client_seeds: tuple[bytes, bytes], game: int, n: int) -> tuple[int, int]:
    """Roll ``n`` of fair game ``game`` under scheme 1 (retired: the key is the server seed itself)."""
    return _derived_dice(server_seed, fair_label(client_seeds, game, n))


# Scheme 2 (docs/dice.md): the server's seed is the top of a hash chain
# K_N = seed, K_i = SHA-256(K_(i+1)); K_0 is the commitment, roll n is keyed
# by K_(n+1), and a finished game reveals K_n after its n rolls.  A copy of
# the game ended early (a fork) thus reveals the keys of the rolls already
# made and nothing of the later ones, which are SHA-256 preimages.
FAIR_SCHEME = 2
CHAIN_LENGTH = 4096  # MAX_LOG: a game never makes more rolls than its log holds
_CHECKPOINT = 64


# About 4.5 kB a game: the games a worker rolls for now; a game pushed out
# costs one walk (4,096 hashes, a millisecond or two) at its next roll.
@lru_cache(maxsize=1024)
def _checkpoints(seed: bytes) -> tuple[bytes, ...]:
    """K_i for i = 0, 64, 128, ..., CHAIN_LENGTH: one walk down the chain per game and worker."""
    keys = [seed]
    key = seed
    for i in range(CHAIN_LENGTH - 1, -1, -1):
        key = hashlib.sha256(key).digest()
        if i % _CHECKPOINT == 0:
            keys.append(key)
    return tuple(reversed(keys))


def chain_key(seed: bytes, index: int) -> bytes:
    """K_index of the chain topped by ``seed``: SHA-256 applied CHAIN_LENGTH - index times.

    >>> chain_key(bytes(32), CHAIN_LENGTH) == bytes(32)
    True
    >>> hashlib.sha256(chain_key(bytes(32), 7)).digest() == chain_key(bytes(32), 6)
    True
    """
    if not 0 <= index <= CHAIN_LENGTH:
        raise IllegalActionError(f"a fair game has keys for {CHAIN_LENGTH} rolls, not roll {index}")
    above = -(-index // _CHECKPOINT)  # the checkpoint at or above index
    key = _checkpoints(seed)[above]
    for _ in range(above * _CHECKPOINT - index):
        key = hashlib.sha256(key).digest()
    return key


# Every answer about a fair game carries its commitment: kept for many more
# games than the checkpoints (some 200 bytes each), so encoding seldom walks.
@lru_cache(maxsize=16384)
def commitment(server_seed: bytes) -> bytes:
    """What the server publishes before the first roll: the chain's end, K_0."""
    return chain_key(server_seed, 0)


def fair_chain_roll(
    server_seed: bytes, client_seeds: tuple[bytes, bytes], game: int, n: int
) -> tuple[int, int]:
    """Roll ``n`` of fair game ``game`` under scheme 2: keyed by chain key n + 1 (docs/dice.md)."""
    return _derived_dice(chain_key(server_seed, n + 1), fair_label(client_seeds, game, n, FAIR_SCHEME))


def server_roll(secret: bytes, game: int, n: int) -> tuple[int, int]:
    """Roll ``n`` of a server-dice game on a server with state keys: its secret, never revealed."""
    return _derived_dice(secret, f"gammond-server-dice:{game}:{n}")


_SYSTEM = SystemRoller()


def system_roll() -> tuple[int, int]:
    """Two dice from the operating system's randomness."""
    return _SYSTEM.roll()
