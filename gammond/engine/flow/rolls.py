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

from gammond.engine.dice import SystemRoller

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


def fair_label(client_seeds: tuple[bytes, bytes], game: int, n: int) -> str:
    """The message of roll ``n`` of a fair game: the players' seeds enter as SHA-256 hex digests.

    >>> fair_label((b"", b""), 1, 0)[:22]
    'gammond-fair-dice:e3b0'
    """
    white, black = (hashlib.sha256(seed).hexdigest() for seed in client_seeds)
    return f"gammond-fair-dice:{white}:{black}:{game}:{n}"


def fair_roll(server_seed: bytes, client_seeds: tuple[bytes, bytes], game: int, n: int) -> tuple[int, int]:
    """Roll ``n`` (from 0, opening roll-offs included) of fair game ``game``; see docs/dice.md."""
    return _derived_dice(server_seed, fair_label(client_seeds, game, n))


def commitment(server_seed: bytes) -> bytes:
    """What the server publishes before the first roll: SHA-256 of its seed."""
    return hashlib.sha256(server_seed).digest()


_SYSTEM = SystemRoller()


def system_roll() -> tuple[int, int]:
    """Two dice from the operating system's randomness."""
    return _SYSTEM.roll()
