"""TableService in one process: a table two seats play to its end, and every way a call is refused."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest

from backgammon.v1 import game_pb2, play_service_pb2, rules_pb2, table_service_pb2
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.tables.store import MemoryTableStore, Stored
from gammond_client import GammondClient, GammondError, Table
from tests.support.tables import BLACK, WHITE, Watcher, acting_seat, choose, log_of, play_turns


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class GatedStore(MemoryTableStore):
    """A memory store that, when gated, lets two calls read a table before either may store."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(ttl_s=600.0, clock=clock)
        self.gate: threading.Barrier | None = None

    def load(self, table_id: str) -> Stored:
        stored = super().load(table_id)
        if self.gate is not None:
            self.gate.wait(timeout=20)
        return stored

    def swap(self, table_id: str, version: int, game: bytes, events: Sequence[bytes]) -> int | None:
        return super().swap(table_id, version, game, events)


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def store(clock: Clock) -> GatedStore:
    return GatedStore(clock)


@pytest.fixture(scope="module")
def server(store: GatedStore) -> Iterator[Served]:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=8, table_store=store))
    served.warm_up()
    yield served
    served.stop(1.0)


@pytest.fixture(scope="module")
def client(server: Served) -> Iterator[GammondClient]:
    with GammondClient(f"127.0.0.1:{server.port}", timeout=30) as connected:
        yield connected


def seated(
    client: GammondClient, seed: bytes = b"table", match_length: int = 1
) -> tuple[table_service_pb2.CreateTableResponse, dict[int, Table]]:
    created = Table.create(
        client, match_length=match_length, dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=seed
    )
    seats = {WHITE: Table(client, created.table_id, created.white_token)}
    seats[BLACK] = Table(client, created.table_id, created.black_token)
    return created, seats


def refused(call: Callable[..., object], *args: object, **kwargs: object) -> GammondError:
    with pytest.raises(GammondError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_two_seats_play_a_match_to_its_end_and_every_watcher_sees_the_games_log(
    client: GammondClient,
) -> None:
    created, seats = seated(client, match_length=1)
    spectator = Table(client, created.table_id, created.spectator_token)
    watchers = [Watcher(seats[WHITE]), Watcher(seats[BLACK]), Watcher(spectator)]
    for watcher in watchers:
        watcher.start()
    taken = play_turns(seats, random.Random(1))
    for watcher in watchers:
        watcher.join(30)
        assert not watcher.is_alive() and watcher.error is None
    final = seats[WHITE].refresh()
    assert final.game.phase == game_pb2.PHASE_MATCH_OVER and final.version == taken
    events = watchers[0].events
    assert all(w.events == events for w in watchers)
    assert [e.sequence for e in events] == list(range(1, final.last_sequence + 1))
    assert log_of(events) == list(final.game.log)
    assert events[0].WhichOneof("kind") == "game_started"
    assert events[-1].game_over.match_over and events[-1].game_over.result == final.game.result


def test_a_watch_resumed_from_a_sequence_number_gets_exactly_the_events_after_it(
    client: GammondClient,
) -> None:
    created, seats = seated(client, seed=b"resume")
    play_turns(seats, random.Random(2), stop_after=9)
    stream = list(_take(seats[BLACK].watch(0), seats[BLACK].refresh().last_sequence))
    resumed = list(_take(seats[WHITE].watch(4), len(stream) - 4))
    assert resumed == stream[4:]


def _take(
    events: Iterator[table_service_pb2.TableEvent], count: int
) -> Iterator[table_service_pb2.TableEvent]:
    for index, event in enumerate(events):
        yield event
        if index + 1 == count:
            return


def test_a_player_acting_out_of_turn_is_refused_naming_the_reason(client: GammondClient) -> None:
    created, seats = seated(client, seed=b"turns")
    play_turns(seats, random.Random(3), stop_after=1)  # the opening roll: one player moves now
    mover = acting_seat(seats)
    waiting = seats[BLACK] if mover is seats[WHITE] else seats[WHITE]
    error = refused(waiting.act, choose(mover, random.Random(3)), checked=False)
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason in (
        "NOT_YOUR_SEAT",
        "NOT_YOUR_TURN",
    )
    roll = game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL)
    error = refused(waiting.act, roll)
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
    assert "nothing to do now" in error.message


def test_a_seat_token_acts_only_for_its_own_seat_and_a_spectator_not_at_all(client: GammondClient) -> None:
    created, seats = seated(client, seed=b"seats")
    seats[WHITE].refresh()
    black_roll = game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL, player=BLACK)
    assert refused(seats[WHITE].act, black_roll).reason == "NOT_YOUR_SEAT"
    spectator = Table(client, created.table_id, created.spectator_token)
    assert refused(spectator.act, game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL)).reason == "SPECTATOR"


def test_a_forged_or_borrowed_token_is_unauthenticated(client: GammondClient) -> None:
    created, _ = seated(client, seed=b"forged")
    other, _ = seated(client, seed=b"other")
    for token in ("", created.white_token[:-2] + "AA", other.white_token, "nokey.abc"):
        error = refused(Table(client, created.table_id, token).refresh)
        assert (error.code, error.reason) == (grpc.StatusCode.UNAUTHENTICATED, "BAD_SEAT_TOKEN"), token


def test_a_table_id_that_could_not_be_one_is_invalid_argument(client: GammondClient) -> None:
    error = refused(Table(client, "../etc", "x").refresh)
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "table_id"


