"""TableService: live play at a table held in the table store (docs/api.md, "Live play").

A table's call reads the table's latest Game from the store, goes through
PlayService's own NewGame, ListActions and Act (the same decoding, engine
call and answer), and stores the next Game with a compare-and-set on the
table's version, with the log entries the action added as the table's
events.  Nothing about a table stays in the worker between calls, so any
worker of any replica sharing the store answers any call.

WatchTable holds one of the worker's gRPC threads while it waits, so the
watchers a worker serves are bounded (per table, per connection and in
all; :class:`Watchers`).

A table with a turn clock (:mod:`gammond.server.tables.clock`) is settled
lazily: every call first loads the table and, when the running seat's time
ran out by the store's clock, applies the engine's TIME_OUT through
PlayService's Act and the same compare-and-set as an action, so exactly
one replica stores the forfeit.  A watcher waits no longer than the
deadline, then settles the table itself: no thread runs the clocks.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import grpc

from backgammon.v1 import board_pb2, game_pb2, rules_pb2, table_service_pb2, table_service_pb2_grpc
from backgammon.v1 import play_service_pb2 as play_pb
from gammond.engine import Player, list_actions
from gammond.server.errors import CrowdedError, DrainingError, PreconditionError, WireError, streamed
from gammond.server.sealing import Keyring
from gammond.server.services.play import STALE_GAME, PlayServicer
from gammond.server.tables.clock import MAX_PER_MOVE_S, MAX_RESERVE_S, Clock
from gammond.server.tables.seats import (
    Seat,
    check_table_id,
    new_table_id,
    process_keyring,
    seat_of,
    seat_token,
)
from gammond.server.tables.store import MemoryTableStore, Stored, TableStore

TABLES_UNAVAILABLE = "TABLES_UNAVAILABLE"
NOT_YOUR_SEAT = "NOT_YOUR_SEAT"
NOT_YOUR_TURN = "NOT_YOUR_TURN"
SPECTATOR = "SPECTATOR"
TIME_OUT = "TIME_OUT"
_SEAT_PLAYER = {Seat.WHITE: Player.WHITE, Seat.BLACK: Player.BLACK}
_COLOR = {Seat.WHITE: board_pb2.COLOR_WHITE, Seat.BLACK: board_pb2.COLOR_BLACK}
_OVER = (game_pb2.PHASE_GAME_OVER, game_pb2.PHASE_MATCH_OVER)
# How long a watcher waits in the store before it looks whether its client is still there.
WATCH_POLL_S = 1.0
# The shortest wait for a clock's deadline (a watcher never spins on one just ahead).
_MIN_WAIT_S = 0.02
# Loads a call makes while other replicas store forfeits or actions under it.
_SETTLE_TRIES = 4
_PLAYER_COLOR = {Player.WHITE: board_pb2.COLOR_WHITE, Player.BLACK: board_pb2.COLOR_BLACK}


class Watchers:
    """The watchers one worker serves: at most ``per_table``, ``per_connection`` and ``total`` at once.

    >>> watchers = Watchers(per_table=1, per_connection=2, total=4)
    >>> with watchers.admit("t", "peer-1"):
    ...     watchers.admit("t", "peer-2").__enter__()
    Traceback (most recent call last):
    ...
    gammond.server.errors.CrowdedError: table t has its limit of 1 watchers on this worker
    """

    def __init__(self, per_table: int, per_connection: int, total: int) -> None:
        self.per_table, self.per_connection, self.total = per_table, per_connection, total
        self._tables: Counter[str] = Counter()
        self._peers: Counter[str] = Counter()
        self._lock = threading.Lock()
        # Set when the worker drains: watchers end at once (UNAVAILABLE) and resume on another worker.
        self.closing = threading.Event()

    def close(self) -> None:
        self.closing.set()

    @contextmanager
    def admit(self, table_id: str, peer: str) -> Iterator[None]:
        with self._lock:
            if sum(self._tables.values()) >= self.total:
                raise CrowdedError(f"this worker serves its limit of {self.total} watchers", 5.0)
            if self._tables[table_id] >= self.per_table:
                raise CrowdedError(
                    f"table {table_id} has its limit of {self.per_table} watchers on this worker", 5.0
                )
            if self._peers[peer] >= self.per_connection:
                raise CrowdedError(f"this connection has its limit of {self.per_connection} watchers", 5.0)
            self._tables[table_id] += 1
            self._peers[peer] += 1
        try:
            yield
        finally:
            with self._lock:
                self._tables[table_id] -= 1
                self._peers[peer] -= 1
                self._tables += Counter()  # drop the zeros
                self._peers += Counter()


def _started(game: game_pb2.Game, version: int, clock: table_service_pb2.ClockState | None = None) -> bytes:
    event = table_service_pb2.TableEvent(version=version, game_number=game.game_number, clock=clock)
    event.game_started.CopyFrom(game.score)
    return event.SerializeToString()


def _events(
    before: game_pb2.Game,
    after: game_pb2.Game,
    logged: list[game_pb2.LogEntry],
    version: int,
    clock: table_service_pb2.ClockState | None = None,
) -> list[bytes]:
    """The events one stored action makes: its log entries, then the game's end if it ended."""
    events = [
        table_service_pb2.TableEvent(
            version=version, game_number=after.game_number, entry=entry, clock=clock
        ).SerializeToString()
        for entry in logged
    ]
    if after.phase in _OVER and before.phase not in _OVER:
        over = table_service_pb2.TableGameOver(
            result=after.result,
            score_after=after.score_after,
            match_over=after.phase == game_pb2.PHASE_MATCH_OVER,
        )
        events.append(
            table_service_pb2.TableEvent(
                version=version, game_number=after.game_number, game_over=over, clock=clock
            ).SerializeToString()
        )
    return events


