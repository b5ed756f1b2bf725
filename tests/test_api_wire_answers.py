"""The listing RPCs answered as wire bytes: the same messages as the reference path, and the views.

``ListLegalPlays`` and ``ListNextMoves`` are served by handlers that write
their answers' bytes without a message per play (the compiled kernel, or
the Python encoder under ``GAMMOND_PURE_PYTHON=1``); the message-building
servicer methods are the reference.  CI runs this module on both kernel
paths.
"""

from __future__ import annotations

import random

import grpc
import pytest

from backgammon.v1 import board_pb2
from backgammon.v1 import game_service_pb2 as pb
from gammond.engine import Position, kernel, legal_plays
from gammond.engine.players import Player
from gammond.server.errors import WireError
from gammond.server.services.game import GameServicer, add_to_server
from gammond.server.wire.board import encode_move
from gammond.server.wire.plays import read_listing
from tests.support.positions import sample_positions
from tests.support.server import HandlerRecorder, dice, failure, start_position

POSITIONS = 2_000
TURNS = 1_000
VIEWS = (pb.PLAY_VIEW_UNSPECIFIED, pb.PLAY_VIEW_FULL, pb.PLAY_VIEW_MOVES, pb.PLAY_VIEW_COUNT)
COLORS = ((board_pb2.COLOR_WHITE, Player.WHITE), (board_pb2.COLOR_BLACK, Player.BLACK))


def position_input(position_id: str, color: int) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(position_id=board_pb2.PositionId(id=position_id, turn=color))


def test_the_fast_legal_plays_are_the_reference_message_on_thousands_of_positions() -> None:
    servicer = GameServicer()
    checked = 0
    for i, sample in enumerate(sample_positions(POSITIONS, seed=11)):
        if sample.position.is_game_over():
            continue
        # Every position in the default view from both sides, and in one other view.
        for color, view in (
            (board_pb2.COLOR_WHITE, pb.PLAY_VIEW_UNSPECIFIED),
            (board_pb2.COLOR_BLACK, pb.PLAY_VIEW_UNSPECIFIED),
            (COLORS[i % 2][0], VIEWS[1 + i % 3]),
        ):
            request = pb.ListLegalPlaysRequest(
                position=position_input(sample.position.position_id(), color),
                dice=dice(*sample.dice),
                view=view,
            )
            reference = servicer.ListLegalPlays(request, None)  # type: ignore[arg-type]
            # Both ways in: the request's bytes as the handler reads them (the
            # kernel answers the common form itself), and the decoded message.
            raw = request.SerializeToString()
            for given in (read_listing(raw), request):
                fast = servicer.list_legal_plays_wire(given, None)  # type: ignore[arg-type]
                assert pb.ListLegalPlaysResponse.FromString(fast) == reference, (sample, color, view)
                assert fast == reference.SerializeToString(), (sample, color, view)
            checked += 1
    assert checked > 5_000


def test_the_fast_next_moves_are_the_reference_message_on_a_thousand_turns() -> None:
    servicer, rng = GameServicer(), random.Random(5)
    for i, sample in enumerate(sample_positions(TURNS, seed=13)):
        if sample.position.is_game_over():
            continue
        color, player = COLORS[i % 2]
        plays = legal_plays(sample.position, sample.dice)
        made = list(rng.choice(plays).moves[: rng.randint(0, 4)]) if plays else []
        request = pb.ListNextMovesRequest(
            position=position_input(sample.position.position_id(), color),
            dice=dice(*sample.dice),
            made=[encode_move(m, player) for m in made],
        )
        reference = servicer.ListNextMoves(request, None)  # type: ignore[arg-type]
        fast = servicer.list_next_moves_wire(request, None)  # type: ignore[arg-type]
        assert pb.ListNextMovesResponse.FromString(fast) == reference, (sample, made)
        assert fast == reference.SerializeToString(), (sample, made)


def test_an_unknown_view_is_refused_on_both_paths_naming_the_field() -> None:
    request = pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1), view=9)  # type: ignore[arg-type]
    for method in (GameServicer().ListLegalPlays, GameServicer().list_legal_plays_wire):
        with pytest.raises(WireError) as caught:
            method(request, None)  # type: ignore[arg-type]
        assert caught.value.field == "view"


