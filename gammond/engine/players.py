"""The two players, named as the wire and the rule texts name them."""

from __future__ import annotations

from enum import IntEnum


class Player(IntEnum):
    """White and Black.

    White is the player the board is drawn for: XGID's bottom player X, and
    GNU Backgammon's player 1 in a Match ID (see :func:`from_gnubg`).
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


def from_gnubg(index: int) -> Player:
    """Our player for GNU Backgammon's player ``index`` (1 is White, 0 Black).

    >>> from_gnubg(1), gnubg_index(Player.BLACK)
    (<Player.WHITE: 0>, 0)
    """
    return Player.WHITE if index == 1 else Player.BLACK


def gnubg_index(player: Player) -> int:
    """GNU Backgammon's player number for ``player``."""
    return 1 if player is Player.WHITE else 0
