"""Whole 7-point matches through the Python client's Game helper: human against bot, and bot against bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from backgammon.v1 import bot_service_pb2, game_pb2
from gammond.server.app import Served
from gammond_client import Game, GammondClient
from gammond_client.game import BLACK, WHITE


@pytest.fixture
def client(served: Served) -> Iterator[GammondClient]:
    with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
        yield connected


def a_human(seed: int):  # type: ignore[no-untyped-def]
    """Chooses like a casual player: a whole play when moving, rarely resigns or drops."""
    rng = random.Random(seed)

    def choose(game: Game) -> None:
        plays = game.plays()
        if plays:
            game.play(rng.choice(plays).notation)
            return
        calm = [
            a
            for a in game.actions(WHITE)
            if a.kind not in (game_pb2.ACTION_KIND_RESIGN, game_pb2.ACTION_KIND_DROP)
        ]
        game.act(rng.choice(calm or game.actions(WHITE)))

    return choose


def test_a_human_plays_a_whole_7_point_match_against_the_bots_replies(client: GammondClient) -> None:
    game = Game.start(
        client,
        match_length=7,
        dice_source=game_pb2.DICE_SOURCE_SEEDED,
        seed=b"human v bot",
        bot=bot_service_pb2.BOT_LEVEL_BEGINNER,
    )
    choose, replies = a_human(7), 0
    for _ in range(5000):
        if game.match_over:
            break
        if game.game_over:
            game.next_game()
        elif WHITE in game.to_act():
            choose(game)
            replies += sum(a.player == BLACK for a in game.bot_actions)
        else:
            game.bot(bot_service_pb2.BOT_LEVEL_BEGINNER)
    after = game.state.score_after
    assert game.match_over and max(after.white_score, after.black_score) >= 7
    assert len(game.state.sheet) == game.state.game_number - 1
    assert replies > 0, "the bot's replies come in the answers to the human's actions"


def test_the_bot_plays_a_whole_7_point_match_against_itself(client: GammondClient) -> None:
    game = Game.start(client, match_length=7, dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=b"bot v bot")
    players_seen: set[int] = set()
    for _ in range(5000):
        if game.match_over:
            break
        if game.game_over:
            game.next_game()
            continue
        opening = game.phase == game_pb2.PHASE_OPENING_ROLL
        actions = game.bot(bot_service_pb2.BOT_LEVEL_BEGINNER, WHITE if opening else None)
        players_seen.update(a.player for a in actions)
        assert actions, "the bot always acts when it is its turn"
    after = game.state.score_after
    assert game.match_over and max(after.white_score, after.black_score) >= 7
    assert players_seen == {WHITE, BLACK}


def test_the_game_helper_moves_one_checker_at_a_time_and_confirms(client: GammondClient) -> None:
    game = Game.start(client, dice_source=game_pb2.DICE_SOURCE_CLIENT)
    game.roll(dice=(3, 1))
    game.move(8, 5)
    game.move(6, 5)
    events = game.confirm()
    assert events[-1].kind == game_pb2.EVENT_KIND_TURN_ENDED and game.state.turn == BLACK
