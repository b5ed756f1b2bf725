"""How far our static and searched evaluations are from our own rollouts, family by family of positions.

``python -m bench.families`` makes seeded positions of a few families
(``training.supervise``'s generators: random races, lopsided game ends,
and bearing off against checkers on the bar; ``training.containment``'s:
bearing off against an ace-point anchor, a side closed out on the bar,
gnubg's "crashed" class, a straggler or two trapped behind a bear-in, or behind a prime), rolls each out with the
shipped evaluator (``--trials`` games, the first roll stratified, played
to the end), and reports, per family, the mean signed gap (bias) and the
mean absolute gap between the rollout's cubeless money equity and:

* our 0-ply (the shipped evaluator: its main network, race-1 in races,
  bearing-1 in bear-offs still in contact),
* our 1-ply search,
* our 0-ply without the bearing network (the main network in bear-offs in contact),
* the main network alone at 0-ply (no race or bearing network), and
* gnubg_nn at 0 and 2 plies (dev-only, the referee: it says whether the
  rollouts themselves can be trusted; it is never a label).

A rollout of ``--trials`` games has a standard error of about
``1 / sqrt(trials)`` points of equity, so mean absolute gaps near that
are noise; a bias well away from zero is not.  Equity is the player on
roll's.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/families.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


def _families() -> dict[str, Callable[[int, np.random.Generator], list[tuple[int, ...]]]]:
    from training.containment import (
        ace_anchor_bearoffs,
        closed_out,
        crashed_positions,
        primed_stragglers,
        trapped_stragglers,
    )
    from training.supervise import bar_bearoffs, lopsided_positions, random_races

    return {
        "random races": random_races,
        "lopsided ends": lopsided_positions,
        "bar bear-offs": bar_bearoffs,
        "ace-anchor bear-offs": ace_anchor_bearoffs,
        "closed out": closed_out,
        "crashed": crashed_positions,
        "trapped stragglers": trapped_stragglers,
        "primed stragglers": primed_stragglers,
    }


def _gnubg_equities(boards: np.ndarray, plies: int) -> np.ndarray:
    import gnubg_nn  # type: ignore[import-not-found,import-untyped,unused-ignore]

    from gammond.engine import Position
    from tests.support.peers import gnubg_board

    out = []
    for b in boards:
        p = gnubg_nn.probabilities(gnubg_board(Position(tuple(int(v) for v in b))), plies)
        out.append(2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4])
    return np.array(out)


def measure(
    family: str, count: int, trials: int, seed: int, gnubg: bool, weights: Path | None = None
) -> dict[str, Any]:
    """One family's row: its positions' rollouts against each estimate.

    ``weights``: a candidate main network in the shipped one's place (its
    own rollouts, its phase networks beside it), as ``bench.cube --main-place``.
    """
    from bench.strength import evaluator_of
    from gammond.engine.bot.batch import equity
    from gammond.engine.bot.search import on_roll_values
    from training.supervise import rollout_labels

    rng = np.random.default_rng([seed, len(family)])
    boards = np.array(_families()[family](count, rng), dtype=np.int8)[:count]
    shipped = evaluator_of(weights, main_place=True)
    truth = equity(rollout_labels(shipped, boards, trials, np.random.default_rng(seed)))
    estimates = {
        "ours 0-ply": equity(shipped.evaluate_boards(boards)),
        "ours 1-ply": equity(on_roll_values(shipped, [tuple(int(v) for v in b) for b in boards], 1)),
        "ours without bearing-1, 0-ply": equity(shipped.with_bearing(None).evaluate_boards(boards)),
        f"{shipped.name} alone, 0-ply": equity(
            shipped.with_race(None).with_bearing(None).evaluate_boards(boards)
        ),
    }
    if gnubg:
        estimates["gnubg 0-ply"] = _gnubg_equities(boards, 0)
        estimates["gnubg 2-ply"] = _gnubg_equities(boards, 2)
    row: dict[str, Any] = {"family": family, "positions": len(boards), "trials": trials}
    for name, values in estimates.items():
        gap = values - truth
        row[name] = {"bias": float(gap.mean()), "mad": float(np.abs(gap).mean())}
    return row


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.families", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="positions a family")
    parser.add_argument("--trials", type=int, default=288, help="rollout games a position")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--families", nargs="+", default=list(_families()), help="which families")
    parser.add_argument("--no-gnubg", action="store_true", help="leave the referee out")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--weights", type=Path, help="a candidate main network in the shipped one's place")
    args = parser.parse_args(argv)
    rows = []
    for family in args.families:
        row = measure(family, args.positions, args.trials, args.seed, not args.no_gnubg, args.weights)
        rows.append(row)
        print(f"{family}: {row['positions']} positions, rollouts of {args.trials} games")
        for name, gap in row.items():
            if isinstance(gap, dict):
                print(f"  {name:30s} bias {gap['bias']:+.3f}  mean |gap| {gap['mad']:.3f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
