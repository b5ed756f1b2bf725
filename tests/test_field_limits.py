"""The table of field limits (gammond.server.limits.FIELD_LIMITS): real fields, used, documented.

docs/limits.md is generated from the table; these tests fail when it is
stale, when a row names a field the protos do not have (or counts the wrong
thing), and when a limit checked outside the table (the engine, a service)
is not the table's.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path

import pytest
from google.protobuf import descriptor_pool
from google.protobuf.descriptor import FieldDescriptor

import backgammon.v1
from backgammon.v1 import board_pb2, game_pb2, play_service_pb2, record_service_pb2, rules_pb2
from gammond.engine import MAX_SEED_BYTES, Player
from gammond.engine.bot import RolloutSettings
from gammond.engine.records.model import MAX_NAME
from gammond.server import limits
from gammond.server.errors import WireError
from gammond.server.limits import (
    BYTES,
    CHARACTERS,
    ENTRIES,
    FIELD_LIMITS,
    MAX_NUMBER,
    MAX_REPEATED,
    MAX_STRING_CHARS,
    VALUE,
    check_limits,
    limit,
    markdown,
    most,
)
from gammond.server.services.chouette import MAX_PLAYERS
from gammond.server.services.dice import MAX_COUNT, MAX_SKIP
from gammond.server.wire import game as wire_game
from gammond.server.wire.board import check_number, decode_board, decode_dice, decode_moves
from gammond.server.wire.rules import decode_cube, decode_match, decode_result, decode_rules

DOCS = Path(__file__).resolve().parent.parent / "docs" / "limits.md"
_INTEGERS = {
    FieldDescriptor.TYPE_INT32,
    FieldDescriptor.TYPE_INT64,
    FieldDescriptor.TYPE_UINT32,
    FieldDescriptor.TYPE_UINT64,
    FieldDescriptor.TYPE_SINT32,
    FieldDescriptor.TYPE_SINT64,
}


def _field(name: str) -> FieldDescriptor:
    for module in pkgutil.iter_modules(backgammon.v1.__path__):
        if module.name.endswith("_pb2"):
            importlib.import_module(f"backgammon.v1.{module.name}")
    message, _, field = name.rpartition(".")
    return descriptor_pool.Default().FindMessageTypeByName(message).fields_by_name[field]


def test_the_docs_table_is_generated_from_the_limits() -> None:
    assert DOCS.read_text() == markdown(), (
        "docs/limits.md is stale: python -m gammond.server.limits --markdown > docs/limits.md"
    )


@pytest.mark.parametrize("name", sorted(FIELD_LIMITS))
def test_each_row_names_a_request_field_and_counts_what_it_holds(name: str) -> None:
    field = _field(name)  # a KeyError names a row whose field is gone or renamed
    row = FIELD_LIMITS[name]
    if row.unit == ENTRIES:
        assert field.is_repeated
    else:
        assert not field.is_repeated
        kind = {
            CHARACTERS: {FieldDescriptor.TYPE_STRING},
            BYTES: {FieldDescriptor.TYPE_BYTES},
            VALUE: _INTEGERS,
        }
        assert field.type in kind[row.unit]
    assert 0 <= row.low <= row.high
    assert all(0 <= size <= row.high for size in row.sizes)


def test_paired_fields_share_a_limit() -> None:
    pairs = [
        ("Dice.die1", "Dice.die2"),
        ("CheckerMove.from_point", "CheckerMove.to_point"),
        ("MatchScore.white_score", "MatchScore.black_score"),
        ("MatchScore.white_score", "GameRecord.white_score"),
        ("MatchScore.white_score", "GameRecord.black_score"),
        ("MatchState.white_score", "MatchState.black_score"),
        ("FairDice.white_seed", "FairDice.black_seed"),
    ]
    for a, b in pairs:
        assert limit(f"backgammon.v1.{a}") == limit(f"backgammon.v1.{b}")


def test_the_limits_checked_elsewhere_are_the_tables() -> None:
    v1 = "backgammon.v1."
    assert most(v1 + "RollDiceRequest.count") == MAX_COUNT
    assert most(v1 + "RollDiceRequest.skip") == MAX_SKIP
    assert most(v1 + "LineUpRequest.players") == most(v1 + "LineUpRequest.rolls") == MAX_PLAYERS
    for name in ("Game.seed", "NewGameRequest.seed", "AddClientSeedRequest.seed", "FairDice.white_seed"):
        assert most(v1 + name) == MAX_SEED_BYTES
    trials, truncate = most(v1 + "RolloutRequest.trials"), most(v1 + "RolloutRequest.truncate")
    RolloutSettings(trials=trials, truncate=truncate, plies=most(v1 + "RolloutRequest.plies"))
    for past in ({"trials": trials + 1}, {"truncate": truncate + 1}, {"plies": 2}):
        with pytest.raises(ValueError):
            RolloutSettings(**past)  # type: ignore[arg-type]
    assert (
        most(v1 + "ExportMatchRequest.white_name") == most(v1 + "ExportMatchRequest.black_name") == MAX_NAME
    )


def test_the_walk_holds_fields_to_their_rows_and_the_rest_to_the_defaults() -> None:
    log = most("backgammon.v1.Game.log")
    game = game_pb2.Game(log=[game_pb2.LogEntry()] * log)
    request = play_service_pb2.ActRequest(game=game)
    check_limits(request, request.ByteSize())
    request.game.log.append(game_pb2.LogEntry())
    with pytest.raises(WireError, match=f"at most {log} are allowed") as raised:
        check_limits(request, request.ByteSize())
    assert raised.value.field == "game.log"
    mat = record_service_pb2.ImportMatchRequest(mat="x" * most("backgammon.v1.ImportMatchRequest.mat"))
    check_limits(mat, mat.ByteSize())
    names = record_service_pb2.ExportMatchRequest(white_name="x" * (MAX_STRING_CHARS + 1))
    with pytest.raises(WireError, match=f"at most {MAX_STRING_CHARS}"):
        check_limits(names, names.ByteSize())
    moves = board_pb2.CheckerMoves(moves=[board_pb2.CheckerMove()] * (MAX_REPEATED + 1))
    with pytest.raises(WireError, match=f"at most {MAX_REPEATED}"):
        check_limits(moves, moves.ByteSize())


def test_a_field_over_its_limit_deep_inside_a_game_is_named_by_its_path() -> None:
    # The quick check reads only strings and repeated fields, by a plan per
    # message type; the walk names the field once the check finds one over.
    entry = game_pb2.LogEntry(moves=[board_pb2.CheckerMove()] * MAX_REPEATED)
    request = play_service_pb2.ActRequest(game=game_pb2.Game(log=[game_pb2.LogEntry()] * 3 + [entry]))
    check_limits(request, request.ByteSize())
    request.game.log[3].moves.append(board_pb2.CheckerMove())
    with pytest.raises(WireError, match=f"at most {MAX_REPEATED} are allowed") as raised:
        check_limits(request, request.ByteSize())
    assert raised.value.field == "game.log[3].moves"
    sealed = play_service_pb2.ActRequest(
        game=game_pb2.Game(seal=game_pb2.GameSeal(key_id="k" * MAX_STRING_CHARS))
    )
    check_limits(sealed, sealed.ByteSize())
    sealed.game.seal.key_id += "k"
    with pytest.raises(WireError, match=f"at most {MAX_STRING_CHARS}") as raised:
        check_limits(sealed, sealed.ByteSize())
    assert raised.value.field == "game.seal.key_id"


def test_the_older_messages_numbers_stop_at_their_rows() -> None:
    top = MAX_NUMBER
    assert all(
        most(f"backgammon.v1.{name}") == top
        for name in (
            "RuleOptions.match_length",
            "RuleOptions.max_automatic_doubles",
            "CubeState.value",
            "MatchState.white_score",
            "GameResult.cube_value",
            "GameResult.points",
            "RecordGameRequest.games_played",
        )
    )
    assert check_number(top, "n") == top
    with pytest.raises(WireError):
        check_number(top + 1, "n")
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: decode_rules(rules_pb2.RuleOptions(match_length=top + 1), "rules"), "rules.match_length"),
        (
            lambda: decode_cube(
                rules_pb2.CubeState(value=2 * top, owner=rules_pb2.CUBE_OWNER_CENTERED), "cube"
            ),
            "cube.value",
        ),
        (
            lambda: decode_match(rules_pb2.MatchState(black_score=top + 1), decode_rules(None, "r"), "match"),
            "match.black_score",
        ),
        (
            lambda: decode_result(
                rules_pb2.GameResult(
                    winner=board_pb2.COLOR_WHITE,
                    kind=rules_pb2.RESULT_KIND_SINGLE,
                    ended=rules_pb2.GAME_END_PLAYED_OUT,
                    points=top + 1,
                ),
                "game",
            ),
            "game.points",
        ),
    ]
    for call, field in cases:
        with pytest.raises(WireError) as raised:
            call()
        assert raised.value.field == field


def test_dice_points_and_boards_stop_at_their_rows() -> None:
    die = limit("backgammon.v1.Dice.die1")
    assert decode_dice(board_pb2.Dice(die1=die.low, die2=die.high), "dice") == (die.low, die.high)
    with pytest.raises(WireError, match="die2"):
        decode_dice(board_pb2.Dice(die1=die.low, die2=die.high + 1), "dice")
    point = most("backgammon.v1.CheckerMove.to_point")
    with pytest.raises(WireError, match="to_point"):
        decode_moves([board_pb2.CheckerMove(from_point=point, to_point=point + 1)], Player.WHITE, "moves")
    with pytest.raises(WireError, match="needs 24 counts"):
        decode_board(board_pb2.Board(points=[0] * 25), Player.WHITE, "board")


def test_the_game_decoder_reads_its_limits_from_the_table() -> None:
    v1 = "backgammon.v1."
    assert wire_game._MAX_CUBE == most(v1 + "GameCube.value")
    assert wire_game._MAX_LOG == most(v1 + "Game.log")
    assert wire_game._MAX_VERSION == most(v1 + "Game.version")
    assert wire_game.GAME_ID_BYTES == limit(v1 + "Game.game_id").high
    assert wire_game.CHAIN_BYTES == limit(v1 + "LogDigest.chain").high
    with pytest.raises(WireError) as raised:
        wire_game.decode_outcome(
            game_pb2.GameOutcome(
                winner=board_pb2.COLOR_WHITE,
                kind=rules_pb2.RESULT_KIND_SINGLE,
                ended=rules_pb2.GAME_END_PLAYED_OUT,
                cube_value=1,
                points=most(v1 + "GameOutcome.points") + 1,
            ),
            "result",
        )
    assert raised.value.field == "result.points"


def test_the_command_prints_the_docs_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert limits.main(["--markdown"]) == 0
    assert capsys.readouterr().out == DOCS.read_text()
