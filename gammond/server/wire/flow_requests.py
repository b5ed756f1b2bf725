"""Act's and ListActions' requests read without their messages, in the game flow's common form.

A game's flow sends, call after call, the lean Game the server answered
with and one action.  Parsing that into messages, and writing the Game out
again to find it in the worker's table of recent Games, cost as much as
the kernel's step itself.  These readers (the methods' request
deserializers) split the request's bytes in one compiled call
(``kernel.message_fields``) and keep the Game's and the action's bytes as
they came: a Game this worker wrote comes back as the same bytes.

A request in any other form (a field twice, a bot asked to reply, a
field the form does not know) is parsed as its message, as is every
request when the kernel is not built; so is one the compiled limits
check cannot pass at once (the message's own check then names the field).
Bytes kept unparsed are parsed before they are answered unless the server
knows them as its own (:func:`parsed`): a request that is not a valid
message is refused as :func:`~gammond.server.limits.read_request` refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from google.protobuf.message import DecodeError, Message

from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import kernel
from gammond.server.errors import WireError
from gammond.server.limits import Prechecked, fits_limits

_M = TypeVar("_M", bound=Message)

_ACT_FIELDS = 5  # ActRequest: game, action, view, expected_version, bot_reply
_LISTING_FIELDS = 2  # ListActionsRequest: game, view


@dataclass(frozen=True, slots=True)
class FlowAct(Prechecked):
    """An ActRequest's parts as bytes, without a bot to reply: the Game's and the action's bytes as sent."""

    raw: bytes
    game: bytes
    action: bytes
    view: int
    expected_version: int | None

    def message(self) -> pb.ActRequest:
        """The request as its message, for the general path."""
        return parsed(pb.ActRequest, self.raw)


@dataclass(frozen=True, slots=True)
class FlowListing(Prechecked):
    """A ListActionsRequest's parts: the Game's bytes as sent, and the view."""

    raw: bytes
    game: bytes
    view: int

    def message(self) -> pb.ListActionsRequest:
        """The request as its message, for the general path."""
        return parsed(pb.ListActionsRequest, self.raw)


def parsed(message_type: type[_M], data: bytes) -> _M:
    """``data`` parsed as a ``message_type``: bytes that are not one are the request's fault, named so."""
    try:
        return message_type.FromString(data)
    except DecodeError:
        raise WireError("request", "is not a valid message") from None


def _fields(
    raw: bytes, count: int, message_type: type[pb.ActRequest] | type[pb.ListActionsRequest]
) -> tuple[int | bytes | None, ...] | None:
    """The request's fields by number, if it is flat (each field once) and within every limit; else None."""
    split = kernel.message_fields
    fields = None if split is None else split(raw, count)
    if fields is None or not isinstance(fields[1], bytes) or not fits_limits(raw, message_type):
        return None
    return fields


def read_act(raw: bytes) -> pb.ActRequest | FlowAct:
    """Act's request deserializer: a :class:`FlowAct` in the common form, else the message."""
    fields = _fields(raw, _ACT_FIELDS, pb.ActRequest)
    if fields is not None:
        _, game, action, view, expected, bot_reply = fields
        if (
            isinstance(game, bytes)
            and isinstance(action, bytes)
            and isinstance(view, int | None)
            and isinstance(expected, int | None)
            and bot_reply in (None, 0)
        ):
            return FlowAct(raw, game, action, view or 0, expected)
    return pb.ActRequest.FromString(raw)


def read_listing(raw: bytes) -> pb.ListActionsRequest | FlowListing:
    """ListActions' request deserializer: a :class:`FlowListing` in the common form, else the message."""
    fields = _fields(raw, _LISTING_FIELDS, pb.ListActionsRequest)
    if fields is not None:
        _, game, view = fields
        if isinstance(game, bytes) and isinstance(view, int | None):
            return FlowListing(raw, game, view or 0)
    return pb.ListActionsRequest.FromString(raw)
