"""The bot's strength, measured against GNU Backgammon's neural nets (dev-only).

``python -m bench.strength`` runs, in one go:

(a) head to head, cubeless money play, the bot at one level against
    gnubg_nn at 0-ply with mirrored dice: each seeded dice sequence is
    played twice with the sides swapped; points per game with a 95%
    confidence interval over the pairs;
(b) mean equity lost per checker-play decision, in milli-points, on
    positions from seeded self-play (gnubg_nn 0-ply playing both sides,
    so the set does not depend on the bot under test), only decisions with
    two or more legal plays, with gnubg_nn at 2-ply as referee: the
    referee scores gnubg 0-ply's six favourite plays plus every play a
    contestant chose, and a contestant loses the gap between the best of
    those and its own play.  Contestants: every bot level, gnubg 0-ply and
    Tesauro's pubeval;
(c) the median and 95th-percentile time per decision of each level on the
    same positions.

It ends with ``strongest level: L.LL mEMG/decision, P.PP ppg vs gnubg 0-ply``.
``--curve DIR`` instead measures every ``DIR/games-*.npz`` snapshot at
0-ply (equity loss and points per game against pubeval): strength against
training games; ``--curve FILE ...`` measures weights files (supervised
rounds), at the levels ``--curve-levels`` names.  Smaller runs: ``--pairs 100 --positions 100``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/strength.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

# Before numpy loads: the bot's small matrices run slower on many BLAS threads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np  # noqa: E402

from gammond.engine import Position, kernel
from gammond.engine.bot.batch import won_outcomes
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.features import bearing
from gammond.engine.bot.search import LEVELS, Level, best_play
from tests.support.peers import gnubg_board

if TYPE_CHECKING:
    from gammond.engine.bot.model import GammondEvaluator
    from gammond.engine.bot.network import Network

Board = tuple[int, ...]
Dice = tuple[int, int]
Chooser = Callable[[Position, Dice], Board]
PAIR_TURN_CAP = 2000


def _gnubg() -> Any:
    import gnubg_nn  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return gnubg_nn


# -- contestants -------------------------------------------------------------


def gnubg_chooser(plies: int = 0) -> Chooser:
    """gnubg_nn's best play at ``plies``."""
    g = _gnubg()

    def choose(position: Position, dice: Dice) -> Board:
        if not kernel.generate(position.board, *dice):
            return position.board
        _, key = g.bestmove(gnubg_board(position), dice[0], dice[1], plies, b=1)
        # Unlike the keys of moves(), bestmove's key has the mover first.
        mover, opponent = g.board_from_position_key(key)
        return Position.from_sides(mover, opponent).board

    return choose


def pubeval_chooser() -> Chooser:
    """Tesauro's pubeval, through gnubg_nn; its moves are applied to our board."""
    g = _gnubg()

    def choose(position: Position, dice: Dice) -> Board:
        if not kernel.generate(position.board, *dice):
            return position.board
        flat = g.pub_best_move(gnubg_board(position), dice[0], dice[1])
        board = list(position.board)
        for i in range(0, len(flat), 2):
            # 0-based points, 24 the bar, -1 off.
            src, dst = flat[i] + 1, flat[i + 1] + 1
            board[src] -= 1
            if dst > 0:
                if board[dst] == -1:
                    board[dst] = 1
                    board[0] -= 1
                else:
                    board[dst] += 1
        return tuple(board)

    return choose


def bot_chooser(evaluator: Evaluator, level: Level, seed: int = 1) -> Chooser:
    def choose(position: Position, dice: Dice) -> Board:
        return best_play(position, dice, evaluator, level, seed=seed).play.result.board

    return choose


# -- (a) head to head ----------------------------------------------------------


def _dice_sequence(seed: int, length: int) -> list[Dice]:
    rng = random.Random(seed)
    rolls: list[Dice] = []
    while len(rolls) < length:
        d: Dice = (rng.randint(1, 6), rng.randint(1, 6))
        if rolls or d[0] != d[1]:
            rolls.append(d)
    return rolls


def _is_won(board: Board) -> bool:
    return not any(n > 0 for n in board[1:])


def play_game(first: Chooser, second: Chooser, dice: Sequence[Dice]) -> int:
    """Points won by ``first`` (who moves first) in a cubeless game with these dice."""
    position = Position.starting()
    players = (first, second)
    for turn in range(PAIR_TURN_CAP):
        roll = dice[turn % len(dice)]
        after = players[turn % 2](position, roll)
        if _is_won(after):
            points = int(won_outcomes(np.array([after], dtype=np.int8))[0, :3].sum())
            return points if turn % 2 == 0 else -points
        position = Position(after).flipped()
    return 0


