"""Configuration from flags and ``GAMMOND_*`` environment variables.

A flag beats its environment variable, which beats the default; ``--help``
lists all three.  Bad values are refused naming the flag or variable.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gammond.engine import EngineError
from gammond.engine.bot import budget_scale
from gammond.server.logs import LEVELS
from gammond.server.sealing import Keyring, parse_keys
from gammond.server.tables.store import is_store_url


def default_workers() -> int:
    """One worker per CPU this process may run on."""
    return max(1, len(os.sched_getaffinity(0)))


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything ``python -m gammond.server`` can be told."""

    # Loopback for a developer run; the container and Kubernetes set GAMMOND_HOST=0.0.0.0.
    host: str = "127.0.0.1"
    port: int = 50051
    workers: int = 1
    threads: int = 8
    metrics_port: int | None = 9464
    grace_s: float = 10.0
    max_connection_age_s: float = 300.0
    max_search_s: float = 10.0
    max_expensive_calls: int = 1
    max_calls: int = 128
    search_processes: bool = True
    search_nice: int = 10
    idle_timeout_s: float = 60.0
    drain_notice_s: float = 1.0
    log_level: str = "info"
    ready_file: str | None = None
    # Trust (docs/security.md); the defaults are a developer run's.
    state_keys: Keyring | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    tls_client_ca: str | None = None
    auth_tokens: str | None = None
    reflection: bool = True
    require_fair_dice: bool = False
    # TableService (docs/api.md, "Live play"): memory, off, or a redis:// URL.
    table_store: str = "memory"
    table_ttl_s: float = 86400.0


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise ValueError(f"{value} is not a port 0..65535")
    return value


def _metrics_port(text: str) -> int | None:
    return None if text.strip().lower() in ("", "off", "none") else _port(text)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(f"{value} is below 1")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise ValueError(f"{value} is not above 0")
    return value


