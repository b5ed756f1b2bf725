"""Every benchmark script runs both ways, ``python -m bench.X`` and ``python bench/X.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Modules named with a leading underscore are the scripts' helpers (bench/_server.py), not scripts.
SCRIPTS = sorted(p.stem for p in (ROOT / "bench").glob("*.py") if not p.stem.startswith("_"))


@pytest.mark.parametrize("name", SCRIPTS)
@pytest.mark.parametrize("how", ["module", "path"])
def test_a_benchmark_script_starts_as_a_module_and_by_its_path(name: str, how: str) -> None:
    command = ["-m", f"bench.{name}"] if how == "module" else [str(Path("bench") / f"{name}.py")]
    done = subprocess.run(
        [sys.executable, *command, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower()
