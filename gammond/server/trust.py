"""From the trust options of :class:`~gammond.server.config.ServerConfig` to a server's.

Kept apart from the worker so the mapping (files read, tokens loaded) is in
one place that tests and the benchmark can use too.
"""

from __future__ import annotations

from typing import Any

from gammond.server.config import ServerConfig
from gammond.server.security import TlsFiles, read_tokens


def trust_options(config: ServerConfig) -> dict[str, Any]:
    """Keyword arguments for :class:`~gammond.server.app.ServerOptions`: keys, TLS, tokens, reflection, dice."""
    tls = None
    if config.tls_cert is not None and config.tls_key is not None:
        tls = TlsFiles(config.tls_cert, config.tls_key, config.tls_client_ca)
    tokens = read_tokens(config.auth_tokens) if config.auth_tokens else ()
    return {
        "keyring": config.state_keys,
        "tls": tls,
        "auth_tokens": tokens,
        "reflection": config.reflection,
        "require_fair_dice": config.require_fair_dice,
    }
