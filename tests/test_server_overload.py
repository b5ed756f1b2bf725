"""A worker holding its cap of calls refuses more with RESOURCE_EXHAUSTED, logged and counted (issue 38).

The cap is small here (``max_calls=2``) and the worker is filled by work
queued on its own thread pool, as a burst of calls would fill it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent import futures

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client import REGISTRY

from backgammon.v1 import bot_service_pb2, game_service_pb2
from gammond.server import calls, logs
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.overload import OVERLOADED
from gammond_client import from_rpc_error
from tests.support.server import Stubs, dice, failure, start_position
from tests.support.waits import settled

LEGAL_PLAYS = "/backgammon.v1.GameService/ListLegalPlays"
ROLLOUT = "/backgammon.v1.BotService/Rollout"
CAP = 2


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = create_server(ServerOptions(threads=CAP + 2, max_calls=CAP))
    server.warm_up()
    yield server
    server.stop(0)


@pytest.fixture(scope="module")
def stubs(served: Served) -> Iterator[Stubs]:
    connected = Stubs.connect(f"127.0.0.1:{served.port}")
    yield connected
    connected.channel.close()


@pytest.fixture
def full(served: Served) -> Iterator[None]:
    """The worker holding its cap: ``CAP`` pieces of work waiting on its pool."""
    release = threading.Event()
    held = [served.pool.submit(release.wait, 30) for _ in range(CAP)]
    assert settled(lambda: served.calls.held, CAP) == CAP
    yield
    release.set()
    futures.wait(held, timeout=30)
    assert settled(lambda: served.calls.held, 0) == 0


def legal_plays() -> game_service_pb2.ListLegalPlaysRequest:
    return game_service_pb2.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1))


def refused(method: str) -> float:
    return REGISTRY.get_sample_value("gammond_overload_refused_total", {"method": method}) or 0.0


def answered(method: str, code: str) -> float:
    return REGISTRY.get_sample_value("gammond_rpc_calls_total", {"method": method, "code": code}) or 0.0


def test_a_call_over_the_workers_cap_is_refused_with_a_retry_hint_and_a_reason(
    served: Served, stubs: Stubs, full: None
) -> None:
    error = failure(stubs.game.ListLegalPlays, legal_plays())
    assert error.code is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert error.reason == OVERLOADED
    assert error.retry_after_s is not None and error.retry_after_s > 0
    assert error.request_id  # in the trailers, as for every call
    assert f"limit of {CAP} calls" in error.message


@pytest.fixture
def logged() -> Iterator[None]:
    logs.configure("info", role="worker", worker=0)
    yield
    logs.reset()


def test_a_refused_call_is_counted_and_logged_as_resource_exhausted(
    served: Served, stubs: Stubs, full: None, logged: None, capfd: pytest.CaptureFixture[str]
) -> None:
    calls.flush()  # earlier calls' counts are written first
    refused_before = refused(LEGAL_PLAYS)
    counted_before = answered(LEGAL_PLAYS, "RESOURCE_EXHAUSTED")
    error = failure(stubs.game.ListLegalPlays, legal_plays())
    assert settled(lambda: refused(LEGAL_PLAYS), refused_before + 1) == refused_before + 1
    assert (
        settled(lambda: answered(LEGAL_PLAYS, "RESOURCE_EXHAUSTED"), counted_before + 1) == counted_before + 1
    )
    calls.flush()
    lines = [json.loads(line) for line in capfd.readouterr().err.splitlines() if line.startswith("{")]
    (line,) = [line for line in lines if line.get("request_id") == error.request_id]
    assert line["event"] == "rpc" and line["method"] == LEGAL_PLAYS and line["code"] == "RESOURCE_EXHAUSTED"


def test_the_worker_answers_again_once_it_holds_fewer_calls_than_its_cap(
    served: Served, stubs: Stubs
) -> None:
    release = threading.Event()
    held = [served.pool.submit(release.wait, 30) for _ in range(CAP)]
    assert failure(stubs.game.ListLegalPlays, legal_plays()).code is grpc.StatusCode.RESOURCE_EXHAUSTED
    release.set()
    futures.wait(held, timeout=30)
    assert settled(lambda: served.calls.held, 0) == 0
    assert stubs.game.ListLegalPlays(legal_plays(), timeout=10).plays


def test_a_refusal_does_not_read_the_request(stubs: Stubs, full: None) -> None:
    # Bytes that are no request would be INVALID_ARGUMENT if they were read.
    call = stubs.channel.unary_unary(LEGAL_PLAYS, request_serializer=None, response_deserializer=None)
    with pytest.raises(grpc.RpcError) as caught:
        call(b"\xff" * 1000, timeout=10)
    assert from_rpc_error(caught.value).reason == OVERLOADED


def test_a_streaming_call_over_the_cap_is_refused_too(stubs: Stubs, full: None) -> None:
    request = bot_service_pb2.RolloutRequest(position=start_position(), trials=36, seed=1)
    with pytest.raises(grpc.RpcError) as caught:
        list(stubs.bot.Rollout(request, timeout=10))
    error = from_rpc_error(caught.value)
    assert error.code is grpc.StatusCode.RESOURCE_EXHAUSTED and error.reason == OVERLOADED


def test_health_checks_are_answered_however_full_the_worker_is(stubs: Stubs, full: None) -> None:
    answer = health_pb2_grpc.HealthStub(stubs.channel).Check(health_pb2.HealthCheckRequest(), timeout=10)  # type: ignore[attr-defined]
    assert answer.status == health_pb2.HealthCheckResponse.SERVING  # type: ignore[attr-defined]


def test_in_a_burst_every_call_is_answered_or_refused_with_resource_exhausted_and_counted(
    served: Served, stubs: Stubs
) -> None:
    # Far more calls at once than the cap: gRPC core drops none (CANCELLED), we refuse the excess.
    burst = 300
    calls.flush()
    refused_before = refused(LEGAL_PLAYS)
    request = legal_plays()
    pending = [stubs.game.ListLegalPlays.future(request, timeout=60) for _ in range(burst)]
    codes: list[grpc.StatusCode] = []
    reasons: set[str | None] = set()
    for call in pending:
        try:
            call.result()
            codes.append(grpc.StatusCode.OK)
        except grpc.RpcError as error:
            unpacked = from_rpc_error(error)
            codes.append(unpacked.code)
            reasons.add(unpacked.reason)
    assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.RESOURCE_EXHAUSTED}
    assert grpc.StatusCode.OK in codes
    exhausted = codes.count(grpc.StatusCode.RESOURCE_EXHAUSTED)
    assert reasons <= {OVERLOADED}
    assert settled(lambda: refused(LEGAL_PLAYS), refused_before + exhausted) == refused_before + exhausted
    assert settled(lambda: served.calls.held, 0) == 0
