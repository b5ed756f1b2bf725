"""Fixtures shared by the test modules; helpers live in ``tests/support/``.

A server under test binds port 0 on 127.0.0.1 and is stopped when its module ends.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from gammond.server.app import Served, ServerOptions, create_server
from tests.support.redis_server import redis_server
from tests.support.server import Stubs

# The levels' time budgets are set for answers on time (world class 90 ms),
# not for searches that finish on a loaded test machine.  The tests compare
# searches, so they run with the budgets of a machine 25 times slower: every
# server and search process they start inherits this.
os.environ.setdefault("GAMMOND_BUDGET_SCALE", "25")


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = create_server(ServerOptions(host="127.0.0.1", port=0, threads=4))
    server.warm_up()
    yield server
    server.stop(1.0)


@pytest.fixture(scope="module")
def stubs(served: Served) -> Iterator[Stubs]:
    connected = Stubs.connect(f"127.0.0.1:{served.port}")
    yield connected
    connected.channel.close()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of its own for the module's tests (skipped where there is none)."""
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url
