"""Network evaluations per second: gammond's compiled pass, its numpy reference, and gnubg_nn.

Every contender scores the same boards, the positions of seeded self-play
(``tests/support/positions.py``), from the side on roll, at 0-ply:

* ``gnubg_nn.probabilities(board, 0)``: GNU Backgammon's 0-ply net, one call
  per position (it has no batch call); boards are converted to its lists
  before timing starts.
* gammond one position a call: ``GammondEvaluator.evaluate_boards`` on one
  board, the shipped evaluator as a 0-ply ranking of a few plays uses it
  (compiled pass when built, the bear-off database where it applies).
* gammond in batches of ``--batch`` boards, as the deep searches call it.
* the same two with the numpy reference (``gammond.engine.bot.neural.reference_scores``).
* one ply of search, a position a call, on a sixteenth of the positions:
  ``gnubg_nn.probabilities(board, 1)`` against the compiled
  ``GammondEvaluator.rolled_values`` (every roll played every legal way, each
  result scored, the best kept, averaged).

Rounds interleave the contenders, so machine noise falls on all of them
alike; the table shows each one's median over ``--rounds`` and the ratio to
gnubg_nn in the same run.  Each round scores positions no earlier round
saw: gnubg_nn keeps a cache of evaluations, and a repeated position would
be a lookup, not an evaluation.

Run from the repository root: ``python -m bench.evaluate`` (or ``python bench/evaluate.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/evaluate.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

# Before numpy loads: the network's small matrices run slower on many BLAS threads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot import shipped_evaluator
from gammond.engine.bot.bearoff import exact_probabilities
from gammond.engine.bot.neural import reference_scores
from tests.support.peers import gnubg_board, require_peer
from tests.support.positions import sample_positions


@dataclass(frozen=True)
class Contender:
    name: str
    run: Callable[[int], None]


def contenders(count: int, batch: int, rounds: int) -> list[Contender]:
    """The timed calls; ``run(r)`` scores round ``r``'s ``count`` positions (round 0 warms up)."""
    gnubg_nn = require_peer("gnubg_nn")
    samples = sample_positions(count * (rounds + 1), seed=7)
    positions = [[s.position for s in samples[r * count : (r + 1) * count]] for r in range(rounds + 1)]
    boards = [np.array([p.board for p in chunk], dtype=np.int8) for chunk in positions]
    singles = [[b[i : i + 1] for i in range(len(b))] for b in boards]
    batches = [[b[i : i + batch] for i in range(0, len(b), batch)] for b in boards]
    theirs = [[gnubg_board(p) for p in chunk] for chunk in positions]
    evaluator = shipped_evaluator()
    network = evaluator.network

    def gnubg(r: int) -> None:
        for board in theirs[r]:
            gnubg_nn.probabilities(board, 0)

    def ours_single(r: int) -> None:
        for board in singles[r]:
            evaluator.evaluate_boards(board)

    def ours_batch(r: int) -> None:
        for chunk in batches[r]:
            evaluator.evaluate_boards(chunk)

    def numpy_single(r: int) -> None:
        for board in singles[r]:
            reference_scores(network, board)
            exact_probabilities(board)

    def numpy_batch(r: int) -> None:
        for chunk in batches[r]:
            reference_scores(network, chunk)
            exact_probabilities(chunk)

    deep = [chunk[: max(1, len(chunk) // 16)] for chunk in singles]
    deep_theirs = [chunk[: max(1, len(chunk) // 16)] for chunk in theirs]

    def gnubg_one_ply(r: int) -> None:
        for board in deep_theirs[r]:
            gnubg_nn.probabilities(board, 1)

    def ours_one_ply(r: int) -> None:
        for board in deep[r]:
            evaluator.rolled_values(board)

    kind = "compiled" if kernel.score_boards is not None else "numpy (kernel not built)"
    return [
        Contender("gnubg_nn.probabilities, 0-ply, one a call", gnubg),
        Contender(f"gammond {kind}, one a call", ours_single),
        Contender(f"gammond {kind}, batches of {batch}", ours_batch),
        Contender("gammond numpy reference, one a call", numpy_single),
        Contender(f"gammond numpy reference, batches of {batch}", numpy_batch),
        Contender("gnubg_nn.probabilities, 1-ply, one a call", gnubg_one_ply),
        Contender("gammond compiled 1-ply (rolled_values), one a call", ours_one_ply),
    ]


def measure(runs: list[Contender], rounds: int) -> dict[str, float]:
    """Median seconds per round of each contender, rounds interleaved."""
    times: dict[str, list[float]] = {c.name: [] for c in runs}
    for c in runs:
        c.run(0)  # lazy loads outside the timing
    for r in range(1, rounds + 1):
        for c in runs:
            start = time.perf_counter()
            c.run(r)
            times[c.name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=4096, help="self-play positions scored per pass")
    parser.add_argument("--batch", type=int, default=1024, help="boards per call in the batch rows")
    parser.add_argument("--rounds", type=int, default=7, help="timed passes of each contender")
    args = parser.parse_args(argv)
    runs = contenders(args.positions, args.batch, args.rounds)
    medians = measure(runs, args.rounds)
    print(
        f"{args.positions} positions a round (1-ply rows: a sixteenth of them), new ones each round, "
        f"median of {args.rounds} interleaved rounds"
    )
    print(f"{'contender':<56} {'positions/s':>12} {'vs gnubg_nn':>12}")
    deep = max(1, args.positions // 16)
    peers = {0: args.positions / medians[runs[0].name], 1: deep / medians[runs[5].name]}
    for c in runs:
        plies = 1 if "1-ply" in c.name else 0
        rate = (deep if plies else args.positions) / medians[c.name]
        print(f"{c.name:<56} {rate:>12,.0f} {rate / peers[plies]:>12.2f}")


if __name__ == "__main__":
    main()
