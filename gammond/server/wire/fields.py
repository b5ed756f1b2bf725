"""Reading optional sub-messages: proto3 gives an unset field a default, not None."""

from __future__ import annotations

from typing import Any


def optional(message: Any, field: str) -> Any | None:
    """``message.<field>`` if the sender set it, else None.

    >>> from backgammon.v1 import board_pb2
    >>> optional(board_pb2.PositionInput(), "position") is None
    True
    """
    return getattr(message, field) if message.HasField(field) else None