@dataclass
class HeadToHead:
    """Points per game of the bot over ``games`` games, with a 95% interval half-width."""

    ppg: float
    ci95: float
    games: int


def head_to_head(bot: Chooser, other: Chooser, pairs: int, seed: int) -> HeadToHead:
    pair_means = []
    for i in range(pairs):
        dice = _dice_sequence(seed * 1_000_003 + i, 600)
        pair_means.append((play_game(bot, other, dice) - play_game(other, bot, dice)) / 2)
    mean = statistics.fmean(pair_means)
    sd = statistics.stdev(pair_means) if pairs > 1 else 0.0
    return HeadToHead(mean, 1.96 * sd / math.sqrt(pairs), 2 * pairs)


# -- (b) equity loss -----------------------------------------------------------


@dataclass
class Decision:
    """A position and roll with two or more legal plays, and the referee's scores."""

    position: Position
    dice: Dice
    scores: dict[Board, float] = field(default_factory=dict)


def self_play_decisions(count: int, seed: int) -> list[Decision]:
    """Decisions from seeded gnubg 0-ply self-play, about one in three turns kept."""
    rng = random.Random(seed)
    choose = gnubg_chooser(0)
    decisions: list[Decision] = []
    position = Position.starting()
    opening = True
    while len(decisions) < count:
        dice: Dice = (rng.randint(1, 6), rng.randint(1, 6))
        if opening and dice[0] == dice[1]:
            continue
        opening = False
        if len(kernel.generate(position.board, *dice)) >= 2 and rng.random() < 0.35:
            decisions.append(Decision(position, dice))
        after = choose(position, dice)
        if _is_won(after):
            position, opening = Position.starting(), True
        else:
            position = Position(after).flipped()
    return decisions


class Referee:
    """gnubg_nn at ``plies`` scoring the mover's equity after a play (cached)."""

    def __init__(self, plies: int = 2) -> None:
        self.plies = plies
        self.g = _gnubg()

    def equity_after(self, result: Board, plies: int | None = None) -> float:
        if _is_won(result):
            return float(won_outcomes(np.array([result], dtype=np.int8))[0, :3].sum())
        p = self.g.probabilities(
            gnubg_board(Position(result).flipped()), self.plies if plies is None else plies
        )
        return -float(2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4])

    def score(self, decision: Decision, plays: Sequence[Board]) -> None:
        """Make sure the decision has referee scores for ``plays`` and the likely best ones."""
        if not decision.scores:
            results = [r for _, r in kernel.generate(decision.position.board, *decision.dice)]
            shallow = sorted(results, key=lambda r: -self.equity_after(r, 0))
            for r in shallow[:6]:
                decision.scores[r] = self.equity_after(r)
        for r in plays:
            if r not in decision.scores:
                decision.scores[r] = self.equity_after(r)

    def loss(self, decision: Decision, play: Board) -> float:
        self.score(decision, [play])
        return max(decision.scores.values()) - decision.scores[play]


@dataclass
class Measured:
    """Mean loss in milli-points per decision, and the median and 95th-percentile time per decision.

    ``error`` is the mean's standard error over the decisions (milli-points).
    Decisions from one game are not independent, so it is a lower bound on
    the real uncertainty; a few large errors move the mean by more than it.
    """

    name: str
    mloss: float
    median_ms: float
    p95_ms: float = 0.0
    error: float = 0.0
    # Each decision's loss in points, in the decisions' order: networks measured on
    # the same decisions compare decision by decision (see :func:`paired`).
    losses: tuple[float, ...] = field(default=(), repr=False)

    def figures(self) -> dict[str, Any]:
        """The row as the JSON output has it (without the losses)."""
        return {k: v for k, v in self.__dict__.items() if k != "losses"}


def measure(name: str, choose: Chooser, decisions: Sequence[Decision], referee: Referee) -> Measured:
    losses, times = [], []
    for d in decisions:
        began = time.perf_counter()
        play = choose(d.position, d.dice)
        times.append(time.perf_counter() - began)
        losses.append(referee.loss(d, play))
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
    error = statistics.stdev(losses) / len(losses) ** 0.5 if len(losses) >= 2 else 0.0
    return Measured(
        name,
        1000 * statistics.fmean(losses),
        1000 * statistics.median(times),
        1000 * p95,
        1000 * error,
        tuple(losses),
    )


