"""Seeded random self-play: a reproducible supply of positions with their rolls.

The differential tests and the move-generation benchmark both draw from
here, so they see the same positions.  Uniform random play alone rarely
reaches a closed board and spends little time bearing off, so games pair
several simple policies: uniform, hit-seeking, point-making and a closer
that builds its home board before anything else.  Every game runs to
completion, which covers bear-offs.

>>> samples = sample_positions(50, seed=1)
>>> len(samples), samples == sample_positions(50, seed=1)
(50, True)
>>> samples[0].position == Position.starting()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import cycle, islice

from gammond.engine import Play, Position, legal_plays
from gammond.engine.position import CHECKERS

Dice = tuple[int, int]
Policy = Callable[[Sequence[Play], random.Random], Play]


@dataclass(frozen=True, slots=True)
class Sample:
    """A position (from the side on roll) and the roll it is to play."""

    position: Position
    dice: Dice


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a recorded game: the sample and the board after the chosen play.

    ``after`` is still seen from the player who moved; it equals
    ``sample.position`` when the roll could not be played.
    """

    sample: Sample
    after: Position


def _best(plays: Sequence[Play], rng: random.Random, score: Callable[[Play], int]) -> Play:
    """A play with the top score; ties broken at random so games still vary."""
    top = max(score(p) for p in plays)
    return rng.choice([p for p in plays if score(p) == top])


def _points_held(position: Position, points: range) -> int:
    return sum(1 for point in points if position.mine(point) >= 2)


def uniform(plays: Sequence[Play], rng: random.Random) -> Play:
    """Any legal play, each equally likely."""
    return rng.choice(plays)


def hitter(plays: Sequence[Play], rng: random.Random) -> Play:
    """Hit as many checkers as possible: sends checkers to the bar."""
    return _best(plays, rng, lambda p: p.hits)


def builder(plays: Sequence[Play], rng: random.Random) -> Play:
    """Hold as many points as possible: makes primes and blocked entries."""
    return _best(plays, rng, lambda p: _points_held(p.result, range(1, 25)))


def closer(plays: Sequence[Play], rng: random.Random) -> Play:
    """Close home-board points first, then hit: the road to closed boards."""
    return _best(plays, rng, lambda p: 10 * _points_held(p.result, range(1, 7)) + p.hits)


POLICIES: dict[str, Policy] = {
    "uniform": uniform,
    "hitter": hitter,
    "builder": builder,
    "closer": closer,
}

# Who plays whom, in turn: mixed pairings so one side often stands on the bar
# against a strong board.
MATCHUPS: tuple[tuple[str, str], ...] = (
    ("uniform", "uniform"),
    ("closer", "uniform"),
    ("hitter", "builder"),
    ("uniform", "closer"),
    ("builder", "closer"),
)


def roll(rng: random.Random) -> Dice:
    """Two dice."""
    return rng.randint(1, 6), rng.randint(1, 6)


def opening_roll(rng: random.Random) -> Dice:
    """The opening roll: one die each, ties rolled again."""
    while True:
        dice = roll(rng)
        if dice[0] != dice[1]:
            return dice


def play_game(rng: random.Random, policies: tuple[Policy, Policy], max_turns: int = 1000) -> list[Turn]:
    """Play one game to the end (or ``max_turns``); the first policy moves first."""
    turns: list[Turn] = []
    position, dice = Position.starting(), opening_roll(rng)
    for turn in range(max_turns):
        plays = legal_plays(position, dice)
        after = policies[turn % 2](plays, rng).result if plays else position
        turns.append(Turn(Sample(position, dice), after))
        if after.off == CHECKERS:
            break
        position, dice = after.flipped(), roll(rng)
    return turns


def games(seed: int = 0, matchups: Sequence[tuple[str, str]] = MATCHUPS) -> Iterator[list[Turn]]:
    """An endless, reproducible stream of games, cycling through ``matchups``."""
    rng = random.Random(seed)
    for first, second in cycle(matchups):
        yield play_game(rng, (POLICIES[first], POLICIES[second]))


def random_position(rng: random.Random) -> Position:
    """A raw random board, not reached by play: 1..15 checkers a side anywhere, bars included.

    One board in four keeps the side on roll in its home board, so that
    bear-offs are common.  Such boards need not be reachable in a game, which
    is the point: they probe corners self-play never visits.
    """
    board = [0] * 26
    mine = range(1, 7) if rng.random() < 0.25 else range(1, 26)
    for _ in range(rng.randint(1, CHECKERS)):
        board[rng.choice(mine)] += 1
    theirs = [0] + [point for point in range(1, 25) if board[point] == 0]
    for _ in range(rng.randint(1, CHECKERS)):
        board[rng.choice(theirs)] -= 1
    return Position(tuple(board))


def sample_positions(count: int, seed: int = 0) -> list[Sample]:
    """The first ``count`` turns of the seeded game stream, each with its roll."""
    turns = (turn.sample for game in games(seed) for turn in game)
    return list(islice(turns, count))
