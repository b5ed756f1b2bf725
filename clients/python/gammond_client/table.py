"""Live play at a table: one seat's view of a game the server holds (TableService).

>>> from gammond_client import GammondClient, Table
>>> # client = GammondClient("127.0.0.1:50051")
>>> # created = Table.create(client, match_length=3)
>>> # white = Table(client, created.table_id, created.white_token)
>>> # black = Table(other_client, created.table_id, created.black_token)
>>> # white.act(white.actions()[0]); for event in black.watch(): ...

Each device keeps its own :class:`Table` with its own seat token; the
server keeps the table's Game, so a :class:`Table` is only the last state
this device saw (:attr:`state`, :attr:`version`, :attr:`last_sequence`).
:meth:`Table.watch` streams the table's events and resumes after a dropped
connection from the last event it yielded, on the same channel (which may
reconnect to another replica: a channel over several addresses, or a load
balancer's), so no event is lost or repeated.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import TypeVar

import grpc

from backgammon.v1 import (
    board_pb2,
    game_pb2,
    play_service_pb2,
    rules_pb2,
    table_service_pb2,
    table_service_pb2_grpc,
)
from gammond_client.client import GammondClient
from gammond_client.errors import from_rpc_error

T = TypeVar("T")
# Codes after which a watch resumes: the connection or the replica went away.
# Tries of a call that is safe to send again, when the connection drops under it.
_ATTEMPTS = 4
_RESUMABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.DEADLINE_EXCEEDED)


class Table:
    """One seat (or a spectator) at a table, through ``client``."""

    def __init__(self, client: GammondClient, table_id: str, token: str) -> None:
        self.client = client
        self.stub = table_service_pb2_grpc.TableServiceStub(client.channel)
        self.table_id = table_id
        self.token = token
        self.state: game_pb2.Game | None = None
        self.choices: play_service_pb2.ListActionsResponse | None = None
        self.seat: board_pb2.Color.ValueType = board_pb2.COLOR_UNSPECIFIED
        self.version = 0
        self.last_sequence = 0
        # The table's turn clock as last read (None: the table has none); a countdown starts from it.
        self.clock: table_service_pb2.ClockState | None = None
        # How many times :meth:`watch` opened its stream again after losing it.
        self.resumes = 0

    def __repr__(self) -> str:
        return f"Table({self.table_id!r}, version={self.version})"

    @staticmethod
    def create(
        client: GammondClient,
        *,
        match_length: int = 0,
        rules: rules_pb2.RuleOptions | None = None,
        dice_source: game_pb2.DiceSource.ValueType = game_pb2.DICE_SOURCE_UNSPECIFIED,
        seed: bytes = b"",
        request: play_service_pb2.NewGameRequest | None = None,
        per_move_s: int = 0,
        reserve_s: int = 0,
    ) -> table_service_pb2.CreateTableResponse:
        """A new table: its id and the seat tokens to hand to each device (``request`` overrides the rest).

        ``per_move_s`` (when not 0): a turn clock, with a reserve of ``reserve_s`` seconds a seat.
        """
        if request is None:
            if rules is None:
                rules = rules_pb2.RuleOptions(match_length=match_length)
            request = play_service_pb2.NewGameRequest(rules=rules, dice_source=dice_source, seed=seed)
        stub = table_service_pb2_grpc.TableServiceStub(client.channel)
        create = table_service_pb2.CreateTableRequest(game=request)
        if per_move_s:
            create.clock.CopyFrom(table_service_pb2.TurnClock(per_move_s=per_move_s, reserve_s=reserve_s))
        return _call(client, stub.CreateTable, create)

    # -- where the table stands ----------------------------------------------------------

    def refresh(self) -> table_service_pb2.GetTableResponse:
        """The table's latest state from the server (another device may have acted)."""
        request = table_service_pb2.GetTableRequest(table_id=self.table_id, token=self.token)
        answer = _call(self.client, self.stub.GetTable, request, retry=True)
        self.state, self.choices, self.seat = answer.game, answer.choices, answer.seat
        self.version, self.last_sequence = answer.version, answer.last_sequence
        self.clock = answer.clock if answer.HasField("clock") else None
        return answer

    def actions(self) -> list[game_pb2.Action]:
        """What this seat may do now (refreshing once if nothing was read yet)."""
        if self.choices is None:
            self.refresh()
        assert self.choices is not None
        if self.seat == board_pb2.COLOR_UNSPECIFIED:
            return []
        return [action for action in self.choices.actions if action.player == self.seat]

    @property
    def game_over(self) -> bool:
        return self.state is not None and self.state.phase in (
            game_pb2.PHASE_GAME_OVER,
            game_pb2.PHASE_MATCH_OVER,
        )

    @property
    def match_over(self) -> bool:
        return self.state is not None and self.state.phase == game_pb2.PHASE_MATCH_OVER

    # -- acting -----------------------------------------------------------------------------

    def act(self, action: game_pb2.Action, *, checked: bool = True) -> table_service_pb2.TableActResponse:
        """Take ``action`` for this seat.

        ``checked``: only on the version this device saw last, so a retried
        or late action is refused (STALE_GAME) rather than taken twice.
        """
        request = table_service_pb2.TableActRequest(table_id=self.table_id, token=self.token, action=action)
        if checked:
            request.expected_version = self.version
        return self._acted(request)

    def next_game(self) -> table_service_pb2.TableActResponse:
        """Start the match's next game once this one is over."""
        request = table_service_pb2.TableActRequest(
            table_id=self.table_id, token=self.token, next_game=True, expected_version=self.version
        )
        return self._acted(request)

    def _acted(self, request: table_service_pb2.TableActRequest) -> table_service_pb2.TableActResponse:
        # Sent again only when checked: had the first one been stored, the second is STALE_GAME, not a second action.
        answer = _call(self.client, self.stub.TableAct, request, retry=request.HasField("expected_version"))
        self.state, self.choices = answer.game, answer.choices
        self.version, self.last_sequence = answer.version, answer.last_sequence
        self.clock = answer.clock if answer.HasField("clock") else None
        return answer

    # -- watching ---------------------------------------------------------------------------

    def watch(
        self, after: int = 0, *, retries: int = 5, backoff_s: float = 0.2
    ) -> Iterator[table_service_pb2.TableEvent]:
        """The table's events after sequence number ``after``, until the match is over.

        A dropped stream (the replica went away, the connection aged out) is
        opened again from the last event yielded, up to ``retries`` times in
        a row; any other error is raised as a GammondError.
        """
        failures = 0
        while True:
            request = table_service_pb2.WatchTableRequest(
                table_id=self.table_id, token=self.token, after_sequence=after
            )
            stream = self.stub.WatchTable(request, metadata=_metadata(), wait_for_ready=True)
            try:
                for message in stream:
                    event = message.event
                    failures = 0
                    after = event.sequence
                    if event.HasField("clock"):
                        self.clock = event.clock  # a countdown follows the stream, not only this seat's calls
                    yield event
                return
            except grpc.RpcError as error:
                code = error.code()
                failures += 1
                if code not in _RESUMABLE or failures > retries:
                    raise from_rpc_error(error) from None
                time.sleep(backoff_s * failures)
                self.resumes += 1
            finally:
                stream.cancel()  # a watch closed early frees the server's watcher at once


def _metadata() -> tuple[tuple[str, str], ...]:
    return (("x-request-id", uuid.uuid4().hex),)


def _call(client: GammondClient, method: Callable[..., T], request: object, retry: bool = False) -> T:
    """One call; with ``retry``, sent again (a few times) if the connection dropped under it (a replica went away)."""
    attempts = _ATTEMPTS if retry else 1
    for attempt in range(1, attempts + 1):
        try:
            # Waits for a connection rather than failing at once while the channel finds another replica.
            return method(request, timeout=client.timeout, metadata=_metadata(), wait_for_ready=True)
        except grpc.RpcError as error:
            if attempt == attempts or error.code() != grpc.StatusCode.UNAVAILABLE:
                raise from_rpc_error(error) from None
            time.sleep(0.1 * attempt)
    raise AssertionError("unreachable")