def clock_state(clock: Clock | None, started_ms: int, now_ms: int) -> table_service_pb2.ClockState | None:
    """What a client draws a countdown from: the clock as of ``now_ms`` (None for a table without one)."""
    if clock is None:
        return None
    move_left, (white, black) = clock.read(started_ms, now_ms)
    return table_service_pb2.ClockState(
        settings=table_service_pb2.TurnClock(
            per_move_s=clock.per_move_ms // 1000, reserve_s=clock.reserve_ms // 1000
        ),
        running=board_pb2.COLOR_UNSPECIFIED if clock.running is None else _PLAYER_COLOR[clock.running],
        move_left_ms=move_left,
        white_reserve_ms=white,
        black_reserve_ms=black,
    )


def _new_clock(settings: table_service_pb2.TurnClock) -> Clock:
    if not 1 <= settings.per_move_s <= MAX_PER_MOVE_S:
        raise WireError("clock.per_move_s", f"must be 1..{MAX_PER_MOVE_S} seconds, got {settings.per_move_s}")
    if settings.reserve_s > MAX_RESERVE_S:
        raise WireError("clock.reserve_s", f"must be 0..{MAX_RESERVE_S} seconds, got {settings.reserve_s}")
    reserve = settings.reserve_s * 1000
    return Clock(settings.per_move_s * 1000, reserve, (reserve, reserve))


def _timed_out(game: game_pb2.Game) -> bool:
    return game.phase in _OVER and game.result.ended == rules_pb2.GAME_END_TIMED_OUT


def _late(game: game_pb2.Game) -> PreconditionError:
    loser = "black" if game.result.winner == board_pb2.COLOR_WHITE else "white"
    return PreconditionError(
        TIME_OUT, f"{loser} ran out of time: game {game.game_number} was forfeited, and no action is taken"
    )


def _stale(table_id: str, version: int, wanted: int) -> PreconditionError:
    return PreconditionError(
        STALE_GAME, f"table {table_id} is at version {version}, not {wanted}: another action was stored first"
    )


