"""Calls and bytes of whole games as a board UI plays them, lean and full.

One side taps as a phone's board does (roll, single-die moves, confirm,
takes, accepts), the other is the bot, answering in the same call
(``bot_reply``).  Calls and protobuf bytes (requests and answers, as
serialised) are counted on the channel; the JSON figure is what the same
messages take as JSON without compression.  Each game is played twice from
the same seed, as a lean Game and as a full one (the first flow: every
Game carries its log, and the client calls ListActions after each action
and BotAct for the bot), against an in-process server with and without
state keys.

    python -m bench.lean_game [--games 20] [--level beginner]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402
from google.protobuf import json_format  # noqa: E402

from backgammon.v1 import bot_service_pb2, game_pb2, play_service_pb2  # noqa: E402
from gammond.server.app import ServerOptions, create_server  # noqa: E402
from gammond.server.sealing import new_key_text, parse_keys  # noqa: E402
from gammond_client import Game, GammondClient  # noqa: E402
from gammond_client.game import BLACK, WHITE  # noqa: E402

K = game_pb2
Level: TypeAlias = bot_service_pb2.BotLevel.ValueType
LEVELS: dict[str, Level] = {
    "beginner": bot_service_pb2.BOT_LEVEL_BEGINNER,
    "advanced": bot_service_pb2.BOT_LEVEL_ADVANCED,
}


@dataclass
class Meter(grpc.UnaryUnaryClientInterceptor):
    """Counts calls per method, protobuf bytes, the largest request, and the bytes as JSON."""

    calls: dict[str, int] = field(default_factory=dict)
    wire: int = 0
    json: int = 0
    largest_request: int = 0

    def intercept_unary_unary(self, continuation: Callable[..., Any], details: Any, request: Any) -> Any:
        method = details.method.rsplit("/", 1)[-1]
        self.calls[method] = self.calls.get(method, 0) + 1
        answer = continuation(details, request)
        response = answer.result()
        self.largest_request = max(self.largest_request, request.ByteSize())
        self.wire += request.ByteSize() + response.ByteSize()
        for message in (request, response):
            self.json += len(json_format.MessageToJson(message, indent=None).encode())
        return answer

    @property
    def total(self) -> int:
        return sum(self.calls.values())


def metered(target: str) -> tuple[GammondClient, Meter]:
    """A client whose PlayService calls are counted."""
    meter = Meter()
    client = GammondClient(target, timeout=60)
    client.play.__init__(grpc.intercept_channel(client.channel, meter))  # type: ignore[misc]
    return client, meter


def tap(game: Game, rng: random.Random, bot: Callable[[], object]) -> None:
    """Play ``game`` to its end: White taps as a board UI does; ``bot`` plays Black when White cannot act."""
    for _ in range(4000):
        if game.game_over:
            return
        if WHITE not in list(game.listing().to_act):
            bot()
            continue
        mine = [a for a in game.listing().actions if a.player == WHITE]
        kinds = {a.kind: a for a in mine}
        singles = [a for a in mine if a.kind == K.ACTION_KIND_MOVE and len(a.dice_used) == 1]
        for wanted in (K.ACTION_KIND_CONFIRM, K.ACTION_KIND_TAKE, K.ACTION_KIND_ACCEPT, K.ACTION_KIND_ROLL):
            if wanted in kinds:
                game.act(kinds[wanted])
                break
        else:
            if not singles:
                raise AssertionError(f"nothing a board UI would tap: {[a.kind for a in mine]}")
            game.act(rng.choice(singles))
    raise AssertionError("the game did not end")


def lean_game(client: GammondClient, seed: int, level: Level) -> Game:
    """A whole lean game: every answer lists the next actions, the bot replies within each Act."""
    game = Game.start(
        client,
        view=play_service_pb2.ACTIONS_VIEW_MOVES,
        dice_source=K.DICE_SOURCE_SEEDED,
        seed=b"ui %d" % seed,
        bot=level,
    )
    tap(game, random.Random(seed), lambda: game.bot(level, player=BLACK))
    return game


def full_game(client: GammondClient, seed: int, level: Level) -> Game:
    """The same game in the first flow: a full Game, ListActions after every action, BotAct for the bot."""
    game = Game.start(
        client,
        # Unset: ListActions lists everything, Act and BotAct list nothing (the first flow's answers).
        view=play_service_pb2.ACTIONS_VIEW_UNSPECIFIED,
        dice_source=K.DICE_SOURCE_SEEDED,
        seed=b"ui %d" % seed,
        lean=False,
    )
    listing = game.listing

    def fresh_listing() -> play_service_pb2.ListActionsResponse:
        game.choices = None  # the first flow asks every time
        return listing()

    game.listing = fresh_listing  # type: ignore[method-assign]
    tap(game, random.Random(seed), lambda: game.bot(level, player=BLACK))
    return game


@dataclass
class Row:
    calls: int
    wire: int
    json: int
    largest_request: int


def measure(
    target: str, play: Callable[[GammondClient, int, Level], Game], seeds: Sequence[int], level: Level
) -> list[Row]:
    rows = []
    for seed in seeds:
        client, meter = metered(target)
        with client:
            play(client, seed, level)
        rows.append(Row(meter.total, meter.wire, meter.json, meter.largest_request))
    return rows


def summary(name: str, rows: list[Row]) -> str:
    def spread(values: list[int]) -> str:
        return f"median {statistics.median(values):>9,.0f}  max {max(values):>9,}"

    return (
        f"{name:<14} calls {spread([r.calls for r in rows])}   protobuf B {spread([r.wire for r in rows])}"
        f"   JSON B {spread([r.json for r in rows])}   largest request {max(r.largest_request for r in rows):,} B"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per row (seeds 1..N)")
    parser.add_argument("--level", choices=sorted(LEVELS), default="beginner")
    args = parser.parse_args(argv)
    seeds = list(range(1, args.games + 1))
    level = LEVELS[args.level]
    for keys in (False, True):
        keyring = parse_keys(new_key_text("bench")) if keys else None
        server = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=keyring))
        server.warm_up()
        try:
            target = f"127.0.0.1:{server.port}"
            sealed = "sealed" if keys else "plain"
            print(summary(f"lean, {sealed}", measure(target, lean_game, seeds, level)))
            print(summary(f"full, {sealed}", measure(target, full_game, seeds, level)))
        finally:
            server.stop(1.0)


if __name__ == "__main__":
    main()
