"""structlog set up for one JSON object per line on standard error.

Info level carries one line per call (see :mod:`gammond.server.interceptor`) and
the lifecycle of the processes; positions and other request contents are
never logged at info. Health checks are the exception: their lines are
written at debug only (they are counted in the metrics all the same).
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import sys
import time
from collections.abc import Iterable, MutableMapping
from typing import Any

import structlog

LEVELS = ("debug", "info", "warning", "error")
# Writes up to this size to a pipe are never interleaved with another writer's.
_PIPE_BUF = 4096
_RENDERED_MAX = 4096
# One call's line: method, request id, peer, code, latency in ms, end (ns since the epoch).
CallRecord = tuple[str, str, str, str, float, int]
# Calls whose line is debug, not info: a load balancer's health checks, one a
# second from each Envoy, would otherwise crowd out the calls at info (issue 37).
# gammond_rpc_calls_total still counts them, by method and code.
DEBUG_ONLY_PREFIXES = ("/grpc.health.v1.Health/",)


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
    global _call_lines, _debug
    _call_lines = _CallLines(static) if number <= logging.INFO else None
    _debug = number <= logging.DEBUG


class _LineWriter:
    """Writes each log line with one ``write(2)`` call.

    The worker processes share one standard error; ``print`` writes the text
    and its newline separately, so two workers' lines could run together.
    One call per line keeps lines whole (atomic on pipes up to PIPE_BUF);
    a batch of lines goes in as few calls as keep that true.
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
        self.lines((message,))

    def lines(self, messages: Iterable[str]) -> None:
        """Write ``messages`` a line each, several lines to a ``write(2)`` up to ``PIPE_BUF`` bytes."""
        if self._fd is None:
            for message in messages:
                sys.stderr.write(message + "\n")
            return
        chunk: list[bytes] = []
        size = 0
        for message in messages:
            line = (message + "\n").encode()
            if chunk and size + len(line) > _PIPE_BUF:
                self._write(b"".join(chunk))
                chunk, size = [], 0
            chunk.append(line)
            size += len(line)
        if chunk:
            self._write(b"".join(chunk))

    def _write(self, data: bytes) -> None:
        while data:
            data = data[os.write(self._fd, data) :]  # type: ignore[arg-type]

    log = debug = info = warn = warning = error = critical = exception = fatal = msg


def logger() -> structlog.typing.FilteringBoundLogger:
    return structlog.get_logger()  # type: ignore[no-any-return]


# The keys of the per-call line, in the order the structlog chain above writes them.
_CALL_KEYS = ("method", "request_id", "peer", "code", "latency_ms", "event")


def _json_string(text: str) -> str:
    """``json.dumps(text)``, skipping the encoder for the plain ASCII of methods, ids and peers."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return json.dumps(text)


class _CallLines:
    """Writes the per-call ``rpc`` line without running structlog's processor chain.

    One line a call is most of what logging costs the service, and the chain
    (a bound logger, an event dict, five processors, a generic JSON encoder)
    spends ~15 us on it.  This writes the same JSON object, key for key and in
    the same order, from pre-rendered pieces: the static context once, the
    timestamp's date and time once a second.  tests/test_server_logs.py
    checks it against the chain's own line.
    """

    def __init__(self, static: dict[str, object]) -> None:
        tail = {key: value for key, value in static.items() if key not in _CALL_KEYS}
        tail["level"] = "info"
        rendered = json.dumps(tail)
        # '"pid": 1, ..., "level": "info", "timestamp": "' then the time and '"}'.
        self._tail = '"event": "rpc", ' + rendered[1:-1] + ', "timestamp": "'
        self._second = -1
        self._stamp = ""
        # Methods, peers and codes repeat call after call: the text around the
        # request id and the latency is made once for each (bounded caches).
        self._heads: dict[str, str] = {}
        self._middles: dict[tuple[str, str], str] = {}

    def _second_stamp(self, second: int) -> str:
        """The date and time to the second, made once a second."""
        if second != self._second:
            moment = datetime.datetime.fromtimestamp(second, datetime.UTC)
            self._stamp = moment.strftime("%Y-%m-%dT%H:%M:%S")
            self._second = second
        return self._stamp

    def lines(self, records: Iterable[CallRecord]) -> list[str]:
        """The line of each call in a batch.

        One loop with the pieces in locals: this runs for every call the
        worker answers, and a method call a piece cost as much as the rest.
        """
        heads, middles, tail = self._heads, self._middles, self._tail
        out = []
        for method, request_id, peer, code, latency_ms, at_ns in records:
            head = heads.get(method)
            if head is None:
                head = self._remember(heads, method, f'{{"method": {_json_string(method)}, "request_id": ')
            middle = middles.get((peer, code))
            if middle is None:
                middle = self._remember(
                    middles,
                    (peer, code),
                    f', "peer": {_json_string(peer)}, "code": {_json_string(code)}, "latency_ms": ',
                )
            second, fraction = divmod(at_ns // 1000, 1_000_000)
            stamp = self._stamp if second == self._second else self._second_stamp(second)
            when = f"{stamp}.{fraction:06d}Z" if fraction else stamp + "Z"
            out.append(f'{head}{_json_string(request_id)}{middle}{latency_ms!r}, {tail}{when}"}}')
        return out

    @staticmethod
    def _remember(cache: dict[Any, str], key: Any, text: str) -> str:
        """``text`` kept under ``key``; the cache is emptied when full (peers come and go)."""
        if len(cache) >= _RENDERED_MAX:
            cache.clear()
        cache[key] = text
        return text

    def write(self, records: Iterable[CallRecord]) -> None:
        # A writer a batch, like structlog's factory: standard error may have been replaced.
        _LineWriter.factory().lines(self.lines(records))


_call_lines: _CallLines | None = None
# structlog's defaults, before configure(), log every level.
_debug = True


def reset() -> None:
    """Undo :func:`configure`: structlog's defaults, and the call line through them."""
    global _call_lines, _debug
    structlog.reset_defaults()
    _call_lines, _debug = None, True


def debug_enabled() -> bool:
    """Whether debug lines are written (callers skip building them when not)."""
    return _debug


def call_line(method: str, request_id: str, peer: str, code: str, latency_ms: float) -> None:
    """The one info line of a call that ends now (see :func:`call_lines`)."""
    call_lines([(method, request_id, peer, code, latency_ms, time.time_ns())])


def call_lines(records: Iterable[CallRecord]) -> None:
    """The info lines of calls: ``event`` "rpc" with each call's method, id, peer, code and latency.

    A record is ``(method, request_id, peer, code, latency_ms, ended_ns)``.
    Written directly when :func:`configure` set up JSON lines at info level
    (stamped with the time each call ended); through structlog otherwise
    (not configured: its defaults; a level above info: dropped). Health
    checks (:data:`DEBUG_ONLY_PREFIXES`) are written at debug, if at all.
    """
    records = list(records)
    if any(record[0].startswith(DEBUG_ONLY_PREFIXES) for record in records):
        checks = [record for record in records if record[0].startswith(DEBUG_ONLY_PREFIXES)]
        records = [record for record in records if not record[0].startswith(DEBUG_ONLY_PREFIXES)]
        if _debug:
            for method, request_id, peer, code, latency_ms, _ in checks:
                logger().debug(
                    "rpc", method=method, request_id=request_id, peer=peer, code=code, latency_ms=latency_ms
                )
    lines = _call_lines
    if lines is not None:
        lines.write(records)
        return
    for method, request_id, peer, code, latency_ms, _ in records:
        logger().info(
            "rpc", method=method, request_id=request_id, peer=peer, code=code, latency_ms=latency_ms
        )
