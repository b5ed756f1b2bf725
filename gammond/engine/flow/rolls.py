"""Dice for the ``roll`` action: from the server, from the client, or from a seed.

A seeded game derives roll ``n`` of game ``g`` from HMAC-SHA-256 of the
seed, with rejection sampling so each die is uniform: the same seed always
gives the same rolls, so a replay of a seeded game reproduces it.

>>> seeded_roll(b"seed", 1, 0) == seeded_roll(b"seed", 1, 0)
True
>>> all(1 <= die <= 6 for n in range(50) for die in seeded_roll(b"x", 2, n))
True
"""

from __future__ import annotations

import hashlib
import hmac

from gammond.engine.dice import SystemRoller

# 252 is the largest multiple of 6 below 256: bytes from 252 up are dropped.
_LIMIT = 252


def seeded_roll(seed: bytes, game: int, n: int) -> tuple[int, int]:
    """Roll ``n`` (from 0, opening roll-offs included) of game ``game`` for ``seed``."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        message = f"gammond-dice:{game}:{n}:{block}".encode()
        for byte in hmac.new(seed, message, hashlib.sha256).digest():
            if byte < _LIMIT:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


_SYSTEM = SystemRoller()


def system_roll() -> tuple[int, int]:
    """Two dice from the operating system's randomness."""
    return _SYSTEM.roll()
