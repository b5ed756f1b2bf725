"""One worker process: a gRPC server on the shared port until SIGTERM.

Started by :mod:`gammond.server.supervisor` with the ``spawn`` method, so nothing
gRPC-related crosses a fork.  On SIGTERM (or SIGINT) it reports
NOT_SERVING and gives in-flight calls ``grace_s`` to finish.
"""

from __future__ import annotations

import gc
import signal
import sys
import threading
from types import FrameType
from typing import Any

from gammond.server.app import ServerOptions, create_server
from gammond.server.config import ServerConfig
from gammond.server.logs import configure, logger
from gammond.server.trust import trust_options

_SWITCH_INTERVAL_S = 0.0005


def run_worker(config: ServerConfig, port: int, index: int, ready: Any) -> None:
    """Serve on ``port`` (already reserved by the supervisor); ``ready`` is a queue."""
    configure(config.log_level, role="worker", worker=index)
    if not config.search_processes:
        # A bot search on a gRPC thread holds the interpreter between numpy
        # calls; a cheap call waiting behind it gets its turn after this long
        # (CPython's default is 5 ms, which alone would double a 2 ms call's
        # latency).  With searches in their own processes nothing here runs
        # long, and the default's fewer forced switches cost every call less.
        sys.setswitchinterval(_SWITCH_INTERVAL_S)
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    served = create_server(
        ServerOptions(
            host=config.host,
            port=port,
            threads=config.threads,
            max_connection_age_s=config.max_connection_age_s,
            max_search_s=config.max_search_s,
            max_expensive_calls=config.max_expensive_calls,
            max_calls=config.max_calls,
            search_processes=config.search_processes,
            search_nice=config.search_nice,
            idle_timeout_s=config.idle_timeout_s,
            reuse_port=True,
            table_store=_table_store(config),
            table_ttl_s=config.table_ttl_s,
            **trust_options(config),
        )
    )
    served.warm_up()
    # What is loaded by now (modules, the evaluator's weights and tables, the
    # warm-up's caches) lives as long as the worker: frozen out of the
    # collector's reach, a full collection walks only what calls made since,
    # rather than ~50 ms of startup objects every few thousand calls.
    gc.collect()
    gc.freeze()
    logger().info("worker.serving", port=served.port)
    ready.put(index)
    stopping.wait()
    logger().info("worker.draining", grace_s=config.grace_s, notice_s=config.drain_notice_s)
    served.stop(config.grace_s, config.drain_notice_s)
    logger().info("worker.stopped")


def _table_store(config: ServerConfig) -> str:
    """Tables in one worker's memory would be invisible to the others: only a shared store serves several."""
    if config.table_store == "memory" and config.workers > 1:
        return "unshared"
    return config.table_store
