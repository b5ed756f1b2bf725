"""``python -m gammond.server`` as a real process: workers, health, reflection, metrics, logs, SIGTERM."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from backgammon.v1 import board_pb2, bot_service_pb2, game_service_pb2
from gammond.server.app import SERVICE_NAMES
from tests.support.server import ROOT, STARTING_ID, ServerProcess, Stubs, start_position, start_server
from tests.support.waits import appeared, settled

CALLS = 40
LEGAL = "/backgammon.v1.GameService/ListLegalPlays"


def legal_plays_request(die1: int = 3) -> game_service_pb2.ListLegalPlaysRequest:
    return game_service_pb2.ListLegalPlaysRequest(
        position=start_position(), dice=board_pb2.Dice(die1=die1, die2=1)
    )


def metric(text: str, name: str, **labels: str) -> float:
    """The value of one sample in a Prometheus text exposition."""
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        if all(f'{key}="{value}"' in line for key, value in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no sample {name} {labels} in:\n{text}")


def scrape(server: ServerProcess) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{server.metrics_port}/metrics", timeout=10) as response:
        return response.read().decode()


def rpc_lines(log: Path) -> list[dict[str, object]]:
    text = log.read_text()
    # Only whole lines: a worker may be writing the next batch.
    whole = text[: text.rfind("\n") + 1]
    lines = [json.loads(line) for line in whole.splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("event") == "rpc"]


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory):
    server = start_server(tmp_path_factory.mktemp("two"), "--workers", "2", "--metrics-port", "0")
    yield server
    assert server.stop() == 0


def test_two_workers_share_the_port_and_the_metrics_add_up(two_workers: ServerProcess) -> None:
    assert len(two_workers.workers) == 2
    for _ in range(CALLS):
        # A fresh connection each time, so the kernel spreads them over the workers.
        with grpc.insecure_channel(f"127.0.0.1:{two_workers.port}") as channel:
            Stubs.connect_channel(channel).game.ListLegalPlays(legal_plays_request(), timeout=10)
    with grpc.insecure_channel(f"127.0.0.1:{two_workers.port}") as channel:
        with pytest.raises(grpc.RpcError):
            Stubs.connect_channel(channel).game.ListLegalPlays(legal_plays_request(die1=9), timeout=10)
    # Each worker writes its calls' metrics a moment after answering them.
    settled(lambda: metric(scrape(two_workers), "gammond_rpc_latency_seconds_count", method=LEGAL), CALLS + 1)
    text = scrape(two_workers)
    assert metric(text, "gammond_rpc_calls_total", method=LEGAL, code="OK") == CALLS
    assert metric(text, "gammond_rpc_calls_total", method=LEGAL, code="INVALID_ARGUMENT") == 1
    assert metric(text, "gammond_rpc_latency_seconds_count", method=LEGAL) == CALLS + 1
    assert metric(text, "gammond_engine_plays_per_request_count") == CALLS
    assert metric(text, "gammond_rpc_in_flight", method=LEGAL) == 0
    # The answering threads' CPU: some for every call, never more than the calls' own time.
    cpu = metric(text, "gammond_rpc_cpu_seconds_total", method=LEGAL)
    assert 0 < cpu <= metric(text, "gammond_rpc_latency_seconds_sum", method=LEGAL) + 1e-3
    served_by = {line["pid"] for line in rpc_lines(two_workers.log) if line["method"] == LEGAL}
    assert served_by == set(two_workers.workers)


def test_each_call_is_one_json_log_line_without_the_position(two_workers: ServerProcess) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{two_workers.port}") as channel:
        Stubs.connect_channel(channel).game.ListLegalPlays(
            legal_plays_request(), timeout=10, metadata=(("x-request-id", "trace-me"),)
        )
    lines = appeared(
        lambda: [line for line in rpc_lines(two_workers.log) if line["request_id"] == "trace-me"]
    )
    assert len(lines) == 1
    assert {"method", "code", "latency_ms", "peer", "request_id", "pid", "timestamp"} <= set(lines[0])
    assert STARTING_ID not in two_workers.log.read_text()


def test_health_is_serving_and_reflection_lists_every_service(two_workers: ServerProcess) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{two_workers.port}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for name in ("", *SERVICE_NAMES):
            response = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=10)
            assert response.status == health_pb2.HealthCheckResponse.SERVING
        listed = set(ProtoReflectionDescriptorDatabase(channel).get_services())
    assert set(SERVICE_NAMES) | {"grpc.health.v1.Health"} <= listed


def test_sigterm_lets_an_in_flight_call_finish_then_refuses_new_ones(tmp_path: Path) -> None:
    server = start_server(
        tmp_path, "--workers", "1", "--metrics-port", "off", "--log-level", "debug", "--grace", "30"
    )
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    stubs = Stubs.connect_channel(channel)
    # A deep search on a double: seconds of work, so it is still running at SIGTERM.
    slow = bot_service_pb2.HintRequest(
        position=start_position(),
        dice=board_pb2.Dice(die1=3, die2=3),
        level=bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
    )
    future = stubs.bot.Hint.future(slow, timeout=60)
    deadline = time.monotonic() + 30
    while '"rpc.start"' not in server.log.read_text() or "BotService/Hint" not in server.log.read_text():
        assert time.monotonic() < deadline, server.log.read_text()
        time.sleep(0.01)
    server.process.send_signal(signal.SIGTERM)
    assert not future.done()
    assert future.result(timeout=60).plays
    assert server.process.wait(60) == 0
    with pytest.raises(grpc.RpcError) as refused:
        stubs.game.ListLegalPlays(legal_plays_request(), timeout=5)
    assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
    channel.close()
    assert "worker.draining" in server.log.read_text()


def test_a_worker_that_dies_is_replaced(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--workers", "1", "--metrics-port", "off")
    try:
        os.kill(server.workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 60
        while server.log.read_text().count('"worker.serving"') < 2:
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.05)
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            assert Stubs.connect_channel(channel).game.ListLegalPlays(legal_plays_request(), timeout=10).plays
        assert '"worker.died"' in server.log.read_text()
    finally:
        assert server.stop() == 0


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "gammond.server", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_shows_every_flag_with_its_environment_variable() -> None:
    shown = _run("--help").stdout
    for variable in (
        "GAMMOND_PORT",
        "GAMMOND_WORKERS",
        "GAMMOND_METRICS_PORT",
        "GAMMOND_GRACE_S",
        "GAMMOND_LOG_LEVEL",
    ):
        assert variable in shown


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        ((), {"GAMMOND_WORKERS": "0"}, "GAMMOND_WORKERS"),
        (("--port", "70000"), {}, "--port"),
        (("--host", "localhost"), {}, "--host"),
        (("--log-level", "chatty"), {}, "--log-level"),
    ],
)
def test_bad_configuration_is_refused_naming_the_setting(
    args: tuple[str, ...], env: dict[str, str], named: str
) -> None:
    result = _run(*args, **env)
    assert result.returncode == 2
    assert re.search(re.escape(named), result.stderr)
