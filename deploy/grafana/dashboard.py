"""The Grafana dashboard ``deploy/grafana/gammond.json``, as code.

``python -m deploy.render`` writes it; a test checks the file is current and
runs every query against a real Prometheus in the local stack. Panels:
calls per second, error ratio, latency percentiles by method, in-flight
calls, plays and moves per request, and Envoy's view of the replicas.
"""

from __future__ import annotations

from typing import Any

Panel = dict[str, Any]

# Every gammond query is narrowed by these two dashboard variables.
SELECT = 'method=~"$method", instance=~"$instance"'
SERVER_ERRORS = (
    'code=~"INTERNAL|UNKNOWN|UNAVAILABLE|DEADLINE_EXCEEDED|RESOURCE_EXHAUSTED|UNIMPLEMENTED|DATA_LOSS"'
)
RATE = "[$__rate_interval]"
DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}


def _target(expr: str, legend: str, ref: str) -> dict[str, Any]:
    return {"expr": expr, "legendFormat": legend, "refId": ref, "datasource": DATASOURCE}


def _panel(title: str, unit: str, targets: list[dict[str, Any]], x: int, y: int, description: str) -> Panel:
    return {
        "type": "timeseries",
        "title": title,
        "description": description,
        "datasource": DATASOURCE,
        "gridPos": {"h": 8, "w": 12, "x": x, "y": y},
        "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
        "options": {"legend": {"displayMode": "table", "placement": "bottom", "calcs": ["mean", "max"]}},
        "targets": targets,
    }


def _latency(q: str, ref: str) -> dict[str, Any]:
    expr = f"histogram_quantile({q}, sum by (le, method) (rate(gammond_rpc_latency_seconds_bucket{{{SELECT}}}{RATE})))"
    return _target(expr, f"p{q[2:].ljust(2, '0')} {{{{method}}}}", ref)