def paired(row: Measured, base: Measured) -> tuple[float, float]:
    """``row``'s mean loss minus ``base``'s on the same decisions, and its standard error (mEMG).

    Far smaller than either mean's own error: most of a decision's loss is
    how hard the decision is, which both networks face alike.
    """
    gaps = [a - b for a, b in zip(row.losses, base.losses, strict=True)]
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) >= 2 else 0.0
    return 1000 * statistics.fmean(gaps), 1000 * error


# -- the run -------------------------------------------------------------------


def evaluator_of(weights: Path | None, main_place: bool = False) -> GammondEvaluator:
    """The evaluator with the weights file ``weights``, or the shipped one.

    ``main_place``: the network in the shipped main network's place, with
    its pruner and phase networks beside it (as a candidate would ship).
    """
    from gammond.engine.bot.model import GammondEvaluator, shipped_evaluator
    from gammond.engine.bot.network import Network

    if weights is None:
        return shipped_evaluator()
    if main_place:
        return in_main_place(Network.load(weights), weights.stem)
    return GammondEvaluator(Network.load(weights), weights.stem)


def in_main_place(network: Network, name: str) -> GammondEvaluator:
    """The shipped evaluator with ``network`` in its main network's place."""
    from gammond.engine.bot.model import GammondEvaluator, shipped_evaluator

    s = shipped_evaluator()
    return GammondEvaluator(network, name, s.pruner, s.race, s.race_name, s.bearing, s.bearing_name)


def _print(row: Measured) -> None:
    print(
        f"  {row.name:12s} {row.mloss:7.2f} ± {row.error:5.2f} mEMG/decision,"
        f" median {row.median_ms:7.2f} ms, p95 {row.p95_ms:7.2f} ms",
        flush=True,
    )


def run(args: argparse.Namespace) -> dict[str, Any]:
    evaluator = evaluator_of(args.weights)
    referee = Referee(args.referee_plies)
    decisions = self_play_decisions(args.positions, args.seed)
    levels = [Level[name.upper()] for name in args.levels]
    print(f"evaluator {evaluator.name}; {len(decisions)} decisions; referee gnubg {args.referee_plies}-ply")
    rows = []
    for level in levels:
        row = measure(level.name.lower(), bot_chooser(evaluator, level, args.seed), decisions, referee)
        rows.append(row)
        _print(row)
    for name, chooser in (("gnubg 0-ply", gnubg_chooser(0)), ("pubeval", pubeval_chooser())):
        row = measure(name, chooser, decisions, referee)
        rows.append(row)
        _print(row)
    summary: dict[str, Any] = {
        "evaluator": evaluator.name,
        "positions": len(decisions),
        "pairs": args.pairs,
        "rows": [r.figures() for r in rows],
    }
    if args.pairs <= 0:
        return summary  # --pairs 0: the decisions only, no head to head
    h2h_level = Level[args.h2h_level.upper()]
    h2h = head_to_head(bot_chooser(evaluator, h2h_level, args.seed), gnubg_chooser(0), args.pairs, args.seed)
    print(
        f"head to head, {h2h_level.name.lower()} vs gnubg 0-ply: {h2h.ppg:+.3f} ± {h2h.ci95:.3f} ppg over {h2h.games} games"
    )
    strongest = next(r for r in rows if r.name == h2h_level.name.lower())
    print(f"strongest level: {strongest.mloss:.2f} mEMG/decision, {h2h.ppg:.2f} ppg vs gnubg 0-ply")
    summary["h2h"] = {"level": h2h_level.name.lower(), **h2h.__dict__}
    return summary


def _bears_off_in_contact(decision: Decision) -> bool:
    """Whether the position, or a play's result, is a bear-off in contact (the bearing network's)."""
    boards = [decision.position.board] + [
        r for _, r in kernel.generate(decision.position.board, *decision.dice)
    ]
    return bool(bearing(np.array(boards, dtype=np.int8)).any())


def _curve_files(args: argparse.Namespace) -> list[Path]:
    """The weights ``--curve`` measures: a directory's snapshots every ``--curve-step`` games, or the files named."""
    if len(args.curve) == 1 and args.curve[0].is_dir():
        snapshots = sorted(args.curve[0].glob("games-*.npz"))
        return [p for p in snapshots if int(p.stem.split("-")[1]) % args.curve_step == 0]
    return list(args.curve)


