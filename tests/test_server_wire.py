"""The translation layer and the interceptor, below the services."""

from __future__ import annotations

from concurrent import futures

import grpc
import pytest

from backgammon.v1 import board_pb2, game_pb2, record_service_pb2
from gammond.engine import MAX_GAMES, Move, Player, Position
from gammond.server.config import parse_config
from gammond.server.errors import WireError
from gammond.server.interceptor import ObservingInterceptor, request_id
from gammond.server.wire.board import decode_moves, decode_position, encode_move, encode_position
from tests.support.positions import sample_positions
from tests.support.server import failure


@pytest.mark.parametrize("turn", [Player.WHITE, Player.BLACK])
def test_every_position_survives_the_wire_from_either_side(turn: Player) -> None:
    for sample in sample_positions(200, seed=9):
        wire = encode_position(sample.position, turn)
        assert decode_position(wire, "position") == (sample.position, turn)
        board = wire.board
        counts = [abs(n) for n in board.points]
        assert sum(counts) + board.white_bar + board.black_bar + board.white_off + board.black_off == 30


def test_the_same_board_reads_the_same_from_both_players() -> None:
    white = encode_position(Position.starting(), Player.WHITE).board
    black = encode_position(Position.starting(), Player.BLACK).board
    assert white == black


def test_black_moves_mirror_into_the_fixed_numbering() -> None:
    moves = [Move(25, 22), Move(13, 7, True), Move(2, 0)]
    wire = [encode_move(m, Player.BLACK) for m in moves]
    assert [(w.from_point, w.to_point, w.hit) for w in wire] == [
        (0, 3, False),
        (12, 18, True),
        (23, 25, False),
    ]
    assert decode_moves(wire, Player.BLACK, "moves") == [Move(m.from_point, m.to_point) for m in moves]


def test_a_point_past_25_names_the_move() -> None:
    with pytest.raises(WireError) as caught:
        decode_moves([board_pb2.CheckerMove(from_point=26, to_point=1)], Player.WHITE, "made")
    assert caught.value.field == "made[0].from_point"


def test_request_ids_are_taken_when_sane_and_made_up_otherwise() -> None:
    assert request_id([("x-request-id", "ok-1")]) == "ok-1"
    assert request_id([("x-request-id", "x" * 500)]) != "x" * 500
    assert request_id(None) != request_id(None)


def test_a_bug_is_internal_with_a_request_id_and_no_traceback() -> None:
    def broken(request: bytes, context: grpc.ServicerContext) -> bytes:
        raise RuntimeError("secret internals")

    handler = grpc.method_handlers_generic_handler(
        "test.Broken", {"Call": grpc.unary_unary_rpc_method_handler(broken)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(2), interceptors=[ObservingInterceptor()])
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            call = channel.unary_unary("/test.Broken/Call")
            error = failure(call, b"", metadata=(("x-request-id", "bug-7"),))
    finally:
        server.stop(0)
    assert error.code is grpc.StatusCode.INTERNAL and error.request_id == "bug-7"
    assert "bug-7" in error.message and "secret" not in error.message and "Traceback" not in error.message


def test_bytes_that_are_no_request_are_invalid_argument(stubs) -> None:
    call = stubs.channel.unary_unary("/backgammon.v1.GameService/ListLegalPlays")
    error = failure(call, b"\xff\xff\xff")
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "request"


@pytest.mark.parametrize(
    "method", ["/backgammon.v1.BotService/Rollout", "/backgammon.v1.RecordService/StreamAnalyseMatch"]
)
def test_bytes_that_are_no_request_are_invalid_argument_on_a_stream_too(stubs, method) -> None:
    call = stubs.channel.unary_stream(method)
    error = failure(lambda raw, **kw: list(call(raw, **kw)), b"\xff\xff\xff")
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "request"


def test_a_stream_request_over_a_count_limit_is_invalid_argument_naming_the_field(stubs) -> None:
    request = record_service_pb2.StreamAnalyseMatchRequest(games=[game_pb2.Game()] * (MAX_GAMES + 1))
    call = stubs.channel.unary_stream("/backgammon.v1.RecordService/StreamAnalyseMatch")
    error = failure(lambda r, **kw: list(call(r, **kw)), request.SerializeToString())
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "games"


def test_flags_beat_environment_variables_which_beat_defaults() -> None:
    environ = {"GAMMOND_PORT": "6000", "GAMMOND_WORKERS": "3", "GAMMOND_METRICS_PORT": "off"}
    config = parse_config(["--port", "7000"], environ)
    assert (config.port, config.workers, config.metrics_port) == (7000, 3, None)
    assert parse_config([], {}).port == 50051
