"""Our one interceptor: request ids, deadlines, errors, logs and metrics.

Every unary call goes through :func:`observe`: it decodes the request
itself (so undecodable bytes are INVALID_ARGUMENT, not INTERNAL), refuses
work whose deadline has passed, turns exceptions into statuses (see
:mod:`gammond.server.errors`), and records one log line and the metrics.

This runs on every call, so what can be made once is: the wrapped handler
and the metrics' label children once per method, the log line from
pre-rendered pieces (:func:`gammond.server.logs.call_line`).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf.message import DecodeError

from gammond.server import logs, metrics
from gammond.server.deadlines import require_time
from gammond.server.errors import bad_request, internal, status_for
from gammond.server.limits import check_limits, check_size
from gammond.server.logs import logger
from gammond.server.streams import code_of, observed_stream_handler

REQUEST_ID_KEY = "x-request-id"
_GOOD_ID = re.compile(r"^[A-Za-z0-9._:/+=-]{1,128}$")

Behavior = Callable[[Any, grpc.ServicerContext], Any]
if TYPE_CHECKING:  # grpc's classes take type arguments only in its stubs
    Handler = grpc.RpcMethodHandler[Any, Any]


def request_id(metadata: Sequence[tuple[str, str | bytes]] | None) -> str:
    """The caller's ``x-request-id`` if it is sane, else a fresh one.

    >>> request_id([("x-request-id", "abc-1")])
    'abc-1'
    >>> len(request_id([("x-request-id", "no spaces please")]))
    32
    """
    for key, value in metadata or ():
        if key == REQUEST_ID_KEY and isinstance(value, str) and _GOOD_ID.match(value):
            return value
    # 128 random bits in hex, as uuid4().hex but without building a UUID.
    return os.urandom(16).hex()


class _Method:
    """One method's metric label children, made on its first call and kept."""

    __slots__ = ("name", "in_flight", "latency", "calls")

    def __init__(self, name: str) -> None:
        self.name = name
        self.in_flight = metrics.IN_FLIGHT.labels(name)
        self.latency = metrics.LATENCY.labels(name)
        self.calls: dict[grpc.StatusCode, Any] = {}

    def called(self, code: grpc.StatusCode) -> Any:
        """The calls counter's child for ``code``."""
        child = self.calls.get(code)
        if child is None:
            child = self.calls[code] = metrics.CALLS.labels(self.name, code.name)
        return child


# By method name; bounded by the methods the server has handlers for.
_METHODS: dict[str, _Method] = {}


def observe(
    method: str,
    behavior: Behavior,
    deserialize: Callable[[bytes], Any],
    raw: bytes,
    context: grpc.ServicerContext,
) -> Any:
    """Run one call with its id, deadline check, status mapping, log line and metrics."""
    started = time.perf_counter()
    observed = _METHODS.get(method)
    if observed is None:
        observed = _METHODS[method] = _Method(method)
    rid = request_id(context.invocation_metadata())
    context.send_initial_metadata(((REQUEST_ID_KEY, rid),))
    peer = context.peer()
    if logs.debug_enabled():
        logger().debug("rpc.start", method=method, request_id=rid, peer=peer)
    observed.in_flight.inc()
    code = grpc.StatusCode.OK
    try:
        try:
            check_size(len(raw))
            request = deserialize(raw)
        except DecodeError:
            raise _Undecodable() from None
        check_limits(request, len(raw))
        require_time(context)
        response = behavior(request, context)
        # Health's Check answers NOT_FOUND by setting the code, not raising.
        code = code_of(context)
        return response
    except Exception as exc:  # noqa: BLE001 - every failure becomes a status
        status = (
            bad_request("request", "is not a valid message")
            if isinstance(exc, _Undecodable)
            else status_for(exc)
        )
        if status is None:
            logger().error("rpc.internal_error", method=method, request_id=rid, peer=peer, exc_info=True)
            status = internal(rid)
        code = status.code
        context.abort_with_status(status)
    finally:
        elapsed = time.perf_counter() - started
        observed.in_flight.dec()
        observed.called(code).inc()
        observed.latency.observe(elapsed)
        logs.call_line(method, rid, peer, code.name, round(elapsed * 1000, 3))


class _Undecodable(Exception):
    """The request bytes are not the method's request message."""


class ObservingInterceptor(grpc.ServerInterceptor):
    """Wraps every unary-unary handler in :func:`observe`, streams in :mod:`gammond.server.streams`.

    The wrapped handler is made once per method and kept while the server
    hands out the same handler for it.
    """

    def __init__(self) -> None:
        self._wrapped: dict[str, tuple[Handler, Handler]] = {}

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return handler
        method: str = handler_call_details.method
        if handler.unary_unary is None:
            return observed_stream_handler(method, handler)
        known = self._wrapped.get(method)
        if known is not None and known[0] is handler:
            return known[1]
        behavior: Behavior = handler.unary_unary
        deserialize = handler.request_deserializer or (lambda raw: raw)

        def wrapped(raw: bytes, context: grpc.ServicerContext) -> Any:
            return observe(method, behavior, deserialize, raw, context)

        made: Handler = grpc.unary_unary_rpc_method_handler(
            wrapped, request_deserializer=None, response_serializer=handler.response_serializer
        )
        self._wrapped[method] = (handler, made)
        return made
