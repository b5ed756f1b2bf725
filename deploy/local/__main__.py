"""``python -m deploy.local up|down|status``: the local stack (see deploy/local/up)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from deploy.local.processes import StackError, is_ours
from deploy.local.stack import Stack, StackOptions, default_state_dir, down, load, started_processes, up


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
    return parser


def _describe(stack: Stack) -> str:
    lines = [f"gammond local stack ({stack.state_dir})"]
    for i, replica in enumerate(stack.replicas, 1):
        lines.append(
            f"  replica {i}: grpc {replica.target}  metrics http://127.0.0.1:{replica.metrics_port}/metrics"
            f"  pid {replica.process.pid}"
        )
    lines.append(
        f"  envoy:     grpc, grpc-web and json on {stack.target}  admin http://127.0.0.1:{stack.admin_port}/"
    )
    if stack.prometheus_port is not None:
        lines.append(f"  prometheus: http://127.0.0.1:{stack.prometheus_port}/")
    else:
        lines.append("  prometheus: not running (not installed, or --no-prometheus)")
    lines.append(
        f'try: curl -s -d \'{{"seed": 7, "count": 2}}\' http://{stack.target}/backgammon.v1.DiceService/RollDice'
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
