"""Every outcome observed: oversize requests, health and reflection calls, idle sockets, drains."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from prometheus_client import REGISTRY

from gammond.server import calls as calls_module
from gammond.server.app import MAX_MESSAGE_BYTES, Served, ServerOptions, create_server
from gammond.server.limits import MAX_REQUEST_BYTES
from tests.support.waits import settled

HEALTH_CHECK = "/grpc.health.v1.Health/Check"
REFLECTION = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
LEGAL_PLAYS = "/backgammon.v1.GameService/ListLegalPlays"


@pytest.fixture
def served() -> Iterator[Served]:
    server = create_server(ServerOptions(idle_timeout_s=0.5))
    server.warm_up()
    yield server
    server.stop(0)


@pytest.fixture
def patient() -> Iterator[Served]:
    """A server that waits out a slow big request: on a busy machine a 0.5 s idle
    timeout can close the connection (GOAWAY) before gRPC has judged its size."""
    server = create_server(ServerOptions(idle_timeout_s=30.0))
    server.warm_up()
    yield server
    server.stop(0)


def calls(method: str, code: str) -> float:
    return REGISTRY.get_sample_value("gammond_rpc_calls_total", {"method": method, "code": code}) or 0.0


def test_a_health_check_for_an_unknown_service_is_counted_as_not_found(served: Served) -> None:
    before = calls(HEALTH_CHECK, "NOT_FOUND")
    with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        with pytest.raises(grpc.RpcError) as caught:
            stub.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=10)  # type: ignore[attr-defined]
    assert caught.value.code() is grpc.StatusCode.NOT_FOUND
    assert settled(lambda: calls(HEALTH_CHECK, "NOT_FOUND"), before + 1) == before + 1


def test_a_reflection_call_is_logged_and_counted(served: Served) -> None:
    before = calls(REFLECTION, "OK")
    with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        answers = list(stub.ServerReflectionInfo(iter([request]), timeout=10))
    assert answers[0].list_services_response.service
    # The count is written as the stream closes, just after the client sees its end.
    deadline = time.monotonic() + 10
    while calls(REFLECTION, "OK") < before + 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert calls(REFLECTION, "OK") == before + 1


def field_of(size: int) -> bytes:
    """A message of ``size`` bytes: field 1 holding as many bytes as make it so."""
    body = size - 2
    while True:
        length, varint = body, b""
        while length >= 0x80:
            varint += bytes([length & 0x7F | 0x80])
            length >>= 7
        varint += bytes([length])
        if 1 + len(varint) + body == size:
            return b"\x0a" + varint + b"a" * body
        body -= 1


def refusal(served: Served, payload: bytes) -> grpc.RpcError:
    with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
        call = channel.unary_unary(LEGAL_PLAYS, request_serializer=None, response_deserializer=None)
        with pytest.raises(grpc.RpcError) as caught:
            call(payload, timeout=30)
    return caught.value


def test_grpcs_receive_limit_is_the_largest_request_we_accept() -> None:
    # Nothing bigger could be answered but with a refusal, after being read whole.
    assert MAX_MESSAGE_BYTES == MAX_REQUEST_BYTES


def test_a_request_of_the_largest_size_accepted_reaches_our_checks_and_count(patient: Served) -> None:
    calls_module.flush()
    before = calls(LEGAL_PLAYS, "INVALID_ARGUMENT")
    payload = field_of(MAX_REQUEST_BYTES)
    assert len(payload) == MAX_REQUEST_BYTES
    error = refusal(patient, payload)
    # Read and decoded by us: not a position, so INVALID_ARGUMENT naming it, logged and counted.
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert settled(lambda: calls(LEGAL_PLAYS, "INVALID_ARGUMENT"), before + 1) == before + 1


@pytest.mark.parametrize("size", [MAX_REQUEST_BYTES + 1, 5 << 20])
def test_a_request_past_the_limit_is_refused_by_grpc_before_any_handler(patient: Served, size: int) -> None:
    calls_module.flush()
    before = calls(LEGAL_PLAYS, "RESOURCE_EXHAUSTED")
    error = refusal(patient, field_of(size))
    assert error.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "larger than max" in (error.details() or "")
    # Documented blind spot (docs/operations.md): gRPC refuses it unseen by us.
    calls_module.flush()  # anything we had recorded would be written by now
    assert calls(LEGAL_PLAYS, "RESOURCE_EXHAUSTED") == before
    # The server goes on answering.
    with grpc.insecure_channel(f"127.0.0.1:{patient.port}") as channel:
        request = health_pb2.HealthCheckRequest()  # type: ignore[attr-defined]
        answer = health_pb2_grpc.HealthStub(channel).Check(request, timeout=10)
    assert answer.status == health_pb2.HealthCheckResponse.SERVING  # type: ignore[attr-defined]


def test_a_connection_that_never_sends_a_byte_is_closed(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=20) as sock:
        # The server may greet first; it must then hang up (recv gives b"").
        while sock.recv(4096):
            pass


def test_health_says_not_serving_while_a_drain_gives_notice(served: Served) -> None:
    seen: list[str] = []
    stopper = threading.Thread(target=served.stop, args=(0.5, 5.0))
    with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        stub.Check(health_pb2.HealthCheckRequest(), timeout=10)  # type: ignore[attr-defined]
        stopper.start()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                answer = stub.Check(health_pb2.HealthCheckRequest(), timeout=10)  # type: ignore[attr-defined]
            except grpc.RpcError as error:
                seen.append(error.code().name)
                break
            seen.append(health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status))
            if seen[-1] == "NOT_SERVING":
                break
            time.sleep(0.01)
    stopper.join(30)
    assert seen[-1] == "NOT_SERVING"
