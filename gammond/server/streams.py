"""Logs and metrics for the calls that are not plain unary gammond calls.

The interceptor's :func:`~gammond.server.interceptor.observe` wraps every
unary call; the streaming ones (``BotService.Rollout``,
``RecordService.StreamAnalyseMatch``, health ``Watch``, server reflection) come
through here, so every call the server answers is logged and counted with
the code its client sees.  Only the call's end is recorded (its code and
how long it lasted), not each streamed message.  A unary-stream call's
request is decoded and checked here, as :func:`observe` does for unary
calls, so bytes that are no request are INVALID_ARGUMENT on every method
(gRPC's own decoding would answer INTERNAL).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc

from gammond.server import metrics
from gammond.server.errors import OversizeError, WireError, status_for
from gammond.server.limits import read_request
from gammond.server.logs import logger

Streaming = Callable[[Any, grpc.ServicerContext], Iterator[Any]]


def code_of(context: grpc.ServicerContext, fallback: grpc.StatusCode = grpc.StatusCode.OK) -> grpc.StatusCode:
    """The code a handler set on ``context`` without raising (health's NOT_FOUND), else ``fallback``."""
    code = context.code()  # type: ignore[attr-defined]
    if isinstance(code, grpc.StatusCode):
        return code
    return fallback


def observe_stream(method: str, behavior: Streaming) -> Streaming:
    """``behavior`` (a handler returning an iterator) with one log line and the metrics at its end."""

    def run(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        started = time.perf_counter()
        metrics.IN_FLIGHT.labels(method).inc()
        code = grpc.StatusCode.OK
        try:
            yield from behavior(request, context)
            code = code_of(context)
        except Exception:
            # The handler aborted with a status (its code is on the context), failed, or
            # the client went away: what gRPC sends is that code, UNKNOWN or CANCELLED.
            failed = grpc.StatusCode.CANCELLED if not context.is_active() else grpc.StatusCode.UNKNOWN
            code = code_of(context, failed)
            raise
        except GeneratorExit:
            code = grpc.StatusCode.CANCELLED
            raise
        finally:
            elapsed = time.perf_counter() - started
            metrics.IN_FLIGHT.labels(method).dec()
            metrics.CALLS.labels(method, code.name).inc()
            metrics.LATENCY.labels(method).observe(elapsed)
            logger().info(
                "rpc", method=method, peer=context.peer(), code=code.name, latency_ms=round(elapsed * 1000, 3)
            )

    return run


def decoding(behavior: Streaming, deserialize: Callable[[bytes], Any] | None) -> Streaming:
    """``behavior`` taking its request as bytes, decoded and checked here as a unary call's are.

    gRPC's own decoding answers bytes that are not the request message with
    INTERNAL; here they are INVALID_ARGUMENT, and a request over a size or
    count limit is refused as :mod:`gammond.server.limits` says.
    """
    if deserialize is None:
        return behavior

    def run(raw: bytes, context: grpc.ServicerContext) -> Iterator[Any]:
        try:
            request = read_request(deserialize, raw)
        except (OversizeError, WireError) as exc:
            status = status_for(exc)
            assert status is not None  # both have their status
            context.abort_with_status(status)
        yield from behavior(request, context)

    return run


def observed_stream_handler(
    method: str, handler: grpc.RpcMethodHandler[Any, Any]
) -> grpc.RpcMethodHandler[Any, Any]:
    """``handler`` (unary-stream or stream-stream) with its calls logged and counted.

    A unary-stream handler also gets its request as bytes (:func:`decoding`).
    """
    if handler.unary_stream is not None:
        return grpc.unary_stream_rpc_method_handler(
            observe_stream(method, decoding(handler.unary_stream, handler.request_deserializer)),
            request_deserializer=None,
            response_serializer=handler.response_serializer,
        )
    if handler.stream_stream is not None:
        return grpc.stream_stream_rpc_method_handler(
            observe_stream(method, handler.stream_stream),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
    return handler
