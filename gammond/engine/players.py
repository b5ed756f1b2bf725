"""The two players, named as the wire and the rule texts name them."""

from __future__ import annotations

from enum import IntEnum


class Player(IntEnum):
    """White and Black.

    White is the player the board is drawn for: XGID's bottom player X, and
    GNU Backgammon's player 1 in a Match ID.
    """

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Player:
        """The other player.

        >>> Player.WHITE.opponent
        <Player.BLACK: 1>
        """
        return Player(1 - self)
