"""Dice: the 21 distinct rolls, fair and seeded rollers, the opening roll.

>>> len(ROLLS), sum(r.weight for r in ROLLS)
(21, 36)
>>> roller = SeededRoller(7)
>>> roller.roll() == SeededRoller(7).roll()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from gammond.engine.errors import InvalidDiceError, excerpt
from gammond.engine.players import Player


@dataclass(frozen=True, slots=True)
class WeightedRoll:
    """A distinct roll (higher die first) and how many of the 36 outcomes give it."""

    dice: tuple[int, int]
    weight: int

    @property
    def probability(self) -> float:
        return self.weight / 36

    def is_double(self) -> bool:
        return self.dice[0] == self.dice[1]


ROLLS: tuple[WeightedRoll, ...] = tuple(
    WeightedRoll((high, low), 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1)
)


def parse_roll(text: str) -> tuple[int, int]:
    """Parse ``"31"``, ``"3-1"`` or ``"3 1"`` into a pair of dice.

    >>> parse_roll("6-5")
    (6, 5)
    """
    digits = [c for c in str(text) if not c.isspace() and c not in "-,"]
    if len(digits) != 2 or not all(c in "123456" for c in digits):
        raise InvalidDiceError(f"roll {excerpt(text)} is not two dice from 1 to 6, like 31 or 3-1")
    return int(digits[0]), int(digits[1])


class Roller(Protocol):
    """Anything that rolls a die."""

    def die(self) -> int:
        """One die, 1..6."""
        ...


class _RandomRoller:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def die(self) -> int:
        return self._rng.randint(1, 6)

    def roll(self) -> tuple[int, int]:
        """Two dice, in the order rolled."""
        return self.die(), self.die()


class SystemRoller(_RandomRoller):
    """A fair roller on the operating system's randomness (not reproducible)."""

    def __init__(self) -> None:
        super().__init__(random.SystemRandom())

    def __repr__(self) -> str:
        return "SystemRoller()"


class SeededRoller(_RandomRoller):
    """A reproducible roller for replays and tests: the same seed, the same dice."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        super().__init__(random.Random(seed))

    def __repr__(self) -> str:
        return f"SeededRoller({self.seed!r})"


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The result of the opening roll-off.

    ``dice`` is the roll the first mover plays: their own die first.
    ``ties`` counts the tied roll-offs before it; each counted as an
    automatic double, up to the maximum, gives ``automatic_doubles``.
    """

    first: Player
    dice: tuple[int, int]
    ties: int = 0
    automatic_doubles: int = 0

    @property
    def cube_value(self) -> int:
        """The centred cube's value after automatic doubles."""
        return 1 << self.automatic_doubles


def opening_roll(roller: Roller, max_automatic_doubles: int = 0) -> OpeningRoll:
    """Each player rolls one die until they differ; the higher die moves first.

    White's die is rolled first.  With ``max_automatic_doubles`` above 0
    (money play only), each tie doubles the centred cube, up to that many.

    >>> r = opening_roll(SeededRoller(3))
    >>> r.dice[0] > r.dice[1]
    True
    """
    if max_automatic_doubles < 0:
        raise InvalidDiceError(f"max_automatic_doubles {max_automatic_doubles} is negative")
    ties = 0
    while True:
        white, black = roller.die(), roller.die()
        if white != black:
            break
        ties += 1
    first = Player.WHITE if white > black else Player.BLACK
    dice = (max(white, black), min(white, black))
    return OpeningRoll(first, dice, ties, min(ties, max_automatic_doubles))
