"""The per-call log line: written without structlog's chain, yet the line the chain would write."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from gammond.server import logs

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
