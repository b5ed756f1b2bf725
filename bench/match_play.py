"""The bot's checker play at match scores, refereed by GNU Backgammon's full engine (dev-only).

``python -m bench.match_play`` takes decisions -- a position and a roll
with two or more legal plays -- from seeded self-play (gnubg_nn 0-ply
playing both sides, the set :mod:`bench.strength` measures money play on,
so it does not depend on the bot under test) and puts each in one of nine
situations of a 7-point match in turn (the player on roll first): double
match point, the Crawford game at 1-away/3-away and 3-away/1-away, the
same scores post-Crawford, 2-away/4-away, 4-away/2-away, 3-away/3-away,
and 0-0 with the player on roll owning a 2-cube.

The referee is the ``gnubg`` package's ``hint`` command at
``--referee-plies`` (2 by default), run in a child process as
:mod:`bench.cube` runs it (the engine is not safe to call in ours), with
the match's score and cube.  It prints each play's cubeful match equity
as EMG, normalised to the cube as gnubg prints it.  As :mod:`bench.strength`
does for money, it scores gnubg 0-ply's six favourite plays plus every
play a contestant chose (gnubg's move filter is told to keep that many
0-ply plays), and a contestant loses the best of those minus its own.

Contestants: ours at each ``--levels`` (world class by default) ranking
plays by the match they leave (:mod:`gammond.engine.bot.objective`, the
``context`` of :func:`~gammond.engine.bot.search.rank_plays`), ours at
world class ranking them by money equity (no context), and gnubg at 0 and
1 ply through the same ``hint`` command.  Per contestant (and per situation
with ``--by-situation``): the mean milli-EMG lost per decision, its
standard error, the agreement with the referee's best play and, for ours,
the median and 95th-percentile time per decision; then world class with
the match context against gnubg 0-ply and against itself without it, paired
decision by decision.  It ends with ``world class with the match context:
X.XX mEMG/decision, gnubg 0-ply: Y.YY``.  ``--json FILE`` writes the
figures too.  Smaller runs: ``--positions 90``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as `python bench/match_play.py`: make the repository's packages importable.
if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bench.cube import MATCH_LENGTH, GnubgCube, _gnubg_nn, run_and_report
from bench.strength import evaluator_of, self_play_decisions
from gammond.engine import CubeContext, CubeState, MatchState, Player, Position, RuleOptions
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.search import Level, best_play
from gammond.engine.notation import parse_moves
from gammond.engine.play import legal_plays
from tests.support.peers import gnubg_board

Board = tuple[int, ...]
Dice = tuple[int, int]
# The referee scores at least gnubg 0-ply's first TOP plays, as bench.strength's does.
TOP = 6


@dataclass(frozen=True)
class Situation:
    """A score in the 7-point match, the player on roll first; ``owned``: they hold a 2-cube."""

    name: str
    score: tuple[int, int]  # points won so far
    crawford: bool = False
    owned: bool = False

    def context(self) -> CubeContext:
        """The cube and score as the bot is given them (White on roll)."""
        cube = CubeState(2, Player.WHITE) if self.owned else CubeState()
        match = MatchState(MATCH_LENGTH, self.score, self.crawford)
        options = RuleOptions(match_length=MATCH_LENGTH)
        return CubeContext(cube, Player.WHITE, has_rolled=True, options=options, match=match)

    def gnubg_cube(self) -> str:
        """gnubg's cubeinfo fields: cube, owner (0 on roll, -1 centred), length, scores, Crawford."""
        cube, owner = (2, 0) if self.owned else (1, -1)
        return f"{cube} {owner} {MATCH_LENGTH} {self.score[0]} {self.score[1]} {int(self.crawford)}"


SITUATIONS = (
    Situation("DMP", (6, 6)),
    Situation("1-away/3-away C", (6, 4), crawford=True),
    Situation("3-away/1-away C", (4, 6), crawford=True),
    Situation("1-away/3-away PC", (6, 4)),
    Situation("3-away/1-away PC", (4, 6)),
    Situation("2-away/4-away", (5, 3)),
    Situation("4-away/2-away", (3, 5)),
    Situation("3-away/3-away", (4, 4)),
    Situation("0-0, owned 2-cube", (0, 0), owned=True),
)


@dataclass
class Decision:
    """A position and roll at a match score, with gnubg's plays and the referee's scores (EMG)."""

    position: Position
    dice: Dice
    situation: Situation
    chosen: dict[str, Board] = field(default_factory=dict)
    scores: dict[Board, float] = field(default_factory=dict)


