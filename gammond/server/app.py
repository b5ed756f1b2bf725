"""Assembling one gRPC server: our services, health, reflection, the interceptor.

Used by each worker process and, in-process, by the tests and the benchmark.
Health reports NOT_SERVING until :meth:`Served.warm_up` has run the engine
and the bot once, so a load balancer sends no traffic to a cold worker.
"""

from __future__ import annotations

import time
from concurrent import futures
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from gammond.engine import EngineError, Position, legal_plays
from gammond.engine.bot import Evaluator, HeuristicEvaluator, Level, rank_plays, shipped_evaluator
from gammond.server import calls
from gammond.server.admission import Admission
from gammond.server.interceptor import ObservingInterceptor
from gammond.server.limits import MAX_REQUEST_BYTES
from gammond.server.logs import logger
from gammond.server.overload import CallLimit
from gammond.server.overload import channel_options as overload_options
from gammond.server.sealing import Keyring
from gammond.server.searches import NICE, SearchPool
from gammond.server.security import TlsFiles, TokenInterceptor, server_credentials
from gammond.server.services import SERVICE_NAMES, add_servicers
from gammond.server.services.table import Watchers
from gammond.server.tables.store import DEFAULT_TTL_S, MEMORY, TableStore, open_store

# gRPC itself refuses requests past this (RESOURCE_EXHAUSTED, "Received
# message larger than max"; not logged or counted by gammond, which never
# sees them).  It is the largest request the field limits let through
# (limits.MAX_REQUEST_BYTES): a bigger one could only be refused after being
# read whole into Python.  At 8 MiB, with gRPC's bandwidth-delay probing on,
# 200 concurrent 5 MB requests, all refused, grew a worker by 170-345 MB
# (issue 38 saw 408 MB); now by about 2 MB (bench/burst.py, docs/operations.md).
MAX_MESSAGE_BYTES = MAX_REQUEST_BYTES


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """What one server process needs to know."""

    host: str = "127.0.0.1"
    port: int = 0
    threads: int = 8
    max_connection_age_s: float = 300.0
    max_connection_age_grace_s: float = 30.0
    max_search_s: float = 10.0
    max_expensive_calls: int = 1
    # Calls a worker holds at once (queued for a thread or running); more are refused (overload.py).
    max_calls: int = 128
    # Searches in child processes at a lower priority (see searches.py); off: on gRPC's threads.
    search_processes: bool = True
    search_nice: int = NICE
    idle_timeout_s: float = 60.0
    reuse_port: bool = False
    # Trust (docs/security.md): state keys, TLS, bearer tokens, reflection.
    keyring: Keyring | None = None
    tls: TlsFiles | None = None
    auth_tokens: tuple[str, ...] = ()
    reflection: bool = True
    # New PlayService games: fair dice only (docs/security.md); needs a keyring.
    require_fair_dice: bool = False
    # TableService's store (docs/api.md, "Live play"): "memory" (this process's own),
    # a redis:// URL shared by every worker and replica, "off", "unshared", or a store.
    table_store: str | TableStore = MEMORY
    table_ttl_s: float = DEFAULT_TTL_S


@dataclass(frozen=True, slots=True)
class Served:
    """A started server, the port it bound and its health servicer."""

    server: grpc.Server
    port: int
    health: health.HealthServicer
    evaluator: Evaluator
    gate: Admission
    searches: SearchPool
    # gRPC's thread pool and the count of the calls it holds, against --max-calls.
    pool: futures.ThreadPoolExecutor
    calls: CallLimit
    # TableService's store, or why there is none, and its watchers (ended first when draining).
    tables: TableStore | str = MEMORY
    watchers: Watchers | None = None

    def warm_up(self) -> None:
        """Run the engine and the bot once (and start the search processes), then report SERVING."""
        start = Position.starting()
        legal_plays(start, (6, 5))
        rank_plays(start, (3, 1), self.evaluator, Level.EXPERT)
        self.searches.start(rank_plays, start, (3, 1), self.evaluator, Level.EXPERT)
        for name in ("", *SERVICE_NAMES):
            self.health.set(name, health_pb2.HealthCheckResponse.SERVING)

    def stop(self, grace_s: float, notice_s: float = 0.0) -> None:
        """Report NOT_SERVING, then finish in-flight calls for up to ``grace_s``.

        For ``notice_s`` first the port stays open and answers, so health
        checkers (and load balancers) see NOT_SERVING, not just a refused
        connection, and stop sending new calls before the listener closes.
        """
        self.health.enter_graceful_shutdown()
        if self.watchers is not None:
            self.watchers.close()
        if notice_s > 0:
            time.sleep(notice_s)
        self.server.stop(grace_s).wait()
        self.searches.close()
        if not isinstance(self.tables, str):
            self.tables.close()
        calls.flush()


