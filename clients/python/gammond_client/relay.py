"""The stale-state guard a relay (a table server between players and gammond) keeps.

Every Game names its game (``game_id``) and counts the actions taken on it
(``version``); a sealed Game carries copies of both on its seal, which the
server checks against the sealed state. So a relay that remembers the
highest version it has passed on for each game refuses an older Game (a
player replaying a state they kept) with one comparison, without reading
the sealed state or holding the server's keys.

>>> from backgammon.v1 import game_pb2
>>> guard = StaleGuard()
>>> guard.admit(game_pb2.Game(game_id=b"g" * 16, version=5))
>>> guard.admit(game_pb2.Game(game_id=b"g" * 16, version=4))
Traceback (most recent call last):
    ...
gammond_client.relay.StaleGameError: game 67676767676767676767676767676767 is at version 5; version 4 is stale
"""

from __future__ import annotations

from collections import OrderedDict

from backgammon.v1 import game_pb2


class StaleGameError(ValueError):
    """A Game older than one already passed on for the same game."""


def identity(game: game_pb2.Game) -> tuple[bytes, int]:
    """The game's id and version: the seal's copies when sealed (what the server checks), else the fields."""
    if game.HasField("seal"):
        return bytes(game.seal.game_id), game.seal.version
    return bytes(game.game_id), game.version


class StaleGuard:
    """The last version passed on, per game id; at most ``capacity`` games remembered (the oldest go first)."""

    def __init__(self, capacity: int = 100_000) -> None:
        self.capacity = capacity
        self._seen: OrderedDict[bytes, int] = OrderedDict()

    def handed_out(self, game: game_pb2.Game) -> None:
        """Remember a Game gammond answered with: from now on, anything older is stale."""
        self._remember(*identity(game))

    def _remember(self, game_id: bytes, version: int) -> None:
        if not game_id:
            return
        latest = self._seen.get(game_id, version)
        self._seen[game_id] = max(latest, version)
        self._seen.move_to_end(game_id)
        while len(self._seen) > self.capacity:
            self._seen.popitem(last=False)

    def admit(self, game: game_pb2.Game) -> None:
        """Pass ``game`` on, or raise :class:`StaleGameError` when a newer Game of it was seen."""
        game_id, version = identity(game)
        if not game_id:
            return  # a Game from before ids: nothing to compare
        latest = self._seen.get(game_id)
        if latest is not None and version < latest:
            raise StaleGameError(f"game {game_id.hex()} is at version {latest}; version {version} is stale")
        self._remember(game_id, version)