def _nice(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 19:
        raise ValueError(f"{value} is not 0..19")
    return value


def _non_negative_float(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise ValueError(f"{value} is below 0")
    return value


def _host(text: str) -> str:
    ipaddress.ip_address(text.strip("[]"))
    return text


def _on_off(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered not in ("on", "off", "true", "false", "1", "0"):
        raise ValueError("is not on or off")
    return lowered in ("on", "true", "1")


def _readable(text: str) -> str:
    if not os.path.isfile(text):
        raise ValueError("is not a readable file")
    return text


def _table_store(text: str) -> str:
    spec = text.strip()
    if spec.lower() in ("memory", "off"):
        return spec.lower()
    if is_store_url(spec):
        return spec
    raise ValueError("is not memory, off, or a redis://HOST:PORT/DB (rediss://, unix://PATH) URL")


def _level(text: str) -> str:
    if text.lower() not in LEVELS:
        raise ValueError(f"{text!r} is not one of {', '.join(LEVELS)}")
    return text.lower()


_D = ServerConfig()
# --metrics-port left unset: 9464, or a free port when --port 0 asks for one (whoever
# wants any free gRPC port, a test or a second server, wants no fixed metrics port either).
_METRICS_FOLLOWS_PORT = object()

# flag, environment variable, parser, default, help
_OPTIONS: tuple[tuple[str, str, Callable[[str], object], object, str], ...] = (
    ("--host", "GAMMOND_HOST", _host, _D.host, "IP address to listen on"),
    ("--port", "GAMMOND_PORT", _port, _D.port, "gRPC port; 0 picks a free one"),
    (
        "--workers",
        "GAMMOND_WORKERS",
        _positive_int,
        None,
        "worker processes sharing the port (default: one per CPU)",
    ),
    ("--threads", "GAMMOND_THREADS", _positive_int, _D.threads, "threads per worker"),
    (
        "--metrics-port",
        "GAMMOND_METRICS_PORT",
        _metrics_port,
        _D.metrics_port,
        "Prometheus port; 0 picks one, 'off' disables (default 9464, or a free one with --port 0)",
    ),
    (
        "--grace",
        "GAMMOND_GRACE_S",
        _positive_float,
        _D.grace_s,
        "seconds in-flight calls get to finish on SIGTERM",
    ),
    (
        "--max-connection-age",
        "GAMMOND_MAX_CONNECTION_AGE_S",
        _positive_float,
        _D.max_connection_age_s,
        "seconds before a connection is closed so clients rebalance",
    ),
    (
        "--max-search",
        "GAMMOND_MAX_SEARCH_S",
        _positive_float,
        _D.max_search_s,
        "longest bot search in seconds, whatever the deadline",
    ),
    (
        "--max-expensive-calls",
        "GAMMOND_MAX_EXPENSIVE_CALLS",
        _positive_int,
        _D.max_expensive_calls,
        "bot searches one worker runs at once; more are refused with RESOURCE_EXHAUSTED",
    ),
    (
        "--max-calls",
        "GAMMOND_MAX_CALLS",
        _positive_int,
        _D.max_calls,
        "calls one worker holds at once (queued or running); more are refused with RESOURCE_EXHAUSTED",
    ),
    (
        "--search-processes",
        "GAMMOND_SEARCH_PROCESSES",
        _on_off,
        _D.search_processes,
        "run bot searches in child processes of each worker (one per expensive call): on or off",
    ),
    (
        "--search-nice",
        "GAMMOND_SEARCH_NICE",
        _nice,
        _D.search_nice,
        "niceness added to the search processes, 0..19: cheap calls get the CPU first",
    ),
    (
        "--idle-timeout",
        "GAMMOND_IDLE_TIMEOUT_S",
        _positive_float,
        _D.idle_timeout_s,
        "seconds before a connection with no calls (or one that never speaks) is closed",
    ),
    (
        "--drain-notice",
        "GAMMOND_DRAIN_NOTICE_S",
        _non_negative_float,
        _D.drain_notice_s,
        "seconds health says NOT_SERVING on SIGTERM before the port closes",
    ),
    ("--log-level", "GAMMOND_LOG_LEVEL", _level, _D.log_level, "debug, info, warning or error"),
    (
        "--ready-file",
        "GAMMOND_READY_FILE",
        str,
        _D.ready_file,
        "write the bound ports here as JSON once serving",
    ),
    (
        "--state-keys",
        "GAMMOND_STATE_KEYS",
        parse_keys,
        None,
        "seal games with these keys, ID:BASE64 comma-separated; the first signs, all verify",
    ),
    ("--tls-cert", "GAMMOND_TLS_CERT", _readable, None, "PEM certificate chain: serve gRPC over TLS"),
    ("--tls-key", "GAMMOND_TLS_KEY", _readable, None, "PEM private key of --tls-cert"),
    (
        "--tls-client-ca",
        "GAMMOND_TLS_CLIENT_CA",
        _readable,
        None,
        "PEM CA bundle: require client certificates it signed (mutual TLS)",
    ),
    (
        "--auth-tokens",
        "GAMMOND_AUTH_TOKENS",
        _readable,
        None,
        "file of bearer tokens, one a line: refuse calls without one (health exempt)",
    ),
    ("--reflection", "GAMMOND_REFLECTION", _on_off, _D.reflection, "serve gRPC reflection: on or off"),
    (
        "--require-fair-dice",
        "GAMMOND_REQUIRE_FAIR_DICE",
        _on_off,
        _D.require_fair_dice,
        "new PlayService games get fair dice by default and no other source: on or off (needs --state-keys)",
    ),
    (
        "--table-store",
        "GAMMOND_TABLE_STORE",
        _table_store,
        _D.table_store,
        "where TableService keeps tables: memory (with --workers 1 only), off, or a redis:// URL "
        "shared by every worker and replica (needs --state-keys)",
    ),
    (
        "--table-ttl",
        "GAMMOND_TABLE_TTL_S",
        _positive_float,
        _D.table_ttl_s,
        "seconds a table with no action is kept before it expires",
    ),
)


def _explained(parse: Callable[[str], object]) -> Callable[[str], object]:
    """Keep the reason a value was refused (argparse drops a ValueError's text)."""

    def run(text: str) -> object:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None

    return run


def _parser(environ: Mapping[str, str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gammond.server",
        description="gammond: a stateless backgammon game service over gRPC.",
    )
    for flag, env, parse, default, text in _OPTIONS:
        dest = flag[2:].replace("-", "_")
        parse = _explained(parse)
        if env in environ:
            try:
                default = parse(environ[env])
            except argparse.ArgumentTypeError as exc:
                parser.error(f"environment variable {env}: {exc}")
        if dest == "metrics_port" and env not in environ:
            default = _METRICS_FOLLOWS_PORT
        shown = "one per CPU" if dest == "workers" and default is None else default
        if default is _METRICS_FOLLOWS_PORT:
            shown = f"{_D.metrics_port}, or 0 with --port 0"
        if dest == "state_keys" and default is not None:
            shown = "set"  # never print a secret
        if dest == "table_store" and is_store_url(str(default)):
            shown = "a store URL"  # which may hold a password
        parser.add_argument(
            flag, dest=dest, type=parse, default=default, help=f"{text} [env {env}, now {shown}]"
        )
    return parser


def parse_config(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> ServerConfig:
    """The configuration from ``argv`` and ``environ`` (the process's own by default).

    >>> parse_config(["--port", "0", "--workers", "2"], {"GAMMOND_PORT": "7"}).port
    0
    >>> parse_config([], {"GAMMOND_METRICS_PORT": "off"}).metrics_port is None
    True
    >>> parse_config([], {}).metrics_port, parse_config(["--port", "0"], {}).metrics_port
    (9464, 0)
    >>> parse_config(["--port", "0", "--metrics-port", "9100"], {}).metrics_port
    9100
    """
    args = _parser(os.environ if environ is None else environ).parse_args(argv)
    values = vars(args)
    grace_s, age_s, search_s = values.pop("grace"), values.pop("max_connection_age"), values.pop("max_search")
    idle_s, notice_s = values.pop("idle_timeout"), values.pop("drain_notice")
    table_ttl_s = values.pop("table_ttl")
    workers = values.pop("workers") or default_workers()
    if values["metrics_port"] is _METRICS_FOLLOWS_PORT:
        values["metrics_port"] = 0 if values["port"] == 0 else _D.metrics_port
    if (values["tls_cert"] is None) != (values["tls_key"] is None):
        raise SystemExit("gammond: --tls-cert and --tls-key go together")
    if values["tls_client_ca"] is not None and values["tls_cert"] is None:
        raise SystemExit("gammond: --tls-client-ca needs --tls-cert and --tls-key")
    if values["require_fair_dice"] and values["state_keys"] is None:
        raise SystemExit("gammond: --require-fair-dice needs --state-keys (fair dice do)")
    if is_store_url(values["table_store"]) and values["state_keys"] is None:
        raise SystemExit(
            "gammond: a shared --table-store needs --state-keys (every replica checks seat tokens)"
        )
    try:
        # Read by every search process from the environment it inherits: refuse a bad one at start.
        budget_scale()
    except EngineError as exc:
        raise SystemExit(f"gammond: {exc}") from None
    return ServerConfig(
        workers=workers,
        grace_s=grace_s,
        max_connection_age_s=age_s,
        max_search_s=search_s,
        idle_timeout_s=idle_s,
        drain_notice_s=notice_s,
        table_ttl_s=table_ttl_s,
        **values,
    )
