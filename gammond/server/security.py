"""Transport security and the authentication hook (docs/security.md).

* TLS: :func:`server_credentials` reads a PEM certificate chain and key and,
  with a client CA, requires and verifies a client certificate (mutual
  TLS).  Without them the port speaks plaintext, as a developer run does.
* Bearer tokens: :class:`TokenInterceptor` refuses every call without an
  ``authorization: Bearer <token>`` header naming one of the tokens of the
  file given with ``--auth-tokens`` (one per line; blank lines and ``#``
  comments ignored), UNAUTHENTICATED with ErrorInfo reason
  ``UNAUTHENTICATED_CALLER``.  Health checks and reflection are exempt, so
  load balancers and probes work without a token.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from gammond.server.errors import unauthenticated

AUTH_REASON = "UNAUTHENTICATED_CALLER"
EXEMPT_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")


@dataclass(frozen=True, slots=True)
class TlsFiles:
    """PEM files for the gRPC port; ``client_ca`` set: mutual TLS."""

    cert: str
    key: str
    client_ca: str | None = None


def server_credentials(tls: TlsFiles) -> grpc.ServerCredentials:
    """Credentials for ``add_secure_port``: a client certificate is required when a client CA is given."""
    chain = Path(tls.cert).read_bytes()
    key = Path(tls.key).read_bytes()
    client_ca = Path(tls.client_ca).read_bytes() if tls.client_ca else None
    return grpc.ssl_server_credentials(
        [(key, chain)], root_certificates=client_ca, require_client_auth=client_ca is not None
    )


def read_tokens(path: str) -> tuple[str, ...]:
    """The tokens in ``path``: one per line, blank lines and ``#`` comments skipped; at least one."""
    tokens = tuple(
        line.strip()
        for line in Path(path).read_text().splitlines()
        if line.strip() and not line.strip().startswith("#")
    )
    if not tokens:
        raise ValueError(f"{path} holds no token")
    if any(len(token) < 16 or any(c.isspace() for c in token) for token in tokens):
        raise ValueError(f"{path}: each token is one word of at least 16 characters")
    return tokens


def _bearer(metadata: Sequence[tuple[str, str | bytes]] | None) -> str | None:
    for key, value in metadata or ():
        if key == "authorization" and isinstance(value, str):
            scheme, _, token = value.partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


class TokenInterceptor(grpc.ServerInterceptor):
    """Lets through only calls that carry one of ``tokens`` (health and reflection exempt)."""

    def __init__(self, tokens: Sequence[str]) -> None:
        self._tokens = tuple(token.encode() for token in tokens)

    def allowed(self, metadata: Sequence[tuple[str, str | bytes]] | None) -> bool:
        token = _bearer(metadata)
        if token is None:
            return False
        given = token.encode()
        # Compare with every token, in constant time each, so timing says nothing.
        matches = [hmac.compare_digest(given, known) for known in self._tokens]
        return any(matches)

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        method: str = handler_call_details.method
        if method.startswith(EXEMPT_PREFIXES) or self.allowed(handler_call_details.invocation_metadata):
            return continuation(handler_call_details)
        status = unauthenticated(AUTH_REASON, "this server needs an `authorization: Bearer <token>` header")

        def refuse(request: Any, context: grpc.ServicerContext) -> Any:
            context.abort_with_status(status)

        handler = continuation(handler_call_details)
        if handler is None:
            return None
        return grpc.unary_unary_rpc_method_handler(
            refuse,
            request_deserializer=lambda raw: raw,
            response_serializer=handler.response_serializer,
        )
