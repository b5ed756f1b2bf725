"""docs/clients.md's JSON examples run as written, with curl and jq, and print what the page says.

Every ``sh`` block of the page that shows its output (lines starting
``#=> ``) runs, in the page's order, in one bash (``set -euo pipefail``)
against a real gateway, ``127.0.0.1:8080`` replaced by its port: the game
walk-through (NewGame, ListActions, Act, BotAct), the errors and the
OpenAPI document. The lines printed must be the page's ``#=>`` lines, in order.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.gateway import GATEWAY_SKIP, ROOT, serve_gateway

DOC = ROOT / "docs" / "clients.md"
WALKTHROUGH = "### A game, step by step"
DOC_GATEWAY = "127.0.0.1:8080"
RUN_TIMEOUT_S = 120
pytestmark = [
    GATEWAY_SKIP,
    pytest.mark.skipif(
        shutil.which("jq") is None or shutil.which("curl") is None, reason="needs curl and jq"
    ),
]


def shown_blocks(text: str) -> list[str]:
    """The page's ``sh`` blocks that show their output, in order.

    >>> shown_blocks("```sh\\necho 1\\n#=> 1\\n```\\ntext\\n```sh\\nmake\\n```\\n")
    ['echo 1\\n#=> 1\\n']
    """
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return [block for block in blocks if re.search(r"^#=> ", block, re.MULTILINE)]


def expected_lines(blocks: list[str]) -> list[str]:
    return [line[4:] for block in blocks for line in block.splitlines() if line.startswith("#=> ")]


def test_the_json_examples_of_the_clients_page_run_as_written_and_print_what_it_shows(tmp_path: Path) -> None:
    text = DOC.read_text()
    walkthrough = text[text.index(WALKTHROUGH) :].split("\n### Errors", 1)[0]
    for rpc in ("NewGame", "ListActions", "Act", "BotAct"):
        assert f"call {rpc}" in "\n".join(shown_blocks(walkthrough)), f"the walk-through does not call {rpc}"
    blocks = shown_blocks(text)
    expected = expected_lines(blocks)
    with serve_gateway(tmp_path) as facts:
        script = "set -euo pipefail\n" + "\n".join(blocks).replace(
            DOC_GATEWAY, f"127.0.0.1:{facts['gateway_port']}"
        )
        run = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, timeout=RUN_TIMEOUT_S, cwd=tmp_path
        )
    assert run.returncode == 0, f"the examples failed:\n{run.stderr}\n{run.stdout}"
    assert run.stdout.splitlines() == expected
