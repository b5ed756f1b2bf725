"""Seeded self-play: the positions and rolls the load is made of.

Games are played to the end with the engine's legal plays. The mover hits
whenever it can half of the time (and plays at random otherwise), so
checkers often stand on the bar; rolls are fair dice, so one in six is a
double. Each sample remembers who is on roll, because the wire names the
player a Position ID is seen from.

>>> samples = self_play(200, seed=3)
>>> len(samples), samples == self_play(200, seed=3)
(200, True)
>>> any(s.dice[0] == s.dice[1] for s in samples), any(s.position.bar for s in samples)
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gammond.engine import CHECKERS, Play, Position, legal_plays

_MAX_TURNS = 400


@dataclass(frozen=True, slots=True)
class Sample:
    """A position seen from the player on roll, that player, the roll, and one legal play of it.

    ``play`` is None when the roll cannot be played at all.
    """

    position: Position
    white: bool
    dice: tuple[int, int]
    play: Play | None

    def is_double(self) -> bool:
        return self.dice[0] == self.dice[1]


def _choose(plays: list[Play], rng: random.Random) -> Play:
    hitting = [p for p in plays if p.hits]
    if hitting and rng.random() < 0.5:
        return rng.choice(hitting)
    return rng.choice(plays)


def _opening(rng: random.Random) -> tuple[int, int]:
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if dice[0] != dice[1]:
            return dice


def _game(rng: random.Random, count: int, out: list[Sample]) -> None:
    position, white, dice = Position.starting(), rng.random() < 0.5, _opening(rng)
    for _ in range(_MAX_TURNS):
        plays = list(legal_plays(position, dice))
        play = _choose(plays, rng) if plays else None
        out.append(Sample(position, white, dice, play))
        after = play.result if play else position
        if len(out) >= count or after.off == CHECKERS:
            return
        position, white, dice = after.flipped(), not white, (rng.randint(1, 6), rng.randint(1, 6))


def self_play(count: int, seed: int = 0) -> list[Sample]:
    """The first ``count`` turns of seeded games, each game played to its end."""
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    rng = random.Random(seed)
    out: list[Sample] = []
    while len(out) < count:
        _game(rng, count, out)
    return out
