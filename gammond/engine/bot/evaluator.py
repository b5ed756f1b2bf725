"""What an evaluator is: game-outcome probabilities for the player on roll.

The shipped network (:mod:`gammond.engine.bot.model`) and the hand-written
heuristic (:mod:`gammond.engine.bot.heuristic`, the fallback when the weights
cannot be loaded) both implement it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from gammond.engine.position import Position


@dataclass(frozen=True, slots=True)
class Probabilities:
    """Outcome probabilities for the player on roll, cubeless.

    ``win`` includes the gammon and backgammon wins, ``win_gammon`` includes
    backgammons; the same holds for the losing side.

    >>> p = Probabilities(0.6, 0.2, 0.05, 0.1, 0.01)
    >>> round(p.equity, 3)
    0.34
    >>> p.flipped().flipped() == p
    True
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        return 1.0 - self.win

    @property
    def equity(self) -> float:
        """Cubeless money equity: points won per point staked, -3..3."""
        return (
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon
        )

    def flipped(self) -> Probabilities:
        """The same outcomes seen from the other player."""
        return Probabilities(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
        )


class Evaluator(Protocol):
    """Scores positions for the player on roll (about to roll, cube aside)."""

    name: str

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        """One :class:`Probabilities` per position, in order."""
        ...
