""".mat round trips through GNU Backgammon (dev-only): our export read by gnubg, gnubg's export read by us.

``python -m bench.mat_roundtrip`` starts a gammond server on 127.0.0.1
(port 0) and, for each seed:

(a) plays a whole match bot against bot through the API (PlayService:
    NewGame, BotAct for whoever must act, seeded dice), exports it with
    RecordService.ExportMatch, has GNU Backgammon import the text
    (``import mat``) and compares ``gnubg.match()`` with the games as
    played: every move (player, dice, Position ID before it, the checkers
    moved), every double, take and drop, each game's score, winner, points
    and whether it was resigned;
(b) has GNU Backgammon play a match against itself (0-ply, ``set seed``),
    export it (``export match mat``), imports the text with
    RecordService.ImportMatch and compares the games we replayed with
    ``gnubg.match()`` the same way.

Match lengths cycle through 1, 3, 5, 7 and 9 points.  The last line is
``identical: A/N ours read by gnubg, B/N gnubg's read by us``.

    python -m bench.mat_roundtrip [--matches 200] [--level intermediate]
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (
    None,
    "",
):  # run as `python bench/mat_roundtrip.py`: make the repository's packages importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

LENGTHS = (1, 3, 5, 7, 9)
MAX_CALLS = 20_000


@dataclass
class Outcome:
    """What one direction of the round trip found."""

    identical: int = 0
    tried: int = 0
    games: int = 0
    failures: list[str] = field(default_factory=list)


def play_through_api(client: object, length: int, seed: int, level: int) -> list[object]:
    """A whole match, bot against bot, through PlayService: the final Game message of each game."""
    from backgammon.v1 import board_pb2, game_pb2, play_service_pb2, rules_pb2
    from gammond_client import GammondClient

    assert isinstance(client, GammondClient)
    request = play_service_pb2.NewGameRequest(
        rules=rules_pb2.RuleOptions(match_length=length),
        dice_source=game_pb2.DICE_SOURCE_SEEDED,
        seed=seed.to_bytes(8, "big"),
    )
    game = client.new_game(request).game
    games: list[object] = []
    for _ in range(MAX_CALLS):
        if game.phase in (game_pb2.PHASE_GAME_OVER, game_pb2.PHASE_MATCH_OVER):
            games.append(game)
            if game.phase == game_pb2.PHASE_MATCH_OVER:
                return games
            game = client.new_game(play_service_pb2.NewGameRequest(previous=game)).game
            continue
        bot = play_service_pb2.BotActRequest(game=game, level=level, seed=seed)  # type: ignore[arg-type]
        if game.phase == game_pb2.PHASE_OPENING_ROLL:
            bot.player = board_pb2.COLOR_WHITE  # either player may start the opening roll
        game = client.bot_act(bot).game
    raise RuntimeError(f"match {seed} did not end within {MAX_CALLS} calls")


def decoded(messages: Sequence[object]) -> list[object]:
    """Wire games as engine games (the server's own decoder: every field checked)."""
    from gammond.server.wire.game import decode_game

    return [decode_game(message, f"games[{i}]") for i, message in enumerate(messages)]  # type: ignore[arg-type]


def run(
    matches: int, level_name: str = "intermediate", first_seed: int = 1, quiet: bool = False
) -> tuple[Outcome, Outcome]:
    from backgammon.v1 import bot_service_pb2
    from gammond.engine.records import record_of
    from gammond.server.app import ServerOptions, create_server
    from gammond.server.logs import configure
    from gammond_client import GammondClient
    from tests.support.records import differences, gnubg_plays, gnubg_reads, gnubg_summary, our_summary

    level = bot_service_pb2.BotLevel.Value(f"BOT_LEVEL_{level_name.upper()}")
    if quiet:
        configure("warning")  # one log line per call would drown the result
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2))
    served.warm_up()
    ours, theirs = Outcome(), Outcome()
    try:
        with GammondClient(f"127.0.0.1:{served.port}", timeout=120) as client:
            for seed in range(first_seed, first_seed + matches):
                length = LENGTHS[seed % len(LENGTHS)]
                # (a) ours, exported through the API, read by gnubg.
                played = play_through_api(client, length, seed, level)
                text = client.export_match(played)  # type: ignore[arg-type]
                record = record_of(decoded(played))  # type: ignore[arg-type]
                found = differences(our_summary(record), gnubg_summary(gnubg_reads(text)))
                ours.tried += 1
                ours.games += len(played)
                ours.identical += not found
                if found:
                    ours.failures.append(f"seed {seed}: {found[0]}")
                # (b) gnubg's own export, imported through the API.
                exported, match = gnubg_plays(length, seed)
                imported = client.import_match(exported)
                back = record_of(decoded(imported.games))  # type: ignore[arg-type]
                found = differences(our_summary(back), gnubg_summary(match))
                theirs.tried += 1
                theirs.games += len(imported.games)
                theirs.identical += not found
                if found:
                    theirs.failures.append(f"seed {seed}: {found[0]}")
                print(
                    f"seed {seed}: {ours.identical}/{ours.tried}, {theirs.identical}/{theirs.tried}",
                    file=sys.stderr,
                )
    finally:
        served.stop(1.0)
    return ours, theirs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mat_roundtrip", description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--level", default="intermediate", help="the bots' level (beginner ... world_class)")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.monotonic()
    ours, theirs = run(args.matches, args.level, args.first_seed, quiet=True)
    for failure in ours.failures[:10]:
        print(f"ours read by gnubg differs: {failure}")
    for failure in theirs.failures[:10]:
        print(f"gnubg's read by us differs: {failure}")
    print(
        f"matches: {ours.tried}, games: ours {ours.games}, gnubg's {theirs.games}; {time.monotonic() - start:.0f} s"
    )
    print(
        f"identical: {ours.identical}/{ours.tried} ours read by gnubg, "
        f"{theirs.identical}/{theirs.tried} gnubg's read by us"
    )
    return 0 if not ours.failures and not theirs.failures else 1


if __name__ == "__main__":
    sys.exit(main())
