"""The bot's cube decisions, refereed by GNU Backgammon's full engine (dev-only).

``python -m bench.cube`` takes positions from seeded self-play (gnubg_nn
0-ply playing both sides, so the set does not depend on the bot under
test), before the roll, where gnubg_nn 0-ply gives the player on roll a
cubeless win chance of 0.55 to 0.90.  Each position is put in one of nine
cube situations in turn: money with the cube centred, money with the player
on roll owning a 2-cube, and a 7-point match at 0-0, 2-away/4-away,
4-away/2-away, 2-away/2-away, 3-away/1-away post-Crawford, 0-0 with the
player on roll owning a 2-cube, and 3-away/3-away (the player on roll
first).  In every one of them the player on roll may double.

The referee is the ``gnubg`` package's ``hint`` command at
``--referee-plies`` (3 by default), run in a child process because the
engine is not safe to call in ours (it has been seen to hang and crash).
It prints the cubeful equities of no double, double/take and double/pass,
normalised to the current cube and, in a match, in EMG; a contestant is
charged, per position, what its two answers lose against them:

* the doubler's: doubling when ``min(DT, DP) < ND`` loses the difference,
  holding when ``min(DT, DP) > ND`` loses it too;
* the taker's, as if doubled now: taking when ``DT > DP`` loses
  ``DT - DP``, passing when ``DT < DP`` loses ``DP - DT``.

Contestants: our cube decision at 0, 1 and 2 plies (0: Janowski's formula
on the network's probabilities; 1: the look one roll ahead of
:mod:`gammond.engine.bot.lookahead`; 2: the same with its leaves searched
one ply, which is what ``BotService.CubeDecision`` and the world-class bot
answer, marked "default"), gnubg at 0-ply through the same ``hint``
command, and, to tell the cube model's share of our loss from the network's,
our formula fed the referee's own cubeless probabilities ("model, ref
odds": a diagnosis, not a player).  The table gives, per contestant, money
and match apart and in all: the mean equity lost per position (double plus
take) in milli-EMG, the agreement with the referee on double / no double and
on take / pass, the doubles it offered against the referee's, and the
median time per answer.  ``--json FILE`` writes the figures too;
``--by-situation`` prints a row per
situation.  Smaller runs: ``--positions 70``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/cube.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import dataclasses
import json
import queue
import random
import re
import statistics
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from bench.strength import evaluator_of, gnubg_chooser
from gammond.engine import Position
from gammond.engine.bot.cubeful import cube_life, decide
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.lookahead import ADVICE_PLIES, cube_decision
from gammond.engine.bot.view import CubeView, Owner
from tests.support.peers import gnubg_board

Board = tuple[int, ...]
MATCH_LENGTH = 7
WIN_RANGE = (0.55, 0.90)


@dataclass(frozen=True)
class Situation:
    """A cube situation, the player on roll first; ``owned`` means the player on roll holds a 2-cube."""

    name: str
    money: bool
    owned: bool = False
    score: tuple[int, int] = (0, 0)  # points won so far in the 7-point match

    def view(self) -> CubeView:
        if self.money:
            return CubeView(value=2, owner=Owner.ON_ROLL) if self.owned else CubeView()
        away = (MATCH_LENGTH - self.score[0], MATCH_LENGTH - self.score[1])
        if self.owned:
            return CubeView(value=2, owner=Owner.ON_ROLL, away=away)
        return CubeView(away=away)


SITUATIONS = (
    Situation("money, centred", money=True),
    Situation("money, owned", money=True, owned=True),
    Situation("7pt 0-0", money=False),
    Situation("2-away/4-away", money=False, score=(5, 3)),
    Situation("4-away/2-away", money=False, score=(3, 5)),
    Situation("2-away/2-away", money=False, score=(5, 5)),
    Situation("3-away/1-away PC", money=False, score=(4, 6)),
    # Issue 34's held-out table lost most at these two: an owned cube early in a match, and 3-away/3-away.
    Situation("7pt 0-0, owned", money=False, owned=True),
    Situation("3-away/3-away", money=False, score=(4, 4)),
)


@dataclass
class Decision:
    """A position before the roll, its situation, and the referee's cubeful equities (ND, DT, DP)."""

    position: Position
    situation: Situation
    equities: tuple[float, float, float] | None = None
    odds: Probabilities | None = None  # the referee's cubeless probabilities


def _gnubg_nn() -> Any:
    import gnubg_nn  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return gnubg_nn


