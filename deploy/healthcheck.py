"""The container's HEALTHCHECK: exit 0 when gammond's gRPC health says SERVING.

    python deploy/healthcheck.py [--port 50051] [--service NAME] [--timeout 2]

The port defaults to ``$GAMMOND_PORT`` (then 50051) and the address to
127.0.0.1, since it runs inside the container beside the server. Exit 1
when the server is NOT_SERVING (warming up, draining) or does not answer.
The same check as Kubernetes' ``grpc:`` probes and Envoy's health checks.

With TLS on the server (``GAMMOND_TLS_CERT``), pass ``--tls-ca`` (the CA
that signed it; default ``$GAMMOND_TLS_CA``) and under mutual TLS
``--tls-cert``/``--tls-key`` for the probe's own certificate;
``--tls-server-name`` is the name to check the server's certificate for.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


@dataclass(frozen=True, slots=True)
class ProbeTls:
    """PEM files for a probe of a TLS port; ``cert``/``key`` for mutual TLS."""

    ca: str | None = None
    cert: str | None = None
    key: str | None = None
    server_name: str | None = None


def _channel(target: str, tls: ProbeTls | None) -> grpc.Channel:
    if tls is None:
        return grpc.insecure_channel(target)

    def read(path: str | None) -> bytes | None:
        return None if path is None else Path(path).read_bytes()

    credentials = grpc.ssl_channel_credentials(read(tls.ca), read(tls.key), read(tls.cert))
    options = [] if tls.server_name is None else [("grpc.ssl_target_name_override", tls.server_name)]
    return grpc.secure_channel(target, credentials, options=options)


def check(
    target: str, service: str = "", timeout_s: float = 2.0, tls: ProbeTls | None = None
) -> tuple[bool, str]:
    """Whether ``target`` reports ``service`` SERVING, and what it said."""
    with _channel(target, tls) as channel:
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
    env = os.environ.get
    parser.add_argument("--tls", action="store_true", default=bool(env("GAMMOND_TLS_CERT")), help="use TLS")
    parser.add_argument(
        "--tls-ca", default=env("GAMMOND_TLS_CA"), help="PEM CA the server's certificate chains to"
    )
    parser.add_argument(
        "--tls-cert", default=env("GAMMOND_PROBE_CERT"), help="PEM client certificate (mutual TLS)"
    )
    parser.add_argument("--tls-key", default=env("GAMMOND_PROBE_KEY"), help="PEM key of --tls-cert")
    parser.add_argument("--tls-server-name", default=env("GAMMOND_TLS_SERVER_NAME"), help="name to verify")
    args = parser.parse_args(argv)
    tls = None
    if args.tls or args.tls_ca or args.tls_cert:
        tls = ProbeTls(args.tls_ca, args.tls_cert, args.tls_key, args.tls_server_name)
    healthy, said = check(f"{args.host}:{args.port}", args.service, args.timeout, tls)
    print(said, file=sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