def test_every_game_method_is_served_and_only_the_listings_pass_bytes_through() -> None:
    server = HandlerRecorder()
    add_to_server(GameServicer(), server)  # type: ignore[arg-type]
    handlers = server.registered["backgammon.v1.GameService"]
    assert set(handlers) == set(pb.DESCRIPTOR.services_by_name["GameService"].methods_by_name)
    unserialized = {name for name, handler in handlers.items() if handler.response_serializer is None}
    assert unserialized == {"ListLegalPlays", "ListNextMoves"}
    assert all(handler.request_deserializer is not None for handler in handlers.values())
    assert handlers["ListLegalPlays"].request_deserializer is read_listing
    assert len(server.generic) == 1


# -- over gRPC ----------------------------------------------------------------------


def test_by_default_the_answer_is_every_play_in_full_without_a_count(stubs) -> None:
    response = stubs.game.ListLegalPlays(pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1)))
    assert len(response.plays) == 16 and response.play_count == 0
    assert all(play.HasField("result") and play.moves and play.notation for play in response.plays)


def test_the_views_trim_the_plays_and_count_them(stubs) -> None:
    def ask(view: int) -> pb.ListLegalPlaysResponse:
        request = pb.ListLegalPlaysRequest(position=start_position(), dice=dice(6, 6), view=view)  # type: ignore[arg-type]
        response: pb.ListLegalPlaysResponse = stubs.game.ListLegalPlays(request)
        return response

    full, moves, count = ask(pb.PLAY_VIEW_FULL), ask(pb.PLAY_VIEW_MOVES), ask(pb.PLAY_VIEW_COUNT)
    assert full.play_count == len(full.plays) == moves.play_count == count.play_count > 1
    assert not any(play.HasField("result") for play in moves.plays)
    assert [(p.notation, list(p.moves)) for p in moves.plays] == [
        (p.notation, list(p.moves)) for p in full.plays
    ]
    assert list(count.plays) == []


def test_a_view_on_a_finished_game_or_with_bad_dice_fails_as_before(stubs) -> None:
    over = board_pb2.PositionInput(
        position=board_pb2.Position(
            board=board_pb2.Board(points=[0] * 23 + [-15], white_off=15), turn=board_pb2.COLOR_BLACK
        )
    )
    for view in VIEWS:
        error = failure(
            stubs.game.ListLegalPlays, pb.ListLegalPlaysRequest(position=over, dice=dice(3, 1), view=view)
        )
        assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "GAME_OVER"
        error = failure(
            stubs.game.ListLegalPlays,
            pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 7), view=view),
        )
        assert error.code is grpc.StatusCode.INVALID_ARGUMENT
        assert [field for field, _ in error.field_violations] == ["dice.die2"]
    error = failure(
        stubs.game.ListLegalPlays,
        pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1), view=7),  # type: ignore[arg-type]
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [field for field, _ in error.field_violations] == ["view"]


def test_the_common_request_is_answered_by_the_kernel_and_the_rest_decoded() -> None:
    common = pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1), view=pb.PLAY_VIEW_COUNT)
    answered = read_listing(common.SerializeToString())
    # Answered when the kernel is built (pure Python: decoded like any other).
    assert isinstance(answered, tuple) is (kernel.plays_wire_request is not None)
    for other in (
        pb.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 7)),
        pb.ListLegalPlaysRequest(
            position=board_pb2.PositionInput(xgid="XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
        ),
    ):
        assert read_listing(other.SerializeToString()) == other


def test_a_position_id_that_is_over_or_broken_fails_as_before_in_every_view(stubs) -> None:
    # The kernel's request reader declines these; the full path names them.
    over = Position.from_sides([0] * 25, [2] + [0] * 24).position_id()
    for view in VIEWS:
        request = pb.ListLegalPlaysRequest(
            position=position_input(over, board_pb2.COLOR_WHITE), dice=dice(3, 1), view=view
        )
        error = failure(stubs.game.ListLegalPlays, request)
        assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "GAME_OVER"
        request.position.position_id.id = "//////////////"
        error = failure(stubs.game.ListLegalPlays, request)
        assert error.code is grpc.StatusCode.INVALID_ARGUMENT
        assert [field for field, _ in error.field_violations] == ["position.position_id.id"]
        request.position.position_id.turn = board_pb2.COLOR_UNSPECIFIED
        request.position.position_id.id = Position.starting().position_id()
        error = failure(stubs.game.ListLegalPlays, request)
        assert [field for field, _ in error.field_violations] == ["position.position_id.turn"]


def test_an_xgid_with_dice_needs_no_dice_field_on_the_fast_path(stubs) -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    response = stubs.game.ListLegalPlays(
        pb.ListLegalPlaysRequest(position=board_pb2.PositionInput(xgid=xgid), view=pb.PLAY_VIEW_COUNT)
    )
    assert response.play_count > 0 and not response.plays