# -- the referee: gnubg's hint, in a child process --------------------------------

# The child reads "plies keep cube owner length score0 score1 crawford die0 die1
# position_id" lines and prints gnubg's checker-play hint, every play listed,
# between markers.  The player on roll is gnubg's player 0.  ``keep`` > 0 makes
# the move filter keep that many plays at every shallower ply (0: gnubg's own
# filter), so they are all scored at ``plies``.
_WORKER = r"""
import sys
import gnubg
for command in ("set threads 1", "set display off", "set jacoby off", "set beavers 0",
                "set output mwc off", "set output digits 5",
                "set evaluation chequerplay evaluation cubeful on"):
    gnubg.command(command)
DEFAULT = {(f["ply"], f["level"]): f for f in gnubg.getevalhintfilter()}
for line in sys.stdin:
    plies, keep, cube, owner, length, s0, s1, crawford, d0, d1, pid = line.split()
    plies, keep = int(plies), int(keep)
    gnubg.command(f"set evaluation chequerplay evaluation plies {plies}")
    for level in range(plies):
        f = DEFAULT[(plies, level)]
        accept, extra, threshold = (keep, 0, 0.0) if keep else (f["acceptmoves"], f["extramoves"], f["threshold"])
        gnubg.command(f"set evaluation movefilter {plies} {level} {accept} {extra} {threshold:.4f}")
    info = gnubg.cubeinfo(int(cube), int(owner), 0, int(length), (int(s0), int(s1)), int(crawford), 0)
    board = gnubg.positionfromid(pid)
    dice = (int(d0), int(d1))
    gnubg.setgnubgid(gnubg.gnubgid(board, info, gnubg.posinfo(0, 0, 0, 1, dice)))
    print("<<begin>>", flush=True)
    gnubg.command("hint 10000")
    sys.stdout.flush()
    print("<<end>>", flush=True)
"""

_PLAY = re.compile(r"^\s*\d+\.\s+Cube(?:ful|less) (\d+)-ply\s+(.+?)\s+Eq\.:\s+([+-]?\d+\.\d+)")


class Scored(NamedTuple):
    """A play as gnubg's hint lists it: the board it leaves, the plies it was scored at, its EMG."""

    board: Board
    plies: int
    equity: float


def gnubg_result(position: Position, text: str) -> Board:
    """The board a play in gnubg's notation leaves, on our layout (not checked for legality).

    gnubg marks a repeated move that hits as a whole, ``8/4*(2)``, though only
    the first checker hits; so a marked point is hit only while an opponent's
    blot is there, which :func:`gammond.engine.play.parse_play` does not allow.

    >>> start = Position.starting()
    >>> gnubg_result(start, "24/16* 8/4*(2)") == gnubg_result(start, "24/16* 8/4* 8/4")
    True
    """
    board = list(position.board)
    for src, dst, hit in parse_moves(text):
        board[src] -= 1
        if dst > 0:
            if hit and board[dst] == -1:
                board[dst], board[0] = 0, board[0] - 1
            board[dst] += 1
    return tuple(board)


def parse_hint(text: str, position: Position, dice: Dice) -> list[Scored]:
    """gnubg's printed checker-play hint, best first, each play checked against our legal plays.

    >>> plays = parse_hint('''    1. Cubeful 2-ply    8/5 6/5                      Eq.: +0.24068
    ...        0.55100 0.17400 0.01300 - 0.44900 0.12400 0.00500
    ...     2. Cubeful 0-ply    24/23 13/10                  Eq.: -0.01300 (-0.25368)''',
    ...     Position.starting(), (3, 1))
    >>> [(p.plies, p.equity) for p in plays]
    [(2, 0.24068), (0, -0.013)]
    >>> from gammond.engine.play import parse_play
    >>> plays[0].board == parse_play("8/5 6/5", Position.starting(), (3, 1)).result.board
    True
    """
    legal = {p.result.board for p in legal_plays(position, dice)}
    plays = []
    for line in text.splitlines():
        m = _PLAY.match(line)
        if m:
            board = gnubg_result(position, m.group(2))
            if board not in legal:
                raise ValueError(f"gnubg's {m.group(2)!r} is not a legal play of {dice} here")
            plays.append(Scored(board, int(m.group(1)), float(m.group(3))))
    if not plays:
        raise ValueError(f"no checker-play hint in gnubg's answer: {text!r}")
    return plays


