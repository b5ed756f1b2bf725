"""Playing a table from two seats through the Python client, as two devices would."""

from __future__ import annotations

import random
import threading

from backgammon.v1 import board_pb2, game_pb2, table_service_pb2
from gammond_client import Table

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
_AVOID = (game_pb2.ACTION_KIND_RESIGN, game_pb2.ACTION_KIND_DROP, game_pb2.ACTION_KIND_DOUBLE)


def choose(table: Table, rng: random.Random) -> game_pb2.Action:
    """A quick player's action: a random whole play when moving, else a random action but resigning or dropping."""
    assert table.choices is not None
    if table.choices.plays:
        return game_pb2.Action(kind=game_pb2.ACTION_KIND_PLAY, moves=rng.choice(table.choices.plays).moves)
    mine = table.actions()
    return rng.choice([a for a in mine if a.kind not in _AVOID] or mine)


def acting_seat(seats: dict[int, Table]) -> Table:
    """The seat that may act next (White first when both may, as at the opening roll)."""
    for color in (WHITE, BLACK):
        table = seats[color]
        if table.choices is not None and any(a.player == color for a in table.choices.actions):
            return table
    raise AssertionError("nobody may act")


def play_turns(
    seats: dict[int, Table], rng: random.Random, stop_after: int = -1, limit: int = 2000, game: bool = False
) -> int:
    """Act for whoever must act until ``stop_after`` actions were taken or the match (``game``: the game) is over.

    Returns the actions taken.
    After each action the other device reads the table again, as one that
    sees the action on its stream would.
    """
    for table in seats.values():
        table.refresh()
    for taken in range(limit):
        if taken == stop_after or any(t.game_over if game else t.match_over for t in seats.values()):
            return taken
        table = acting_seat(seats)
        table.act(choose(table, rng))
        for other in seats.values():
            if other is not table:
                other.refresh()
    raise AssertionError(f"the match did not end in {limit} actions")


class Watcher(threading.Thread):
    """A device's stream of the table, collected until it ends."""

    def __init__(self, table: Table, after: int = 0) -> None:
        super().__init__(daemon=True)
        self.table, self.after = table, after
        self.events: list[table_service_pb2.TableEvent] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            for event in self.table.watch(self.after, retries=20, backoff_s=0.1):
                self.events.append(event)
        except BaseException as exc:  # noqa: BLE001 - the test reads it
            self.error = exc


def log_of(events: list[table_service_pb2.TableEvent]) -> list[game_pb2.LogEntry]:
    return [event.entry for event in events if event.WhichOneof("kind") == "entry"]
