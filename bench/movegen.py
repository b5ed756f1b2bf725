"""Move-generation benchmark: gammond against GNU Backgammon and OpenSpiel.

Every contender works through the same fixed list of positions with their
rolls: the first ``--count`` turns of seeded self-play (bench/positions.py).
Each pass over the list is timed; the table shows the median of
``--repeats`` passes as positions per second, and the last line is the
ratio of gammond's public call to ``gnubg_nn.moves()``.

What is timed, per position:

* ``gammond.engine.legal_plays``: the public call with the kernel in use
  (compiled when built); when compiled it returns a lazy sequence, so a
  second row also builds every ``Play`` object.
* ``gammond.engine.movegen.generate``: the pure-Python reference generator, called
  directly (what ``GAMMOND_PURE_PYTHON=1`` selects).
* ``gnubg_nn.moves``: one key per distinct resulting position; boards are
  converted to gnubg's lists before timing starts.
* OpenSpiel, from the state at the start of the turn (dice rolled):
  ``legal_actions()`` lists half-turn actions only (a double needs two);
  expanding children until the turn ends gives the distinct full plays,
  the work comparable to the others.

Run from the repository root: ``python -m bench.movegen``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/movegen.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gammond.engine import kernel, legal_plays
from gammond.engine.movegen import generate
from tests.support.peers import gnubg_board, mirror_game, openspiel_game, openspiel_results
from tests.support.positions import Sample, games, sample_positions


@dataclass(frozen=True)
class Contender:
    name: str
    measures: str
    run: Callable[[], None]
    positions: int


@dataclass(frozen=True)
class Timing:
    contender: Contender
    per_second: float


def _median_rate(run: Callable[[], None], count: int, repeats: int) -> float:
    """Median positions per second over ``repeats`` passes."""
    rates = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def _ours(samples: list[Sample]) -> list[Contender]:
    cases = [(s.position, s.dice) for s in samples]
    boards = [(s.position.board, s.dice[0], s.dice[1]) for s in samples]

    def public() -> None:
        for position, dice in cases:
            legal_plays(position, dice)

    def public_built() -> None:
        for position, dice in cases:
            list(legal_plays(position, dice))

    def pure() -> None:
        for board, d1, d2 in boards:
            generate(board, d1, d2)

    def ids() -> None:
        for board, d1, d2 in boards:
            kernel.result_ids(board, d1, d2)

    kind, n = kernel.IMPLEMENTATION, len(samples)
    return [
        Contender(f"gammond legal_plays ({kind})", "public call; Play objects made on access", public, n),
        Contender(f"gammond legal_plays ({kind}) + list()", "public call, every Play made", public_built, n),
        Contender(
            f"gammond kernel.result_ids ({kind})", "one Position ID per distinct resulting position", ids, n
        ),
        Contender("gammond movegen.generate (pure Python)", "(steps, board) per distinct play", pure, n),
    ]


def _gnubg(samples: list[Sample]) -> list[Contender]:
    try:
        import gnubg_nn  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return []
    cases = [(gnubg_board(s.position), s.dice[0], s.dice[1]) for s in samples]
    moves = gnubg_nn.moves

    def run() -> None:
        for board, d1, d2 in cases:
            moves(board, d1, d2)

    return [Contender("gnubg_nn.moves", "one key per distinct resulting position", run, len(cases))]


def _openspiel_states(count: int, seed: int) -> list[Any]:
    """OpenSpiel states at the start of the same turns that sample_positions yields."""
    game = openspiel_game()
    states: list[Any] = []
    for recorded in games(seed):
        for mirrored in mirror_game(recorded, game):
            if mirrored.position != mirrored.turn.sample.position:
                raise RuntimeError(f"OpenSpiel's board differs from ours at {mirrored.position!r}")
            states.append(mirrored.state)
            if len(states) == count:
                return states
    return states  # pragma: no cover - the game stream is endless


def _openspiel(count: int, seed: int) -> list[Contender]:
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return []
    states = _openspiel_states(count, seed)

    def actions() -> None:
        for state in states:
            state.legal_actions()

    def full() -> None:
        for state in states:
            openspiel_results(state)

    return [
        Contender("OpenSpiel legal_actions()", "half-turn actions at the turn's start", actions, len(states)),
        Contender("OpenSpiel full plays", "children expanded to distinct full plays", full, len(states)),
    ]


def _table(timings: list[Timing], count: int, repeats: int) -> str:
    name_width = max(len(t.contender.name) for t in timings)
    what_width = max(len(t.contender.measures) for t in timings)
    lines = [
        f"{count} positions from seeded self-play, each with its roll; median of {repeats} passes",
        f"{'implementation':<{name_width}}  {'what is measured':<{what_width}}  "
        f"{'positions/s':>12}  {'us/position':>11}",
    ]
    for t in timings:
        lines.append(
            f"{t.contender.name:<{name_width}}  {t.contender.measures:<{what_width}}  "
            f"{t.per_second:>12,.0f}  {1e6 / t.per_second:>11.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=3000, help="positions (default 3000)")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="self-play seed (default 0)")
    args = parser.parse_args(argv)

    samples = sample_positions(args.count, seed=args.seed)
    contenders = _ours(samples) + _gnubg(samples) + _openspiel(args.count, args.seed)
    timings = [Timing(c, _median_rate(c.run, c.positions, args.repeats)) for c in contenders]
    print(_table(timings, len(samples), args.repeats))

    by_name = {t.contender.name: t.per_second for t in timings}
    ours = timings[0].per_second
    if kernel.IMPLEMENTATION == "compiled":
        pure = by_name["gammond movegen.generate (pure Python)"]
        print(f"compiled legal_plays vs pure-Python generate: {ours / pure:.2f}x")
    if "gnubg_nn.moves" in by_name:
        print(f"ratio vs gnubg_nn: {ours / by_name['gnubg_nn.moves']:.2f}")
    else:
        print("ratio vs gnubg_nn: n/a (gnubg_nn not installed)")


if __name__ == "__main__":
    main()
