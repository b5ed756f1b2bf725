"""Rollout trials per second: plain 0-ply trials in the compiled kernel against the Python loop.

``gammond.engine.bot.rollout`` plays trials without luck adjustment at
0-ply in the compiled kernel (``kernel.play_out``) when the shipped network
is used; ``compiled_trials=False`` plays the same trials, with the same dice,
in its Python reference loop.  Both contenders roll out the same positions
(the starting position, a middle game and a race) with the
same settings, a new seed each round; rounds interleave the contenders so
machine noise falls on both alike.  The table shows each one's trials per
second (median over ``--rounds``) and the ratio to the Python loop in the
same run, and checks that the two agreed on every rollout.

Run from the repository root: ``python -m bench.rollout`` (or ``python bench/rollout.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/rollout.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse

from bench.evaluate import Contender, measure
from gammond.engine import Position
from gammond.engine.bot import RolloutResult, RolloutSettings, rollout, shipped_evaluator

POSITIONS = {"opening": "4HPwATDgc/ABMA", "middle game": "PvygMADvaACIJg", "race": "+9kNAADfJSQxAA"}


def contenders(trials: int, answers: dict[str, list[RolloutResult]]) -> list[Contender]:
    evaluator = shipped_evaluator()
    positions = [Position.from_id(i) for i in POSITIONS.values()]

    def run(name: str, compiled: bool) -> Contender:
        def one_round(r: int) -> None:
            for position in positions:
                settings = RolloutSettings(trials=trials, seed=r)
                answers[name].append(rollout(position, evaluator, settings, compiled_trials=compiled))

        return Contender(name, one_round)

    return [run("Python loop (reference)", False), run("compiled kernel", True)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--trials", type=int, default=72, help="trials per position per round")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each contender")
    args = parser.parse_args(argv)
    answers: dict[str, list[RolloutResult]] = {"Python loop (reference)": [], "compiled kernel": []}
    runs = contenders(args.trials, answers)
    medians = measure(runs, args.rounds)
    per_round = args.trials * len(POSITIONS)
    print(
        f"{args.trials} trials of each of {len(POSITIONS)} positions ({', '.join(POSITIONS)}) a round, "
        f"0-ply, no luck adjustment, a new seed each round, median of {args.rounds} interleaved rounds"
    )
    print(f"{'contender':<28} {'trials/s':>10} {'vs Python':>10}")
    peer = per_round / medians[runs[0].name]
    for c in runs:
        rate = per_round / medians[c.name]
        print(f"{c.name:<28} {rate:>10,.0f} {rate / peer:>10.2f}")
    python, compiled = answers["Python loop (reference)"], answers["compiled kernel"]
    largest = max(abs(a.equity - b.equity) for a, b in zip(python, compiled))
    print(f"largest difference in equity between the two, over {len(python)} rollouts: {largest:.1e}")


if __name__ == "__main__":
    main()
