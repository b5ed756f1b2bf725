"""RecordService over gRPC: export and import, the analysis (unary and streamed), and bad input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, record_service_pb2
from bench.mat_roundtrip import decoded, play_through_api
from gammond.engine.records import record_of
from gammond.server.app import Served
from gammond_client import GammondClient
from gammond_client.records import format_report
from tests.support.records import differences, our_summary
from tests.support.server import failure
from tests.test_records import BASE, MALFORMED


@pytest.fixture(scope="module")
def client(served: Served) -> Iterator[GammondClient]:
    with GammondClient(f"127.0.0.1:{served.port}", timeout=60) as connected:
        yield connected


@pytest.fixture(scope="module")
def played(client: GammondClient) -> list[game_pb2.Game]:
    """A seeded 3-point match of two games or more, bot against bot, through PlayService.

    A match can end in one game (a gammon on a doubled cube): the first seed
    from 21 on that gives more is used, so the tests always see a next game.
    """
    for seed in range(21, 41):
        games = play_through_api(client, 3, seed, bot_service_pb2.BOT_LEVEL_INTERMEDIATE)
        if len(games) >= 2:
            return games  # type: ignore[return-value]
    pytest.fail("no seed in 21..40 gave a 3-point match of two games or more")


def _violation(call: object, request: object) -> tuple[str, str]:
    """The field and description of the INVALID_ARGUMENT a call must end with."""
    error = failure(call, request)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT, error
    return error.field_violations[0]


def test_a_match_played_through_the_api_exports_and_imports_unchanged(
    client: GammondClient, played: list[game_pb2.Game]
) -> None:
    text = client.export_match(played, "Alice", "Bob")
    assert " 3 point match" in text and "Alice : 0" in text
    imported = client.import_match(text)
    assert (imported.white_name, imported.black_name) == ("Alice", "Bob")
    assert imported.rules.match_length == 3
    ours = record_of(decoded(played))  # type: ignore[arg-type]
    back = record_of(decoded(imported.games))  # type: ignore[arg-type]
    assert differences(our_summary(back), our_summary(ours)) == []
    assert imported.games[-1].phase == game_pb2.PHASE_MATCH_OVER


@pytest.mark.parametrize(("name", "text", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_file_is_invalid_argument_naming_its_line(
    client: GammondClient, name: str, text: str, message: str
) -> None:
    field, description = _violation(
        client.records.ImportMatch, record_service_pb2.ImportMatchRequest(mat=text)
    )
    assert field == "mat"
    assert message in description


def test_games_that_do_not_follow_each_other_are_invalid_argument_naming_the_game(
    client: GammondClient, played: list[game_pb2.Game]
) -> None:
    assert len(played) >= 2
    request = record_service_pb2.ExportMatchRequest(games=[played[0], played[0]])
    assert _violation(client.records.ExportMatch, request)[0].startswith("games[1]")
    assert _violation(client.records.ExportMatch, record_service_pb2.ExportMatchRequest())[0] == "games"


def test_a_name_with_a_colon_is_refused(client: GammondClient, played: list[game_pb2.Game]) -> None:
    request = record_service_pb2.ExportMatchRequest(games=played, white_name="a : b")
    assert _violation(client.records.ExportMatch, request)[0] == "white_name"


def test_the_analysis_reports_both_players_and_every_play(
    client: GammondClient, played: list[game_pb2.Game]
) -> None:
    report = client.analyse_match(played, bot_service_pb2.BOT_LEVEL_ADVANCED)
    assert report.complete
    assert [p.player for p in report.players] == [board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK]
    plays = sum(1 for game in played for e in game.log if e.kind == game_pb2.ACTION_KIND_PLAY)
    checker = [d for d in report.decisions if d.kind == record_service_pb2.DECISION_KIND_CHECKER]
    assert len(checker) == plays
    assert sum(p.checker_decisions for p in report.players) == plays
    assert all(d.error >= 0 for d in report.decisions)
    for stats in report.players:
        assert stats.performance_rating == pytest.approx(stats.error_rate / 2)
    text = format_report(report, ("Alice", "Bob"))
    assert "Alice" in text and "PR" in text


def test_the_streamed_analysis_reports_progress_then_the_same_report(
    client: GammondClient, played: list[game_pb2.Game]
) -> None:
    request = record_service_pb2.StreamAnalyseMatchRequest(
        games=played[:1], level=bot_service_pb2.BOT_LEVEL_ADVANCED
    )
    messages = list(client.records.StreamAnalyseMatch(request, timeout=60))
    assert len(messages) >= 2
    assert all(not m.HasField("report") for m in messages[:-1])
    done = [m.done for m in messages[:-1]]
    assert done == sorted(done) and done[0] >= 1
    final = messages[-1].report
    unary = client.analyse_match(played[:1], bot_service_pb2.BOT_LEVEL_ADVANCED)
    assert [d.error for d in final.decisions] == pytest.approx([d.error for d in unary.decisions])


def test_a_streamed_analysis_of_bad_games_is_invalid_argument(client: GammondClient) -> None:
    request = record_service_pb2.StreamAnalyseMatchRequest(games=[game_pb2.Game()])
    with pytest.raises(grpc.RpcError) as caught:
        list(client.records.StreamAnalyseMatch(request, timeout=30))
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_the_base_file_imports_over_the_api(client: GammondClient) -> None:
    imported = client.import_match(BASE)
    assert len(imported.games) == 2
    assert imported.games[0].result.winner == board_pb2.COLOR_BLACK


def test_the_client_command_prints_an_analysis_and_names_a_bad_line(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gammond_client.records import main

    good = tmp_path / "good.mat"
    good.write_text(BASE)
    target = f"127.0.0.1:{served.port}"
    assert main(["--target", target, "analyse", str(good)]) == 0
    assert "PR" in capsys.readouterr().out
    assert main(["--target", target, "import", str(good)]) == 0
    assert "game 1: 0-0, Black wins 1" in capsys.readouterr().out
    bad = tmp_path / "bad.mat"
    bad.write_text(BASE.replace("13/7 8/7", "13/7 8/6"))
    assert main(["--target", target, "import", str(bad)]) == 2
    assert "line 6" in capsys.readouterr().err