def self_play_decisions(count: int, seed: int) -> list[Decision]:
    """Positions before the roll from seeded gnubg_nn 0-ply self-play, in the win range, situations in turn."""
    g = _gnubg_nn()
    choose = gnubg_chooser(0)
    rng = random.Random(seed)
    decisions: list[Decision] = []
    position = Position.starting()
    opening = True
    while len(decisions) < count:
        win = g.probabilities(gnubg_board(position), 0)[0]
        if not opening and WIN_RANGE[0] <= win <= WIN_RANGE[1] and rng.random() < 0.35:
            decisions.append(Decision(position, SITUATIONS[len(decisions) % len(SITUATIONS)]))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if opening and dice[0] == dice[1]:
            continue
        opening = False
        after = choose(position, dice)
        if not any(n > 0 for n in after[1:]):
            position, opening = Position.starting(), True
        else:
            position = Position(after).flipped()
    return decisions


# -- the referee: gnubg's hint, in a child process --------------------------------

# The child reads "plies cube owner length score0 score1 position_id" lines and
# prints gnubg's cube analysis between markers.  The player on roll is gnubg's
# player 0; owner -1 is the centre.
_WORKER = r"""
import sys
import gnubg
for command in ("set threads 1", "set display off", "set jacoby off", "set beavers 0",
                "set evaluation cubedecision evaluation cubeful on"):
    gnubg.command(command)
for line in sys.stdin:
    plies, cube, owner, length, s0, s1, pid = line.split()
    gnubg.command(f"set evaluation cubedecision evaluation plies {plies}")
    info = gnubg.cubeinfo(int(cube), int(owner), 0, int(length), (int(s0), int(s1)), 0, 0)
    board = gnubg.positionfromid(pid)
    gnubg.setgnubgid(gnubg.gnubgid(board, info, gnubg.posinfo(0, 0, 0, 1, (0, 0))))
    print("<<begin>>", flush=True)
    gnubg.command("hint")
    sys.stdout.flush()
    print("<<end>>", flush=True)
"""

_ODDS = re.compile(r"^\s*(\d\.\d+) (\d\.\d+) (\d\.\d+) - \d\.\d+ (\d\.\d+) (\d\.\d+)\s*$")
_ANSWER = re.compile(r"^\s*\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass))\s+([+-]?\d+\.\d+)")


def parse_hint(text: str) -> tuple[tuple[float, float, float], Probabilities]:
    """The cubeful (ND, DT, DP) and the cubeless probabilities from gnubg's printed cube analysis.

    >>> equities, odds = parse_hint('''3-ply cubeless equity +0.414
    ...   0.570 0.262 0.012 - 0.430 0.000 0.000
    ... Cubeful equities:
    ... 1. No double           +0.545
    ... 2. Double, pass        +1.000  (+0.455)
    ... 3. Double, take        +0.535  (-0.010)''')
    >>> equities, odds.win, odds.win_gammon
    ((0.545, 0.535, 1.0), 0.57, 0.262)
    """
    found: dict[str, float] = {}
    odds: Probabilities | None = None
    for line in text.splitlines():
        o = _ODDS.match(line)
        if o:
            odds = Probabilities(*map(float, o.groups()))
        m = _ANSWER.match(line)
        if m:
            kind = m.group(1).lower()
            key = "nd" if kind.startswith("no") else "dt" if kind.endswith("take") else "dp"
            found[key] = float(m.group(2))
    if set(found) != {"nd", "dt", "dp"} or odds is None:
        raise ValueError(f"no cube analysis in gnubg's answer: {text!r}")
    return (found["nd"], found["dt"], found["dp"]), odds


