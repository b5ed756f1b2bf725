"""``gammond-load``: its requests, its bounds, its report and its refusal to leave this machine."""

from __future__ import annotations

import asyncio
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest
from prometheus_client import REGISTRY

from gammond.load import (
    DEFAULT_MIX,
    Call,
    GameMix,
    LoadSettings,
    TargetRefused,
    build_calls,
    check_target,
    parse_mix,
    percentile,
    run_games,
    run_load,
    self_play,
)
from gammond.load.mix import RPCS, MixError
from gammond.server.app import Served, ServerOptions, create_server
from tests.support.server import ROOT
from tests.support.waits import settled

SAMPLES = self_play(120, seed=11)
LEGAL = "/backgammon.v1.GameService/ListLegalPlays"


def target(server: Served) -> str:
    return f"127.0.0.1:{server.port}"


def served_calls(method: str) -> float:
    """Calls of ``method`` the in-process server has answered OK so far."""
    return REGISTRY.get_sample_value("gammond_rpc_calls_total", {"method": method, "code": "OK"}) or 0.0


def run(calls: list[Call], settings: LoadSettings):  # type: ignore[no-untyped-def]
    return asyncio.run(run_load(calls, settings))


def test_self_play_is_reproducible_and_reaches_doubles_and_the_bar() -> None:
    assert self_play(120, seed=11) == SAMPLES
    assert self_play(120, seed=12) != SAMPLES
    assert sum(s.is_double() for s in SAMPLES) > 0
    assert sum(s.position.bar > 0 for s in SAMPLES) > 0
    assert {s.white for s in SAMPLES} == {True, False}


@pytest.mark.parametrize("rpc", sorted(RPCS))
def test_every_request_of_the_mix_is_one_the_server_accepts(served: Served, rpc: str) -> None:
    calls = build_calls(SAMPLES, {rpc: 1}, len(SAMPLES), seed=5)
    with grpc.insecure_channel(target(served)) as channel:
        for call in calls:
            try:
                channel.unary_unary(call.method)(call.payload, timeout=30)
            except grpc.RpcError as error:
                pytest.fail(f"{rpc} refused: {error.code().name} {error.details()}")  # type: ignore[attr-defined]


def test_the_mix_follows_its_weights_and_is_reproducible() -> None:
    calls = build_calls(SAMPLES, {"ListLegalPlays": 3, "RollDice": 1}, 2000, seed=2)
    assert calls == build_calls(SAMPLES, {"ListLegalPlays": 3, "RollDice": 1}, 2000, seed=2)
    legal = sum(c.name == "ListLegalPlays" for c in calls)
    assert {c.name for c in calls} == {"ListLegalPlays", "RollDice"}
    assert 1300 < legal < 1700  # 3 in 4 of 2000, give or take several standard deviations
    assert set(DEFAULT_MIX) <= set(RPCS)


@pytest.mark.parametrize(
    ("text", "named"),
    [("Nope=1", "'Nope'"), ("RollDice=x", "'x'"), ("RollDice=-1", "-1"), ("RollDice=0", "no RPC")],
)
def test_a_bad_mix_is_refused_naming_the_bad_part(text: str, named: str) -> None:
    with pytest.raises(MixError, match=named):
        parse_mix(text)


def test_a_bounded_run_reports_every_call_it_made(served: Served) -> None:
    calls = build_calls(SAMPLES, {"ListLegalPlays": 1}, 50, seed=1)
    before = served_calls(LEGAL)
    report = run(
        calls,
        LoadSettings(target=target(served), max_calls=150, duration_s=120, concurrency=4, warmup_calls=5),
    )
    assert report.calls == 150 and report.codes == {"OK": 150}
    assert settled(lambda: served_calls(LEGAL) - before, 150 + 5) == 150 + 5
    assert sum(m.calls for m in report.methods.values()) == 150
    latency = report.latency
    assert 0 < latency.p50 <= latency.p95 <= latency.p99 <= latency.max


def test_failed_calls_are_counted_by_status_code(served: Served) -> None:
    calls = [
        Call("Missing", "/backgammon.v1.GameService/NoSuchRpc", b""),
        Call("Garbage", LEGAL, b"\xff\xff\xff"),
        Call("ListLegalPlays", LEGAL, build_calls(SAMPLES, {"ListLegalPlays": 1}, 1)[0].payload),
    ]
    report = run(
        calls,
        LoadSettings(target=target(served), max_calls=30, duration_s=120, concurrency=3, warmup_calls=0),
    )
    assert report.errors == {"UNIMPLEMENTED": 10, "INVALID_ARGUMENT": 10}
    assert report.codes["OK"] == 10
    assert (report.methods["Missing"].errors, report.methods["ListLegalPlays"].errors) == (10, 0)


def test_several_connections_share_the_calls(served: Served) -> None:
    calls = build_calls(SAMPLES, {"RollDice": 1}, 20)
    report = run(
        calls, LoadSettings(target=target(served), max_calls=60, duration_s=120, concurrency=6, connections=3)
    )
    assert report.codes == {"OK": 60}
    assert report.settings["connections"] == 3


@pytest.mark.parametrize("bad", ["10.0.0.7:50051", "192.168.1.20:8080", "8.8.8.8:53", "[2001:db8::1]:80"])
def test_the_load_refuses_targets_off_this_machine(bad: str) -> None:
    with pytest.raises(TargetRefused, match="not loopback"):
        check_target(bad)
    assert check_target(bad, allow_remote=True) == bad


