"""Readable errors from the server's ``google.rpc.Status`` details."""

from __future__ import annotations

from dataclasses import dataclass, field

import grpc
from google.rpc import error_details_pb2  # type: ignore[import-untyped]
from grpc_status import rpc_status


@dataclass
class GammondError(Exception):
    """A failed call: the status code and message, and the details the server attached.

    ``field_violations`` lists ``(field, description)`` for INVALID_ARGUMENT;
    ``reason`` is the ErrorInfo reason (``ILLEGAL_PLAY``, ...) for
    FAILED_PRECONDITION; ``request_id`` is the call's id (from the
    trailers, or an INTERNAL error's ``RequestInfo``): quote it when reporting;
    ``retry_after_s`` is the server's ``RetryInfo`` hint for
    RESOURCE_EXHAUSTED (a busy worker: try again after that long).
    """

    code: grpc.StatusCode
    message: str
    field_violations: list[tuple[str, str]] = field(default_factory=list)
    reason: str | None = None
    request_id: str | None = None
    retry_after_s: float | None = None

    def __str__(self) -> str:
        return f"{self.code.name}: {self.message}"


def from_rpc_error(error: grpc.RpcError) -> GammondError:
    """Unpack a ``grpc.RpcError`` (sync or asyncio) into a :class:`GammondError`."""
    code: grpc.StatusCode = error.code()
    result = GammondError(code, error.details() or "")
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            result.field_violations.extend((v.field, v.description) for v in bad.field_violations)
        elif detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            result.reason = info.reason
        elif detail.Is(error_details_pb2.RequestInfo.DESCRIPTOR):
            request = error_details_pb2.RequestInfo()
            detail.Unpack(request)
            result.request_id = request.request_id
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            retry = error_details_pb2.RetryInfo()
            detail.Unpack(retry)
            result.retry_after_s = retry.retry_delay.ToNanoseconds() / 1e9
    if result.request_id is None:
        result.request_id = _request_id(error)
    return result


def _request_id(error: grpc.RpcError) -> str | None:
    """The ``x-request-id`` the server returned in the trailers, if any."""
    trailers = getattr(error, "trailing_metadata", None)
    for key, value in (trailers() if callable(trailers) else None) or ():
        if key == "x-request-id" and isinstance(value, str):
            return value
    return None
