"""The README's commands, read from it and run exactly as written.

Every indented code block of README.md is a list of shell commands (fenced
``python`` blocks are tests/test_readme.py's). A block whose lines start with
``$ `` shows each command's output after it: the command runs and what it
prints (stdout and stderr, as a terminal shows them) must equal the lines
that follow, where a line ``...`` stands for any lines and output that is
JSON is compared as JSON (so it may be wrapped for reading). A block with no
``$ `` is commands alone: each must exit 0. A command goes on over lines
while it ends in ``\\`` or bash finds it unfinished (an open quote).

An HTML comment just before a block, invisible on the rendered page, says
how to run it when running it plainly would not do::

    <!-- readme-test: skip="why" -->           not run (the reason is printed)
    <!-- readme-test: server -->                the README's server: started first, in the
                                                 background, with GAMMOND_READY_FILE set; ready
                                                 once that file is written
    <!-- readme-test: background ready=URL -->  started in the background; ready once URL answers
    <!-- readme-test: background ready=PATH --> ... once the file PATH exists (removed first)
    <!-- readme-test: vary=KEY,KEY -->          in JSON output, these keys' values may differ
                                                 (only their type is compared)
    <!-- readme-test: timeout=SECONDS -->       per command (default 300)

Background commands run until every block has run, then get SIGTERM and
must exit 0 (or by that signal). Commands run from the repository's root in
a shell whose PATH has no ``.venv/bin`` and with no ``GAMMOND_*`` variable,
as a new user's would.

``python -m tests.support.readme server`` prints the server block's command
(scripts/test-clients starts it, the other clients share it);
``python -m tests.support.readme run [--server-ready FILE]`` runs the rest,
starting the server itself unless given the ready file of one already started.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
README = ROOT / "README.md"
MARKER = re.compile(r"^<!--\s*readme-test:(.*?)-->\s*$")
DEFAULT_TIMEOUT_S = 300.0
READY_TIMEOUT_S = 300.0
STOP_TIMEOUT_S = 60.0
_VARIES = "<varies>"


@dataclass(frozen=True)
class Command:
    """One command of a block, and what it must print (None: not shown, exit 0 is enough)."""

    text: str
    expected: str | None
    line: int


@dataclass(frozen=True)
class Block:
    line: int
    commands: tuple[Command, ...]
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def skip(self) -> str | None:
        return self.options.get("skip")

    @property
    def is_server(self) -> bool:
        return "server" in self.options

    @property
    def background(self) -> bool:
        return "background" in self.options or self.is_server


def _options(text: str) -> dict[str, str]:
    """``key=value`` and bare ``key`` words, values shell-quoted as needed.

    >>> _options(' skip="the whole suite" vary=pid,port background')
    {'skip': 'the whole suite', 'vary': 'pid,port', 'background': ''}
    """
    found: dict[str, str] = {}
    for word in shlex.split(text):
        key, _, value = word.partition("=")
        found[key] = value
    return found


def _complete(text: str) -> bool:
    """Whether ``text`` is a whole shell command: no trailing backslash, no open quote."""
    if text.rstrip().endswith("\\"):
        return False
    checked = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True, check=False)
    return checked.returncode == 0


def _commands(lines: list[str], first_line: int) -> Iterator[Command]:
    prompted = any(line.startswith("$ ") for line in lines)
    i = 0
    while i < len(lines):
        if not lines[i].strip() or (prompted and not lines[i].startswith("$ ")):
            i += 1
            continue
        start = i
        text = lines[i][2:] if prompted else lines[i]
        while not _complete(text) and i + 1 < len(lines):
            i += 1
            text += "\n" + lines[i]
        i += 1
        expected: str | None = None
        if prompted:
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            expected = "\n".join(shown).strip("\n")
        yield Command(text, expected, first_line + start)


def parse(markdown: str) -> list[Block]:
    """The indented code blocks of ``markdown``, with the marker before each."""
    blocks: list[Block] = []
    lines = markdown.split("\n")
    fenced = False
    pending: dict[str, str] | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (found := MARKER.match(line)):
            if pending is not None:
                raise ValueError(f"README.md:{i + 1}: a readme-test marker with no code block after it")
            pending = _options(found.group(1))
        elif not fenced and line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            body = [text[4:] for text in lines[start:i]]
            while body and not body[-1].strip():
                body.pop()
            blocks.append(Block(start + 1, tuple(_commands(body, start + 1)), pending or {}))
            pending = None
            continue
        i += 1
    if pending is not None:
        raise ValueError("README.md: a readme-test marker with no code block after it")
    return blocks


def _normalised(value: Any, varies: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {
            k: type(v).__name__ + _VARIES if k in varies else _normalised(v, varies) for k, v in value.items()
        }
    if isinstance(value, list):
        return [_normalised(v, varies) for v in value]
    return value


def differs(expected: str, actual: str, varies: frozenset[str] = frozenset()) -> bool:
    """Whether ``actual`` output differs from the README's ``expected``.

    >>> differs('{"a": 1,\\n "b": [2]}', '{"a":1,"b":[2]}\\n')
    False
    >>> differs('{"port": 1, "pid": 2}', '{"port": 5, "pid": 2}', frozenset({"port"}))
    False
    >>> differs("first\\n...\\nlast", "first\\nmiddle\\nmore\\nlast")
    False
    >>> differs("one", "two")
    True
    """
    try:
        return bool(_normalised(json.loads(expected), varies) != _normalised(json.loads(actual), varies))
    except ValueError:
        pass
    wanted = [line.rstrip() for line in expected.strip("\n").split("\n")]
    got = "\n".join(line.rstrip() for line in actual.strip("\n").split("\n"))
    pattern = "".join(r"(?:.*\n)*?" if line == "..." else re.escape(line) + "\n" for line in wanted)
    return re.fullmatch(pattern, got + "\n") is None


def user_environment() -> dict[str, str]:
    """This environment as a user's shell has it: no virtualenv activated, no GAMMOND_* settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAMMOND_")}
    venv = str(ROOT / ".venv" / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p and p != venv)
    for name in ("VIRTUAL_ENV", "PYTHON", "PYTHONPATH"):
        env.pop(name, None)
    return env


