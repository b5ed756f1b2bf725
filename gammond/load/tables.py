"""Live tables as two devices and their watchers play them: ``gammond-load --tables N``.

Each table is created on one replica (the tables alternate between the
two), then White acts through replica A's connections and Black through
replica B's, ``think_s`` apart (a person's pace; shortened for a
benchmark), each answer's ``choices`` naming who acts next.  Both seats,
and a spectator when asked, watch the table's stream, each watcher on a
channel of its own (a device's own connection), the watchers alternating
between the replicas, so most events are stored through one replica and
streamed from the other through the shared store.

Measured: the calls (``CreateTable``, ``TableAct``) and their errors by
code; the events the actions stored and the deliveries the watchers got,
per second; the delay of each delivery from the moment the action that
made the event was sent (``delay``), and from the moment its answer came
back (``after answer``: negative when the watcher heard before the actor);
every ``WatchTable`` stream's ending by code (``RESOURCE_EXHAUSTED``: a
worker's watcher bound, docs/api.md "Live play"); with ``redis_url``, the
store's memory per table and its own CPU time (:func:`redis_figures`).

A table plays its match to the end, then another starts, until the run's
bounds (``duration_s``, ``max_calls``, and ``limit`` tables in all).  A
call that fails ends its table; the next starts.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any

import grpc

from backgammon.v1 import (
    board_pb2,
    game_pb2,
    play_service_pb2,
    rules_pb2,
    table_service_pb2,
    table_service_pb2_grpc,
)
from gammond.load.games import _Lost, _Over, recorded
from gammond.load.report import Latency, Report, _latency_json
from gammond.load.runner import LoadSettings, Progress, _channel, _gather_reporting, _Run

K = game_pb2
WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
MOVES = play_service_pb2.ACTIONS_VIEW_MOVES
_OVER = (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER)
_TAPS = (K.ACTION_KIND_CONFIRM, K.ACTION_KIND_TAKE, K.ACTION_KIND_ACCEPT, K.ACTION_KIND_ROLL)
# A watcher that lost its stream (a replica refused or went away) opens it again this many times.
_WATCH_TRIES = 5
_WATCH_BACKOFF_S = 1.0


@dataclass(frozen=True, slots=True)
class TableMix:
    """How the tables play: the think time, a spectator or not, the match length."""

    think_s: tuple[float, float] = (2.0, 4.0)  # a person's pause before each action, uniform
    spectators: bool = False  # a third watcher per table
    match_length: int = 1  # 1: one game per table

    def __post_init__(self) -> None:
        low, high = self.think_s
        if not 0 <= low <= high:
            raise ValueError(f"think {self.think_s} s must be 0 <= low <= high")
        if not 1 <= self.match_length <= 25:
            raise ValueError(f"match length {self.match_length} is not in 1..25")

    @property
    def watchers(self) -> int:
        return 3 if self.spectators else 2


@dataclass(frozen=True, slots=True)
class TablesReport:
    """A ``--tables`` run: its calls (:class:`Report`) and what the tables' watchers saw."""

    calls: Report
    tables: int  # live at once
    started: int
    finished: int  # played to the match's end, every watcher's stream ended with it
    events: int  # stored by the tables' creation and actions
    deliveries: int  # events the watchers received
    delay: Latency  # delivery - the action's send, ms
    after_answer: Latency  # delivery - the action's answer, ms (negative: before)
    streams: Mapping[str, int]  # WatchTable endings by code (CUT: ended by the run's end)
    store: Mapping[str, Any] = field(default_factory=dict)
    finished_ids: Sequence[str] = ()  # the tables played to the end (to measure what one costs the store)

    @property
    def errors(self) -> dict[str, int]:
        """Unary calls and streams that ended in error, by code."""
        counts = Counter(self.calls.errors)
        counts.update({c: n for c, n in self.streams.items() if c not in ("OK", "CUT")})
        return dict(sorted(counts.items()))

    def text(self) -> str:
        seconds = self.calls.seconds or 1.0
        lines = [
            self.calls.text(),
            f"tables {self.tables} live: {self.started} started, {self.finished} played to the end",
            f"events {self.events} stored = {self.events / seconds:.1f}/s, "
            f"{self.deliveries} delivered = {self.deliveries / seconds:.1f}/s",
            f"delay from the act's send   {self.delay.line()}",
            f"delay from the act's answer {self.after_answer.line()}",
            "streams " + ", ".join(f"{code} {n}" for code, n in sorted(self.streams.items())),
            "errors (calls and streams) "
            + (", ".join(f"{code} {n}" for code, n in self.errors.items()) or "none"),
        ]
        if self.store:
            lines.append("store " + ", ".join(f"{k} {v}" for k, v in self.store.items()))
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        seconds = self.calls.seconds or 1.0
        return {
            **self.calls.as_json(),
            "tables": self.tables,
            "started": self.started,
            "finished": self.finished,
            "events": self.events,
            "events_per_second": round(self.events / seconds, 2),
            "deliveries": self.deliveries,
            "deliveries_per_second": round(self.deliveries / seconds, 2),
            "delay_ms": _latency_json(self.delay),
            "after_answer_ms": _latency_json(self.after_answer),
            "streams": dict(sorted(self.streams.items())),
            "table_errors": self.errors,
            "store": dict(self.store),
        }

    def json(self) -> str:
        return json.dumps(self.as_json(), indent=2)


