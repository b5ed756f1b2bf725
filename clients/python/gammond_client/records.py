"""Match records through RecordService: download a match as .mat, print a coach's report.

    python -m gammond_client.records --target 127.0.0.1:50051 import match.mat
    python -m gammond_client.records --target 127.0.0.1:50051 analyse match.mat [--level expert]

``import`` checks a .mat file on the server and prints its games and
results; ``analyse`` imports it and prints the analysis.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from backgammon.v1 import board_pb2, bot_service_pb2, record_service_pb2
from gammond_client.client import GammondClient
from gammond_client.errors import GammondError

_NAMES = {board_pb2.COLOR_WHITE: "White", board_pb2.COLOR_BLACK: "Black"}
_KINDS = {
    record_service_pb2.DECISION_KIND_CHECKER: "checker",
    record_service_pb2.DECISION_KIND_DOUBLE: "cube",
    record_service_pb2.DECISION_KIND_TAKE: "take",
}


def format_report(
    report: record_service_pb2.AnalyseMatchResponse, names: Sequence[str] = ("White", "Black")
) -> str:
    """The analysis as text: one line per player, then the worst decisions."""
    lines = [
        f"{'player':<16}{'checker':>9}{'cube':>8}{'PR':>7}{'blunders':>10}{'luck':>8}",
        f"{'':<16}{'mEMG':>9}{'mEMG':>8}",
    ]
    for stats in report.players:
        name = names[0] if stats.player == board_pb2.COLOR_WHITE else names[1]
        lines.append(
            f"{name[:15]:<16}{stats.checker_error_rate:>9.1f}{stats.cube_error_rate:>8.1f}"
            f"{stats.performance_rating:>7.1f}{stats.blunders:>10d}{stats.luck:>+8.2f}"
        )
    lines.append(
        f"({len(report.decisions)} decisions, level {bot_service_pb2.BotLevel.Name(report.level)}"
        f"{'' if report.complete else ', stopped early by the deadline'})"
    )
    if report.worst:
        lines.append("worst decisions:")
    for d in report.worst:
        dice = f" {d.dice.die1}{d.dice.die2}" if d.HasField("dice") else ""
        who = names[0] if d.player == board_pb2.COLOR_WHITE else names[1]
        lines.append(
            f"  game {d.game} {who}{dice} {_KINDS.get(d.kind, '?')}: played {d.played!r}, "
            f"best {d.best!r}, -{1000 * d.error:.0f} mEMG ({d.position_id})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gammond_client.records", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--target", default="127.0.0.1:50051")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("command", choices=("import", "analyse"))
    parser.add_argument("file", help="a .mat file ('-': standard input)")
    parser.add_argument("--level", default="advanced", help="beginner ... world_class")
    args = parser.parse_args(argv)
    text = (
        sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8", errors="replace").read()
    )
    with GammondClient(args.target, timeout=args.timeout) as client:
        try:
            imported = client.import_match(text)
            names = (imported.white_name, imported.black_name)
            if args.command == "import":
                for game in imported.games:
                    result = game.result
                    won = (
                        f"{_NAMES.get(result.winner, '?')} wins {result.points}"
                        if game.HasField("result")
                        else "on"
                    )
                    print(
                        f"game {game.game_number}: {game.score.white_score}-{game.score.black_score}, {won}"
                    )
                return 0
            level = bot_service_pb2.BotLevel.Value(f"BOT_LEVEL_{args.level.upper()}")
            print(format_report(client.analyse_match(imported.games, level), names))
        except GammondError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
