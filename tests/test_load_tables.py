"""``gammond-load --tables``: live tables played to their end, every event delivered to every watcher."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from backgammon.v1 import board_pb2, game_pb2, play_service_pb2
from gammond.load.cli import main
from gammond.load.runner import LoadSettings
from gammond.load.tables import TableMix, choose, run_tables
from gammond.server.app import Served, ServerOptions, create_server


@pytest.fixture(scope="module")
def one_worker() -> Iterator[Served]:
    # The memory store, one worker; 16 threads: up to 8 watchers at once (3 per table here).
    server = create_server(ServerOptions(host="127.0.0.1", port=0, threads=16))
    yield server
    server.stop(1.0)


def test_two_tables_are_played_to_their_end_and_every_watcher_gets_every_event(one_worker: Served) -> None:
    settings = LoadSettings(target=f"127.0.0.1:{one_worker.port}", duration_s=120.0, timeout_s=30.0)
    mix = TableMix(think_s=(0.0, 0.0), spectators=True)
    report, ids = asyncio.run(run_tables(settings, mix, tables=2, seed=36, limit=2))
    assert report.started == report.finished == len(set(ids)) == 2
    assert report.events > 2  # more than the two tables' game_started
    assert report.deliveries == 3 * report.events  # White, Black and the spectator each got every event
    assert report.errors == {} and report.streams == {"OK": 6}
    assert report.calls.methods["CreateTable"].calls == 2
    assert report.calls.methods["TableAct"].calls > 2
    data = report.as_json()
    assert data["events"] == report.events and data["delay_ms"]["max"] >= data["delay_ms"]["p50"]


def test_the_command_line_plays_a_table_and_writes_its_report_as_json(
    one_worker: Served, tmp_path: Path
) -> None:
    argv = ["--target", f"127.0.0.1:{one_worker.port}", "--tables", "1", "--table-limit", "1"]
    out = tmp_path / "report.json"
    assert main([*argv, "--think", "0", "--duration", "120", "--quiet", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["started"] == data["finished"] == 1
    assert data["deliveries"] == 2 * data["events"] > 0
    assert data["settings"]["tables"] == 1 and data["table_errors"] == {}


def test_a_table_run_with_bad_bounds_is_refused_before_it_starts(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (
        ["--tables", "0"],
        ["--tables", "1", "--table-limit", "0"],
        ["--tables", "1", "--redis", "x"],
    ):
        with pytest.raises(SystemExit):
            main(["--target", "127.0.0.1:1", *bad])
        assert "gammond-load: error:" in capsys.readouterr().err


def test_a_seat_taps_confirm_first_and_else_a_single_die_move_of_its_own() -> None:
    white, black = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
    move = game_pb2.Action(kind=game_pb2.ACTION_KIND_MOVE, player=white, dice_used=[3])
    move.move.CopyFrom(board_pb2.CheckerMove(from_point=24, to_point=21))
    choices = play_service_pb2.ListActionsResponse(
        actions=[move, game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL, player=black)]
    )
    chosen = choose(choices, white, random.Random(1))
    assert chosen.kind == game_pb2.ACTION_KIND_MOVE and chosen.move == move.move and not chosen.player
    assert choose(choices, black, random.Random(1)).kind == game_pb2.ACTION_KIND_ROLL
