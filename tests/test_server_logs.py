"""The per-call log line and metrics: written in batches, without structlog's chain, yet the line the chain would write."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

import grpc
import pytest
from prometheus_client import REGISTRY, CollectorRegistry, Histogram
from prometheus_client.utils import floatToGoString

from gammond.server import calls, logs

ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$")


@pytest.fixture
def configured() -> Iterator[None]:
    logs.configure("info", role="worker", worker=3)
    yield
    logs.reset()


def lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_the_call_line_is_the_line_structlog_writes_key_for_key(
    configured: None, capfd: pytest.CaptureFixture[str]
) -> None:
    bound = logs.logger().bind(
        method="/backgammon.v1.GameService/ListLegalPlays", request_id="r-1", peer="ipv4:127.0.0.1:5"
    )
    bound.info("rpc", code="OK", latency_ms=0.125)
    logs.call_line("/backgammon.v1.GameService/ListLegalPlays", "r-1", "ipv4:127.0.0.1:5", "OK", 0.125)
    chain, fast = lines(capfd.readouterr().err)
    assert list(fast) == list(chain)
    assert {**fast, "timestamp": None} == {**chain, "timestamp": None}
    assert ISO_UTC.match(str(fast["timestamp"])) and str(fast["timestamp"]) >= str(chain["timestamp"])


def test_odd_characters_in_a_peer_are_escaped_as_json(
    configured: None, capfd: pytest.CaptureFixture[str]
) -> None:
    logs.call_line("/m/M", "id", 'unix:/tmp/a "b"\\c\n\u00e9', "INTERNAL", 1.5)
    (line,) = lines(capfd.readouterr().err)
    assert line["peer"] == 'unix:/tmp/a "b"\\c\n\u00e9' and line["code"] == "INTERNAL"


def test_above_info_the_call_line_is_not_written(capfd: pytest.CaptureFixture[str]) -> None:
    logs.configure("warning")
    try:
        logs.call_line("/m/M", "id", "peer", "OK", 1.0)
        assert not logs.debug_enabled()
    finally:
        logs.reset()
    assert capfd.readouterr().err == ""


def test_a_batch_of_call_lines_goes_out_whole_in_writes_a_pipe_keeps_atomic(
    configured: None, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[int] = []
    write = os.write

    def counted(fd: int, data: bytes) -> int:
        sizes.append(len(data))
        return write(fd, data)

    monkeypatch.setattr(os, "write", counted)
    ended = 1_700_000_000_123_456_000
    logs.call_lines([("/m/M", f"id-{i}", "peer", "OK", 0.5, ended + i * 1000) for i in range(200)])
    monkeypatch.undo()
    written = lines(capfd.readouterr().err)
    assert [line["request_id"] for line in written] == [f"id-{i}" for i in range(200)]
    assert written[0]["timestamp"] == "2023-11-14T22:13:20.123456Z"
    assert 1 < len(sizes) < 200 and max(sizes) <= 4096


def test_calls_recorded_in_a_batch_reach_the_log_and_the_counters_once_flushed(
    configured: None, capfd: pytest.CaptureFixture[str]
) -> None:
    observed = calls.method("/test.Batch/Method")
    before = REGISTRY.get_sample_value(
        "gammond_rpc_calls_total", {"method": "/test.Batch/Method", "code": "NOT_FOUND"}
    )
    cpu_before = REGISTRY.get_sample_value("gammond_rpc_cpu_seconds_total", {"method": "/test.Batch/Method"})
    for i in range(3):
        calls.started(observed)
        calls.ended(observed, f"b-{i}", "peer", grpc.StatusCode.NOT_FOUND, 0.002, 0.0005 * (i + 1))
    calls.flush()
    assert [line["request_id"] for line in lines(capfd.readouterr().err)] == ["b-0", "b-1", "b-2"]
    sample = {"method": "/test.Batch/Method", "code": "NOT_FOUND"}
    assert REGISTRY.get_sample_value("gammond_rpc_calls_total", sample) == (before or 0.0) + 3
    labels = {"method": "/test.Batch/Method"}
    assert REGISTRY.get_sample_value("gammond_rpc_latency_seconds_bucket", {**labels, "le": "0.001"}) == 0
    assert REGISTRY.get_sample_value("gammond_rpc_latency_seconds_bucket", {**labels, "le": "0.0025"}) == 3
    assert REGISTRY.get_sample_value("gammond_rpc_latency_seconds_sum", labels) == pytest.approx(0.006)
    assert REGISTRY.get_sample_value("gammond_rpc_in_flight", labels) == 0
    cpu = REGISTRY.get_sample_value("gammond_rpc_cpu_seconds_total", labels)
    assert cpu == pytest.approx((cpu_before or 0.0) + 0.003)


def test_health_checks_are_counted_but_logged_only_at_debug(capfd: pytest.CaptureFixture[str]) -> None:
    health, served = calls.method("/grpc.health.v1.Health/Check"), calls.method("/test.Health/Served")
    sample = {"method": "/grpc.health.v1.Health/Check", "code": "OK"}
    for level, logged in (("info", ["served-info"]), ("debug", ["check-debug", "served-debug"])):
        logs.configure(level, role="worker")
        try:
            before = REGISTRY.get_sample_value("gammond_rpc_calls_total", sample) or 0.0
            for observed, rid in ((health, f"check-{level}"), (served, f"served-{level}")):
                calls.started(observed)
                calls.ended(observed, rid, "peer", grpc.StatusCode.OK, 0.001)
            calls.flush()
        finally:
            logs.reset()
        written = [line for line in lines(capfd.readouterr().err) if line.get("event") == "rpc"]
        assert [line["request_id"] for line in written] == logged
        assert REGISTRY.get_sample_value("gammond_rpc_calls_total", sample) == before + 1
        if level == "debug":
            assert [line["level"] for line in written] == ["debug", "info"]


def test_a_batch_fills_the_latency_buckets_as_observing_each_call_would(
    configured: None, capfd: pytest.CaptureFixture[str]
) -> None:
    # Latencies on and around every bucket bound, over two methods and two codes.
    bounds = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
    values = [b * f for b in bounds for f in (0.5, 1.0, 1.0000001)] + [0.0, 11.0, 0.0005]
    registry = CollectorRegistry()
    reference = Histogram("reference_latency_seconds", "", ["method"], buckets=bounds, registry=registry)
    names = ("/test.Buckets/A", "/test.Buckets/B")
    for i, value in enumerate(values):
        observed = calls.method(names[i % 2])
        calls.started(observed)
        calls.ended(
            observed, f"h-{i}", "peer", (grpc.StatusCode.OK, grpc.StatusCode.ABORTED)[i % 3 == 0], value
        )
        reference.labels(names[i % 2]).observe(value)
    calls.flush()
    capfd.readouterr()
    for name in names:
        for bound in (*bounds, float("inf")):
            le = {"le": floatToGoString(bound)}
            ours = REGISTRY.get_sample_value("gammond_rpc_latency_seconds_bucket", {"method": name, **le})
            theirs = registry.get_sample_value("reference_latency_seconds_bucket", {"method": name, **le})
            assert ours == theirs, (name, bound)
        ok = REGISTRY.get_sample_value("gammond_rpc_calls_total", {"method": name, "code": "OK"}) or 0
        aborted = (
            REGISTRY.get_sample_value("gammond_rpc_calls_total", {"method": name, "code": "ABORTED"}) or 0
        )
        assert ok + aborted == sum(1 for i in range(len(values)) if names[i % 2] == name)
