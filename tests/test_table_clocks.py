"""Turn clocks at a table: a seat that runs out its per-move time and then its reserve forfeits the game.

The memory store runs on a clock the tests turn by hand, so nothing sleeps
(but the one Redis test, whose clock is Redis's own).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import grpc
import pytest

from backgammon.v1 import game_pb2, play_service_pb2, rules_pb2, table_service_pb2
from gammond.engine import (
    Action,
    ActionKind,
    DiceSource,
    Game,
    GameEnd,
    IllegalActionError,
    InvalidGameError,
    LogEntry,
    Player,
    ResultKind,
    RuleOptions,
    apply_action,
    check_game,
    format_mat,
    new_game,
    parse_mat,
    record_of,
)
from gammond.server.app import ServerOptions, create_server
from gammond.server.sealing import Keyring, StateKey
from gammond.server.tables.clock import Clock
from gammond.server.tables.store import MemoryTableStore, Stored, TableStore
from gammond_client import GammondClient, GammondError, Table
from tests.support.tables import BLACK, WHITE, Watcher, acting_seat, choose, log_of, play_turns

PER_MOVE_S, RESERVE_S = 10, 20


class Ticking:
    """The memory store's clock, turned by the tests."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def ticking() -> Ticking:
    return Ticking()


class Hooked(MemoryTableStore):
    """A memory store a test can hold at a barrier after each load, or let time pass in."""

    def __init__(self, clock: Ticking) -> None:
        super().__init__(ttl_s=10**9, clock=clock)
        self.after_load: Callable[[], object] | None = None

    def load(self, table_id: str) -> Stored:
        stored = super().load(table_id)
        if self.after_load is not None:
            self.after_load()
        return stored


@pytest.fixture(scope="module")
def hooked(ticking: Ticking) -> Hooked:
    return Hooked(ticking)


@pytest.fixture(scope="module")
def client(hooked: Hooked) -> Iterator[GammondClient]:
    store = hooked
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=8, table_store=store))
    try:
        with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
            yield connected
    finally:
        served.stop(1.0)


def seated(
    client: GammondClient, seed: bytes, match_length: int = 1, per_move_s: int = PER_MOVE_S
) -> tuple[table_service_pb2.CreateTableResponse, dict[int, Table]]:
    created = Table.create(
        client,
        match_length=match_length,
        dice_source=game_pb2.DICE_SOURCE_SEEDED,
        seed=seed,
        per_move_s=per_move_s,
        reserve_s=RESERVE_S,
    )
    return created, {
        WHITE: Table(client, created.table_id, created.white_token),
        BLACK: Table(client, created.table_id, created.black_token),
    }


def opening(seats: dict[int, Table]) -> Table:
    """Roll the opening roll; the seat that moves now (its clock runs)."""
    seats[WHITE].act(game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL))
    for table in seats.values():
        table.refresh()
    return acting_seat(seats)


def test_a_new_table_reports_its_clock_and_nobody_s_runs_at_the_opening_roll(client: GammondClient) -> None:
    created, seats = seated(client, b"clock-new")
    assert created.clock.settings == table_service_pb2.TurnClock(per_move_s=PER_MOVE_S, reserve_s=RESERVE_S)
    assert created.clock.running == 0
    assert (created.clock.white_reserve_ms, created.clock.black_reserve_ms) == (20_000, 20_000)
    mover = opening(seats)
    assert mover.clock is not None and mover.clock.running == mover.seat
    assert mover.clock.move_left_ms == PER_MOVE_S * 1000


