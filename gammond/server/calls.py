"""Each call's log line and metrics, recorded in a microsecond and written in batches.

A call's record (its method, request id, peer, code, latency, the answering
thread's CPU time and the time it ended) costs the answering thread a tuple and a list append, as does
what the move generator made for it.  A
background thread writes what has gathered every :data:`INTERVAL_S`: the
log lines in as few ``write(2)`` calls as keep each line whole, the calls
counter once per method and code, the latency and generation histograms
once per bucket, and the in-flight gauge as calls started less calls ended.  Writing them
call by call (a ``write(2)``, four locked updates of prometheus-client's
multiprocess files) cost the answering thread about 40 us, more than
generating the plays; batching keeps one line and the same metrics per
call at a fraction of that.

The price: a line and its counts appear up to :data:`INTERVAL_S` after the
answer, and a worker killed outright loses the last batch.  :func:`flush`
writes everything now; a server's stop calls it.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import grpc

from gammond.server import logs, metrics

INTERVAL_S = 0.05
# StatusCode.name is an enum property, slow enough to matter once a call.
_CODE_NAMES = {code: code.name for code in grpc.StatusCode}


class Method:
    """One method's metric label children, made on its first call and kept."""

    __slots__ = ("name", "in_flight", "latency", "cpu", "calls", "_open")

    def __init__(self, name: str) -> None:
        self.name = name
        self.in_flight = metrics.IN_FLIGHT.labels(name)
        self.latency = metrics.LATENCY.labels(name)
        self.cpu = metrics.CPU.labels(name)
        self.calls: dict[grpc.StatusCode, Any] = {}
        self._open = 0  # calls started less calls ended, as of the last batch

    def called(self, code: grpc.StatusCode) -> Any:
        """The calls counter's child for ``code``."""
        child = self.calls.get(code)
        if child is None:
            child = self.calls[code] = metrics.CALLS.labels(self.name, code.name)
        return child


# By method name; bounded by the methods the server has handlers for.
_METHODS: dict[str, Method] = {}
# Each append, copy and delete of a slice is atomic under the GIL, and the
# lists are never replaced: no lock on the call's path, and no record lost.
_started: list[Method] = []
_ended: list[tuple[Method, str, str, grpc.StatusCode, float, int, float]] = []
_generated: list[tuple[int, int]] = []
_writing = threading.Lock()
_thread: threading.Thread | None = None
_thread_lock = threading.Lock()


def method(name: str) -> Method:
    """The :class:`Method` of ``name``, made on first use."""
    found = _METHODS.get(name)
    if found is None:
        found = _METHODS[name] = Method(name)
    return found


def started(observed: Method) -> None:
    """A call of ``observed`` began (for the in-flight gauge)."""
    _started.append(observed)
    if _thread is None:
        _start_thread()


def ended(
    observed: Method, request_id: str, peer: str, code: grpc.StatusCode, elapsed_s: float, cpu_s: float = 0.0
) -> None:
    """A call of ``observed`` answered ``code`` after ``elapsed_s``, its thread busy ``cpu_s``: queue its line and metrics."""
    _ended.append((observed, request_id, peer, code, elapsed_s, time.time_ns(), cpu_s))


def generated(plays: int, moves: int) -> None:
    """The move generator made ``plays`` plays of ``moves`` checker moves in all for one request."""
    _generated.append((plays, moves))


def flush() -> None:
    """Write every queued line and metric now."""
    with _writing:
        # Ends are taken before starts, so no batch counts a call's end before its start.
        ended_calls = _take(_ended)
        started_calls = _take(_started)
        generation = _take(_generated)
        if generation:
            plays, moves = zip(*generation)
            _observe_all(metrics.PLAYS, plays)
            _observe_all(metrics.MOVES, moves)
        if not ended_calls and not started_calls:
            return
        names = _CODE_NAMES
        # Latency in milliseconds to the microsecond (int and / cost a third of round()).
        logs.call_lines(
            [
                (m.name, rid, peer, names[code], int(elapsed * 1_000_000 + 0.5) / 1000, at)
                for m, rid, peer, code, elapsed, at, _ in ended_calls
            ]
        )
        _write_metrics(started_calls, ended_calls)


def _take(queue: list[Any]) -> list[Any]:
    """The first entries of ``queue``, removed; calls may append meanwhile."""
    n = len(queue)
    taken = queue[:n]
    del queue[:n]
    return taken


def _write_metrics(
    started_calls: list[Method],
    ended_calls: list[tuple[Method, str, str, grpc.StatusCode, float, int, float]],
) -> None:
    # Counted with map and itemgetter, in C: this runs over every call answered.
    for (observed, code), n in Counter(map(_METHOD_AND_CODE, ended_calls)).items():
        observed.called(code).inc(n)
    latencies: defaultdict[Method, list[float]] = defaultdict(list)
    cpu: defaultdict[Method, float] = defaultdict(float)
    for observed, _, _, _, elapsed, _, cpu_s in ended_calls:
        latencies[observed].append(elapsed)
        cpu[observed] += cpu_s
    for observed, values in latencies.items():
        _observe_all(observed.latency, values)
        observed.cpu.inc(cpu[observed])
    opened = Counter(started_calls)
    closed = Counter(map(_METHOD, ended_calls))
    for observed in opened.keys() | closed.keys():
        observed._open += opened[observed] - closed[observed]
        observed.in_flight.set(observed._open)


_METHOD, _METHOD_AND_CODE = operator.itemgetter(0), operator.itemgetter(0, 3)


def _observe_all(histogram: Any, values: Sequence[float]) -> None:
    """``histogram.observe(v)`` for each of ``values``, one update per bucket touched."""
    bounds = getattr(histogram, "_upper_bounds", None)
    buckets = getattr(histogram, "_buckets", None)
    total = getattr(histogram, "_sum", None)
    if bounds is None or buckets is None or total is None:  # another prometheus-client: the slow way
        for value in values:
            histogram.observe(value)
        return
    for index, n in Counter(map(bisect.bisect_left, itertools.repeat(bounds), values)).items():
        buckets[index].inc(n)
    total.inc(sum(values))


def _start_thread() -> None:
    global _thread
    with _thread_lock:
        if _thread is None:
            _thread = threading.Thread(target=_run, name="gammond-call-records", daemon=True)
            _thread.start()


def _run() -> None:
    while True:
        time.sleep(INTERVAL_S)
        try:
            flush()
        except Exception:  # noqa: BLE001 - a failed write must not end the writer
            logs.logger().error("calls.flush_failed", exc_info=True)
