"""Who misplays the cube's worst positions: the defence, seen from both sides.

Issue 34's worst cube answers pass positions that the referee takes by a
wide margin: one side bearing off with many checkers off and a straggler
still back, the other side holding it behind a prime.  Our network gives
the side on roll (the *roller*) a win chance far above the referee's, and
our rollouts agree with our network, so the labels of earlier rounds could
not move it.  This asks why, in two steps:

1. **Pairings.**  From each position it plays ``--games`` cubeless games in
   four pairings: our bot (0-ply) or gnubg_nn 0-ply for the roller, and the
   same for the other side (the *defender*), the same dice in every
   pairing.  If the roller's results move with who defends, and not with
   who rolls, the defence is what our bot misplays.
2. **Disputes.**  In the games our bot plays against itself, at each
   defender turn where gnubg_nn's 1-ply best play differs from ours (the
   largest differences by gnubg_nn's 1-ply equity first), both resulting
   positions are rolled out by our own player (``--trials`` games each, the
   same dice for both).  It counts how often our own rollouts prefer
   gnubg_nn's play, and prints how far our network's evaluation of each
   position is from those rollouts.  Where our own rollouts prefer the other
   play, labels from our own rollouts of such positions can teach the
   network what its self-play never visits.

gnubg_nn is a rival and a referee here: nothing is trained on its plays or
its numbers.

    python -m bench.defence [--games 400] [--trials 300] [--disputes 16] [--weights W] [POSITION_ID ...]

The default positions are the three worst cube answers of the development
set (cube seed 3) on 2026-12-06 (docs/model-card.md, "The defence").
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/defence.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bench.strength import Chooser, Dice, _gnubg, _is_won, bot_chooser, evaluator_of, gnubg_chooser
from gammond.engine import Position
from gammond.engine.bot.batch import equity as equities
from gammond.engine.bot.batch import won_outcomes
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.search import Level, evaluate_position
from tests.support.peers import gnubg_board

Board = tuple[int, ...]
WORST_OF_SEED_3 = ("bNsNDAAbAAAEAA", "bLctCAAbAAAEAA", "bNtIAiQeAAAEAA")
# A game from these positions ends in well under this many turns; a cap keeps a bug from looping.
_TURN_CAP = 400


def _outcome(board: Board) -> np.ndarray:
    """The mover's (win, win gammon, win backgammon) after bearing off its last checker."""
    o = won_outcomes(np.array([board], dtype=np.int8))[0]
    return np.array([1.0, float(o[1] > 0), float(o[2] > 0)])


def play_out(position: Position, roller: Chooser, defender: Chooser, rng: random.Random) -> np.ndarray:
    """One cubeless game from ``position``: the roller's (win, wg, wbg, lg, lbg), each 0 or 1.

    >>> from gammond.engine.bot.heuristic import HeuristicEvaluator
    >>> me = bot_chooser(HeuristicEvaluator(), Level.ADVANCED)
    >>> result = play_out(Position.from_id(WORST_OF_SEED_3[0]), me, me, random.Random(1))
    >>> result.shape, result[0] in (0.0, 1.0)
    ((5,), True)
    """
    players = (roller, defender)
    for turn in range(_TURN_CAP):
        dice: Dice = (rng.randint(1, 6), rng.randint(1, 6))
        after = players[turn % 2](position, dice)
        if _is_won(after):
            won = _outcome(after)
            return (
                np.concatenate([won, np.zeros(2)]) if turn % 2 == 0 else np.array([0.0, 0.0, 0.0, *won[1:]])
            )
        position = Position(after).flipped()
    raise RuntimeError(f"no game from {position.position_id()} ends in {_TURN_CAP} turns")


def equity(p: np.ndarray) -> float:
    """Cubeless money equity of (win, wg, wbg, lg, lbg) for the side they belong to."""
    return float(equities(p))


def rolled_out(position: Position, chooser: Chooser, games: int) -> np.ndarray:
    """Our own rollout: the mean outcome of ``games`` games, seeds 0 to games - 1 (the same dice for any position)."""
    total = np.zeros(5)
    for seed in range(games):
        total += play_out(position, chooser, chooser, random.Random(seed))
    return total / games


@dataclass(frozen=True)
class Dispute:
    """A defender turn where gnubg_nn's play is not ours: the boards after each, from the defender's view."""

    gap: float  # gnubg_nn's 1-ply equity of its play less that of ours, for the defender
    ours: Board
    theirs: Board


def _gnubg_equity_after(board: Board, plies: int) -> float:
    """gnubg_nn's cubeless equity for the side that just moved to ``board``."""
    if _is_won(board):
        return 1.0
    odds = _gnubg().probabilities(gnubg_board(Position(board).flipped()), plies)
    return -equity(np.array(odds))


