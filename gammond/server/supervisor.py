"""The parent process: reserves the port, runs the workers and the metrics endpoint.

* The port: the parent binds it first with SO_REUSEPORT (without listening),
  so port 0 resolves once and every worker binds the same number; the
  kernel spreads connections over the workers' listening sockets.
* Metrics: the parent owns ``PROMETHEUS_MULTIPROC_DIR`` (a fresh temporary
  folder unless one is given), serves the sum over workers on its own HTTP
  port, marks dead workers and removes the folder at exit.
* Signals: SIGTERM or SIGINT is passed to every worker, which drains its
  in-flight calls; a worker that dies on its own is replaced.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
from pathlib import Path
from types import FrameType
from typing import Any

from gammond.server.config import ServerConfig
from gammond.server.logs import configure, logger
from gammond.server.memory import limit_arenas
from gammond.server.ports import busy, busy_message

_STARTUP_S = 120.0
_POLL_S = 0.5


def _reserve(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host.strip("[]"), port))
    return sock


def _metrics_dir() -> tuple[str, bool]:
    """The multiprocess folder, emptied, and whether we made it (and so remove it)."""
    given = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        return given, False
    return tempfile.mkdtemp(prefix="gammond-metrics-"), True


def _start_metrics(host: str, port: int, folder: str) -> tuple[Any, int]:
    from prometheus_client import CollectorRegistry, multiprocess, start_http_server

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    httpd, _ = start_http_server(port, addr=host.strip("[]"), registry=registry)
    return httpd, int(httpd.server_address[1])


def _busy_port(config: ServerConfig) -> str | None:
    """The one-line refusal when a port this server was told to use is taken, else None."""
    for flag, port in (("--port", config.port), ("--metrics-port", config.metrics_port)):
        reason = None if port is None else busy(config.host, port)
        if port is not None and reason is not None:
            return busy_message("gammond", flag, config.host, port, reason)
    return None


def _write_ready(path: str, facts: dict[str, Any]) -> None:
    # Written whole, then renamed, so a reader never sees half a file.
    tmp = f"{path}.tmp"
    Path(tmp).write_text(json.dumps(facts))
    os.replace(tmp, path)


class Supervisor:
    """Runs ``config.workers`` worker processes until told to stop."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.stopping = threading.Event()
        self.context = multiprocessing.get_context("spawn")
        self.ready: Any = self.context.Queue()
        self.workers: dict[int, Any] = {}

    def _spawn(self, index: int, port: int) -> None:
        from gammond.server.worker import run_worker

        process = self.context.Process(
            target=run_worker, args=(self.config, port, index, self.ready), name=f"gammond-worker-{index}"
        )
        process.start()
        self.workers[index] = process

    def _await_ready(self) -> None:
        waiting = set(self.workers)
        while waiting:
            index = self.ready.get(timeout=_STARTUP_S)
            waiting.discard(index)

    def _signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping.set()

    def serve(self) -> int:
        """Start everything, wait for a signal, drain, clean up; the exit status."""
        config = self.config
        refusal = _busy_port(config)
        if refusal is not None:
            # Like a bad flag: one line naming it and status 2, before anything starts.
            print(refusal, file=sys.stderr, flush=True)
            return 2
        configure(config.log_level, role="supervisor")
        signal.signal(signal.SIGTERM, self._signal)
        signal.signal(signal.SIGINT, self._signal)
        folder, owned = _metrics_dir()
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
        # Read by each worker's C library at start: keeps its RSS flat (memory.py).
        limit_arenas()
        try:
            reservation = _reserve(config.host, config.port)
        except OSError as error:  # taken since the check above
            print(
                busy_message("gammond", "--port", config.host, config.port, str(error.strerror)),
                file=sys.stderr,
            )
            if owned:
                shutil.rmtree(folder, ignore_errors=True)
            return 2
        port = int(reservation.getsockname()[1])
        httpd = None
        try:
            for index in range(config.workers):
                self._spawn(index, port)
            self._await_ready()
            metrics_port = None
            if config.metrics_port is not None:
                try:
                    httpd, metrics_port = _start_metrics(config.host, config.metrics_port, folder)
                except OSError as error:  # taken since the check above
                    reason = error.strerror or str(error)
                    print(
                        busy_message("gammond", "--metrics-port", config.host, config.metrics_port, reason),
                        file=sys.stderr,
                        flush=True,
                    )
                    return 2
            pids = [p.pid for p in self.workers.values()]
            logger().info("serving", port=port, metrics_port=metrics_port, workers=pids)
            if config.ready_file:
                facts = {"port": port, "metrics_port": metrics_port, "pid": os.getpid(), "workers": pids}
                _write_ready(config.ready_file, facts)
            self._watch(port)
            return 0
        finally:
            self._shutdown(folder)
            if httpd is not None:
                httpd.shutdown()
            reservation.close()
            if owned:
                shutil.rmtree(folder, ignore_errors=True)
            logger().info("stopped")

    def _watch(self, port: int) -> None:
        while not self.stopping.wait(_POLL_S):
            for index, process in list(self.workers.items()):
                if not process.is_alive():
                    logger().error("worker.died", worker=index, pid=process.pid, exitcode=process.exitcode)
                    _mark_dead(process.pid)
                    self._spawn(index, port)

    def _shutdown(self, folder: str) -> None:
        for process in self.workers.values():
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in self.workers.values():
            process.join(self.config.drain_notice_s + self.config.grace_s + 5.0)
            if process.is_alive():
                logger().error("worker.kill", pid=process.pid)
                process.kill()
                process.join()
            _mark_dead(process.pid)


def _mark_dead(pid: int | None) -> None:
    if pid is None:
        return
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def serve(config: ServerConfig) -> int:
    """Run the server described by ``config`` until SIGTERM or SIGINT."""
    return Supervisor(config).serve()