def choose(
    choices: play_service_pb2.ListActionsResponse, color: board_pb2.Color.ValueType, rng: random.Random
) -> game_pb2.Action:
    """``color``'s next tap as a board UI makes it: confirm, take, accept or roll first, else a single-die move."""
    mine = [a for a in choices.actions if a.player == color]
    kinds = {a.kind: a for a in mine}
    chosen = next((kinds[k] for k in _TAPS if k in kinds), None)
    if chosen is None:
        singles = [a for a in mine if a.kind == K.ACTION_KIND_MOVE and len(a.dice_used) == 1]
        others = [a for a in mine if a.kind not in (K.ACTION_KIND_RESIGN, K.ACTION_KIND_DROP)]
        pool = singles or others or mine
        if not pool:
            raise _Lost  # nothing to do for the seat that must act: should not happen
        chosen = rng.choice(pool)
    action = game_pb2.Action(kind=chosen.kind)  # the player: the token's seat
    if chosen.kind == K.ACTION_KIND_MOVE:
        action.move.CopyFrom(chosen.move)
    return action


def _to_act(choices: play_service_pb2.ListActionsResponse) -> board_pb2.Color.ValueType:
    """The seat that acts next (White when both may, as at the opening roll)."""
    players = {a.player for a in choices.actions}
    return WHITE if WHITE in players else BLACK