class GnubgCube:
    """gnubg's cube analysis at a given ply, from a child process restarted whenever it dies or stalls."""

    # The child's script; bench.match_play's hint for checker plays runs its own in the same harness.
    worker = _WORKER

    def __init__(self, timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        self.child = subprocess.Popen(
            [sys.executable, "-c", self.worker],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.child.stdout is not None
        threading.Thread(target=self._read, args=(self.child.stdout, self.lines), daemon=True).start()

    @staticmethod
    def _read(stream: IO[str], lines: queue.Queue[str | None]) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)

    def close(self) -> None:
        self.child.kill()
        self.child.wait()

    def analyse(
        self, decision: Decision, plies: int
    ) -> tuple[tuple[float, float, float], Probabilities] | None:
        """(ND, DT, DP) and the cubeless odds for the player on roll; None when gnubg failed twice."""
        for _ in range(2):
            try:
                return parse_hint(self._ask(decision, plies))
            except (TimeoutError, EOFError, ValueError, BrokenPipeError):
                self.close()
                self.restarts += 1
                self._start()
        return None

    def _ask(self, decision: Decision, plies: int) -> str:
        s = decision.situation
        owner = 0 if s.owned else -1
        length = 0 if s.money else MATCH_LENGTH
        pid = _gnubg_nn().position_id(gnubg_board(decision.position))
        cube = 2 if s.owned else 1
        return self._exchange(f"{plies} {cube} {owner} {length} {s.score[0]} {s.score[1]} {pid}")

    def _exchange(self, request: str) -> str:
        """Send the child one request line and return what it printed between its markers."""
        assert self.child.stdin is not None
        self.child.stdin.write(request + "\n")
        self.child.stdin.flush()
        out: list[str] = []
        began = False
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                raise TimeoutError from None
            if line is None:
                raise EOFError
            if line.startswith("<<begin>>"):
                began, out = True, []
            elif line.startswith("<<end>>") and began:
                return "".join(out)
            else:
                out.append(line)


# -- contestants and scoring -----------------------------------------------------------

# A contestant answers (double?, take?) for the player on roll and for the opponent if doubled now.
Contestant = Callable[[Decision], tuple[bool, bool]]


def ours(evaluator: Evaluator, plies: int) -> Contestant:
    def answer(decision: Decision) -> tuple[bool, bool]:
        d = cube_decision(decision.position, evaluator, decision.situation.view(), plies)
        return d.should_double, d.take

    return answer


def our_model_on_referee_odds(decision: Decision) -> tuple[bool, bool]:
    """Our cube model fed the referee's own cubeless probabilities: what the model alone loses."""
    assert decision.odds is not None
    d = decide(decision.odds, decision.situation.view(), cube_life(decision.position))
    return d.should_double, d.take


def gnubg_at(referee: GnubgCube, plies: int) -> Contestant:
    def answer(decision: Decision) -> tuple[bool, bool]:
        answer = referee.analyse(decision, plies)
        if answer is None:
            raise RuntimeError("gnubg failed on this position twice")
        (nd, dt, dp), _ = answer
        return min(dt, dp) > nd, dt <= dp

    return answer


def losses(equities: tuple[float, float, float], double: bool, take: bool) -> tuple[float, float]:
    """What a double/no double and a take/pass lose against the referee's equities.

    >>> losses((0.4, 0.7, 1.0), double=False, take=True)
    (0.29999999999999993, 0.0)
    >>> losses((0.6, 1.3, 1.0), double=True, take=True)
    (0.0, 0.30000000000000004)
    """
    nd, dt, dp = equities
    doubled = min(dt, dp)
    lost_double = max(nd - doubled, 0.0) if double else max(doubled - nd, 0.0)
    lost_take = max(dt - dp, 0.0) if take else max(dp - dt, 0.0)
    return lost_double, lost_take


@dataclass
class Tally:
    """A contestant's answers on a set of positions."""

    positions: int = 0
    lost_double: list[float] = field(default_factory=list)
    lost_take: list[float] = field(default_factory=list)
    double_agree: int = 0
    take_agree: int = 0
    doubles: int = 0
    right_doubles: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, equities: tuple[float, float, float], double: bool, take: bool, seconds: float) -> None:
        nd, dt, dp = equities
        right_double, right_take = min(dt, dp) > nd, dt <= dp
        a, b = losses(equities, double, take)
        self.positions += 1
        self.lost_double.append(a)
        self.lost_take.append(b)
        self.double_agree += double == right_double or a == 0.0
        self.take_agree += take == right_take or b == 0.0
        self.doubles += double
        self.right_doubles += right_double
        self.seconds.append(seconds)

    def summary(self) -> dict[str, Any]:
        n = max(self.positions, 1)
        return {
            "positions": self.positions,
            "memg_per_position": 1000 * (sum(self.lost_double) + sum(self.lost_take)) / n,
            "memg_double": 1000 * sum(self.lost_double) / n,
            "memg_take": 1000 * sum(self.lost_take) / n,
            "double_agreement": self.double_agree / n,
            "take_agreement": self.take_agree / n,
            "doubles": self.doubles,
            "right_doubles": self.right_doubles,
            "median_ms": 1000 * statistics.median(self.seconds) if self.seconds else 0.0,
        }


def measure(contestant: Contestant, decisions: Sequence[Decision]) -> dict[str, Tally]:
    """The contestant's tallies: "money", "match", "all" and one per situation."""
    tallies: dict[str, Tally] = {}
    for d in decisions:
        if d.equities is None:
            continue
        began = time.perf_counter()
        double, take = contestant(d)
        seconds = time.perf_counter() - began
        kind = "money" if d.situation.money else "match"
        for key in ("all", kind, d.situation.name):
            tallies.setdefault(key, Tally()).add(d.equities, double, take, seconds)
    return tallies


# -- the run -------------------------------------------------------------------