class TableServicer(table_service_pb2_grpc.TableServiceServicer):
    """Tables in ``store`` (or, when there is none, the reason why: every call is refused with it)."""

    def __init__(
        self,
        play: PlayServicer,
        store: TableStore | str,
        keyring: Keyring | None,
        watchers: Watchers | None = None,
    ) -> None:
        self.play = play
        self.store = store
        if keyring is None and not isinstance(store, (MemoryTableStore, str)):
            raise ValueError("a shared table store needs state keys: every replica checks the seat tokens")
        # One process's own tables may use a key of its own; a shared store's need the replicas' keys.
        self.keyring = keyring or process_keyring()
        self.watchers = watchers or Watchers(per_table=8, per_connection=4, total=4)

    def _store(self) -> TableStore:
        if isinstance(self.store, str):
            raise PreconditionError(TABLES_UNAVAILABLE, self.store)
        return self.store

    def _seat(self, table_id: str, token: str) -> Seat:
        return seat_of(self.keyring, check_table_id(table_id), token)

    def CreateTable(
        self, request: table_service_pb2.CreateTableRequest, context: grpc.ServicerContext
    ) -> table_service_pb2.CreateTableResponse:
        store = self._store()
        for field in ("white_seed_commitment", "black_seed_commitment"):
            if getattr(request.game, field):
                raise WireError(f"game.{field}", "a table takes no client seeds (it has no AddClientSeed)")
        first = play_pb.NewGameRequest()
        first.CopyFrom(request.game)
        first.view = first.view or play_pb.ACTIONS_VIEW_COMPACT
        clock = _new_clock(request.clock) if request.HasField("clock") else None
        started = self.play.NewGame(first, context)
        table_id = new_table_id()
        raw_clock = b"" if clock is None else clock.to_bytes()
        store.create(table_id, started.game.SerializeToString(), [_started(started.game, 0)], raw_clock)
        return table_service_pb2.CreateTableResponse(
            table_id=table_id,
            white_token=seat_token(self.keyring, table_id, Seat.WHITE),
            black_token=seat_token(self.keyring, table_id, Seat.BLACK),
            spectator_token=seat_token(self.keyring, table_id, Seat.SPECTATOR),
            game=started.game,
            choices=started.choices if started.HasField("choices") else None,
            version=0,
            clock=clock_state(clock, 0, 0),
        )

    def _settle(self, table_id: str, context: grpc.ServicerContext) -> Stored:
        """The table as stored, once a seat whose time ran out has forfeited (by this call or another)."""
        store = self._store()
        for _ in range(_SETTLE_TRIES):
            stored = store.load(table_id)
            clock = Clock.from_bytes(stored.clock)
            if clock is None or not clock.passed(stored.started_ms, stored.now_ms):
                return stored
            assert clock.running is not None
            before = game_pb2.Game.FromString(stored.game)
            timed_out = game_pb2.Action(
                kind=game_pb2.ACTION_KIND_TIME_OUT, player=_PLAYER_COLOR[clock.running]
            )
            request = play_pb.ActRequest(game=before, action=timed_out, view=play_pb.ACTIONS_VIEW_NONE)
            after = self.play.Act(request, context)
            stopped = clock.passed_to(None, stored.started_ms, stored.now_ms)
            state = clock_state(stopped, stored.now_ms, stored.now_ms)
            events = _events(before, after.game, list(after.logged), stored.version + 1, state)
            # Of the replicas that saw the deadline pass, the one whose swap lands stores the forfeit.
            store.swap(
                table_id, stored.version, after.game.SerializeToString(), events, stopped.to_bytes(), True
            )
        raise PreconditionError(
            STALE_GAME, f"table {table_id} changed under {_SETTLE_TRIES} reads: try again"
        )

    def GetTable(
        self, request: table_service_pb2.GetTableRequest, context: grpc.ServicerContext
    ) -> table_service_pb2.GetTableResponse:
        seat = self._seat(request.table_id, request.token)
        stored = self._settle(request.table_id, context)
        game = game_pb2.Game.FromString(stored.game)
        view = request.view or play_pb.ACTIONS_VIEW_COMPACT
        choices = self.play.ListActions(play_pb.ListActionsRequest(game=game, view=view), context)
        return table_service_pb2.GetTableResponse(
            game=game,
            choices=choices,
            seat=_COLOR.get(seat, board_pb2.COLOR_UNSPECIFIED),
            version=stored.version,
            last_sequence=stored.last_sequence,
            clock=clock_state(Clock.from_bytes(stored.clock), stored.started_ms, stored.now_ms),
        )

    def TableAct(
        self, request: table_service_pb2.TableActRequest, context: grpc.ServicerContext
    ) -> table_service_pb2.TableActResponse:
        table_id = request.table_id
        seat = self._seat(table_id, request.token)
        store = self._store()
        stored = self._settle(table_id, context)
        before = game_pb2.Game.FromString(stored.game)
        if not request.next_game and _timed_out(before) and seat is not Seat.SPECTATOR:
            # Checked first: an action read at the version before the forfeit is late, not stale.
            raise _late(before)
        if request.HasField("expected_version") and request.expected_version != stored.version:
            raise _stale(table_id, stored.version, request.expected_version)
        if seat is Seat.SPECTATOR:
            raise PreconditionError(
                SPECTATOR, "a spectator's token watches the table; only a seat's token acts"
            )
        if request.action.kind == game_pb2.ACTION_KIND_TIME_OUT:
            raise WireError("action.kind", "a time out is the table's clock's to apply, not a seat's")
        view = request.view or play_pb.ACTIONS_VIEW_COMPACT
        if request.next_game:
            if request.HasField("action"):
                raise WireError("action", "is left unset with next_game")
            started = self.play.NewGame(play_pb.NewGameRequest(previous=before, view=view), context)
            after, choices, events_pb, logged = started.game, started.choices, [], []
            events_raw = [_started(after, stored.version + 1)]
        else:
            action = self._seated_action(request.action, seat, before)
            acted = self.play.Act(play_pb.ActRequest(game=before, action=action, view=view), context)
            after, choices, events_pb, logged = (
                acted.game,
                acted.choices,
                list(acted.events),
                list(acted.logged),
            )
            events_raw = []
        clock = Clock.from_bytes(stored.clock)
        state = None
        if clock is None:
            if not request.next_game:
                events_raw = _events(before, after, logged, stored.version + 1)
            last = store.swap(table_id, stored.version, after.SerializeToString(), events_raw)
        else:
            # The store refuses the swap once the deadline passed, however late in this call that is.
            deadline = clock.deadline(stored.started_ms) or 0
            running = self._to_act(after)
            now = clock.passed_to(running, stored.started_ms, stored.now_ms)
            restart = now.running is not clock.running
            state = clock_state(now, stored.now_ms if restart else stored.started_ms, stored.now_ms)
            if not request.next_game:
                events_raw = _events(before, after, logged, stored.version + 1, state)
            else:
                events_raw = [_started(after, stored.version + 1, state)]
            raw = after.SerializeToString()
            last = store.swap(table_id, stored.version, raw, events_raw, now.to_bytes(), restart, deadline)
            if last is None:
                settled = game_pb2.Game.FromString(self._settle(table_id, context).game)
                if _timed_out(settled):
                    raise _late(settled)
        if last is None:
            raise _stale(table_id, stored.version + 1, stored.version)
        return table_service_pb2.TableActResponse(
            game=after,
            events=events_pb,
            choices=choices if view != play_pb.ACTIONS_VIEW_NONE else None,
            logged=logged,
            version=stored.version + 1,
            last_sequence=last,
            clock=state,
        )

    def _to_act(self, game: game_pb2.Game) -> Player | None:
        """The one seat that may act in ``game`` (its clock runs), or None (the opening roll, a game over)."""
        players = {a.player for a in list_actions(self.play.games.read(game), play_actions=False).actions}
        return players.pop() if len(players) == 1 else None

    def _seated_action(self, action: game_pb2.Action, seat: Seat, game: game_pb2.Game) -> game_pb2.Action:
        """``action`` with the token's seat as its player; refused unless that seat may act now."""
        player = _SEAT_PLAYER[seat]
        if action.player and action.player != _COLOR[seat]:
            raise PreconditionError(
                NOT_YOUR_SEAT, f"the token is {seat.value}'s: it acts for {seat.value} only"
            )
        open_now = list_actions(self.play.games.read(game), play_actions=False).actions
        if not any(a.player is player for a in open_now):
            whose = sorted({a.player.name.lower() for a in open_now if a.player is not None})
            now = f"only {' and '.join(whose)} may act now" if whose else "the game is over"
            raise PreconditionError(NOT_YOUR_TURN, f"{seat.value} has nothing to do now: {now}")
        seated = game_pb2.Action()
        seated.CopyFrom(action)
        seated.player = _COLOR[seat]
        return seated

    def WatchTable(
        self, request: table_service_pb2.WatchTableRequest, context: grpc.ServicerContext
    ) -> Iterator[table_service_pb2.WatchTableResponse]:
        # Streams pass the interceptor untouched: an expected error becomes its status here.
        return streamed(self._watch(request, context), context)

    def _watch(
        self, request: table_service_pb2.WatchTableRequest, context: grpc.ServicerContext
    ) -> Iterator[table_service_pb2.WatchTableResponse]:
        table_id = request.table_id
        self._seat(table_id, request.token)
        store = self._store()
        after = request.after_sequence
        first = store.load(table_id)
        if after > first.last_sequence:
            raise WireError("after_sequence", f"is past the table's last event ({first.last_sequence})")
        clocked = bool(first.clock)
        closing = self.watchers.closing
        with self.watchers.admit(table_id, context.peer()):
            while context.is_active() and not closing.is_set():
                wait = self._until_deadline(table_id, context) if clocked else WATCH_POLL_S
                for sequence, raw in store.events(table_id, after, wait):
                    event = table_service_pb2.TableEvent.FromString(raw)
                    event.sequence = sequence
                    yield table_service_pb2.WatchTableResponse(event=event)
                    after = sequence
                    if event.game_over.match_over:
                        return
        if closing.is_set():
            raise DrainingError(f"this worker is shutting down: watch again after sequence {after}")

    def _until_deadline(self, table_id: str, context: grpc.ServicerContext) -> float:
        """How long a watcher waits for events: no longer than the running clock's deadline (settled first)."""
        stored = self._settle(table_id, context)
        clock = Clock.from_bytes(stored.clock)
        deadline = None if clock is None else clock.deadline(stored.started_ms)
        if deadline is None:
            return WATCH_POLL_S
        return min(WATCH_POLL_S, max(_MIN_WAIT_S, (deadline - stored.now_ms) / 1000))


def add_to_server(servicer: TableServicer, server: grpc.Server) -> None:
    table_service_pb2_grpc.add_TableServiceServicer_to_server(servicer, server)
