"""The table store's contract, kept alike by the in-process store and the Redis store."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gammond.server.config import parse_config
from gammond.server.errors import NotFoundError
from gammond.server.tables.store import MemoryTableStore, TableStore
from tests.support.waits import appeared


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[TableStore]:
    if request.param == "memory":
        yield MemoryTableStore(ttl_s=60.0)
        return
    from gammond.server.tables.redis_store import RedisTableStore

    made = RedisTableStore(request.getfixturevalue("redis_url"), ttl_s=60.0)
    yield made
    made.close()


def test_a_new_table_holds_its_game_at_version_0_and_its_first_events(store: TableStore) -> None:
    assert store.create("table-aaaaaaaaaaaaaaaa", b"g0", [b"e1", b"e2"]) == 2
    stored = store.load("table-aaaaaaaaaaaaaaaa")
    assert (stored.game, stored.version, stored.last_sequence) == (b"g0", 0, 2)
    assert store.events("table-aaaaaaaaaaaaaaaa", 0, 0.0) == [(1, b"e1"), (2, b"e2")]


def test_a_swap_on_the_version_read_stores_the_game_and_its_events_and_any_other_is_refused(
    store: TableStore,
) -> None:
    store.create("table-bbbbbbbbbbbbbbbb", b"g0", [b"e1"])
    assert store.swap("table-bbbbbbbbbbbbbbbb", 0, b"g1", [b"e2", b"e3"]) == 3
    assert store.swap("table-bbbbbbbbbbbbbbbb", 0, b"late", [b"lost"]) is None
    stored = store.load("table-bbbbbbbbbbbbbbbb")
    assert (stored.game, stored.version, stored.last_sequence) == (b"g1", 1, 3)
    assert store.events("table-bbbbbbbbbbbbbbbb", 1, 0.0) == [(2, b"e2"), (3, b"e3")]


def test_of_many_concurrent_swaps_on_one_version_exactly_one_wins(store: TableStore) -> None:
    store.create("table-cccccccccccccccc", b"g0", [])
    start, wins = threading.Barrier(8), []

    def racer(n: int) -> None:
        start.wait(10)
        wins.append(store.swap("table-cccccccccccccccc", 0, f"g{n}".encode(), [f"e{n}".encode()]))

    threads = [threading.Thread(target=racer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sorted(wins, key=str) == [1] + [None] * 7
    stored = store.load("table-cccccccccccccccc")
    assert stored.version == 1 and store.events("table-cccccccccccccccc", 0, 0.0) == [
        (1, b"e" + stored.game[1:])
    ]


def test_a_waiting_reader_gets_the_event_stored_while_it_waits(store: TableStore) -> None:
    store.create("table-dddddddddddddddd", b"g0", [b"e1"])
    got: list[list[tuple[int, bytes]]] = []
    reader = threading.Thread(target=lambda: got.append(store.events("table-dddddddddddddddd", 1, 20.0)))
    reader.start()
    store.swap("table-dddddddddddddddd", 0, b"g1", [b"e2"])
    reader.join(20)
    assert got == [[(2, b"e2")]]


def test_an_unknown_table_is_not_found(store: TableStore) -> None:
    for read in (
        lambda: store.load("table-eeeeeeeeeeeeeeee"),
        lambda: store.swap("table-eeeeeeeeeeeeeeee", 0, b"g", []),
        lambda: store.events("table-eeeeeeeeeeeeeeee", 0, 0.0),
    ):
        with pytest.raises(NotFoundError, match="does not exist or expired"):
            read()


def test_a_table_left_alone_past_its_ttl_expires_in_redis(redis_url: str) -> None:
    from gammond.server.tables.redis_store import RedisTableStore

    store = RedisTableStore(redis_url, ttl_s=0.05)
    store.create("table-ffffffffffffffff", b"g0", [b"e1"])

    def expired() -> bool:
        try:
            store.load("table-ffffffffffffffff")
        except NotFoundError:
            return True
        return False

    assert appeared(expired)
    assert store.client.exists("gammond:table:table-ffffffffffffffff:events") == 0  # the events went too
    store.close()


def test_the_memory_store_keeps_at_most_its_limit_of_live_tables(tmp_path: Path) -> None:
    clock = [0.0]
    store = MemoryTableStore(ttl_s=10.0, clock=lambda: clock[0], max_tables=2)
    store.create("table-1111111111111111", b"g", [])
    store.create("table-2222222222222222", b"g", [])
    with pytest.raises(Exception, match="limit of 2 tables"):
        store.create("table-3333333333333333", b"g", [])
    clock[0] = 11.0  # the first two expired: room again
    store.create("table-3333333333333333", b"g", [])


def test_a_shared_table_store_needs_state_keys_and_a_bad_one_is_refused_naming_the_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit, match="--table-store needs --state-keys"):
        parse_config(["--table-store", "redis://127.0.0.1:6379/0"], {})
    with pytest.raises(SystemExit):
        parse_config(["--table-store", "mysql://127.0.0.1/tables"], {})
    assert (
        "--table-store: 'mysql://127.0.0.1/tables': is not memory, off, or a redis://"
        in capsys.readouterr().err
    )
    keyed = parse_config(["--table-store", "unix:///run/redis.sock", "--state-keys", "k:" + "A" * 44], {})
    assert (keyed.table_store, keyed.table_ttl_s) == ("unix:///run/redis.sock", 86400.0)
    assert parse_config([], {"GAMMOND_TABLE_STORE": "OFF", "GAMMOND_TABLE_TTL_S": "60"}).table_ttl_s == 60.0


def test_a_redis_store_that_cannot_be_reached_is_unavailable_not_an_internal_error(tmp_path: Path) -> None:
    from gammond.server.errors import StoreUnavailableError
    from gammond.server.tables.redis_store import RedisTableStore

    nowhere = RedisTableStore(f"unix://{tmp_path / 'no-redis.sock'}", ttl_s=60.0)
    with pytest.raises(StoreUnavailableError):
        nowhere.load("table-aaaaaaaaaaaaaaaa")
    with pytest.raises(StoreUnavailableError):
        nowhere.events("table-aaaaaaaaaaaaaaaa", 0, 0.0)
    nowhere.close()
