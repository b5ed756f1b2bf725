"""Two server replicas and one Redis store: a table played through both, one replica killed mid-game.

White's device talks to replica A and Black's to replica B (each channel
lists both addresses, its own replica first, as a client behind a load
balancer would reach another replica when its own goes away).  Both watch
the table's stream; the streams must equal each other and the game's log,
with no event lost or repeated, although A dies mid-game.
"""

from __future__ import annotations

import base64
import os
import random
import signal
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import pytest

from backgammon.v1 import game_pb2
from gammond_client import GammondClient, Table
from tests.support.redis_server import redis_server
from tests.support.server import ServerProcess, start_server
from tests.support.tables import BLACK, WHITE, Watcher, log_of, play_turns

KEYS = "k1:" + base64.b64encode(b"live play test key: 32 bytes ok!").decode()


@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        store = ("--table-store", url, "--state-keys", KEYS, "--workers", "1", "--metrics-port", "off")
        folders = [tmp_path_factory.mktemp(name) for name in ("a", "b")]
        with ThreadPoolExecutor(2) as pool:  # both start at once
            started = list(pool.map(lambda folder: start_server(folder, *store), folders))
        yield started
        for server in started:
            server.stop()


def channel_to(first: ServerProcess, then: ServerProcess) -> grpc.Channel:
    return grpc.insecure_channel(f"ipv4:127.0.0.1:{first.port},127.0.0.1:{then.port}")


def kill(server: ServerProcess) -> None:
    """SIGKILL: no draining, no goodbye, as a crashed machine."""
    for pid in (server.process.pid, *server.workers):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    server.process.wait(10)


def test_white_and_black_play_through_two_replicas_and_both_streams_are_the_games_log(
    replicas: list[ServerProcess], tmp_path: Path
) -> None:
    a, b = replicas
    with (
        GammondClient("replica a", timeout=30, channel=channel_to(a, b)) as on_a,
        GammondClient("replica b", timeout=30, channel=channel_to(b, a)) as on_b,
    ):
        created = Table.create(
            on_a, match_length=1, dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=b"replicas"
        )
        seats = {
            WHITE: Table(on_a, created.table_id, created.white_token),
            BLACK: Table(on_b, created.table_id, created.black_token),
        }
        watchers = [Watcher(seats[WHITE]), Watcher(seats[BLACK])]
        for watcher in watchers:
            watcher.start()
        rng = random.Random(36)
        before = play_turns(seats, rng, stop_after=30)
        assert before == 30 and not seats[WHITE].game_over
        kill(a)
        after = play_turns(seats, rng)
        for watcher in watchers:
            watcher.join(60)
            assert not watcher.is_alive() and watcher.error is None, watcher.error
        final = seats[WHITE].refresh()
        assert seats[WHITE].resumes >= 1  # White's stream was on the replica that died, and went on
    assert final.game.phase == game_pb2.PHASE_MATCH_OVER and final.version == before + after
    white, black = (watcher.events for watcher in watchers)
    assert white == black
    assert [event.sequence for event in white] == list(range(1, final.last_sequence + 1))
    assert log_of(white) == list(final.game.log)
    assert white[-1].game_over.match_over and white[-1].game_over.result == final.game.result
