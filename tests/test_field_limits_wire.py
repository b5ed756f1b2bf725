"""The compiled quick check of the field limits agrees with the Python one on every request type.

``kernel.fits_wire`` reads a request's bytes by a plan that
:mod:`gammond.server.limits` writes per request type.  It may answer "not
known" (0) whenever it likes (the Python check then judges), but "fits" (1)
only where the Python check finds every field within its limit.  Random
requests of every type, filled near and past the limits, with fields sent
twice (sub-messages merge, strings are replaced, repeated fields add up)
and fields unknown to the type, hold it to that; and it must answer "fits"
for nearly every request within the limits, or it would save nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import pytest
from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import DecodeError, Message

from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import kernel
from gammond.server.limits import (
    MAX_REPEATED,
    MAX_STRING_CHARS,
    _fits,
    check_limits,
    read_request,
    wire_plan,
)
from gammond.server.services import SERVICE_NAMES
from gammond.server.wire.game import encode_game
from tests.support.games import game_states

pytestmark = pytest.mark.skipif(kernel.fits_wire is None, reason="the compiled kernel is not built")

_NUMBERS: dict[int, Callable[[random.Random], Any]] = {
    FieldDescriptor.TYPE_BOOL: lambda rng: rng.random() < 0.5,
    FieldDescriptor.TYPE_DOUBLE: lambda rng: rng.random(),
    FieldDescriptor.TYPE_FLOAT: lambda rng: 0.5,
}


def _request_types() -> list[Any]:
    from google.protobuf import descriptor_pool

    pool = descriptor_pool.Default()
    types = []
    for name in SERVICE_NAMES:
        try:
            service = pool.FindServiceByName(name)
        except KeyError:
            continue  # health and reflection: not ours
        types += [method.input_type for method in service.methods]
    return types


def _value(field: Any, rng: random.Random, big: bool) -> Any:
    if field.type == FieldDescriptor.TYPE_STRING:
        size = rng.choice((0, 3, MAX_STRING_CHARS, MAX_STRING_CHARS + 1, 600) if big else (0, 3, 40))
        return rng.choice(("a", "é", "漢")) * size
    if field.type == FieldDescriptor.TYPE_BYTES:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
    if field.enum_type is not None:
        return rng.choice(field.enum_type.values).number
    make = _NUMBERS.get(field.type)
    if make is not None:
        return make(rng)
    return rng.choice((0, 1, 5, 300, 1 << 20))


def _fill(message: Message, rng: random.Random, depth: int, big: bool) -> None:
    for field in message.DESCRIPTOR.fields:
        if rng.random() < 0.4:
            continue
        if field.is_repeated:
            count = rng.choice((0, 1, 3, MAX_REPEATED, MAX_REPEATED + 1, 80) if big else (0, 1, 3))
            container = getattr(message, field.name)
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                if depth < 3:
                    for _ in range(count):
                        _fill(container.add(), rng, depth + 1, big and rng.random() < 0.2)
            else:
                container.extend(_value(field, rng, big) for _ in range(count))
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            if depth < 3:
                _fill(getattr(message, field.name), rng, depth + 1, big)
                getattr(message, field.name).SetInParent()
        elif field.containing_oneof is None or rng.random() < 0.5:
            setattr(message, field.name, _value(field, rng, big))


def _twisted(raw: bytes, message: Message, rng: random.Random) -> bytes:
    """``raw`` with something a decoder still reads: a sub-message again, an unknown field, a field repeated unpacked."""
    extra = message.__class__()
    _fill(extra, rng, 1, True)
    choice = rng.randrange(3)
    if choice == 0:
        return raw + extra.SerializeToString()  # fields sent twice: sub-messages merge, repeated ones add up
    if choice == 1:
        return raw + bytes((0xF8, 0x07, 0x01))  # field 127, a varint: unknown to every request
    return extra.SerializeToString() + raw


def _judge(raw: bytes, cls: type[Message]) -> tuple[int, bool] | None:
    try:
        message = cls.FromString(raw)
    except DecodeError:
        return None
    assert kernel.fits_wire is not None
    return kernel.fits_wire(raw, wire_plan(cast(Descriptor, message.DESCRIPTOR))), _fits(message)


def test_the_compiled_check_never_says_fits_where_the_python_check_finds_a_field_over() -> None:
    rng = random.Random(12)
    fitting = compiled_fitting = over = 0
    for descriptor in _request_types():
        cls = message_factory.GetMessageClass(descriptor)
        for trial in range(60):
            message = cls()
            _fill(message, rng, 0, big=trial % 2 == 1)
            raw = message.SerializeToString()
            for twisted, candidate in ((False, raw), (True, _twisted(raw, message, rng))):
                judged = _judge(candidate, cls)
                if judged is None:
                    continue
                compiled, python = judged
                if compiled == 1:
                    assert python, (descriptor.full_name, candidate)
                over += not python
                if python and not twisted:
                    fitting += 1
                    compiled_fitting += compiled
    assert over > 300  # the fills do go past the limits
    assert compiled_fitting > 0.95 * fitting  # and it decides the plain ones that fit itself


def test_every_game_the_flow_sends_is_judged_in_c_and_fits() -> None:
    for game in game_states(200, seed=31):
        raw = pb.ListActionsRequest(game=encode_game(game)).SerializeToString()
        assert _judge(raw, pb.ListActionsRequest) == (1, True)


def test_a_field_over_its_limit_is_still_named_with_the_compiled_check_on() -> None:
    request = pb.ListActionsRequest()
    for _ in range(MAX_REPEATED + 1):
        request.game.moves.add(from_point=6, to_point=5)
    raw = request.SerializeToString()
    assert kernel.fits_wire is not None and kernel.fits_wire(raw, wire_plan(request.DESCRIPTOR)) == 0
    with pytest.raises(Exception, match=r"game\.moves"):
        read_request(pb.ListActionsRequest.FromString, raw)
    with pytest.raises(Exception, match=r"game\.moves"):
        check_limits(request, len(raw), raw)


def test_a_malformed_plan_is_not_read_out_of_bounds() -> None:
    assert kernel.fits_wire is not None
    raw = pb.ListActionsRequest(view=pb.ACTIONS_VIEW_COMPACT).SerializeToString() + b"\x0a\x00" * 40
    for plan in (b"", b"\x05\x00\x00\x00", b"\x01\x00\x00\x00\xff\x00\x00\x00", b"\x01\x00\x00\x00" * 3):
        assert kernel.fits_wire(raw, plan) == 0