class GnubgHint(GnubgCube):
    """gnubg's checker-play hint at a given ply, in :class:`bench.cube.GnubgCube`'s child harness."""

    worker = _WORKER

    def plays(self, decision: Decision, plies: int, keep: int = 0) -> list[Scored] | None:
        """Every legal play, best first, with its EMG; None when gnubg failed twice."""
        pid = _gnubg_nn().position_id(gnubg_board(decision.position))
        d0, d1 = decision.dice
        request = f"{plies} {keep} {decision.situation.gnubg_cube()} {d0} {d1} {pid}"
        for _ in range(2):
            try:
                found = parse_hint(self._exchange(request), decision.position, decision.dice)
                # A short list is a stray answer (another request's, or a cut one), not this one.
                if len(found) != len(legal_plays(decision.position, decision.dice)):
                    raise ValueError(f"gnubg listed {len(found)} plays")
                return found
            except (TimeoutError, EOFError, ValueError, BrokenPipeError):
                self.close()
                self.restarts += 1
                self._start()
        return None

    def referee(self, decision: Decision, plies: int, ranking: Sequence[Board]) -> bool:
        """Score the decision's chosen plays and gnubg 0-ply's first :data:`TOP` at ``plies``.

        ``ranking`` is gnubg 0-ply's order, the order the move filter keeps
        plays in; False when a chosen play could not be scored.
        """
        rank = {board: i for i, board in enumerate(ranking)}
        keep = max(TOP, 1 + max(rank[b] for b in decision.chosen.values()))
        # If a tie at 0-ply ordered the plays differently, keep every play.
        for k in (keep, len(ranking)):
            found = self.plays(decision, plies, k)
            if found is None:
                return False
            decision.scores = {p.board: p.equity for p in found if p.plies == plies}
            if all(b in decision.scores for b in decision.chosen.values()):
                return True
        return False


# -- contestants and scoring -----------------------------------------------------------

# Ours choose a play for a decision; gnubg's choices come with its hints.
Chooser = Callable[[Decision], Board]


def ours(evaluator: Evaluator, level: Level, match: bool, seed: int) -> Chooser:
    """Our play at ``level``, ranked by the match it leaves (``match``) or by money equity."""

    def choose(decision: Decision) -> Board:
        context = decision.situation.context() if match else None
        ranked = best_play(decision.position, decision.dice, evaluator, level, seed=seed, context=context)
        return ranked.play.result.board

    return choose


@dataclass
class Tally:
    """A contestant's losses (EMG) and agreements on a set of decisions, and its times if ours."""

    losses: list[float] = field(default_factory=list)
    agree: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, loss: float, seconds: float | None) -> None:
        self.losses.append(loss)
        self.agree += loss == 0.0
        if seconds is not None:
            self.seconds.append(seconds)

    def summary(self) -> dict[str, Any]:
        n = len(self.losses)
        error = statistics.stdev(self.losses) / n**0.5 if n >= 2 else 0.0
        figures: dict[str, Any] = {
            "decisions": n,
            "memg_per_decision": 1000 * statistics.fmean(self.losses) if n else 0.0,
            "error": 1000 * error,
            "agreement": self.agree / max(n, 1),
        }
        if self.seconds:
            p95 = statistics.quantiles(self.seconds, n=20)[-1] if len(self.seconds) >= 2 else self.seconds[0]
            figures["median_ms"] = 1000 * statistics.median(self.seconds)
            figures["p95_ms"] = 1000 * p95
        return figures


def paired(row: Tally, base: Tally) -> tuple[float, float]:
    """``row``'s mean loss minus ``base``'s on the same decisions, and its standard error (mEMG).

    Much tighter than either mean's own error: how hard a decision is weighs
    on both alike.  (The decisions were added to every tally in one order.)
    """
    gaps = [a - b for a, b in zip(row.losses, base.losses, strict=True)]
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) >= 2 else 0.0
    return 1000 * statistics.fmean(gaps) if gaps else 0.0, 1000 * error


def _level_name(level: Level) -> str:
    return level.name.lower().replace("_", " ")


def _row(name: str, key: str, t: dict[str, Any]) -> str:
    times = f" {t['median_ms']:9.2f} {t['p95_ms']:9.2f}" if "median_ms" in t else ""
    return (
        f"  {name:27s} {key:18s} {t['decisions']:4d} {t['memg_per_decision']:8.2f} ± {t['error']:5.2f}"
        f" {100 * t['agreement']:6.1f}%{times}"
    )


