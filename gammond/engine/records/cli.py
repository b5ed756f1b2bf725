"""``python -m gammond.engine mat ...``: play, check, convert and analyse .mat match records.

* ``mat selfplay --length N --seed S [--level L]``: a seeded bot-against-bot
  match through the game flow, written as .mat text (the export).
* ``mat check FILE``: read (import) a .mat file, replaying every game; print
  each game's score and result, or the line that cannot be read (exit 2).
* ``mat analyse FILE [--level L]``: the coach's report of the match.

FILE ``-`` is standard input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from gammond.engine.bot import Level, bot_act
from gammond.engine.flow import DiceSource, Game, list_actions, new_game, next_game
from gammond.engine.records.mat import format_mat, parse_mat
from gammond.engine.records.model import MatchRecord, record_of
from gammond.engine.rules import RuleOptions

_LEVELS = [level.name.lower() for level in Level]
MAX_LENGTH = 25


def selfplay_match(
    length: int, seed: int, level: Level = Level.INTERMEDIATE, black_level: Level | None = None
) -> list[Game]:
    """A whole match to ``length``, the bot playing both sides with seeded dice, through the game flow.

    White plays at ``level``, Black at ``black_level`` (the same when None).
    """
    levels = (level, level if black_level is None else black_level)
    from gammond.engine.bot import shipped_evaluator

    evaluator = shipped_evaluator()
    game = new_game(RuleOptions.match(length), dice_source=DiceSource.SEEDED, seed=seed.to_bytes(8, "big"))
    games: list[Game] = []
    while True:
        while not game.over:
            acting = sorted({a.player for a in list_actions(game).actions if a.player is not None})
            game = bot_act(game, acting[0], evaluator, levels[acting[0]], seed=seed).game
        games.append(game)
        if game.phase.name == "MATCH_OVER":
            return games
        game = next_game(game)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def _selfplay(args: argparse.Namespace, out: TextIO) -> int:
    if not 1 <= args.length <= MAX_LENGTH:
        raise SystemExit(f"--length must be 1..{MAX_LENGTH}")
    games = selfplay_match(args.length, args.seed, Level[args.level.upper()])
    out.write(format_mat(record_of(games, ("gammond A", "gammond B"))))
    return 0


def _summary(record: MatchRecord) -> list[str]:
    lines = [f"{record.names[0]} - {record.names[1]}, {record.rules.match_length} point match"]
    for game in record.games:
        white, black = game.score.scores
        result = game.result
        won = "not finished" if result is None else f"{record.name(result.winner)} wins {result.points}"
        lines.append(f"game {game.number}: {white}-{black}, {won}")
    return lines


def _check(args: argparse.Namespace, out: TextIO) -> int:
    out.write("\n".join(_summary(parse_mat(_read(args.file)))) + "\n")
    return 0


def _analyse(args: argparse.Namespace, out: TextIO) -> int:
    from gammond.engine.bot import shipped_evaluator
    from gammond.engine.bot.analysis import analyse_games

    record = parse_mat(_read(args.file))
    review = analyse_games(record.games, shipped_evaluator(), Level[args.level.upper()])
    out.write(f"{'player':<16}{'checker mEMG':>13}{'cube mEMG':>11}{'PR':>7}{'blunders':>10}{'luck':>8}\n")
    for stats in review.stats:
        out.write(
            f"{record.name(stats.player)[:15]:<16}{stats.checker_rate:>13.1f}{stats.cube_rate:>11.1f}"
            f"{stats.performance_rating:>7.1f}{stats.blunders:>10d}{stats.luck:>+8.2f}\n"
        )
    for decision in review.worst:
        out.write(
            f"  game {decision.game} {record.name(decision.player)} {decision.kind.value}: "
            f"played {decision.played!r}, best {decision.best!r}, -{1000 * decision.error:.0f} mEMG\n"
        )
    return 0


def add_parser(sub: Any) -> None:
    """The ``mat`` subcommand and its own subcommands."""
    mat = sub.add_parser("mat", help="play, check and analyse .mat match records")
    actions = mat.add_subparsers(dest="mat_command", required=True)
    play = actions.add_parser("selfplay", help="a seeded bot-against-bot match as .mat text")
    play.add_argument("--length", type=int, default=5)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--level", choices=_LEVELS, default="intermediate")
    play.set_defaults(run=_selfplay)
    check = actions.add_parser("check", help="import a .mat file and print its games")
    check.add_argument("file")
    check.set_defaults(run=_check)
    analyse = actions.add_parser("analyse", help="the analysis of a .mat file")
    analyse.add_argument("file")
    analyse.add_argument("--level", choices=_LEVELS, default="advanced")
    analyse.set_defaults(run=_analyse)