class _Tables:
    """The run's shared state: channels to both replicas, the tables' marks and deliveries."""

    def __init__(self, run: _Run, mix: TableMix, targets: Sequence[str], limit: int | None) -> None:
        self.run, self.mix, self.targets, self.limit = run, mix, targets, limit
        settings = run.settings
        # The seats' connections: settings.connections to each replica, shared by the tables.
        self.seat_channels = [
            [_channel(replace(settings, target=t)) for _ in range(settings.connections)] for t in targets
        ]
        self.begun = self.started = self.finished = self.events = self.deliveries = 0
        self.delays: list[float] = []
        self.after_answer: list[float] = []
        self.streams: Counter[str] = Counter()
        self.table_ids: list[str] = []
        self.finished_ids: list[str] = []
        self._watchers = 0

    def stub(self, replica: int, index: int) -> table_service_pb2_grpc.TableServiceAsyncStub:
        channels = self.seat_channels[replica % len(self.seat_channels)]
        return table_service_pb2_grpc.TableServiceStub(channels[index % len(channels)])

    def next_watcher_target(self) -> str:
        self._watchers += 1
        return self.targets[self._watchers % len(self.targets)]

    async def call(self, name: str, send: Callable[[], Any]) -> Any:
        if self.run.next_ticket() is None:
            raise _Over
        return await recorded(self.run, name, send)

    async def pause(self, seconds: float) -> None:
        left = self.run.deadline - time.perf_counter()
        if seconds >= left:
            raise _Over
        if seconds > 0:
            await asyncio.sleep(seconds)

    async def watch(
        self, table_id: str, token: str, received: dict[int, float], ready: asyncio.Event
    ) -> None:
        """One watcher on a channel of its own: every event's arrival time, by sequence, until the stream ends.

        ``ready`` is set at its first event (or its end): the table waits for it before the first act.
        """
        channel = _channel(replace(self.run.settings, target=self.next_watcher_target()))
        stub = table_service_pb2_grpc.TableServiceStub(channel)
        after, failures, code = 0, 0, "CUT"
        try:
            while True:
                request = table_service_pb2.WatchTableRequest(
                    table_id=table_id, token=token, after_sequence=after
                )
                left = self.run.deadline - time.perf_counter() + self.run.settings.timeout_s
                stream = stub.WatchTable(request, timeout=max(1.0, left))
                try:
                    async for message in stream:
                        after = message.event.sequence
                        received[after] = time.perf_counter()
                        self.deliveries += 1
                        ready.set()
                    code = "OK"
                    return
                except grpc.aio.AioRpcError as error:
                    self.streams[error.code().name] += 1
                    failures += 1
                    retry = error.code() in (grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.UNAVAILABLE)
                    if not retry or failures >= _WATCH_TRIES:
                        code = "GAVE_UP"
                        return
                    await asyncio.sleep(_WATCH_BACKOFF_S * failures)
                finally:
                    stream.cancel()
        finally:
            ready.set()
            self.streams[code] += 1
            await channel.close()

    async def play(self, index: int, rng: random.Random) -> None:
        """One table, created on replica ``index % 2``, played to its match's end (or the run's)."""
        rules = rules_pb2.RuleOptions(match_length=self.mix.match_length)
        new_game = play_service_pb2.NewGameRequest(rules=rules, dice_source=K.DICE_SOURCE_SERVER, view=MOVES)
        timeout = self.run.settings.timeout_s
        creator = self.stub(index, index)
        created = await self.call(
            "CreateTable",
            lambda: creator.CreateTable(table_service_pb2.CreateTableRequest(game=new_game), timeout=timeout),
        )
        # sequence -> the action's send and answer (not the creation's event: nobody watched yet)
        marks: dict[int, tuple[float, float]] = {}
        self.started += 1
        self.events += 1
        self.table_ids.append(created.table_id)
        tokens = [created.white_token, created.black_token]
        tokens += [created.spectator_token] if self.mix.spectators else []
        heard: list[dict[int, float]] = [{} for _ in tokens]
        ready = [asyncio.Event() for _ in tokens]
        watchers = [
            asyncio.create_task(self.watch(created.table_id, t, h, r))
            for t, h, r in zip(tokens, heard, ready)
        ]
        seats = {
            WHITE: (self.stub(0, index), created.white_token),
            BLACK: (self.stub(1, index), created.black_token),
        }
        game, choices, version, last = created.game, created.choices, 0, 1
        try:
            # As a device opens its stream before it plays: every watcher has the table's first event.
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), timeout)
            while game.phase != K.PHASE_MATCH_OVER:
                await self.pause(rng.uniform(*self.mix.think_s))
                request = table_service_pb2.TableActRequest(
                    table_id=created.table_id, view=MOVES, expected_version=version
                )
                if game.phase == K.PHASE_GAME_OVER:
                    stub, request.token = seats[WHITE]
                    request.next_game = True
                else:
                    color = _to_act(choices)
                    stub, request.token = seats[color]
                    request.action.CopyFrom(choose(choices, color, rng))
                sent = time.perf_counter()
                answer = await self.call("TableAct", partial(stub.TableAct, request, timeout=timeout))
                answered = time.perf_counter()
                for sequence in range(last + 1, answer.last_sequence + 1):
                    marks[sequence] = (sent, answered)
                self.events += answer.last_sequence - last
                game, choices, version, last = (
                    answer.game,
                    answer.choices,
                    answer.version,
                    answer.last_sequence,
                )
            # The streams end after the match's last event; they get the timeout to deliver it.
            await asyncio.wait_for(asyncio.gather(*watchers), timeout)
            if all(len(h) == last for h in heard):
                self.finished += 1
                self.finished_ids.append(created.table_id)
        finally:
            for task in watchers:
                task.cancel()
            await asyncio.gather(*watchers, return_exceptions=True)
            for got in heard:
                for sequence, at in got.items():
                    if sequence in marks:
                        self.delays.append(at - marks[sequence][0])
                        self.after_answer.append(at - marks[sequence][1])

    async def serve(self, seat: int, rng: random.Random, stagger_s: float) -> None:
        """Tables one after another at this seat of the run until its bounds."""
        try:
            await self.pause(stagger_s)
            while self.limit is None or self.begun < self.limit:
                self.begun += 1  # counted before its first call: the tables at once never pass the limit
                try:
                    await self.play(seat, rng)
                except (TimeoutError, _Lost):
                    await self.pause(self.mix.think_s[1])
                seat += 1  # the next table is created on the other replica
        except _Over:
            return

    async def close(self) -> None:
        for group in self.seat_channels:
            for channel in group:
                await channel.close()


