"""The caller's deadline, as the engine's searches understand it.

gRPC reports the time left on a call; with no deadline it reports an
enormous number.  Expensive work checks before it starts and the bot's
search stops a little before the deadline, so its answer still arrives.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import grpc

from gammond.server.errors import OutOfTimeError

# Time kept back for encoding and sending the answer.
_MARGIN_S = 0.05
_MAX_MARGIN_S = 0.3


def time_left(context: grpc.ServicerContext) -> float:
    """Seconds until the caller's deadline (huge when there is none)."""
    remaining = context.time_remaining()
    return float("inf") if remaining is None else float(remaining)


def require_time(context: grpc.ServicerContext) -> None:
    """Refuse to start work the caller will not wait for."""
    if time_left(context) <= 0.0:
        raise OutOfTimeError("the deadline passed before the work could start")


def search_end(context: grpc.ServicerContext, cap_s: float) -> float:
    """When a search must stop (``time.monotonic()``): before the deadline, and within ``cap_s``.

    The time kept back grows with the deadline (15% of it, at most
    :data:`_MAX_MARGIN_S`): ranking and encoding thousands of plays after
    the search takes tens of milliseconds.
    """
    require_time(context)
    left = time_left(context)
    margin = min(max(_MARGIN_S, left * 0.15), _MAX_MARGIN_S)
    return time.monotonic() + max(min(left - margin, cap_s), 0.0)


def stopper(context: grpc.ServicerContext, cap_s: float) -> Callable[[], bool]:
    """A ``stop()`` for the bot: true once the deadline (or ``cap_s``) is near, or the call is gone.

    A cancelled call (the client gave up or hung up) stops the search at
    its next check.
    """
    end = search_end(context, cap_s)

    def stop() -> bool:
        return time.monotonic() >= end or not context.is_active()

    return stop
