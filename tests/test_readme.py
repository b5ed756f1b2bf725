"""The README's Python examples run exactly as written (each ```python block, in a fresh namespace);
its shell commands are read as tests/support/readme.py runs them."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path, PurePath

import pytest

from tests.support import readme

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PROJECTS = ("pyproject.toml", "protos/python/pyproject.toml", "clients/python/pyproject.toml")
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(), re.S | re.M)


def test_the_readme_has_python_examples() -> None:
    assert BLOCKS


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_each_python_example_of_the_readme_runs(block: str) -> None:
    exec(compile(block, str(README), "exec"), {"__name__": "readme_example"})


# The README's shell commands: tests/support/readme.py reads and runs them (scripts/test-clients,
# against the README's server); here its reading and comparing, on small made-up pages.

PAGE = """Start it:

<!-- readme-test: server -->

    sh -c 'echo {} > "$GAMMOND_READY_FILE"; exec sleep 60'

Call it:

    $ printf '%s\\n' \\
        'one two'
    one two
    $ echo '{"a": 1,
        "b": 2}'
    {"b": 2, "a": 1}

<!-- readme-test: skip="too slow" -->

    sleep 600
"""


def test_each_indented_block_of_the_readme_is_read_as_commands_with_their_markers() -> None:
    server, calls, slow = readme.parse(PAGE)
    assert server.is_server and server.background
    assert [c.text for c in calls.commands] == [
        "printf '%s\\n' \\\n    'one two'",
        'echo \'{"a": 1,\n    "b": 2}\'',
    ]
    assert [c.expected for c in calls.commands] == ["one two", '{"b": 2, "a": 1}']
    assert slow.skip == "too slow"


def test_the_real_readme_has_one_server_and_every_marker_sits_on_a_block() -> None:
    blocks = readme.parse(README.read_text())
    assert [b.is_server for b in blocks].count(True) == 1
    assert sum(len(b.commands) for b in blocks if b.skip is None) >= 10


def test_a_marker_without_a_block_is_refused() -> None:
    with pytest.raises(ValueError, match="no code block"):
        readme.parse("text\n\n<!-- readme-test: skip=x -->\n\nmore text\n")


def test_output_that_differs_from_the_readme_fails_the_run_and_the_rest_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = PAGE.replace("    one two\n", "    one three\n")
    runner = readme.Runner(readme.parse(page), readme.user_environment())
    assert runner.run(None) == 1
    out = capsys.readouterr().out
    assert "readme: 2 passed, 1 failed, 1 skipped" in out
    assert "the README shows:\none three\nit printed:\none two" in out


def test_a_failing_command_without_shown_output_fails_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    page = PAGE + "\nThen:\n\n    false\n"
    assert readme.Runner(readme.parse(page), readme.user_environment()).run(None) == 1
    assert "exit status 1" in capsys.readouterr().out


def _name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert found, requirement
    return re.sub(r"[-_.]+", "-", found.group(0)).lower()


def test_every_venv_tool_the_readme_calls_is_installed_by_the_readmes_own_set_up() -> None:
    # The Quick start sets up with scripts/serve: the three distributions, their dependencies and
    # gammond's `serve` and `tools` extras, never the `dev` one (a tool only it brings fails there).
    serve = (ROOT / "scripts" / "serve").read_text()
    extras = re.search(r"GAMMOND_EXTRAS:-([\w,]+)\}", serve)
    assert extras, "scripts/serve names the extras it installs"
    projects = [tomllib.loads((ROOT / p).read_text())["project"] for p in PROJECTS]
    installed = {_name(p["name"]) for p in projects}
    installed |= {_name(r) for p in projects for r in p.get("dependencies", [])}
    gammond = projects[0]
    installed |= {_name(r) for e in extras.group(1).split(",") for r in gammond["optional-dependencies"][e]}
    called = {
        tool
        for block in readme.parse(README.read_text())
        for command in block.commands
        for tool in re.findall(r"\.venv/bin/([\w.-]+)", command.text)
    } - {"python", "python3", "pip"}
    assert called, "the README calls tools from .venv/bin"
    for tool in sorted(called):
        owners = {
            _name(dist.metadata["Name"])
            for dist in importlib.metadata.distributions()
            if any(
                PurePath(str(f)).name == tool and "bin" in PurePath(str(f)).parts for f in dist.files or []
            )
        }
        assert owners & installed, (
            f".venv/bin/{tool} comes from {owners or 'nothing installed'}, not scripts/serve's set-up"
        )
