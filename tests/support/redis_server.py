"""A throwaway ``redis-server`` (Debian's package) on a unix socket in a temporary folder.

No TCP port (``--port 0``), no persistence: it lives as long as the test
module that started it.  Tests that need it skip, saying why, where
``redis-server`` is not installed (``scripts/setup`` installs it).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def redis_server(folder: Path, timeout_s: float = 20.0) -> Iterator[str]:
    """Start redis-server; yield its URL (``unix://...``); stop it after."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip(
            "redis-server is not installed (apt-get install redis-server; scripts/setup-clients and scripts/serve do)"
        )
    socket = folder / "redis.sock"
    command = [binary, "--port", "0", "--unixsocket", str(socket), "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout_s
        while not socket.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("redis-server did not start")
            time.sleep(0.02)
        yield f"unix://{socket}"
    finally:
        process.terminate()
        process.wait(10)
