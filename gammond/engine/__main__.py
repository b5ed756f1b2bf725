"""Command line: ``python -m gammond.engine show ID``, ``plays ID ROLL``, or batch ``plays``.

* ``show ID``: the diagram and pip counts of a Position ID (or XGID).
* ``plays ID ROLL``: each legal play in notation with its resulting Position ID.
* ``rollout ID``: a cubeless rollout of the position for its player on roll
  (``--trials``, ``--plies``, ``--truncate``, ``--seed``; ``--evaluator
  heuristic`` for the hand-written one instead of the network), each
  probability and the equity with its standard error.
* ``plays`` with no further arguments (or no arguments at all): batch mode.
  Each standard-input line ``POSITION_ID D1D2`` gives one output line: the
  sorted Position IDs of the distinct resulting positions (seen from the
  player who moved), separated by spaces; an empty line when no play is
  possible.  A malformed line stops the run with exit status 2 and a message
  naming the line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from gammond.engine import kernel
from gammond.engine.dice import parse_roll
from gammond.engine.errors import EngineError
from gammond.engine.play import legal_plays
from gammond.engine.position import Position
from gammond.engine.records import cli as records_cli
from gammond.engine.xgid import parse_xgid


def _position(text: str) -> Position:
    if text.upper().startswith("XGID=") or ":" in text:
        return parse_xgid(text).position
    return Position.from_id(text)


def _show(args: argparse.Namespace, out: TextIO) -> int:
    position = _position(args.id)
    out.write(position.diagram() + "\n")
    out.write(f"Position ID: {position.position_id()}\n")
    return 0


def _plays(args: argparse.Namespace, out: TextIO) -> int:
    if args.id is None:
        return batch(sys.stdin, out)
    if args.roll is None:
        raise EngineError("plays needs a ROLL after the Position ID, like 31")
    position = _position(args.id)
    plays = legal_plays(position, parse_roll(args.roll))
    if not plays:
        out.write("no legal play\n")
    for play in plays:
        out.write(f"{str(play):<28} {play.result.position_id()}\n")
    return 0


def _rollout(args: argparse.Namespace, out: TextIO) -> int:
    from gammond.engine.bot import HeuristicEvaluator, RolloutSettings, rollout, shipped_evaluator

    position = _position(args.id)
    settings = RolloutSettings(
        trials=args.trials, plies=args.plies, truncate=args.truncate, seed=args.seed, luck=args.luck
    )
    evaluator = HeuristicEvaluator() if args.evaluator == "heuristic" else shipped_evaluator()
    result = rollout(position, evaluator, settings)
    p, e = result.probabilities, result.errors
    out.write(f"{position.position_id()}: {result.trials} trials, {settings.plies}-ply, seed {settings.seed}")
    out.write(f", truncated at {settings.truncate} half-moves" if settings.truncate else "")
    out.write(", luck taken out\n" if settings.luck else "\n")
    for name, value, error in (
        ("win", p.win, e.win),
        ("win gammon", p.win_gammon, e.win_gammon),
        ("win backgammon", p.win_backgammon, e.win_backgammon),
        ("lose gammon", p.lose_gammon, e.lose_gammon),
        ("lose backgammon", p.lose_backgammon, e.lose_backgammon),
    ):
        out.write(f"{name:<16} {value:.4f} +- {error:.4f}\n")
    out.write(f"{'equity':<16} {result.equity:+.4f} +- {result.equity_error:.4f}\n")
    return 0


def batch(lines: TextIO, out: TextIO) -> int:
    """Run batch mode over ``lines``; see the module docstring."""
    for number, line in enumerate(lines, start=1):
        fields = line.split()
        if not fields:
            continue
        try:
            if len(fields) != 2:
                raise EngineError(f"expected 'POSITION_ID D1D2', got {line.strip()!r}")
            position = Position.from_id(fields[0])
            d1, d2 = parse_roll(fields[1])
            ids = sorted(kernel.result_ids(position.board, d1, d2))
        except EngineError as exc:
            sys.stderr.write(f"line {number}: {exc}\n")
            return 2
        out.write(" ".join(ids) + "\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gammond.engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    show = sub.add_parser("show", help="diagram and pips of a Position ID or XGID")
    show.add_argument("id")
    show.set_defaults(run=_show)
    plays = sub.add_parser("plays", help="legal plays of a roll; batch mode without arguments")
    plays.add_argument("id", nargs="?")
    plays.add_argument("roll", nargs="?")
    plays.set_defaults(run=_plays)
    roll_out = sub.add_parser(
        "rollout", help="a cubeless rollout of a Position ID or XGID, with standard errors"
    )
    roll_out.add_argument("id")
    roll_out.add_argument("--trials", type=int, default=1296, help="games played out (default 1296)")
    roll_out.add_argument("--plies", type=int, default=0, choices=(0, 1), help="search depth of each play")
    roll_out.add_argument("--truncate", type=int, default=0, help="half-moves before scoring; 0: to the end")
    roll_out.add_argument("--seed", type=int, default=0)
    roll_out.add_argument(
        "--luck", action="store_true", help="take each roll's luck out (variance reduction; slower per trial)"
    )
    roll_out.add_argument("--evaluator", choices=("network", "heuristic"), default="network")
    roll_out.set_defaults(run=_rollout)
    records_cli.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command is None:
        return batch(sys.stdin, sys.stdout)
    try:
        status: int = args.run(args, sys.stdout)
    except EngineError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except BrokenPipeError:
        # The reader (e.g. `head`) went away; that is not our failure.
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
