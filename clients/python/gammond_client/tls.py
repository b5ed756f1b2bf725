"""Channels to a server with TLS, mutual TLS and a bearer token (docs/security.md).

>>> from gammond_client.tls import secure_channel
"""

from __future__ import annotations

from pathlib import Path

import grpc


def _read(path: str | None) -> bytes | None:
    return None if path is None else Path(path).read_bytes()


def channel_credentials(
    ca: str | None = None, cert: str | None = None, key: str | None = None
) -> grpc.ChannelCredentials:
    """TLS credentials: ``ca`` the PEM roots to trust (None: the system's), ``cert``/``key`` for mutual TLS."""
    if (cert is None) != (key is None):
        raise ValueError("a client certificate needs its key, and the reverse")
    return grpc.ssl_channel_credentials(
        root_certificates=_read(ca), private_key=_read(key), certificate_chain=_read(cert)
    )


def secure_channel(
    target: str,
    *,
    ca: str | None = None,
    cert: str | None = None,
    key: str | None = None,
    token: str | None = None,
    server_name: str | None = None,
) -> grpc.Channel:
    """A TLS channel; with ``token`` every call carries ``authorization: Bearer <token>``.

    ``server_name`` overrides the name the server's certificate is checked
    against (e.g. ``localhost`` when dialling 127.0.0.1).
    """
    credentials = channel_credentials(ca, cert, key)
    if token is not None:
        credentials = grpc.composite_channel_credentials(
            credentials, grpc.access_token_call_credentials(token)
        )
    options = [] if server_name is None else [("grpc.ssl_target_name_override", server_name)]
    return grpc.secure_channel(target, credentials, options=options)
