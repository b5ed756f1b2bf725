"""``python -m deploy.local up|down|status``: the local stack (see deploy/local/up)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from deploy.envoy.config import DownstreamTls
from deploy.local.processes import StackError, is_ours
from deploy.local.stack import (
    ReplicaTls,
    Stack,
    StackOptions,
    default_state_dir,
    down,
    edge_tls,
    load,
    started_processes,
    tls_file,
    up,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deploy/local/up", description="gammond replicas behind Envoy, on 127.0.0.1."
    )
    parser.add_argument("command", choices=("up", "down", "status"))
    parser.add_argument(
        "--state-dir", type=Path, default=default_state_dir(), help="configs, logs and stack.json"
    )
    parser.add_argument("--replicas", type=int, default=2, help="gammond replicas (default 2)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes per replica (default 1)")
    parser.add_argument(
        "--envoy-port", type=int, default=8080, help="Envoy's port for gRPC, gRPC-Web and JSON; 0 picks one"
    )
    parser.add_argument("--admin-port", type=int, default=9901, help="Envoy's admin port; 0 picks one")
    parser.add_argument("--prometheus-port", type=int, default=9090, help="Prometheus's port; 0 picks one")
    parser.add_argument(
        "--no-prometheus", action="store_true", help="do not start Prometheus even if installed"
    )
    parser.add_argument(
        "--scrape-interval", type=float, default=5.0, help="Prometheus scrape interval, seconds"
    )
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds each part may take to start")
    parser.add_argument("--json", action="store_true", help="print the stack as JSON")
    edge = parser.add_argument_group("TLS at Envoy, toward clients (docs/security.md)")
    edge.add_argument(
        "--tls-cert", type=Path, help="PEM certificate chain: Envoy serves clients over TLS only"
    )
    edge.add_argument("--tls-key", type=Path, help="PEM private key of --tls-cert")
    edge.add_argument(
        "--tls-client-ca", type=Path, help="PEM CA: Envoy requires client certificates it signed (mutual TLS)"
    )
    inner = parser.add_argument_group("TLS between Envoy and the replicas")
    inner.add_argument("--replica-tls-cert", type=Path, help="PEM certificate chain every replica serves")
    inner.add_argument("--replica-tls-key", type=Path, help="PEM private key of --replica-tls-cert")
    inner.add_argument(
        "--replica-tls-ca", type=Path, help="PEM CA of the replicas' certificate (Envoy trusts it)"
    )
    inner.add_argument(
        "--replica-tls-server-name", help="a DNS name the replicas' certificate must carry (also sent as SNI)"
    )
    inner.add_argument(
        "--envoy-client-cert",
        type=Path,
        help="PEM certificate Envoy presents to the replicas, signed by --replica-tls-ca: "
        "the replicas then require one (mutual TLS)",
    )
    inner.add_argument("--envoy-client-key", type=Path, help="PEM private key of --envoy-client-cert")
    return parser


def _edge_tls(args: argparse.Namespace) -> DownstreamTls | None:
    return edge_tls(args.tls_cert, args.tls_key, args.tls_client_ca)


def _replica_tls(args: argparse.Namespace) -> ReplicaTls | None:
    cert = tls_file(args.replica_tls_cert, "--replica-tls-cert")
    key = tls_file(args.replica_tls_key, "--replica-tls-key")
    ca = tls_file(args.replica_tls_ca, "--replica-tls-ca")
    envoy_cert = tls_file(args.envoy_client_cert, "--envoy-client-cert")
    envoy_key = tls_file(args.envoy_client_key, "--envoy-client-key")
    given = (cert, key, ca, envoy_cert, envoy_key, args.replica_tls_server_name)
    if all(value is None for value in given):
        return None
    if cert is None or key is None or ca is None:
        raise StackError("replica TLS needs --replica-tls-cert, --replica-tls-key and --replica-tls-ca")
    return ReplicaTls(cert, key, ca, args.replica_tls_server_name, envoy_cert, envoy_key)


def _describe(stack: Stack) -> str:
    lines = [f"gammond local stack ({stack.state_dir})"]
    for i, replica in enumerate(stack.replicas, 1):
        lines.append(
            f"  replica {i}: grpc {replica.target}  metrics http://127.0.0.1:{replica.metrics_port}/metrics"
            f"  pid {replica.process.pid}"
        )
    secure = " over TLS" if stack.tls else ""
    lines.append(
        f"  envoy:     grpc, grpc-web and json{secure} on {stack.target}"
        f"  admin http://127.0.0.1:{stack.admin_port}/"
    )
    if stack.prometheus_port is not None:
        lines.append(f"  prometheus: http://127.0.0.1:{stack.prometheus_port}/")
    else:
        lines.append("  prometheus: not running (not installed, or --no-prometheus)")
    curl = "curl -s --cacert CA.pem" if stack.tls else "curl -s"
    lines.append(
        f'try: {curl} -d \'{{"seed": 7, "count": 2}}\' {stack.url}/backgammon.v1.DiceService/RollDice'
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "down":
        stopped = down(args.state_dir)
        print(f"stopped: {', '.join(stopped)}" if stopped else f"no stack running in {args.state_dir}")
        return 0
    if args.command == "status":
        stack = load(args.state_dir)
        if stack is None or not any(is_ours(p) for p in started_processes(args.state_dir)):
            print(f"no stack running in {args.state_dir}")
            return 1
        print(json.dumps(stack.as_json()) if args.json else _describe(stack))
        return 0
    try:
        edge_tls, replica_tls = _edge_tls(args), _replica_tls(args)
    except StackError as error:
        print(f"deploy/local/up: {error}", file=sys.stderr)
        return 2
    options = StackOptions(
        state_dir=args.state_dir,
        replicas=args.replicas,
        workers=args.workers,
        envoy_port=args.envoy_port,
        admin_port=args.admin_port,
        prometheus_port=args.prometheus_port,
        prometheus=not args.no_prometheus,
        scrape_interval_s=args.scrape_interval,
        timeout_s=args.timeout,
        edge_tls=edge_tls,
        replica_tls=replica_tls,
    )
    try:
        stack = up(options)
    except StackError as error:
        print(f"deploy/local/up: {error} (logs in {args.state_dir})", file=sys.stderr)
        return 1
    print(json.dumps(stack.as_json()) if args.json else _describe(stack))
    return 0


if __name__ == "__main__":
    sys.exit(main())