def panels() -> list[Panel]:
    """The panels, two per row."""
    calls = f"gammond_rpc_calls_total{{{SELECT}}}"
    return [
        _panel(
            "Calls per second by method",
            "reqps",
            [
                _target(f"sum by (method) (rate({calls}{RATE}))", "{{method}}", "A"),
            ],
            0,
            0,
            "Every answered call, errors included.",
        ),
        _panel(
            "Error ratio",
            "percentunit",
            [
                _target(
                    f"sum(rate(gammond_rpc_calls_total{{{SELECT}, {SERVER_ERRORS}}}{RATE})) / sum(rate({calls}{RATE}))",
                    "server errors",
                    "A",
                ),
                _target(
                    f'sum(rate(gammond_rpc_calls_total{{{SELECT}, code!="OK"}}{RATE})) / sum(rate({calls}{RATE}))',
                    "all non-OK (client mistakes included)",
                    "B",
                ),
            ],
            12,
            0,
            "Server errors are what the alert GammondHighErrorRatio watches; INVALID_ARGUMENT and "
            "FAILED_PRECONDITION are answers to bad requests.",
        ),
        _panel(
            "Latency p50 / p95 / p99 by method",
            "s",
            [
                _latency("0.5", "A"),
                _latency("0.95", "B"),
                _latency("0.99", "C"),
            ],
            0,
            8,
            "From the request's arrival in a worker to its answer.",
        ),
        _panel(
            "Non-OK calls per second by code",
            "reqps",
            [
                _target(
                    f'sum by (code) (rate(gammond_rpc_calls_total{{{SELECT}, code!="OK"}}{RATE}))',
                    "{{code}}",
                    "A",
                ),
            ],
            12,
            8,
            "Which codes the errors are.",
        ),
        _panel(
            "Calls in flight",
            "short",
            [
                _target(f"sum by (instance) (gammond_rpc_in_flight{{{SELECT}}})", "{{instance}}", "A"),
            ],
            0,
            16,
            "Summed over each replica's workers; near --threads x --workers means calls queue.",
        ),
        _panel(
            "Calls per second by replica",
            "reqps",
            [
                _target(f"sum by (instance) (rate({calls}{RATE}))", "{{instance}}", "A"),
            ],
            12,
            16,
            "Even lines: Envoy balances per request. Uneven: clients connect straight to replicas.",
        ),
        _panel(
            "Legal plays per request",
            "short",
            [
                _target(
                    f'sum(rate(gammond_engine_plays_per_request_sum{{instance=~"$instance"}}{RATE})) / '
                    f'sum(rate(gammond_engine_plays_per_request_count{{instance=~"$instance"}}{RATE}))',
                    "mean",
                    "A",
                ),
                _target(
                    "histogram_quantile(0.99, sum by (le) (rate(gammond_engine_plays_per_request_bucket"
                    f'{{instance=~"$instance"}}{RATE})))',
                    "p99",
                    "B",
                ),
            ],
            0,
            24,
            "How much move generation each request costs; doubles and open boards raise it.",
        ),
        _panel(
            "Checker moves generated per request",
            "short",
            [
                _target(
                    f'sum(rate(gammond_engine_moves_generated_sum{{instance=~"$instance"}}{RATE})) / '
                    f'sum(rate(gammond_engine_moves_generated_count{{instance=~"$instance"}}{RATE}))',
                    "mean",
                    "A",
                ),
                _target(
                    "histogram_quantile(0.99, sum by (le) (rate(gammond_engine_moves_generated_bucket"
                    f'{{instance=~"$instance"}}{RATE})))',
                    "p99",
                    "B",
                ),
            ],
            12,
            24,
            "Single-checker moves in the plays generated for one request.",
        ),
        _panel(
            "Envoy: healthy replicas",
            "short",
            [
                _target(
                    'sum(envoy_cluster_membership_healthy{envoy_cluster_name="gammond"})', "healthy", "A"
                ),
                _target('sum(envoy_cluster_membership_total{envoy_cluster_name="gammond"})', "known", "B"),
            ],
            0,
            32,
            "Replicas passing Envoy's gRPC health checks, out of those it knows.",
        ),
        _panel(
            "Envoy: retries and upstream failures per second",
            "reqps",
            [
                _target(
                    f'sum(rate(envoy_cluster_upstream_rq_retry{{envoy_cluster_name="gammond"}}{RATE}))',
                    "retries",
                    "A",
                ),
                _target(
                    f'sum(rate(envoy_cluster_upstream_cx_connect_fail{{envoy_cluster_name="gammond"}}{RATE}))',
                    "connect failures",
                    "B",
                ),
            ],
            12,
            32,
            "Calls Envoy sent again on another replica (one died or was draining).",
        ),
        _panel(
            "CPU a call by method",
            "s",
            [
                _target(
                    f"sum by (method) (rate(gammond_rpc_cpu_seconds_total{{{SELECT}}}{RATE})) / "
                    f"sum by (method) (rate(gammond_rpc_calls_total{{{SELECT}}}{RATE}))",
                    "{{method}}",
                    "A",
                ),
            ],
            0,
            40,
            "The answering thread's CPU a call (reading, the engine, writing; not gRPC's transport):"
            " what each method costs a replica (docs/operations.md, the capacity model).",
        ),
    ]


def _variable(name: str, label: str, query: str) -> dict[str, Any]:
    return {
        "name": name,
        "label": label,
        "type": "query",
        "datasource": DATASOURCE,
        "query": {"query": query, "refId": name},
        "definition": query,
        "includeAll": True,
        "allValue": ".*",
        "multi": True,
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
        "refresh": 2,
        "sort": 1,
    }


def dashboard() -> dict[str, Any]:
    """The whole dashboard model, ready for Grafana's import or provisioning.

    >>> model = dashboard()
    >>> model["uid"], len(model["panels"])
    ('gammond', 11)
    """
    return {
        "uid": "gammond",
        "title": "gammond",
        "description": "The gammond backgammon service: traffic, errors, latency, load and move generation.",
        "tags": ["gammond", "grpc"],
        "editable": True,
        "schemaVersion": 39,
        "version": 1,
        "time": {"from": "now-1h", "to": "now"},
        "refresh": "10s",
        "timezone": "utc",
        "templating": {
            "list": [
                {
                    "name": "datasource",
                    "label": "Prometheus",
                    "type": "datasource",
                    "query": "prometheus",
                    "current": {},
                    "refresh": 1,
                },
                _variable("method", "Method", "label_values(gammond_rpc_calls_total, method)"),
                _variable("instance", "Replica", "label_values(gammond_rpc_calls_total, instance)"),
            ]
        },
        "annotations": {"list": []},
        "panels": panels(),
    }
