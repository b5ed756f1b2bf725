"""The container's HEALTHCHECK: exit 0 when gammond's gRPC health says SERVING.

    python deploy/healthcheck.py [--port 50051] [--service NAME] [--timeout 2]

The port defaults to ``$GAMMOND_PORT`` (then 50051) and the address to
127.0.0.1, since it runs inside the container beside the server. Exit 1
when the server is NOT_SERVING (warming up, draining) or does not answer.
The same check as Kubernetes' ``grpc:`` probes and Envoy's health checks.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def check(target: str, service: str = "", timeout_s: float = 2.0) -> tuple[bool, str]:
    """Whether ``target`` reports ``service`` SERVING, and what it said."""
    with grpc.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            # types-grpcio-health-checking declares HealthStub without its methods.
            answer = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout_s)  # type: ignore[attr-defined]
        except grpc.RpcError as error:
            return False, f"{target}: {error.code().name}"
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)
    return answer.status == health_pb2.HealthCheckResponse.SERVING, f"{target}: {status}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="gRPC health check of a local gammond.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("GAMMOND_PORT", "50051")))
    parser.add_argument("--service", default="", help="a service's full name; empty: the whole server")
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds")
    args = parser.parse_args(argv)
    healthy, said = check(f"{args.host}:{args.port}", args.service, args.timeout)
    print(said, file=sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