def _ready(target: str) -> bool:
    if target.startswith(("http://", "https://")):
        try:
            with urllib.request.urlopen(target, timeout=5):
                return True
        except urllib.error.HTTPError:
            return True  # it answered
        except OSError:
            return False
    return Path(target).exists()


class Runner:
    def __init__(self, blocks: list[Block], env: dict[str, str]) -> None:
        self.blocks = blocks
        self.env = env
        self.background: list[tuple[Command, subprocess.Popen[bytes], Path]] = []
        self.failures: list[str] = []
        self.ran = 0
        self.skipped = 0
        self.logs = Path(tempfile.mkdtemp(prefix="gammond-readme-"))

    def _fail(self, command: Command, why: str) -> None:
        self.failures.append(f"README.md:{command.line}: {command.text.splitlines()[0]}\n{why}")
        print(f"FAILED  README.md:{command.line}: {why.splitlines()[0] if why else ''}", flush=True)

    def start(self, block: Block, command: Command, ready_file: Path | None = None) -> bool:
        """Start a background command and wait until it is ready; whether it became so."""
        env = dict(self.env)
        target = block.options.get("ready", "")
        if block.is_server:
            assert ready_file is not None
            env["GAMMOND_READY_FILE"] = str(ready_file)
            target = str(ready_file)
        if not target.startswith(("http://", "https://")):
            Path(target).unlink(missing_ok=True)
        log = self.logs / f"line{command.line}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                ["bash", "-c", command.text],
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.background.append((command, process, log))
        deadline = time.monotonic() + READY_TIMEOUT_S
        while not _ready(target):
            if process.poll() is not None or time.monotonic() > deadline:
                self._fail(command, f"not ready ({target}); its output:\n{log.read_text()[-3000:]}")
                return False
            time.sleep(0.2)
        print(f"ready   README.md:{command.line}: {command.text}", flush=True)
        return True

    def run_one(self, block: Block, command: Command) -> None:
        timeout = float(block.options.get("timeout", DEFAULT_TIMEOUT_S))
        started = time.monotonic()
        try:
            done = subprocess.run(
                ["bash", "-c", command.text],
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            self._fail(command, f"still running after {timeout:g} s")
            return
        output = done.stdout.decode(errors="replace")
        self.ran += 1
        if done.returncode != 0:
            self._fail(command, f"exit status {done.returncode}; its output:\n{output[-3000:]}")
        elif command.expected is not None:
            varies = frozenset(v for v in block.options.get("vary", "").split(",") if v)
            if differs(command.expected, output, varies):
                self._fail(command, f"the README shows:\n{command.expected}\nit printed:\n{output[-3000:]}")
                return
        print(
            f"ok      README.md:{command.line}: {command.text.splitlines()[0]} ({time.monotonic() - started:.1f} s)"
        )

    def run(self, server_ready: Path | None) -> int:
        servers = [b for b in self.blocks if b.is_server]
        if len(servers) != 1 or len(servers[0].commands) != 1:
            print(
                "README.md: exactly one block of one command must be marked readme-test: server", flush=True
            )
            return 1
        try:
            if server_ready is not None:
                self.skipped += 1
                print(f"shared  README.md:{servers[0].line}: {servers[0].commands[0].text} (already serving)")
            elif not self.start(servers[0], servers[0].commands[0], self.logs / "server.ready.json"):
                return 1
            for block in self.blocks:
                if block.is_server:
                    continue
                for command in block.commands:
                    if block.skip is not None:
                        self.skipped += 1
                        print(
                            f"skipped README.md:{command.line}: {command.text.splitlines()[0]} ({block.skip})"
                        )
                    elif block.background:
                        self.ran += self.start(block, command)
                    else:
                        self.run_one(block, command)
        finally:
            self.stop()
        for failure in self.failures:
            print(f"\n--- {failure}", flush=True)
        print(f"readme: {self.ran} passed, {len(self.failures)} failed, {self.skipped} skipped", flush=True)
        return 1 if self.failures else 0

    def stop(self) -> None:
        for _, process, _ in self.background:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for command, process, log in self.background:
            try:
                code = process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                code = process.wait()
            if code not in (0, -signal.SIGTERM, 128 + signal.SIGTERM):
                self._fail(command, f"exit status {code} on SIGTERM; its output:\n{log.read_text()[-3000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.support.readme", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("server", help="print the README's server command")
    run = sub.add_parser("run", help="run the README's commands")
    run.add_argument(
        "--server-ready", type=Path, help="the ready file of the README's server, already started"
    )
    args = parser.parse_args(argv)
    blocks = parse(README.read_text())
    if args.what == "server":
        (command,) = [c for b in blocks if b.is_server for c in b.commands]
        print(command.text)
        return 0
    return Runner(blocks, user_environment()).run(args.server_ready)


if __name__ == "__main__":
    sys.exit(main())