@pytest.mark.parametrize("good", ["127.0.0.1:8080", "127.0.0.2:50051", "localhost:50051", "[::1]:8080"])
def test_loopback_targets_are_allowed(good: str) -> None:
    assert check_target(good) == good


@pytest.mark.parametrize("bad", ["localhost", "127.0.0.1:", "127.0.0.1:99999", "::1:8080", "[::1:8080"])
def test_a_malformed_target_is_refused_by_name(bad: str) -> None:
    with pytest.raises(TargetRefused, match=r"\[|host:port|brackets"):
        check_target(bad)


def test_the_command_refuses_a_remote_target_before_sending_anything() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gammond.load", "--target", "10.9.8.7:50051", "--calls", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--allow-remote" in done.stderr


def test_the_command_prints_progress_and_writes_a_json_report(served: Served, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    # 60 calls due 40 per second take at least 1.5 s: long enough for a progress line.
    command = [
        sys.executable,
        "-m",
        "gammond.load",
        "--target",
        target(served),
        "--rate",
        "40",
        "--calls",
        "60",
        "--duration",
        "60",
        "--positions",
        "40",
        "--warmup",
        "2",
        "--json",
        str(out),
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "calls/s" in done.stdout
    assert any("calls" in line and "p99" in line for line in done.stderr.splitlines())
    report = json.loads(out.read_text())
    assert report["calls"] == 60 and report["errors"] == {}
    assert sum(m["calls"] for m in report["methods"].values()) == 60
    assert set(report["latency_ms"]) == {"p50", "p95", "p99", "max"}


@pytest.mark.parametrize("size", [1, 2, 7, 100, 1001])
def test_a_percentile_is_the_nearest_rank(size: int) -> None:
    rng = random.Random(size)
    data = sorted(rng.random() for _ in range(size))
    for q in (0.5, 0.95, 0.99, 1.0):
        value = percentile(data, q)
        rank = math.ceil(q * size)
        assert value in data
        assert sum(x <= value for x in data) >= rank > sum(x < value for x in data)


@pytest.mark.parametrize(
    "settings",
    [
        dict(duration_s=0),
        dict(duration_s=4000),
        dict(max_calls=0),
        dict(concurrency=0),
        dict(rate=0.0),
        dict(connections=0),
    ],
)
def test_unbounded_or_empty_runs_are_refused(settings: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        LoadSettings(target="127.0.0.1:1", **settings)  # type: ignore[arg-type]


def test_whole_lean_games_are_played_from_the_choices_as_a_frontend_plays_them(served: Served) -> None:
    # Human tables (no pause, so the run stays short) with hints, and bot tables; bounded by calls.
    mix = GameMix(human=3, bot=1, hint_turns=0.5, think_s=(0.0, 0.0))
    report = asyncio.run(
        run_games(LoadSettings(target=target(served), max_calls=400, duration_s=120), mix, 4)
    )
    assert report.calls == 400 and report.errors == {}
    assert {"NewGame", "Act", "BotAct", "Hint"} <= set(report.methods)
    assert report.methods["Act"].calls > report.methods["Hint"].calls > 0
    # Never ListActions: every answer listed what may be done next.
    assert not set(report.methods) - {"NewGame", "Act", "BotAct", "Hint"}
    assert report.settings["games"] == 4 and report.settings["mix"]["human"] == 3


def test_human_tables_keep_their_pace_and_the_duration_bounds_the_run(served: Served) -> None:
    # 6 tables tapping every 0.2-0.3 s for 1.5 s: about 6 / 0.25 * 1.5 = 36 calls, never hundreds.
    mix = GameMix(human=1, bot=0, hint_turns=0, think_s=(0.2, 0.3))
    started = time.perf_counter()
    report = asyncio.run(run_games(LoadSettings(target=target(served), duration_s=1.5), mix, 6))
    assert time.perf_counter() - started < 10
    assert 12 <= report.calls <= 70 and report.errors == {}


def test_a_table_whose_calls_alternate_between_servers_plays_on(served: Served) -> None:
    # Every call to the other server in turn: each Game comes back to a worker that did not write it.
    other = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2))
    other.warm_up()
    try:
        settings = LoadSettings(target=target(served), max_calls=120, duration_s=120)
        mix = GameMix(human=1, bot=1, hint_turns=0, think_s=(0.0, 0.0))
        report = asyncio.run(run_games(settings, mix, 2, rotate=[target(other)]))
    finally:
        other.stop(1.0)
    assert report.calls == 120 and report.errors == {}


@pytest.mark.parametrize(
    "bad",
    [dict(human=0, bot=0), dict(hint_turns=1.5), dict(level="grandmaster"), dict(think_s=(3.0, 2.0))],
)
def test_a_bad_game_mix_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GameMix(**bad)  # type: ignore[arg-type]


def test_the_command_plays_whole_games(served: Served) -> None:
    command = [sys.executable, "-m", "gammond.load", "--target", target(served), "--games", "3"]
    command += ["--think", "0", "--calls", "90", "--duration", "60", "--quiet", "--json", "-"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["calls"] == 90 and report["errors"] == {}
    assert "Act" in report["methods"] and report["settings"]["games"] == 3
