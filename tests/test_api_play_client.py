"""Whole 7-point matches through the Python client's Game helper: human against bot, and bot against bot."""

from __future__ import annotations

import random
import runpy
from collections.abc import Iterator
from pathlib import Path

import pytest

from backgammon.v1 import bot_service_pb2, game_pb2
from gammond.server.app import Served
from gammond_client import Game, GammondClient
from gammond_client.game import BLACK, WHITE

EXAMPLE = Path(__file__).resolve().parents[1] / "clients" / "python" / "examples" / "play_match.py"


@pytest.fixture
def client(served: Served) -> Iterator[GammondClient]:
    with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
        yield connected


def a_human(seed: int):  # type: ignore[no-untyped-def]
    """Chooses like a casual player: a whole play when moving, rarely resigns or drops."""
    rng = random.Random(seed)

    def choose(actions: list[game_pb2.Action]) -> int:
        plays = [i for i, a in enumerate(actions) if a.kind == game_pb2.ACTION_KIND_PLAY]
        if plays:
            return rng.choice(plays)
        calm = [
            i
            for i, a in enumerate(actions)
            if a.kind not in (game_pb2.ACTION_KIND_RESIGN, game_pb2.ACTION_KIND_DROP)
        ]
        return rng.choice(calm or list(range(len(actions))))

    return choose


def test_the_example_plays_a_whole_7_point_match_of_a_human_against_the_bot(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    play_match = runpy.run_path(str(EXAMPLE))["play_match"]
    game = play_match(f"127.0.0.1:{served.port}", 7, a_human(7))
    after = game.state.score_after
    assert game.match_over and max(after.white_score, after.black_score) >= 7
    assert len(game.state.sheet) == game.state.game_number - 1
    assert "0: " in capsys.readouterr().out


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