def test_a_seat_that_runs_out_its_time_forfeits_at_what_the_board_could_still_cost_and_a_late_act_is_refused(
    client: GammondClient, ticking: Ticking
) -> None:
    created, seats = seated(client, b"clock-out")
    mover = opening(seats)
    play = choose(mover, random.Random(1))
    ticking.now += PER_MOVE_S + RESERVE_S  # the deadline, to the millisecond
    with pytest.raises(GammondError) as late:
        mover.act(play)
    assert (late.value.code, late.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TIME_OUT")
    game = seats[WHITE].refresh().game
    # Still at the starting position: the loser has borne off none and has checkers in the winner's home.
    assert game.phase == game_pb2.PHASE_MATCH_OVER
    assert game.result.ended == rules_pb2.GAME_END_TIMED_OUT
    assert game.result.winner != mover.seat and game.result.kind == rules_pb2.RESULT_KIND_BACKGAMMON
    assert game.result.points == 3
    assert game.log[-1].kind == game_pb2.ACTION_KIND_TIME_OUT and game.log[-1].player == mover.seat
    clock = seats[WHITE].clock
    assert clock is not None and clock.running == 0
    lost = clock.white_reserve_ms if mover.seat == WHITE else clock.black_reserve_ms
    assert lost == 0


def test_the_event_stream_shows_the_forfeit_a_watcher_itself_applies_at_the_deadline(
    client: GammondClient, ticking: Ticking
) -> None:
    created, seats = seated(client, b"clock-watch")
    mover = opening(seats)
    watcher = Watcher(Table(client, created.table_id, created.spectator_token))
    watcher.start()
    ticking.now += PER_MOVE_S + RESERVE_S + 1
    watcher.join(30)  # nobody calls: the watcher's wait ends at the deadline and it settles the table
    assert not watcher.is_alive() and watcher.error is None
    entry, over = watcher.events[-2:]
    assert entry.entry.kind == game_pb2.ACTION_KIND_TIME_OUT and entry.entry.player == mover.seat
    assert over.game_over.result.ended == rules_pb2.GAME_END_TIMED_OUT and over.game_over.match_over
    assert over.clock.running == 0
    assert log_of(watcher.events) == list(seats[BLACK].refresh().game.log)


def test_an_action_whose_deadline_passes_while_it_is_applied_is_not_stored_and_the_forfeit_is(
    client: GammondClient, ticking: Ticking, hooked: Hooked
) -> None:
    _, seats = seated(client, b"clock-mid")
    mover = opening(seats)
    play = choose(mover, random.Random(5))
    version = mover.version

    def time_passes() -> None:  # once the action's call has read the table
        hooked.after_load = None
        ticking.now += PER_MOVE_S + RESERVE_S

    hooked.after_load = time_passes
    with pytest.raises(GammondError) as late:
        mover.act(play)
    assert late.value.reason == "TIME_OUT"
    answer = seats[BLACK].refresh()
    assert answer.version == version + 1 and answer.game.log[-1].kind == game_pb2.ACTION_KIND_TIME_OUT


def test_of_several_calls_that_see_the_deadline_pass_at_once_exactly_one_stores_the_forfeit(
    client: GammondClient, ticking: Ticking, hooked: Hooked
) -> None:
    _, seats = seated(client, b"clock-race")
    mover = opening(seats)
    version = mover.version
    ticking.now += PER_MOVE_S + RESERVE_S
    callers = 3
    gate = threading.Barrier(callers)
    hooked.after_load = lambda: gate.wait(timeout=20)  # every caller reads the table before any stores
    readers = [Table(client, mover.table_id, mover.token) for _ in range(callers)]
    threads = [threading.Thread(target=reader.refresh) for reader in readers]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    finally:
        hooked.after_load = None
    answer = mover.refresh()
    assert answer.version == version + 1
    assert [e.kind for e in answer.game.log].count(game_pb2.ACTION_KIND_TIME_OUT) == 1
    assert all(r.state is not None and r.state.phase == game_pb2.PHASE_MATCH_OVER for r in readers)


def test_the_reserve_is_used_before_the_game_is_forfeited_and_is_not_refilled(
    client: GammondClient, ticking: Ticking
) -> None:
    created, seats = seated(client, b"clock-reserve", match_length=7)
    mover = opening(seats)
    reserve = "white_reserve_ms" if mover.seat == WHITE else "black_reserve_ms"
    ticking.now += PER_MOVE_S + 15  # 15 s of the reserve
    played = mover.act(choose(mover, random.Random(2)))
    assert getattr(played.clock, reserve) == 5_000 and played.clock.running != mover.seat
    for table in seats.values():
        table.refresh()
    for _ in range(40):  # on to the mover's next turn, each action in no time
        other = acting_seat(seats)
        if other is mover:
            break
        other.act(choose(other, random.Random(3)))
        for table in seats.values():
            table.refresh()
    assert acting_seat(seats) is mover
    ticking.now += PER_MOVE_S + 4.5  # within the 5 s left
    clock = mover.refresh().clock
    assert clock is not None and clock.move_left_ms == 0 and getattr(clock, reserve) == 500
    assert not mover.game_over
    ticking.now += 0.5
    game = mover.refresh().game
    assert game.phase == game_pb2.PHASE_GAME_OVER and game.result.ended == rules_pb2.GAME_END_TIMED_OUT
    # The next game starts with what is left of the reserve: none.
    mover.next_game()
    assert getattr(mover.refresh().clock, reserve) == 0


def test_a_whole_game_with_a_clock_that_never_runs_out_is_the_game_without_one(client: GammondClient) -> None:
    logs = []
    for per_move in (3600, 0):
        created = Table.create(
            client,
            match_length=1,
            dice_source=game_pb2.DICE_SOURCE_SEEDED,
            seed=b"clock-same",
            per_move_s=per_move,
        )
        seats: dict[int, Table] = {
            WHITE: Table(client, created.table_id, created.white_token),
            BLACK: Table(client, created.table_id, created.black_token),
        }
        play_turns(seats, random.Random(4))
        final = seats[WHITE].refresh()
        assert (final.HasField("clock"), final.game.result.ended) == (
            per_move > 0,
            rules_pb2.GAME_END_PLAYED_OUT,
        )
        logs.append((list(final.game.log), final.game.result, final.version))
    assert logs[0] == logs[1]


def test_a_lean_table_s_forfeit_is_in_its_digest_and_the_match_goes_on_with_what_is_left_of_the_reserve(
    client: GammondClient, ticking: Ticking
) -> None:
    request = play_service_pb2.NewGameRequest(
        rules=rules_pb2.RuleOptions(match_length=7),
        dice_source=game_pb2.DICE_SOURCE_SEEDED,
        seed=b"clock-lean",
        form=game_pb2.GAME_FORM_LEAN,
    )
    created = Table.create(client, request=request, per_move_s=PER_MOVE_S, reserve_s=RESERVE_S)
    seats: dict[int, Table] = {
        WHITE: Table(client, created.table_id, created.white_token),
        BLACK: Table(client, created.table_id, created.black_token),
    }
    mover = opening(seats)
    ticking.now += PER_MOVE_S + RESERVE_S
    game = mover.refresh().game
    assert game.phase == game_pb2.PHASE_GAME_OVER and game.result.ended == rules_pb2.GAME_END_TIMED_OUT
    assert game.digest.last.kind == game_pb2.ACTION_KIND_TIME_OUT
    started = seats[WHITE].next_game()
    winner_score = started.game.score.black_score if mover.seat == WHITE else started.game.score.white_score
    assert started.game.game_number == 2 and winner_score == 3
    assert started.clock.running == 0 and started.clock == seats[WHITE].refresh().clock


def test_a_clock_out_of_range_and_a_seat_sending_a_time_out_are_refused(client: GammondClient) -> None:
    with pytest.raises(GammondError) as bad:
        Table.create(client, match_length=1, per_move_s=4000)
    assert bad.value.code == grpc.StatusCode.INVALID_ARGUMENT and "clock.per_move_s" in bad.value.message
    _, seats = seated(client, b"clock-claim")
    mover = opening(seats)
    with pytest.raises(GammondError) as claimed:
        mover.act(game_pb2.Action(kind=game_pb2.ACTION_KIND_TIME_OUT))
    assert claimed.value.code == grpc.StatusCode.INVALID_ARGUMENT and "action.kind" in claimed.value.message


# -- the engine's time out -------------------------------------------------------------------


def _moving(lean: bool = False) -> Game:
    game = new_game(RuleOptions.match(5), dice_source=DiceSource.SEEDED, seed=b"engine", lean=lean)
    game, _ = apply_action(game, Action(ActionKind.ROLL, Player.WHITE))
    return game.rebased() if lean else game


def test_the_engine_s_time_out_is_a_game_end_both_forms_check_and_only_the_player_to_act_times_out() -> None:
    for lean in (False, True):
        game = _moving(lean)
        assert game.turn is not None
        with pytest.raises(IllegalActionError):
            apply_action(game, Action(ActionKind.TIME_OUT, game.turn.opponent))
        out, events = apply_action(game, Action(ActionKind.TIME_OUT, game.turn))
        assert out.result is not None and out.result.ended is GameEnd.TIMED_OUT
        assert out.result.winner is game.turn.opponent and out.result.points == 3
        assert check_game(out.rebased()) is not None
        assert [e.kind.value for e in events] == ["game won"]


def test_a_log_whose_time_out_is_not_its_end_or_scores_wrong_is_refused() -> None:
    game = _moving()
    out, _ = apply_action(game, Action(ActionKind.TIME_OUT, game.turn))
    assert out.result is not None
    with pytest.raises(InvalidGameError):
        check_game(replace(game, log=(*game.log, LogEntry(ActionKind.TIME_OUT, game.turn))))
    with pytest.raises(InvalidGameError, match="a time out ends the game"):
        check_game(replace(out, log=(*game.log, LogEntry(ActionKind.TIME_OUT, game.turn), *out.log[-1:])))
    cheaper = replace(out.result, kind=ResultKind.SINGLE, points=1)
    with pytest.raises(InvalidGameError, match="result"):
        check_game(replace(out, result=cheaper))


def test_a_game_lost_on_time_is_exported_as_gnubg_reads_a_resignation_and_read_back() -> None:
    game = _moving()
    out, _ = apply_action(game, Action(ActionKind.TIME_OUT, game.turn))
    text = format_mat(record_of([out]))
    assert "Resigns backgammon on time" in text and "Wins 3 points" in text
    assert parse_mat(text).games[-1].log == out.log


# -- the stores ------------------------------------------------------------------------------


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[TableStore]:
    if request.param == "memory":
        yield MemoryTableStore(clock=Ticking())
        return
    from gammond.server.tables.redis_store import RedisTableStore

    made = RedisTableStore(request.getfixturevalue("redis_url"), ttl_s=60.0)
    yield made
    made.close()


def test_a_store_keeps_the_clock_and_refuses_a_swap_at_or_past_its_deadline(store: TableStore) -> None:
    table_id = os.urandom(12).hex()
    clock = Clock(1000, 0, (0, 0), Player.WHITE)
    store.create(table_id, b"g0", [b"e1"], clock.to_bytes())
    stored = store.load(table_id)
    assert Clock.from_bytes(stored.clock) == clock and stored.now_ms >= stored.started_ms
    assert store.swap(table_id, 0, b"g1", [b"e2"], b"", True, deadline_ms=stored.now_ms) is None
    assert store.swap(table_id, 0, b"g1", [b"e2"], b"", True, deadline_ms=stored.now_ms + 60_000) == 2
    assert store.load(table_id).clock == b""


def test_a_redis_table_whose_seat_lets_one_second_pass_is_forfeited_by_redis_s_clock(
    redis_url: str, tmp_path: Path
) -> None:
    from gammond.server.tables.redis_store import RedisTableStore

    keyring = Keyring((StateKey("k1", os.urandom(32)),))
    store = RedisTableStore(redis_url, ttl_s=60.0)
    served = create_server(
        ServerOptions(host="127.0.0.1", port=0, threads=4, table_store=store, keyring=keyring)
    )
    try:
        with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
            created = Table.create(connected, match_length=1, per_move_s=1)
            seats: dict[int, Table] = {
                WHITE: Table(connected, created.table_id, created.white_token),
                BLACK: Table(connected, created.table_id, created.black_token),
            }
            mover = opening(seats)
            time.sleep(1.2)
            game = mover.refresh().game
            assert game.result.ended == rules_pb2.GAME_END_TIMED_OUT and game.result.winner != mover.seat
    finally:
        served.stop(1.0)


def test_a_watcher_s_table_follows_the_clock_from_the_events(client: GammondClient) -> None:
    created, seats = seated(client, b"clock-watch")
    spectator = Table(client, created.table_id, created.spectator_token)
    assert spectator.clock is None  # never read: a spectator's Table learns the clock from the stream
    seats[WHITE].act(game_pb2.Action(kind=game_pb2.ACTION_KIND_ROLL))
    for event in spectator.watch():
        if event.HasField("entry") and event.entry.kind == game_pb2.ACTION_KIND_ROLL:
            break
    assert spectator.clock is not None and spectator.clock.running in (WHITE, BLACK)
