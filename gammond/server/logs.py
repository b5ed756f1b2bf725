"""structlog set up for one JSON object per line on standard error.

Info level carries one line per call (see :mod:`gammond.server.interceptor`) and
the lifecycle of the processes; positions and other request contents are
never logged at info.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import MutableMapping
from typing import Any

import structlog

LEVELS = ("debug", "info", "warning", "error")


def configure(level: str, **context: object) -> None:
    """Send JSON logs at ``level`` and above to stderr, each line tagged with ``context``."""
    number = logging.getLevelName(level.upper())
    # A processor, not contextvars: gRPC's handler threads do not inherit a context.
    static = {"pid": os.getpid(), **context}

    def tag(logger: object, method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        for key, value in static.items():
            event.setdefault(key, value)
        return event

    structlog.configure(
        processors=[
            tag,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(sort_keys=False),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(number),
        logger_factory=_LineWriter.factory,
        cache_logger_on_first_use=False,
    )


class _LineWriter:
    """Writes each log line with one ``write(2)`` call.

    The worker processes share one standard error; ``print`` writes the text
    and its newline separately, so two workers' lines could run together.
    One call per line keeps lines whole (atomic on pipes up to PIPE_BUF).
    """

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    @classmethod
    def factory(cls, *args: object) -> _LineWriter:
        try:
            return cls(sys.stderr.fileno())
        except (AttributeError, OSError, ValueError):
            return cls(None)  # stderr replaced by an object without a descriptor

    def msg(self, message: str) -> None:
        if self._fd is None:
            sys.stderr.write(message + "\n")
            return
        data = (message + "\n").encode()
        while data:
            data = data[os.write(self._fd, data) :]

    log = debug = info = warn = warning = error = critical = exception = fatal = msg


def logger() -> structlog.typing.FilteringBoundLogger:
    return structlog.get_logger()  # type: ignore[no-any-return]