def _row(name: str, key: str, t: dict[str, Any]) -> str:
    return (
        f"  {name:18s} {key:17s} {t['positions']:4d} {t['memg_per_position']:8.2f} "
        f"{t['memg_double']:7.2f} {t['memg_take']:7.2f} {100 * t['double_agreement']:6.1f}% "
        f"{100 * t['take_agreement']:6.1f}% {t['doubles']:4d}/{t['right_doubles']:<4d} {t['median_ms']:8.2f}"
    )


def referee_all(decisions: Sequence[Decision], referee: GnubgCube, plies: int, cache: Path | None) -> bool:
    """Give each decision the referee's answer; with ``cache``, the answers kept there (or kept there now).

    Returns whether the answers were read from ``cache`` rather than asked for.

    The answers depend only on the positions and the referee, so a development
    run that compares networks on the same decisions asks gnubg once.
    """
    what = {
        "decisions": [d.position.position_id() + " " + d.situation.name for d in decisions],
        "plies": plies,
    }
    if cache is not None and cache.exists():
        kept = json.loads(cache.read_text(encoding="utf-8"))
        if kept["what"] != what:
            raise SystemExit(f"{cache} holds the referee's answers for other decisions or plies")
        answers, read = kept["answers"], True
    else:
        read = False
        answers = []
        for d in decisions:
            answer = referee.analyse(d, plies)
            answers.append(None if answer is None else [*answer[0], *dataclasses.astuple(answer[1])])
        if cache is not None:
            cache.write_text(json.dumps({"what": what, "answers": answers}) + "\n", encoding="utf-8")
    for d, kept_answer in zip(decisions, answers):
        if kept_answer is not None:
            d.equities, d.odds = tuple(kept_answer[:3]), Probabilities(*kept_answer[3:])
    return read


def run(args: argparse.Namespace) -> dict[str, Any]:
    evaluator = evaluator_of(args.weights, args.main_place)
    referee = GnubgCube()
    try:
        began = time.perf_counter()
        decisions = self_play_decisions(args.positions, args.seed)
        cached = args.referee_cache is not None and args.referee_cache.exists()
        referee_all(decisions, referee, args.referee_plies, args.referee_cache)
        refereed = [d for d in decisions if d.equities is not None]
        how = f"in {time.perf_counter() - began:.0f} s ({referee.restarts} restarts)"
        if cached:
            how = f"(the answers kept in {args.referee_cache})"
        print(
            f"evaluator {evaluator.name}; {len(refereed)} of {len(decisions)} positions refereed by gnubg "
            f"{args.referee_plies}-ply {how}",
            flush=True,
        )
        contestants: list[tuple[str, Contestant]] = [
            (f"ours {p}-ply" + (" default" if p == ADVICE_PLIES else ""), ours(evaluator, p))
            for p in args.plies
        ]
        contestants.append(("gnubg 0-ply", gnubg_at(referee, 0)))
        contestants.append(("model, ref odds", our_model_on_referee_odds))
        print(
            "  contestant         positions          n mEMG/pos  double    take  dbl agr  take agr "
            "doubles/right median ms"
        )
        results: dict[str, dict[str, Any]] = {}
        for name, contestant in contestants:
            tallies = measure(contestant, refereed)
            results[name] = {key: t.summary() for key, t in tallies.items()}
            keys = ["money", "match", "all"]
            if args.by_situation:
                keys = [s.name for s in SITUATIONS if s.name in tallies] + keys
            for key in keys:
                if key in tallies:
                    print(_row(name, key, results[name][key]), flush=True)
    finally:
        referee.close()
    return {
        "evaluator": evaluator.name,
        "positions": len(refereed),
        "referee_plies": args.referee_plies,
        "seed": args.seed,
        "results": results,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cube", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--positions", type=int, default=350, help="positions to referee (9 situations in turn)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, nargs="+", default=[0, 1, 2], help="our plies to measure")
    parser.add_argument("--referee-plies", type=int, default=3)
    parser.add_argument(
        "--referee-cache",
        type=Path,
        help="keep the referee's answers here, or read them if kept (development runs)",
    )
    run_and_report(parser, run, argv)


def run_and_report(
    parser: argparse.ArgumentParser,
    measure: Callable[[argparse.Namespace], dict[str, Any]],
    argv: Sequence[str] | None,
) -> None:
    """Add the options every refereed benchmark shares, parse, run ``measure``, write ``--json``."""
    parser.add_argument("--weights", type=Path, help="a weights file instead of the shipped one")
    parser.add_argument(
        "--main-place",
        action="store_true",
        help="with --weights: in the shipped main network's place, its pruner and phase networks beside it",
    )
    parser.add_argument("--by-situation", action="store_true", help="a row per situation as well")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    summary = measure(args)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