def disputes(positions: Sequence[Position], ours: Chooser, games: int, seed: int) -> list[Dispute]:
    """The defender turns of our self-play games from ``positions`` where gnubg_nn 1-ply would play otherwise."""
    g = _gnubg()
    found: list[Dispute] = []
    for index, start in enumerate(positions):
        for game in range(games):
            rng, position = random.Random(seed * 1_000_003 + index * 10_007 + game), start
            for turn in range(_TURN_CAP):
                dice: Dice = (rng.randint(1, 6), rng.randint(1, 6))
                after = ours(position, dice)
                if turn % 2 == 1:
                    _, key = g.bestmove(gnubg_board(position), dice[0], dice[1], 1, b=1)
                    mover, opponent = g.board_from_position_key(key)
                    best = Position.from_sides(mover, opponent).board
                    if best != after:
                        gap = _gnubg_equity_after(best, 1) - _gnubg_equity_after(after, 1)
                        found.append(Dispute(gap, after, best))
                if _is_won(after):
                    break
                position = Position(after).flipped()
    return sorted(found, key=lambda d: -d.gap)


def _pairings(positions: Sequence[Position], ours: Chooser, games: int) -> None:
    gnubg = gnubg_chooser(0)
    pairs = {
        "ours-ours": (ours, ours),
        "gnubg-gnubg": (gnubg, gnubg),
        "ours-gnubg": (ours, gnubg),
        "gnubg-ours": (gnubg, ours),
    }
    print(f"roller's win chance (equity), {games} games a pairing, the same dice in each; roller-defender:")
    print(f"{'position':16} " + " ".join(f"{name:>16}" for name in pairs))
    means = dict.fromkeys(pairs, 0.0)
    for index, position in enumerate(positions):
        cells = []
        for name, (roller, defender) in pairs.items():
            total = np.zeros(5)
            for game in range(games):
                total += play_out(position, roller, defender, random.Random(index * 100_003 + game))
            p = total / games
            means[name] += p[0] / len(positions)
            cells.append(f"{p[0]:.3f} ({equity(p):+.2f})")
        print(f"{position.position_id():16} " + " ".join(f"{cell:>16}" for cell in cells), flush=True)
    print(f"{'mean':16} " + " ".join(f"{means[name]:16.3f}" for name in pairs))


def _verdicts(found: Sequence[Dispute], total: int, ours: Chooser, evaluator: Evaluator, trials: int) -> None:
    print(
        f"\n{total} defender turns where gnubg_nn 1-ply plays otherwise; the largest {len(found)} "
        f"rolled out by our own player ({trials} games each).  Roller's equity after each play:"
    )
    print(f"{'gnubg gap':>9}  {'ours: rollout':>13} {'net':>6}  {'gnubg_nn play: rollout':>22} {'net':>6}")
    preferred, net_off = 0, []
    for d in found:
        cells = []
        rollouts = []
        for board in (d.ours, d.theirs):
            after = Position(board).flipped()  # the roller on roll
            mean = equity(rolled_out(after, ours, trials)) if not _is_won(board) else -1.0
            net = evaluate_position(after, evaluator, 0).equity if not _is_won(board) else -1.0
            rollouts.append(mean)
            net_off.append(net - mean)
            cells.append((mean, net))
        preferred += rollouts[1] < rollouts[0]
        (a, an), (b, bn) = cells
        print(f"{d.gap:9.3f}  {a:+13.3f} {an:+6.3f}  {b:+22.3f} {bn:+6.3f}", flush=True)
    if found:
        spread = float(np.mean(np.abs(net_off)))
        print(
            f"our own rollouts prefer gnubg_nn's play in {preferred} of {len(found)}; "
            f"our network is {spread:.3f} from those rollouts on average (mean signed {np.mean(net_off):+.3f})"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "positions", nargs="*", default=list(WORST_OF_SEED_3), help="position ids, roller on roll"
    )
    parser.add_argument("--games", type=int, default=400, help="games a pairing and position")
    parser.add_argument(
        "--dispute-games", type=int, default=20, help="self-play games a position, for disputes"
    )
    parser.add_argument("--disputes", type=int, default=16, help="the largest disputes to roll out")
    parser.add_argument("--trials", type=int, default=300, help="our own rollout games a disputed play")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument(
        "--weights",
        type=Path,
        help="a candidate network in the shipped main network's place (default: shipped)",
    )
    args = parser.parse_args(argv)
    positions = [Position.from_id(pid) for pid in args.positions]
    evaluator = evaluator_of(args.weights, main_place=True)
    ours = bot_chooser(evaluator, Level.ADVANCED)
    _pairings(positions, ours, args.games)
    found = disputes(positions, ours, args.dispute_games, args.seed)
    _verdicts(found[: args.disputes], len(found), ours, evaluator, args.trials)


if __name__ == "__main__":
    main()
