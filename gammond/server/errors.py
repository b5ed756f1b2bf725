"""Turning exceptions into gRPC statuses with ``google.rpc`` details.

Malformed input is INVALID_ARGUMENT with a ``BadRequest`` naming the field;
a well-formed request that the game state does not allow is
FAILED_PRECONDITION with an ``ErrorInfo`` reason in the ``gammond`` domain.
Anything else is INTERNAL: the caller gets a request id, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]
from grpc_status import rpc_status

from gammond.engine import EngineError, IllegalActionError
from gammond.server.admission import BusyError
from gammond.server.sealing import SealError

DOMAIN = "gammond"
# The ErrorInfo reason of a Game whose seal does not verify (docs/security.md).
STATE_TAMPERED = "STATE_TAMPERED"


class WireError(ValueError):
    """A request field that cannot be decoded; ``field`` is its dotted path.

    >>> str(WireError("dice.die1", "7 is not a die"))
    'dice.die1: 7 is not a die'
    """

    def __init__(self, field: str, description: str) -> None:
        super().__init__(f"{field}: {description}")
        self.field = field
        self.description = description

    def __repr__(self) -> str:
        return f"WireError({self.field!r}, {self.description!r})"


class OversizeError(Exception):
    """A request larger than the server accepts (RESOURCE_EXHAUSTED, as gRPC's own limit)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"the request is {size} bytes; at most {limit} are accepted")


class OutOfTimeError(Exception):
    """The caller's deadline passed before the work could start."""


class SearchLostError(Exception):
    """The worker's search process died or did not start (UNAVAILABLE: the call may be retried)."""

    def __init__(self, description: str, retry_after_s: float = 0.2) -> None:
        super().__init__(description)
        self.retry_after_s = retry_after_s


class PreconditionError(ValueError):
    """A limit of the wire, not a rule: e.g. a value too wide for an older RPC's 32-bit field.

    Rules' refusals come from the engine (:class:`IllegalActionError`).
    """

    def __init__(self, reason: str, description: str) -> None:
        super().__init__(description)
        self.reason = reason

    def __repr__(self) -> str:
        return f"PreconditionError({self.reason!r}, {str(self)!r})"


class DrainingError(Exception):
    """This worker is shutting down under a long call (a watcher): UNAVAILABLE, to be resumed on another."""


class StoreUnavailableError(Exception):
    """The shared table store could not be reached (or answered too late): UNAVAILABLE, retry soon."""


class NotFoundError(LookupError):
    """Something a request names that the server does not hold (an expired or unknown table): NOT_FOUND."""


class TokenError(Exception):
    """A seat token that is missing, wrong or forged: UNAUTHENTICATED with ``reason``."""

    def __init__(self, reason: str, description: str) -> None:
        super().__init__(description)
        self.reason = reason


class CrowdedError(Exception):
    """A bounded resource of this worker is full (watchers of a table): RESOURCE_EXHAUSTED."""

    def __init__(self, description: str, retry_after_s: float) -> None:
        super().__init__(description)
        self.retry_after_s = retry_after_s


# A status travels in HTTP/2 headers (grpc-message, grpc-status-details-bin),
# which clients and proxies cap at 8-16 KiB: keep ours far below.
MAX_MESSAGE_CHARS = 400


def bounded(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was.

    >>> bounded("short")
    'short'
    >>> bounded("x" * 50, 20)
    'xxxxxx... (50 chars)'
    """
    if len(text) <= limit:
        return text
    tail = f"... ({len(text)} chars)"
    return text[: max(limit - len(tail), 0)] + tail


def _status(code: grpc.StatusCode, message: str, *details: object) -> grpc.Status:
    message = bounded(message)
    packed = []
    for detail in details:
        packed.append(any_pb2.Any())
        packed[-1].Pack(detail)  # type: ignore[arg-type]
    proto = status_pb2.Status(code=code.value[0], message=message, details=packed)
    return rpc_status.to_status(proto)


def bad_request(field: str, description: str) -> grpc.Status:
    """INVALID_ARGUMENT naming ``field``."""
    field, description = bounded(field, 200), bounded(description)
    violation = error_details_pb2.BadRequest.FieldViolation(field=field, description=description)
    detail = error_details_pb2.BadRequest(field_violations=[violation])
    return _status(grpc.StatusCode.INVALID_ARGUMENT, f"{field}: {description}", detail)


def precondition(reason: str, description: str) -> grpc.Status:
    """FAILED_PRECONDITION with an ``ErrorInfo`` reason."""
    description = bounded(description)
    detail = error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN)
    return _status(grpc.StatusCode.FAILED_PRECONDITION, description, detail)


def unauthenticated(reason: str, description: str) -> grpc.Status:
    """UNAUTHENTICATED with an ``ErrorInfo`` reason: a forged Game, or a missing or bad token."""
    detail = error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN)
    return _status(grpc.StatusCode.UNAUTHENTICATED, description, detail)


def internal(request_id: str) -> grpc.Status:
    """INTERNAL that gives the caller only the id to look the failure up by."""
    detail = error_details_pb2.RequestInfo(request_id=request_id)
    return _status(grpc.StatusCode.INTERNAL, f"internal error (request id {request_id})", detail)


def deadline_exceeded(description: str) -> grpc.Status:
    """DEADLINE_EXCEEDED, for work refused because the caller's time is up."""
    proto = status_pb2.Status(code=grpc.StatusCode.DEADLINE_EXCEEDED.value[0], message=bounded(description))
    return rpc_status.to_status(proto)


def resource_exhausted(description: str, retry_after_s: float) -> grpc.Status:
    """RESOURCE_EXHAUSTED with a ``RetryInfo`` saying when to try again."""
    detail = error_details_pb2.RetryInfo()
    detail.retry_delay.FromNanoseconds(int(retry_after_s * 1e9))
    return _status(grpc.StatusCode.RESOURCE_EXHAUSTED, description, detail)


def overloaded(reason: str, description: str, retry_after_s: float) -> grpc.Status:
    """RESOURCE_EXHAUSTED with a ``RetryInfo`` and an ``ErrorInfo`` reason: the worker is full."""
    retry = error_details_pb2.RetryInfo()
    retry.retry_delay.FromNanoseconds(int(retry_after_s * 1e9))
    info = error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN)
    return _status(grpc.StatusCode.RESOURCE_EXHAUSTED, description, retry, info)


def unavailable(description: str, retry_after_s: float) -> grpc.Status:
    """UNAVAILABLE with a ``RetryInfo`` saying when to try again."""
    detail = error_details_pb2.RetryInfo()
    detail.retry_delay.FromNanoseconds(int(retry_after_s * 1e9))
    return _status(grpc.StatusCode.UNAVAILABLE, description, detail)


def status_for(error: Exception) -> grpc.Status | None:
    """The status for an expected error, or None for a bug (INTERNAL)."""
    if isinstance(error, BusyError):
        return resource_exhausted(str(error), error.retry_after_s)
    if isinstance(error, SearchLostError):
        return unavailable(str(error), error.retry_after_s)
    if isinstance(error, OversizeError):
        proto = status_pb2.Status(code=grpc.StatusCode.RESOURCE_EXHAUSTED.value[0], message=str(error))
        return rpc_status.to_status(proto)
    if isinstance(error, OutOfTimeError):
        return deadline_exceeded(str(error))
    if isinstance(error, DrainingError):
        return unavailable(str(error), 0.0)
    if isinstance(error, StoreUnavailableError):
        return unavailable(str(error), 1.0)
    if isinstance(error, NotFoundError):
        proto = status_pb2.Status(code=grpc.StatusCode.NOT_FOUND.value[0], message=bounded(str(error)))
        return rpc_status.to_status(proto)
    if isinstance(error, TokenError):
        return unauthenticated(error.reason, str(error))
    if isinstance(error, CrowdedError):
        return resource_exhausted(str(error), error.retry_after_s)
    if isinstance(error, SealError):
        return unauthenticated(STATE_TAMPERED, str(error))
    if isinstance(error, WireError):
        return bad_request(error.field, error.description)
    if isinstance(error, PreconditionError):
        return precondition(error.reason, str(error))
    if isinstance(error, IllegalActionError):
        # The engine names each refusal; the reason is the machine-readable half.
        return precondition(error.reason, str(error))
    if isinstance(error, EngineError):
        # Malformed input the translation layer did not pin to a field.
        return bad_request("request", str(error))
    return None


_Answer = TypeVar("_Answer")


def streamed(answers: Iterator[_Answer], context: grpc.ServicerContext) -> Iterator[_Answer]:
    """``answers`` passed on, an expected error among them ending the stream with its status.

    Streams pass the interceptor untouched (it sees only the first answer),
    so a server-streaming handler wraps its generator in this; a bug still
    raises, for gRPC to answer UNKNOWN and the logs to show it.
    """
    try:
        yield from answers
    except Exception as exc:
        status = status_for(exc)
        if status is None:
            raise
        context.abort_with_status(status)
