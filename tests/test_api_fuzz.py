"""1,000 random and malformed requests: each gets a proper answer and the server keeps serving.

Requests are drawn field by field from the request descriptors, mixing
random values with real identifiers, notations and names, so that some are
valid and many fail deep inside.  Every answer must be OK,
INVALID_ARGUMENT or FAILED_PRECONDITION: never UNKNOWN or INTERNAL.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backgammon.v1 import (
    game_service_pb2,
)
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.services import SERVICE_FILES
from tests.support.server import STARTING_ID, Stubs, dice, start_position

# UNAUTHENTICATED is a client's error too: a well-formed table id sent without its seat's token.
ALLOWED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.UNAUTHENTICATED,
}
TEXTS = [
    STARTING_ID,
    "sGfwATDgc/ABMA",
    "/woA1CACAAAAAA",
    "cBkAAAAAAAAE",
    "QYkqASAAIAAA",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:0:0:0:0:10",
    "8/5 6/5",
    "24/18 13/11",
    "bar/22*",
    "13/7(2)",
    "6/off",
    "(no play)",
    "ann",
    "bob",
    "cy",
    "dee",
    "",
]
METHODS = [
    (service.name, method.name, method.input_type)
    for file in SERVICE_FILES
    for service in file.services_by_name.values()
    for method in service.methods
]
# Called as streams and read to the end, as a client of theirs does: called as a
# unary method, a stream whose client never reads it stalls on flow control.
STREAMING = {
    (service.name, method.name)
    for file in SERVICE_FILES
    for service in file.services_by_name.values()
    for method in service.methods
    if method.server_streaming
}
_INT_RANGES = {
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
}


def _scalar(field: FieldDescriptor) -> st.SearchStrategy[Any]:
    if field.type == FieldDescriptor.TYPE_ENUM:
        known = [v.number for v in field.enum_type.values]
        return st.one_of(st.sampled_from(known), st.integers(-3, 40))
    if field.type == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if field.type == FieldDescriptor.TYPE_STRING:
        return st.one_of(st.sampled_from(TEXTS), st.text(max_size=30))
    if field.type == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=40)
    if field.type in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return st.floats(allow_nan=True, width=64 if field.type == FieldDescriptor.TYPE_DOUBLE else 32)
    low, high = _INT_RANGES[field.type]
    return st.one_of(st.integers(max(low, -16), min(high, 30)), st.integers(low, high))


@st.composite
def messages(draw: st.DrawFn, descriptor: Descriptor, depth: int = 0) -> dict[str, Any]:
    """Field values for one message of ``descriptor``; any field may be left out."""
    values: dict[str, Any] = {}
    for field in descriptor.fields:
        if not draw(st.booleans()):
            continue
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if depth >= 4:
                continue
            one = messages(field.message_type, depth + 1)
            values[field.name] = draw(st.lists(one, max_size=4)) if _repeated(field) else draw(one)
        elif _repeated(field):
            size = 24 if field.name == "points" and draw(st.booleans()) else draw(st.integers(0, 5))
            values[field.name] = draw(st.lists(_scalar(field), min_size=size, max_size=size))
        else:
            values[field.name] = draw(_scalar(field))
    return values


def _repeated(field: FieldDescriptor) -> bool:
    return bool(field.is_repeated)


def build(descriptor: Descriptor, values: dict[str, Any]) -> Message:
    from google.protobuf import message_factory

    message = message_factory.GetMessageClass(descriptor)()
    _fill(message, values)
    return message


def _fill(message: Message, values: dict[str, Any]) -> None:
    for name, value in values.items():
        field = message.DESCRIPTOR.fields_by_name[name]
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if _repeated(field):
                for item in value:
                    _fill(getattr(message, name).add(), item)
            else:
                _fill(getattr(message, name), value)
                getattr(message, name).SetInParent()
        elif _repeated(field):
            getattr(message, name).extend(value)
        else:
            setattr(message, name, value)


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[Served]:
    # A short search cap keeps bot requests at the deep levels quick.
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=4, max_search_s=0.2))
    served.warm_up()
    yield served
    served.stop(1.0)


@pytest.fixture(scope="module")
def channel(fuzz_server: Served) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"127.0.0.1:{fuzz_server.port}") as connected:
        yield connected


requests = st.sampled_from(METHODS).flatmap(
    lambda m: messages(m[2]).map(lambda values: (m[0], m[1], build(m[2], values)))
)


@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(request=requests)
def test_random_requests_get_ok_or_a_client_error_never_a_server_error(
    channel: grpc.Channel, request: tuple[str, str, Message]
) -> None:
    service, method, message = request
    path = f"/backgammon.v1.{service}/{method}"
    streamed = (service, method) in STREAMING
    kind = channel.unary_stream if streamed else channel.unary_unary
    call = kind(
        path, request_serializer=lambda m: m.SerializeToString(), response_deserializer=lambda raw: raw
    )
    try:
        answer = call(message, timeout=30)
        if streamed:
            list(answer)
        code = grpc.StatusCode.OK
    except grpc.RpcError as error:
        code = error.code()
    assert code in ALLOWED, f"{service}.{method}({message}) gave {code}"


def test_the_server_still_serves_after_the_fuzzing(channel: grpc.Channel) -> None:
    stubs = Stubs.connect_channel(channel)
    request = game_service_pb2.ListLegalPlaysRequest(position=start_position(), dice=dice(3, 1))
    assert len(stubs.game.ListLegalPlays(request, timeout=10).plays) > 0
