"""A plain-text board for people: ``X`` on roll (moving 24 -> 1), ``O`` the opponent.

Points 13..24 run along the top, 12..1 along the bottom, the bar in the
middle.  A stack taller than five shows its count in the fifth row.

>>> from gammond.engine import Position
>>> print(Position.starting().diagram())  # doctest: +NORMALIZE_WHITESPACE
 13 14 15 16 17 18 |BAR| 19 20 21 22 23 24
  X           O    |   | O              X
  X           O    |   | O              X
  X           O    |   | O
  X                |   | O
  X                |   | O
                   |   |
  O                |   | X
  O                |   | X
  O           X    |   | X
  O           X    |   | X              O
  O           X    |   | X              O
 12 11 10  9  8  7 |BAR|  6  5  4  3  2  1
X (on roll): pips 167, bar 0, off 0
O: pips 167, bar 0, off 0
"""

from __future__ import annotations

from typing import Protocol

_ROWS = 5


class Drawable(Protocol):
    """What a diagram reads of a :class:`~gammond.engine.position.Position`, which draws itself here."""

    @property
    def board(self) -> tuple[int, ...]: ...

    @property
    def bar(self) -> int: ...

    @property
    def opponent_bar(self) -> int: ...

    @property
    def off(self) -> int: ...

    @property
    def opponent_off(self) -> int: ...

    def pips(self) -> tuple[int, int]: ...


def _cell(count: int, row: int) -> str:
    """What a point shows in ``row`` (0 = the rim) for a signed count."""
    n = abs(count)
    mark = "X" if count > 0 else "O"
    if n > _ROWS and row == _ROWS - 1:
        return f"{n:>3}"
    return f"  {mark}" if n > row else "   "


def _half(position: Drawable, points: list[int], row: int) -> str:
    cells = [_cell(position.board[p], row) for p in points]
    return "".join(cells[:6]) + " |   |" + "".join(cells[6:])


def render(position: Drawable) -> str:
    """The diagram text (see the module docstring)."""
    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    lines = [" " + " ".join(f"{p:>2}" for p in top[:6]) + " |BAR| " + " ".join(f"{p:>2}" for p in top[6:])]
    lines += [_half(position, top, row).rstrip() for row in range(_ROWS)]
    lines.append(" " * 19 + "|   |")
    lines += [_half(position, bottom, row).rstrip() for row in reversed(range(_ROWS))]
    lines.append(
        " " + " ".join(f"{p:>2}" for p in bottom[:6]) + " |BAR| " + " ".join(f"{p:>2}" for p in bottom[6:])
    )
    mine, theirs = position.pips()
    lines.append(f"X (on roll): pips {mine}, bar {position.bar}, off {position.off}")
    lines.append(f"O: pips {theirs}, bar {position.opponent_bar}, off {position.opponent_off}")
    return "\n".join(lines)