def _channel_options(options: ServerOptions) -> list[tuple[str, int]]:
    return [
        ("grpc.so_reuseport", int(options.reuse_port)),
        # Old connections close so clients reconnect and spread over replicas.
        ("grpc.max_connection_age_ms", int(options.max_connection_age_s * 1000)),
        ("grpc.max_connection_age_grace_ms", int(options.max_connection_age_grace_s * 1000)),
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        # No bandwidth-delay probing: it grew each stream's receive window to
        # megabytes, and gRPC core buffered that much of every request not yet
        # read, refused or not (see MAX_MESSAGE_BYTES).  Our requests are a few
        # kilobytes; the default 64 KiB window holds them whole.
        ("grpc.http2.bdp_probe", 0),
        # Connections without calls close, and so do ones that never finish
        # the HTTP/2 handshake (a socket that never sends a byte).
        ("grpc.max_connection_idle_ms", int(options.idle_timeout_s * 1000)),
        ("grpc.server_handshake_timeout_ms", int(min(options.idle_timeout_s, 120.0) * 1000)),
        *overload_options(),
    ]


def address(host: str, port: int) -> str:
    """``host:port``, with IPv6 literals in brackets.

    >>> address("::", 50051), address("127.0.0.1", 0)
    ('[::]:50051', '127.0.0.1:0')
    """
    bare = host.strip("[]")
    return f"[{bare}]:{port}" if ":" in bare else f"{bare}:{port}"


def load_bot() -> Evaluator:
    """The shipped network, or the heuristic (logged) if its weights cannot be loaded."""
    try:
        return shipped_evaluator()
    except EngineError as exc:
        logger().warning("bot.fallback", evaluator=HeuristicEvaluator.name, reason=str(exc))
        return HeuristicEvaluator()


def create_server(options: ServerOptions) -> Served:
    """Build, bind and start a server; health says NOT_SERVING until warmed up."""
    # Tokens are checked first, so a refused call does no other work.
    limit = CallLimit(options.max_calls)
    interceptors: list[grpc.ServerInterceptor] = [ObservingInterceptor(limit)]
    if options.auth_tokens:
        interceptors.insert(0, TokenInterceptor(options.auth_tokens))
    pool = limit.executor(options.threads)
    server = grpc.server(
        pool,
        interceptors=interceptors,
        options=_channel_options(options),
    )
    evaluator = load_bot()
    gate = Admission(options.max_expensive_calls)
    # One search process per admitted call: the gate never lets in more.
    searches = SearchPool(
        evaluator, options.max_expensive_calls if options.search_processes else 0, options.search_nice
    )
    tables = options.table_store
    if isinstance(tables, str):
        # One store connection per gRPC thread at most (a blocked watcher holds one): never short.
        tables = open_store(tables, options.table_ttl_s, connections=options.threads + 2)
    # A watcher holds a gRPC thread while it waits: half of them at most, the rest answer calls.
    watchers = Watchers(per_table=8, per_connection=4, total=max(1, options.threads // 2))
    add_servicers(
        server,
        evaluator,
        options.max_search_s,
        gate,
        searches,
        options.keyring,
        options.require_fair_dice,
        tables,
        watchers,
    )
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    for name in ("", *SERVICE_NAMES):
        health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    if options.reflection:
        reflected = (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME)
        reflection.enable_server_reflection(reflected, server)
    bind = address(options.host, options.port)
    if options.tls is not None:
        port = server.add_secure_port(bind, server_credentials(options.tls))
    else:
        port = server.add_insecure_port(bind)
    server.start()
    return Served(server, port, health_servicer, evaluator, gate, searches, pool, limit, tables, watchers)