# -- the run -------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    evaluator = evaluator_of(args.weights, args.main_place)
    levels = [Level[name.upper()] for name in args.levels]
    contestants: list[tuple[str, Chooser]] = [
        (f"ours {_level_name(lv)}, match", ours(evaluator, lv, True, args.seed)) for lv in levels
    ]
    contestants.append(("ours world class, money", ours(evaluator, Level.WORLD_CLASS, False, args.seed)))
    names = [n for n, _ in contestants] + ["gnubg 0-ply", "gnubg 1-ply"]
    tallies: dict[str, dict[str, Tally]] = {n: {} for n in names}
    decisions = [
        Decision(d.position, d.dice, SITUATIONS[i % len(SITUATIONS)])
        for i, d in enumerate(self_play_decisions(args.positions, args.seed))
    ]
    referee = GnubgHint()
    began, refereed = time.perf_counter(), 0
    try:
        for i, d in enumerate(decisions):
            zero, one = referee.plays(d, 0), referee.plays(d, 1)
            if zero is None or one is None:
                continue
            d.chosen = {"gnubg 0-ply": zero[0].board, "gnubg 1-ply": one[0].board}
            seconds: dict[str, float] = {}
            for name, choose in contestants:
                start = time.perf_counter()
                d.chosen[name] = choose(d)
                seconds[name] = time.perf_counter() - start
            if not referee.referee(d, args.referee_plies, [p.board for p in zero]):
                continue
            refereed += 1
            best = max(d.scores.values())
            for name in names:
                loss = best - d.scores[d.chosen[name]]
                for key in ("all", d.situation.name):
                    tallies[name].setdefault(key, Tally()).add(loss, seconds.get(name))
            if (i + 1) % 45 == 0:
                print(f"  ... {i + 1} of {len(decisions)} decisions", file=sys.stderr, flush=True)
    finally:
        referee.close()
    print(
        f"evaluator {evaluator.name}; {refereed} of {len(decisions)} decisions refereed by gnubg "
        f"{args.referee_plies}-ply in {time.perf_counter() - began:.0f} s ({referee.restarts} restarts)"
    )
    print(
        f"  {'contestant':27s} {'situation':18s} {'n':>4s} {'mEMG/dec':>8s} {'± err':>7s} {'agree':>7s}"
        f" {'median ms':>9s} {'p95 ms':>9s}"
    )
    results: dict[str, dict[str, Any]] = {}
    keys = [s.name for s in SITUATIONS] + ["all"] if args.by_situation else ["all"]
    for name in names:
        results[name] = {key: t.summary() for key, t in tallies[name].items()}
        for key in keys:
            if key in results[name]:
                print(_row(name, key, results[name][key]), flush=True)
    top = Level.WORLD_CLASS if Level.WORLD_CLASS in levels else max(levels)
    headline = f"ours {_level_name(top)}, match"
    gaps: dict[str, list[float]] = {}
    for base in ("gnubg 0-ply", "ours world class, money"):
        if "all" in tallies[headline] and headline != base:
            gap, error = paired(tallies[headline]["all"], tallies[base]["all"])
            gaps[base] = [gap, error]
            print(f"  paired, {headline} minus {base}: {gap:+.2f} ± {error:.2f} mEMG/decision")
    ours_all = results[headline].get("all", {}).get("memg_per_decision", 0.0)
    gnubg_all = results["gnubg 0-ply"].get("all", {}).get("memg_per_decision", 0.0)
    print(
        f"{_level_name(top)} with the match context: {ours_all:.2f} mEMG/decision, gnubg 0-ply: {gnubg_all:.2f}"
    )
    return {
        "evaluator": evaluator.name,
        "decisions": refereed,
        "positions": len(decisions),
        "referee_plies": args.referee_plies,
        "seed": args.seed,
        "restarts": referee.restarts,
        "results": results,
        "paired": {f"{headline} minus {base}": gap for base, gap in gaps.items()},
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.match_play", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--positions", type=int, default=450, help="decisions to referee (9 situations in turn)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", nargs="+", default=["world_class"], help="our levels to measure with the match context"
    )
    parser.add_argument("--referee-plies", type=int, default=2, choices=[1, 2, 3, 4])
    run_and_report(parser, run, argv)


if __name__ == "__main__":
    main()