def test_an_action_on_a_version_no_longer_current_is_stale(client: GammondClient) -> None:
    created, seats = seated(client, seed=b"stale")
    white = seats[WHITE]
    white.refresh()
    white.act(game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL))
    white.version = 0
    error = refused(white.act, game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "STALE_GAME")


def test_of_two_actions_read_at_the_same_version_exactly_one_is_stored(
    client: GammondClient, store: GatedStore
) -> None:
    created, seats = seated(client, seed=b"race")
    for table in seats.values():
        table.refresh()
    # Both players may roll at the opening roll; both read version 0 before either stores.
    store.gate = threading.Barrier(2)
    try:
        with ThreadPoolExecutor(2) as pool:
            tries = [
                pool.submit(t.act, game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL), checked=False)
                for t in seats.values()
            ]
            outcomes = []
            for attempt in tries:
                try:
                    outcomes.append(attempt.result(30).version)
                except GammondError as error:
                    outcomes.append(error.reason)
    finally:
        store.gate = None
    assert sorted(outcomes, key=str) == sorted([1, "STALE_GAME"], key=str)
    assert seats[WHITE].refresh().version == 1 and seats[WHITE].last_sequence == 2  # started, one roll


def test_a_table_nobody_acts_at_expires_and_is_then_not_found(client: GammondClient, clock: Clock) -> None:
    created, seats = seated(client, seed=b"expiry")
    seats[WHITE].refresh()
    clock.now += 601.0
    try:
        error = refused(seats[WHITE].refresh)
    finally:
        clock.now -= 601.0
    assert error.code == grpc.StatusCode.NOT_FOUND and created.table_id in error.message


def test_watchers_beyond_a_workers_bound_are_resource_exhausted(store: GatedStore) -> None:
    # threads=4: two watchers a worker (a watcher holds a thread); the third is refused, the first two go on.
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=4, table_store=store))
    try:
        with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as client:
            created, seats = seated(client, seed=b"crowd")
            watch = client.channel.unary_stream(
                "/backgammon.v1.TableService/WatchTable",
                request_serializer=table_service_pb2.WatchTableRequest.SerializeToString,
                response_deserializer=table_service_pb2.WatchTableResponse.FromString,
            )
            request = table_service_pb2.WatchTableRequest(
                table_id=created.table_id, token=created.spectator_token
            )
            streams = [watch(request), watch(request)]
            assert [next(stream).event.sequence for stream in streams] == [1, 1]  # both admitted
            streams.append(watch(request))
            with pytest.raises(grpc.RpcError) as caught:
                next(streams[2])
            assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "limit of 2 watchers" in (caught.value.details() or "")
            play_turns(seats, random.Random(5), stop_after=1)
            assert [next(stream).event.sequence for stream in streams[:2]] == [2, 2]
            for stream in streams:
                stream.cancel()
    finally:
        served.stop(1.0)


def test_a_draining_worker_ends_its_watches_as_unavailable_to_be_resumed_elsewhere(store: GatedStore) -> None:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=4, table_store=store))
    with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as client:
        created, seats = seated(client, seed=b"drain")
        request = table_service_pb2.WatchTableRequest(table_id=created.table_id, token=created.white_token)
        stream = seats[WHITE].stub.WatchTable(request)
        assert next(stream).event.sequence == 1
        served.stop(30.0)
        with pytest.raises(grpc.RpcError) as caught:
            next(stream)
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
    assert "watch again after sequence 1" in (caught.value.details() or "")


def test_the_next_game_of_a_match_starts_at_the_table_and_is_streamed(client: GammondClient) -> None:
    created, seats = seated(client, seed=b"match", match_length=7)
    white, black = seats[WHITE], seats[BLACK]
    assert refused(white.next_game).code == grpc.StatusCode.FAILED_PRECONDITION  # not over yet
    play_turns(seats, random.Random(4), game=True)
    assert white.game_over and not white.match_over
    assert white.next_game().game.game_number == 2
    assert black.refresh().game.game_number == 2
    play_turns(seats, random.Random(4), stop_after=3)
    events = list(_take(black.watch(0), black.refresh().last_sequence))
    started = [e.game_number for e in events if e.WhichOneof("kind") == "game_started"]
    over = [e for e in events if e.WhichOneof("kind") == "game_over"]
    assert started == [1, 2] and len(over) == 1 and not over[0].game_over.match_over
    assert over[0].game_over.score_after.white_score + over[0].game_over.score_after.black_score >= 1


def test_a_server_of_several_workers_without_a_shared_store_refuses_tables_saying_why() -> None:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2, table_store="unshared"))
    try:
        with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as client:
            error = refused(Table.create, client)
    finally:
        served.stop(1.0)
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TABLES_UNAVAILABLE")
    assert "--table-store redis://" in error.message


def test_create_table_takes_the_new_game_options_and_refuses_bad_ones(client: GammondClient) -> None:
    bad = play_service_pb2.NewGameRequest(
        rules=rules_pb2.RuleOptions(), dice_source=game_pb2.DICE_SOURCE_SEEDED
    )
    error = refused(Table.create, client, request=bad)
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.field_violations[0][0] == "seed"
    committed = play_service_pb2.NewGameRequest(white_seed_commitment=bytes(32))
    error = refused(Table.create, client, request=committed)
    assert error.field_violations[0][0] == "game.white_seed_commitment"
