"""The share of our own self-play games that end in a gammon or backgammon: ``met.GAMMON_RATE``.

Plays ``--games`` cubeless money games from the starting position with the
shipped network's 0-ply choice on both sides (``playout.play_out``, the
compiled kernel when it is built), the opening roll stratified over the 30
non-doubles and every later roll drawn from ``--seed``, and prints the mean
of the gammon outcomes (a game its dice do not finish, none in practice,
counts its network estimate).  :mod:`gammond.engine.bot.met` builds its
table with this rate, rounded.

Run: ``python -m training.gammon_rate`` (a few seconds with the kernel).
"""

from __future__ import annotations

import argparse

import numpy as np

from gammond.engine import Position
from gammond.engine.bot import shipped_evaluator
from gammond.engine.bot.playout import play_out

# A game longer than this many half-moves is scored by the network where it stands.
HALF_MOVES = 600
OPENINGS = np.array([(a, b) for a in range(1, 7) for b in range(1, 7) if a != b], dtype=np.uint8)


def gammon_rate(games: int, seed: int) -> tuple[float, float, int]:
    """The gammon share (backgammons included), its standard error, and how many games ran out of dice."""
    rng = np.random.default_rng(seed)
    dice = rng.integers(1, 7, size=(games, HALF_MOVES, 2), dtype=np.uint8)
    dice[:, 0] = OPENINGS[np.arange(games) % len(OPENINGS)]
    boards = np.repeat(np.array([Position.starting().board], dtype=np.int8), games, axis=0)
    outcomes = play_out(shipped_evaluator(), boards, dice)
    gammons = outcomes[:, 1] + outcomes[:, 3]
    unfinished = int(np.sum((outcomes[:, 0] > 0.0) & (outcomes[:, 0] < 1.0)))
    error = float(gammons.std(ddof=1) / np.sqrt(games)) if games > 1 else 0.0
    return float(gammons.mean()), error, unfinished


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rate, error, unfinished = gammon_rate(args.games, args.seed)
    print(
        f"{shipped_evaluator().name}: {args.games} games, gammon rate {rate:.4f} +- {error:.4f} "
        f"({unfinished} ran out of dice)"
    )


if __name__ == "__main__":
    main()
