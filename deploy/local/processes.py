"""Background processes for the local stack: start, wait for, stop.

Each process is started in a session of its own, so it outlives ``up`` and
its children (gammond's workers) share its process group. ``down`` stops
only processes this stack started: it checks that the pid still runs the
command line it recorded before it sends any signal. Every wait is bounded.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

LOOPBACK = "127.0.0.1"
_POLL_S = 0.1


class StackError(RuntimeError):
    """The local stack could not be started, or found in a state it cannot handle."""


@dataclass(frozen=True, slots=True)
class Started:
    """A process the stack started: its pid (also its process group) and command line."""

    name: str
    pid: int
    argv: tuple[str, ...]
    log: str

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "pid": self.pid, "argv": list(self.argv), "log": self.log}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Started:
        argv = data["argv"]
        if not isinstance(argv, list):
            raise StackError(f"state file: argv of {data.get('name')!r} is not a list")
        return cls(str(data["name"]), int(str(data["pid"])), tuple(str(a) for a in argv), str(data["log"]))


def free_port(host: str = LOOPBACK) -> int:
    """A port nobody listens on right now (the kernel's pick for port 0).

    >>> 0 < free_port() < 65536
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def start(name: str, argv: Sequence[str], log: Path, cwd: Path, env: Mapping[str, str]) -> Started:
    """Start ``argv`` detached, output to ``log``."""
    with open(log, "ab") as out:
        process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Started(name, process.pid, tuple(argv), str(log))


def _cmdline(pid: int) -> tuple[str, ...] | None:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    return tuple(part.decode(errors="replace") for part in raw.split(b"\0") if part)


def is_ours(started: Started) -> bool:
    """True while ``started.pid`` is alive and still runs the recorded command (not a zombie)."""
    try:
        state = Path(f"/proc/{started.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z" and _cmdline(started.pid) == started.argv


def wait_for(what: str, ready: Callable[[], bool], timeout_s: float, alive: Callable[[], bool]) -> None:
    """Poll ``ready`` until it holds; fail once ``timeout_s`` passes or ``alive`` stops holding."""
    deadline = time.monotonic() + timeout_s
    while not ready():
        if not alive():
            raise StackError(f"{what}: the process exited while starting")
        if time.monotonic() > deadline:
            raise StackError(f"{what}: not ready after {timeout_s:g} s")
        time.sleep(_POLL_S)


def http_get(url: str, timeout_s: float = 2.0) -> tuple[int, str]:
    """Status and body of a GET, (0, reason) when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:
            return int(response.status), response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode(errors="replace")
    except (urllib.error.URLError, OSError) as error:
        return 0, str(error)


def _signal_group(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _reap(pid: int) -> None:
    # Reaps our own children (a stack started in this process); others are not ours to wait for.
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def stop(started: Started, grace_s: float = 15.0) -> bool:
    """SIGTERM the process group, SIGKILL it after ``grace_s``; False if it was already gone."""
    if not is_ours(started):
        return False
    _signal_group(started.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        _reap(started.pid)
        if not is_ours(started):
            break
        time.sleep(_POLL_S)
    # Whatever is left of the group (a worker that outlived its parent) goes too.
    _signal_group(started.pid, signal.SIGKILL)
    _reap(started.pid)
    return True