def curve(args: argparse.Namespace) -> list[dict[str, Any]]:
    from gammond.engine.bot.model import GammondEvaluator, shipped_evaluator
    from gammond.engine.bot.network import Network

    referee = Referee(args.referee_plies)
    decisions = self_play_decisions(args.positions, args.seed)
    if args.races_only:
        decisions = [d for d in decisions if d.position.is_race()]
        print(f"{len(decisions)} decisions in races")
    if args.bearing_only:
        decisions = [d for d in decisions if _bears_off_in_contact(d)]
        print(f"{len(decisions)} decisions bearing off in contact, before or after the play")
    # With --race-curve (--bearing-curve) each file is a race (bearing) network beside
    # the shipped one; "none" for none.
    phase = "race" if args.race_curve else "bearing" if args.bearing_curve else ""
    points = []
    levels = [Level[name.upper()] for name in args.curve_levels]
    first: dict[Level, Measured] = {}
    for path in _curve_files(args):
        evaluator: GammondEvaluator
        without = bool(phase) and path.name == "none"
        network = shipped_evaluator().network if without else Network.load(path)
        if phase == "race":
            evaluator = shipped_evaluator().with_race(None if without else network, path.stem)
        elif phase == "bearing":
            evaluator = shipped_evaluator().with_bearing(None if without else network, path.stem)
        elif args.shipped_curve:
            evaluator = in_main_place(network, path.stem)
        else:
            evaluator = GammondEvaluator(network, path.stem)
        name = f"no {phase} network" if without else f"{path.parent.name}/{path.name}"
        games = int(network.meta.get("games", 0))
        point: dict[str, Any] = {"weights": name, "games": games}
        line = f"  {name:28s} {games:7d} TD games:"
        for level in levels:
            row = measure(level.name.lower(), bot_chooser(evaluator, level), decisions, referee)
            # The 0-ply figure keeps its old key, the curve's y axis.
            key = "mloss" if level is Level.ADVANCED else f"mloss_{level.name.lower()}"
            point[key], point[key.replace("mloss", "error")] = row.mloss, row.error
            line += f" {row.mloss:6.2f} ± {row.error:4.2f} mEMG/decision at {level.name.lower()}"
            if level in first:
                gap, gap_error = paired(row, first[level])
                point[key.replace("mloss", "paired")] = [gap, gap_error]
                line += f" ({gap:+.2f} ± {gap_error:.2f} against the first)"
            first.setdefault(level, row)
            line += ","
        if args.pairs > 0:  # --pairs 0: the decisions only
            h2h = head_to_head(
                bot_chooser(evaluator, Level.ADVANCED), pubeval_chooser(), args.pairs, args.seed
            )
            point.update(ppg_vs_pubeval=h2h.ppg, ci95=h2h.ci95)
            line += f" {h2h.ppg:+.3f} ± {h2h.ci95:.3f} ppg vs pubeval at 0-ply"
        points.append(point)
        print(line.rstrip(","), flush=True)
    return points


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--pairs", type=int, default=1000, help="mirrored dice pairs head to head (0: no head to head)"
    )
    parser.add_argument("--positions", type=int, default=500, help="self-play decisions to referee")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="+", default=[lv.name.lower() for lv in LEVELS])
    parser.add_argument("--h2h-level", default="expert", help="level playing head to head")
    parser.add_argument("--referee-plies", type=int, default=2)
    parser.add_argument("--weights", type=Path, help="a weights file instead of the shipped one")
    parser.add_argument(
        "--curve",
        type=Path,
        nargs="+",
        help="a directory of training snapshots, or weights files, to measure at 0-ply",
    )
    parser.add_argument(
        "--curve-levels", nargs="+", default=["advanced"], help="levels --curve measures each network at"
    )
    parser.add_argument("--curve-step", type=int, default=20_000, help="games between curve points")
    parser.add_argument(
        "--race-curve",
        action="store_true",
        help="the --curve files are race networks, each beside the shipped network ('none': without one)",
    )
    parser.add_argument(
        "--races-only", action="store_true", help="--curve measures the decisions in races only"
    )
    parser.add_argument(
        "--shipped-curve",
        action="store_true",
        help="the --curve files are main networks, each with the shipped pruner, race and bearing networks",
    )
    parser.add_argument(
        "--bearing-curve",
        action="store_true",
        help="the --curve files are bearing networks, each beside the shipped network ('none': without one)",
    )
    parser.add_argument(
        "--bearing-only",
        action="store_true",
        help="--curve measures the decisions bearing off in contact (before or after the play) only",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    result: Any = curve(args) if args.curve else run(args)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
