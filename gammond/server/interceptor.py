"""Our one interceptor: request ids, deadlines, errors, logs and metrics.

Every unary call goes through :func:`observe`: it decodes the request
itself (so undecodable bytes are INVALID_ARGUMENT, not INTERNAL), refuses
work whose deadline has passed, turns exceptions into statuses (see
:mod:`gammond.server.errors`), returns the request id in the trailers, and
records one log line and the metrics.

A call that arrives while the worker holds ``--max-calls`` calls is refused
here at once, logged and counted (:func:`refusal`, :mod:`gammond.server.overload`).

This runs on every call, so what can be made once is: the wrapped handler
and the metrics' label children once per method; the call's line and
metrics are queued and written in batches (:mod:`gammond.server.calls`).
"""

from __future__ import annotations

import itertools
import os
import re
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import grpc

from gammond.server import calls, logs
from gammond.server.deadlines import require_time
from gammond.server.errors import internal, overloaded, status_for
from gammond.server.limits import read_request
from gammond.server.logs import logger
from gammond.server.overload import EXEMPT_PREFIX, OVERLOADED, CallLimit, count_refusal
from gammond.server.streams import code_of, observed_stream_handler

REQUEST_ID_KEY = "x-request-id"
_GOOD_ID = re.compile(r"^[A-Za-z0-9._:/+=-]{1,128}$")
_ID_PREFIX = os.urandom(8).hex()
_ID_COUNT = itertools.count()
# Our services answer errors by raising; others (health) may set the code instead.
_OWN_SERVICES = "/backgammon."

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
    # Unique, not secret: 64 random bits a process, then a count (32 hex digits).
    return f"{_ID_PREFIX}{next(_ID_COUNT):016x}"


def observe(
    observed: calls.Method,
    behavior: Behavior,
    deserialize: Callable[[bytes], Any],
    raw: bytes,
    context: grpc.ServicerContext,
    sets_code: bool,
) -> Any:
    """Run one call with its id, deadline check, status mapping, log line and metrics.

    ``sets_code``: the handler may answer an error by setting the code on
    the context instead of raising (health's NOT_FOUND), so read it back.
    """
    started, cpu = time.perf_counter(), time.thread_time()
    calls.started(observed)
    rid = request_id(context.invocation_metadata())
    peer = context.peer()
    if logs.debug_enabled():
        logger().debug("rpc.start", method=observed.name, request_id=rid, peer=peer)
    code = grpc.StatusCode.OK
    try:
        request = read_request(deserialize, raw)
        require_time(context)
        response = behavior(request, context)
        if sets_code:
            code = code_of(context)
        # In the trailers, which go out with the answer: a header would cost a send of its own.
        context.set_trailing_metadata(((REQUEST_ID_KEY, rid),))
        return response
    except Exception as exc:  # noqa: BLE001 - every failure becomes a status
        status = status_for(exc)
        if status is None:
            logger().error(
                "rpc.internal_error", method=observed.name, request_id=rid, peer=peer, exc_info=True
            )
            status = internal(rid)
        code = status.code
        context.abort_with_status(
            _Answer(code, status.details, (*status.trailing_metadata, (REQUEST_ID_KEY, rid)))
        )
    finally:
        # This thread's CPU (not gRPC's transport threads'): what the call itself cost to answer.
        calls.ended(observed, rid, peer, code, time.perf_counter() - started, time.thread_time() - cpu)


class _Answer(
    NamedTuple("_Answer", [("code", grpc.StatusCode), ("details", str), ("trailing_metadata", Any)]),
    grpc.Status,
):
    """An error status with the request id added to its trailers."""


def refusal(method: str, limit: CallLimit, response_serializer: Any) -> Handler:
    """A handler that refuses every call of ``method``: the worker holds ``limit.cap`` calls.

    Client-streaming, and it never reads the request: the answer goes out at
    once, whatever the call sends (see :mod:`gammond.server.overload`).
    """
    observed = calls.method(method)
    status = overloaded(
        OVERLOADED,
        f"this worker is holding its limit of {limit.cap} calls; retry shortly",
        limit.retry_after_s,
    )

    def refuse(requests: Any, context: grpc.ServicerContext) -> Any:
        started = time.perf_counter()
        calls.started(observed)
        rid = request_id(context.invocation_metadata())
        count_refusal(method)
        try:
            context.abort_with_status(
                _Answer(status.code, status.details, (*status.trailing_metadata, (REQUEST_ID_KEY, rid)))
            )
        finally:
            calls.ended(observed, rid, context.peer(), status.code, time.perf_counter() - started)

    return grpc.stream_unary_rpc_method_handler(
        refuse, request_deserializer=None, response_serializer=response_serializer
    )


class ObservingInterceptor(grpc.ServerInterceptor):
    """Wraps every unary-unary handler in :func:`observe`, streams in :mod:`gammond.server.streams`.

    The wrapped handler is made once per method and kept while the server
    hands out the same handler for it.  With a :class:`CallLimit`, a call
    that arrives while the worker holds its cap is given :func:`refusal`
    instead (health checks excepted).
    """

    def __init__(self, limit: CallLimit | None = None) -> None:
        self._wrapped: dict[str, tuple[Handler, Handler]] = {}
        self._limit = limit
        self._refusals: dict[str, Handler] = {}

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return handler
        method: str = handler_call_details.method
        # Here, on the thread that takes calls from gRPC core, before the call is queued for the pool.
        if self._limit is not None and self._limit.full() and not method.startswith(EXEMPT_PREFIX):
            refuse = self._refusals.get(method)
            if refuse is None:
                refuse = self._refusals[method] = refusal(method, self._limit, handler.response_serializer)
            return refuse
        if handler.unary_unary is None:
            return observed_stream_handler(method, handler)
        known = self._wrapped.get(method)
        if known is not None and known[0] is handler:
            return known[1]
        behavior: Behavior = handler.unary_unary
        deserialize = handler.request_deserializer or (lambda raw: raw)
        observed = calls.method(method)
        sets_code = not method.startswith(_OWN_SERVICES)

        def wrapped(raw: bytes, context: grpc.ServicerContext) -> Any:
            return observe(observed, behavior, deserialize, raw, context, sets_code)

        made: Handler = grpc.unary_unary_rpc_method_handler(
            wrapped, request_deserializer=None, response_serializer=handler.response_serializer
        )
        self._wrapped[method] = (handler, made)
        return made
