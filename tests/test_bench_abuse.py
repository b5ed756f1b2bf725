"""The abuse harness's short version: every phase runs and passes its check (bench/abuse.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_short_abuse_run_finds_no_internal_error_no_dead_worker_and_no_late_work() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.abuse", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "INTERNAL+UNKNOWN: 0; other unexpected: 0; workers died: 0" in done.stdout
    for phase in ("cases", "search", "fuzz", "contention", "kill", "soak"):
        assert f"{phase}  " in done.stdout.split("summary", 1)[1]


def test_the_harness_also_runs_as_a_script() -> None:
    done = subprocess.run(
        [sys.executable, "bench/abuse.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "--quick" in done.stdout