async def run_tables(
    settings: LoadSettings,
    mix: TableMix,
    tables: int,
    replica: str | None = None,
    seed: int = 0,
    limit: int | None = None,
    progress: Callable[[Progress], None] | None = None,
) -> tuple[TablesReport, list[str]]:
    """Keep ``tables`` tables playing through ``settings.target`` (A) and ``replica`` (B, default A).

    ``limit``: tables to start in all (the run ends once they are over);
    ``settings.concurrency``, ``rate`` and ``warmup_calls`` do not apply.
    Returns the report and the ids of the tables it created.
    """
    if tables < 1:
        raise ValueError(f"tables {tables} is below 1")
    if limit is not None and limit < 1:
        raise ValueError(f"table limit {limit} is below 1")
    targets = [settings.target, replica or settings.target]
    run = _Run((), settings)
    state = _Tables(run, mix, targets, limit)
    rng = random.Random(seed)
    spread = max(0.1, mix.think_s[1])
    try:
        players = [
            state.serve(i, random.Random(rng.getrandbits(64)), rng.uniform(0, spread)) for i in range(tables)
        ]
        seconds = await _gather_reporting(run, progress, players)
    finally:
        await state.close()
    facts: dict[str, Any] = {name: value for name, value in asdict(settings).items() if name != "token"}
    facts.update(tables=tables, replica=targets[1], mix=asdict(mix), seed=seed, limit=limit)
    calls = Report.from_samples(settings.target, seconds, run.samples, facts)
    report = TablesReport(
        calls,
        tables,
        state.started,
        state.finished,
        state.events,
        state.deliveries,
        Latency.of(state.delays),
        Latency.of(state.after_answer),
        dict(state.streams),
        finished_ids=tuple(state.finished_ids),
    )
    return report, state.table_ids


def redis_figures(url: str) -> dict[str, float]:
    """The store's ``used_memory`` (bytes) and CPU seconds (user + system) now, from ``INFO``."""
    import redis  # only for a run that measures the store

    client: Any = redis.Redis.from_url(url, socket_connect_timeout=5.0)
    try:
        memory, cpu = client.info("memory"), client.info("cpu")
        return {
            "used_memory": float(memory["used_memory"]),
            "cpu_s": float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"]),
        }
    finally:
        client.close()


def table_bytes(url: str, table_ids: Sequence[str]) -> float:
    """The mean ``MEMORY USAGE`` of a table's two keys (its hash and its events' stream), over ``table_ids``."""
    import redis

    client: Any = redis.Redis.from_url(url, socket_connect_timeout=5.0)
    try:
        sizes = [
            sum(
                int(client.memory_usage(key) or 0)
                for key in (f"gammond:table:{t}", f"gammond:table:{t}:events")
            )
            for t in table_ids
        ]
    finally:
        client.close()
    return sum(sizes) / len(sizes) if sizes else 0.0


def measured(
    report: TablesReport, url: str, before: Mapping[str, float], table_ids: Sequence[str]
) -> TablesReport:
    """``report`` with what the store at ``url`` spent on the run (``before``: :func:`redis_figures` at its start).

    ``used_memory_per_table``: the growth of Redis's ``used_memory`` over the
    tables started (they stay stored until their expiry); ``memory_usage_per_table``:
    the mean ``MEMORY USAGE`` of a table's keys (of those played to the end:
    a whole game's events); ``cpu_share``: Redis's own CPU
    seconds over the run's seconds.
    """
    after = redis_figures(url)
    seconds = report.calls.seconds
    tables = max(1, len(table_ids))
    cpu = after["cpu_s"] - before["cpu_s"]
    store = {
        "used_memory_before": int(before["used_memory"]),
        "used_memory_after": int(after["used_memory"]),
        "used_memory_per_table": round((after["used_memory"] - before["used_memory"]) / tables),
        "memory_usage_per_table": round(table_bytes(url, table_ids)),
        "memory_usage_per_finished_table": round(table_bytes(url, report.finished_ids)),
        "cpu_s": round(cpu, 3),
        "cpu_share": round(cpu / seconds, 4) if seconds > 0 else 0.0,
    }
    return replace(report, store=store)
