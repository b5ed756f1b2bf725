"""One ``python -m gammond.server`` on loopback for a benchmark (a helper of the scripts, not one itself).

The benchmarks that need a real server process (``bench.abuse``,
``bench.burst``) start it the same way: port 0, a ready file in a temporary
folder, the log kept there for a failure's message, and a bounded stop
(SIGTERM, then kill) whatever happens in between.  :func:`read_metric`
reads one figure off a server's metrics page.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.support.processes import stop_process

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 30.0


@contextmanager
def local_server(prefix: str, *flags: str) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any], Path]]:
    """The server with ``flags`` (after ``--host 127.0.0.1 --port 0``): its process, ready file and log."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        ready, log = Path(folder) / "ready.json", Path(folder) / "server.log"
        command = [sys.executable, "-m", "gammond.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--ready-file", str(ready), "--drain-notice", "0", "--grace", "2", *flags]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # the server makes its own
        with log.open("wb") as sink:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while not ready.exists():
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.05)
            time.sleep(0.1)  # the file is written before the workers' first call is taken
            yield process, json.loads(ready.read_text()), log
        finally:
            stop_process(process, STOP_TIMEOUT_S)


def read_metric(metrics_port: int, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples with these labels, read from the server's metrics port on loopback."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{"):
            continue
        head, value = line.rsplit(" ", 1)
        if all(f'{key}="{want}"' in head for key, want in labels.items()):
            total += float(value)
    return total
