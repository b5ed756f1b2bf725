"""Our match analysis beside GNU Backgammon's own analysis of the same matches (dev-only).

``python -m bench.analysis`` plays seeded self-play matches through the
game flow, the two sides at different bot levels so that their error rates
differ (beginner, intermediate and advanced, in turn), exports each as
.mat, and analyses it twice:

* ours: :func:`gammond.engine.bot.analysis.analyse_games` at ``--level``
  (default expert: 1-ply, a level above the players, who play at 0-ply);
* GNU Backgammon's: ``import mat``, ``analyse match`` at ``--gnubg-plies``
  (default 0) and ``show statistics match``.

For each player of each match it prints the checker-play error rate
(mEMG per unforced move), the cube error rate (mEMG per counted cube
decision), the overall rate and the luck (EMG), ours beside gnubg's, then
the Pearson correlation of each figure over all players and the mean of
each.  Our checker errors are cubeless equity; gnubg's are match-winning
chances turned into EMG, so the scales agree but not exactly.

    python -m bench.analysis [--matches 16] [--length 3]

The last line is ``correlation with gnubg: checker R, overall R, luck R``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/analysis.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import statistics
import time
from collections.abc import Sequence

CYCLE = ("beginner", "intermediate", "advanced")


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The correlation coefficient of two equally long samples (0 when either is constant)."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx > 0 and syy > 0 else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--length", type=int, default=3)
    parser.add_argument("--level", default="expert", help="our analysis level (beginner ... world_class)")
    parser.add_argument("--gnubg-plies", type=int, default=0)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)

    from gammond.engine.bot import Level, shipped_evaluator
    from gammond.engine.bot.analysis import analyse_games
    from gammond.engine.records import format_mat, record_of
    from gammond.engine.records.cli import selfplay_match
    from tests.support.records import gnubg_statistics

    evaluator = shipped_evaluator()
    level = Level[args.level.upper()]
    rows: list[tuple[str, ...]] = []
    ours: dict[str, list[float]] = {"checker": [], "cube": [], "overall": [], "luck": []}
    theirs: dict[str, list[float]] = {key: [] for key in ours}
    start = time.monotonic()
    for index in range(args.matches):
        seed = args.first_seed + index
        levels = (CYCLE[index % 3], CYCLE[(index + 1 + index // 3) % 3])
        games = selfplay_match(args.length, seed, Level[levels[0].upper()], Level[levels[1].upper()])
        record = record_of(games, ("White", "Black"))
        review = analyse_games(record.games, evaluator, level)
        peer = gnubg_statistics(format_mat(record), args.gnubg_plies)
        for side, stats in enumerate(review.stats):
            mine = {
                "checker": stats.checker_rate,
                "cube": stats.cube_rate,
                "overall": stats.overall_rate,
                "luck": stats.luck,
            }
            for key in ours:
                ours[key].append(mine[key])
                theirs[key].append(peer[key][side])
            rows.append(
                (
                    str(seed),
                    ("White", "Black")[side],
                    levels[side],
                    f"{mine['checker']:.1f}",
                    f"{peer['checker'][side]:.1f}",
                    f"{mine['cube']:.1f}",
                    f"{peer['cube'][side]:.1f}",
                    f"{mine['overall']:.1f}",
                    f"{peer['overall'][side]:.1f}",
                    f"{mine['luck']:+.2f}",
                    f"{peer['luck'][side]:+.2f}",
                )
            )
    print(
        "| seed | player | bot level | checker ours | checker gnubg | cube ours | cube gnubg "
        "| overall ours | overall gnubg | luck ours | luck gnubg |"
    )
    print("|" + "---|" * 11)
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    for key in ours:
        print(
            f"{key}: mean ours {statistics.fmean(ours[key]):.2f}, gnubg {statistics.fmean(theirs[key]):.2f}, "
            f"correlation {pearson(ours[key], theirs[key]):.3f}"
        )
    print(
        f"{args.matches} matches of {args.length} points, {len(rows)} players; {time.monotonic() - start:.0f} s"
    )
    print(
        f"correlation with gnubg: checker {pearson(ours['checker'], theirs['checker']):.3f}, "
        f"overall {pearson(ours['overall'], theirs['overall']):.3f}, "
        f"luck {pearson(ours['luck'], theirs['luck']):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
