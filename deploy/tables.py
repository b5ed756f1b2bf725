"""The table store ``scripts/serve`` runs for TableService when the server has several workers.

A ``memory`` table store lives in one worker process, so a server with
several workers (``scripts/serve`` runs one per CPU) refuses table calls
(FAILED_PRECONDITION ``TABLES_UNAVAILABLE``). Unless the user chose a store
(``--table-store`` or ``GAMMOND_TABLE_STORE``), :func:`local_table_store`
starts Debian's ``redis-server`` for such a run: on a unix socket in a
temporary folder (no TCP port, so nothing else on the machine reaches it),
nothing saved to disk, stopped with the rest. Where ``redis-server`` is not
installed it says so in one line and the tables stay in memory (refused).

A shared store needs state keys (every worker checks the seat tokens with
them). Without ``--state-keys``/``GAMMOND_STATE_KEYS`` this run makes a key
of its own and gives it to the server by environment, never on a command
line: Games and seat tokens of this run are sealed with it, and refused
after a restart (give ``--state-keys`` to keep them valid across runs).

>>> run = local_table_store(["--workers", "1"], {}, None)
>>> run.process is None, run.server_args
(True, ())
>>> local_table_store(["--workers", "4", "--table-store", "off"], {}, None).server_args
()
"""

from __future__ import annotations

import argparse
import base64
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gammond.server.config import default_workers

START_TIMEOUT_S = 20.0


@dataclass
class TableStoreProcess:
    """What the server is started with for its tables, and the ``redis-server`` that serves them (if any)."""

    server_args: tuple[str, ...] = ()
    server_env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    process: subprocess.Popen[bytes] | None = None
    folder: Path | None = None

    def alive(self) -> bool:
        return self.process is None or self.process.poll() is None

    def stop(self) -> None:
        """Stop ``redis-server`` (after the server: its workers drain first) and remove its folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def _say(line: str) -> None:
    print(f"scripts/serve: {line}", file=sys.stderr, flush=True)


def _chosen(server_args: Sequence[str], environ: Mapping[str, str]) -> tuple[int | None, bool, bool]:
    """The run's worker count (None if unreadable: the server will say why), and whether a store and keys were given."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    for flag in ("--workers", "--table-store", "--state-keys"):
        parser.add_argument(flag)
    known, _ = parser.parse_known_args(list(server_args))
    text = known.workers if known.workers is not None else environ.get("GAMMOND_WORKERS")
    try:
        workers = int(text) if text else default_workers()
    except ValueError:
        workers = None
    store = known.table_store is not None or bool(environ.get("GAMMOND_TABLE_STORE"))
    keys = known.state_keys is not None or bool(environ.get("GAMMOND_STATE_KEYS"))
    return workers, store, keys


def local_table_store(
    server_args: Sequence[str], environ: Mapping[str, str], folder: Path | None
) -> TableStoreProcess:
    """Start ``redis-server`` for a run of several workers that named no table store; else start nothing.

    ``folder``: where its socket goes (a fresh temporary folder, removed at stop, when None).
    """
    env = dict(environ)
    workers, store_given, keys_given = _chosen(server_args, environ)
    if store_given or workers is None or workers <= 1:
        return TableStoreProcess(server_env=env)
    binary = shutil.which("redis-server")
    if binary is None:
        _say(
            f"redis-server is not installed: live-play tables stay in memory, refused with {workers} workers "
            "(apt-get install redis-server, or --workers 1)"
        )
        return TableStoreProcess(server_env=env)
    owned = folder is None
    where = Path(tempfile.mkdtemp(prefix="gammond-tables-")) if folder is None else folder
    socket = where / "redis.sock"
    command = [binary, "--port", "0", "--unixsocket", str(socket), "--unixsocketperm", "700"]
    command += ["--save", "", "--appendonly", "no", "--dir", str(where)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    run = TableStoreProcess(server_env=env, process=process, folder=where if owned else None)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not socket.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            run.stop()
            _say(
                f"redis-server did not start: live-play tables stay in memory, refused with {workers} workers"
            )
            return TableStoreProcess(server_env=env)
        time.sleep(0.02)
    run.server_args = ("--table-store", f"unix://{socket}")
    if not keys_given:
        secret = base64.b64encode(os.urandom(32)).decode("ascii")
        env["GAMMOND_STATE_KEYS"] = f"serve-{os.urandom(4).hex()}:{secret}"
        _say(
            "no --state-keys given: this run seals Games and seat tokens with a key made for it "
            "(they are refused after a restart; give --state-keys to keep them)"
        )
    _say(
        f"live-play tables in a redis-server of this run, shared by the {workers} workers (pid {process.pid})"
    )
    return run
