"""The container image, checked without a container engine (scripts/build-image builds and runs it).

The Dockerfile's install step is the script CI runs, every file it copies is
in the build context, the final stage runs unprivileged with no compiler,
and its HEALTHCHECK script says SERVING only when the server does.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gammond.server.app import Served, ServerOptions, create_server

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def dockerfile_stages() -> list[list[str]]:
    """The Dockerfile's instructions (continuations joined), split into stages."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    stages: list[list[str]] = []
    for line in lines:
        if line.upper().startswith("FROM "):
            stages.append([])
        if stages:
            stages[-1].append(line)
    return stages


@pytest.fixture
def cold_server() -> Iterator[Served]:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2))
    yield served
    served.stop(0.5)


def healthcheck(port: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(DEPLOY / "healthcheck.py"), "--port", str(port), "--timeout", "5"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_health_check_fails_until_the_server_has_warmed_up(cold_server: Served) -> None:
    before = healthcheck(cold_server.port)
    assert before.returncode == 1 and "NOT_SERVING" in before.stderr
    cold_server.warm_up()
    after = healthcheck(cold_server.port)
    assert after.returncode == 0 and "SERVING" in after.stderr


def test_the_health_check_fails_when_nothing_answers(cold_server: Served) -> None:
    cold_server.stop(0.5)
    done = healthcheck(cold_server.port)
    assert done.returncode == 1 and "UNAVAILABLE" in done.stderr


def test_the_image_installs_with_the_script_ci_runs() -> None:
    build = " ".join(dockerfile_stages()[0])
    assert "scripts/setup" in build
    assert "scripts/setup" in (ROOT / "scripts" / "test").read_text()
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text()


def test_the_final_image_is_non_root_with_a_grpc_health_check_and_no_compiler() -> None:
    stages = dockerfile_stages()
    assert len(stages) >= 2, "a multi-stage build"
    final = stages[-1]
    user = [line.split()[1] for line in final if line.upper().startswith("USER ")]
    assert user and user[-1].split(":")[0] not in ("0", "root")
    [health] = [line for line in final if line.upper().startswith("HEALTHCHECK ")]
    assert "deploy/healthcheck.py" in health
    assert not any(word in " ".join(final) for word in ("gcc", "apt-get install", "build-essential"))
    assert any(line.startswith("COPY --from=") for line in final)


def test_every_file_the_dockerfile_copies_exists_and_is_in_the_build_context() -> None:
    allowed = {
        line[1:].rstrip("/")
        for line in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
        if line.startswith("!")
    }
    copies = [
        line.split()[1:-1]
        for stage in dockerfile_stages()
        for line in stage
        if line.startswith("COPY ") and "--from=" not in line
    ]
    sources = [source for sources in copies for source in sources]
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), source
        assert source.rstrip("/") in allowed, f"{source} is left out of the build context"
