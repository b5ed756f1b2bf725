"""Turn options in process: the compiled kernel against the Python reference.

``gammond.engine.turn.turn_options`` lists the moves allowed next in a turn
(what ``ListActions`` and ``Act`` answer while moving); the game flow caches
it per board, dice and moves made, so every move made asks for it afresh.
This times it on the first ``--count`` turns of seeded self-play (the
positions the differential tests use), each with its roll: at the start of
the turn and after one move of a random legal play.  Rows give microseconds
a call, the best of ``--repeats`` passes, for the public call (compiled when
the kernel is built) and for the Python reference.

Run from the repository root: ``python -m bench.turn_options``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (
    None,
    "",
):  # run as `python bench/turn_options.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import random
import time
from collections.abc import Callable, Sequence

from gammond.engine import Move, Position, kernel, legal_plays
from gammond.engine.turn import TurnOptions, _turn_options_python, turn_options
from tests.support.positions import sample_positions

Call = tuple[Position, tuple[int, int], tuple[Move, ...]]
TurnFunction = Callable[[Position, Sequence[int], Sequence[Move]], TurnOptions]


def calls(count: int, seed: int) -> tuple[list[Call], list[Call]]:
    """The turns at their start, and the same turns after one move made."""
    rng = random.Random(seed)
    fresh: list[Call] = []
    moved: list[Call] = []
    for sample in sample_positions(count, seed=seed):
        if sample.position.is_game_over():
            continue
        fresh.append((sample.position, sample.dice, ()))
        plays = legal_plays(sample.position, sample.dice)
        if plays:
            moved.append((sample.position, sample.dice, rng.choice(plays).moves[:1]))
    return fresh, moved


def per_call(function: TurnFunction, batch: Sequence[Call], repeats: int) -> float:
    """Microseconds a call, the best pass."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for position, dice, made in batch:
            function(position, dice, made)
        best = min(best, time.perf_counter() - start)
    return best / len(batch) * 1e6


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=400, help="self-play turns (default 400)")
    parser.add_argument("--repeats", type=int, default=5, help="passes timed, best kept (default 5)")
    parser.add_argument("--seed", type=int, default=11, help="self-play seed (default 11)")
    args = parser.parse_args(argv)
    fresh, moved = calls(args.count, args.seed)
    print(f"turn_options, {kernel.IMPLEMENTATION} kernel; us a call, best of {args.repeats} passes")
    for label, batch in (("at the turn's start", fresh), ("after one move made", moved)):
        public = per_call(turn_options, batch, args.repeats)
        reference = per_call(_turn_options_python, batch, args.repeats)
        print(
            f"{label:20s} {len(batch):4d} turns   turn_options {public:6.1f}   "
            f"Python reference {reference:6.1f}   {reference / public:5.1f}x"
        )


if __name__ == "__main__":
    main()
