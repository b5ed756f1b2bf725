"""Stopping a child server the tests or benchmarks started: bounded, whatever happened before.

A server asked to stop (SIGTERM) drains and exits; one that does not within
the bound is killed, so a failing test never leaves a process behind or
hangs the suite.
"""

from __future__ import annotations

import signal
import subprocess

KILL_WAIT_S = 10.0


def stop_process(process: subprocess.Popen[bytes], timeout_s: float) -> None:
    """SIGTERM ``process`` if it still runs, wait ``timeout_s`` for it, then kill it."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(KILL_WAIT_S)
