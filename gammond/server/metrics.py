"""Prometheus metrics, one set per process.

With ``PROMETHEUS_MULTIPROC_DIR`` set (the supervisor sets it before the
workers start) prometheus-client writes each worker's values to files and
the supervisor's scrape endpoint adds them up; without it they live in this
process, as in the tests' in-process server.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

CALLS = Counter(
    "gammond_rpc_calls_total",
    "RPCs answered, by method and status code.",
    ["method", "code"],
)
LATENCY = Histogram(
    "gammond_rpc_latency_seconds",
    "Time from the request's arrival to its answer, by method.",
    ["method"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
CPU = Counter(
    "gammond_rpc_cpu_seconds_total",
    "CPU time of the answering thread on each method's calls (reading the request, the engine, writing"
    " the answer; not gRPC's own transport), by method: divided by the calls, a method's cost.",
    ["method"],
)
IN_FLIGHT = Gauge(
    "gammond_rpc_in_flight",
    "RPCs being answered now, by method.",
    ["method"],
    multiprocess_mode="livesum",
)
PLAYS = Histogram(
    "gammond_engine_plays_per_request",
    "Legal plays the engine generated for one request.",
    buckets=(0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000),
)
MOVES = Histogram(
    "gammond_engine_moves_generated",
    "Single-checker moves in the plays (or next moves) generated for one request.",
    buckets=(0, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500),
)


REFUSED = Counter(
    "gammond_admission_refused_total",
    "Expensive calls refused with RESOURCE_EXHAUSTED because the worker's limit was reached.",
    ["method"],
)
OVERLOAD_REFUSED = Counter(
    "gammond_overload_refused_total",
    "Calls refused with RESOURCE_EXHAUSTED because the worker held its --max-calls calls.",
    ["method"],
)
SEARCH_CUT = Counter(
    "gammond_search_incomplete_total",
    "Bot searches cut short by the deadline, --max-search or a cancelled call.",
    ["method"],
)
SEARCH_STOPPED = Counter(
    "gammond_search_stopped_total",
    "Bot searches stopped at a check, by method and why: the deadline or --max-search"
    " (deadline), or the call cancelled by its client (cancelled).",
    ["method", "reason"],
)
SEARCH_RESTARTS = Counter(
    "gammond_search_restarts_total",
    "Search processes killed (a search that did not stop in time) or lost, and replaced.",
)
