"""Checker moves and the usual play notation: ``8/5 6/5``, ``bar/22*``, ``6/off``, ``13/7(2)``.

Formatting joins the moves of one checker into a path (``24/13``), names a
stop in between only where it hits (``13/7*/5``), and counts repeated paths
(``13/7(2)``).  Parsing accepts that form and the spelled-out one;
:func:`gammond.engine.play.parse_play`, a layer up, resolves it against the
legal plays of a roll.

>>> format_moves(parse_moves("24/18 13/11"))
'24/18 13/11'
>>> format_moves(parse_moves("13/7 13/7"))
'13/7(2)'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from gammond.engine.errors import NotationError, excerpt


class Move(NamedTuple):
    """One checker moved by one die: ``from_point`` 25 is the bar, ``to_point`` 0 is off.

    A named tuple rather than a dataclass: plays are made and hashed in the hot
    path, and tuples hash and compare in C.

    >>> Move(25, 22, True), str(Move(6, 0))
    (Move(from_point=25, to_point=22, hit=True), '6/off')
    """

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return format_moves((self,))


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>\d)\))?$")


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def _chains(moves: Iterable[Move]) -> list[list[tuple[int, bool]]]:
    """Join moves of one checker: each chain is ``[(point, hit_there), ...]``."""
    chains: list[list[tuple[int, bool]]] = []
    for move in moves:
        for chain in chains:
            if chain[-1][0] == move.from_point and move.from_point not in (0,):
                chain.append((move.to_point, move.hit))
                break
        else:
            chains.append([(move.from_point, False), (move.to_point, move.hit)])
    return chains


def _format_chain(chain: list[tuple[int, bool]]) -> str:
    parts = [_point_name(chain[0][0])]
    last = len(chain) - 1
    for i, (point, hit) in enumerate(chain[1:], start=1):
        if hit or i == last:
            parts.append(_point_name(point) + ("*" if hit else ""))
    return "/".join(parts)


def format_moves(moves: Sequence[Move]) -> str:
    """Format a sequence of moves; an empty play is ``"(no play)"``."""
    return _format(tuple(moves))


@lru_cache(maxsize=1 << 16)
def _format(moves: tuple[Move, ...]) -> str:
    # Cached: the same few thousand plays recur across positions and calls.
    if not moves:
        return "(no play)"
    chains = sorted(_chains(moves), key=lambda c: (-c[0][0], -c[-1][0]))
    counts = Counter(_format_chain(c) for c in chains)
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in counts.items())


def _parse_point(text: str, whole: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    name = text.rstrip("*").lower()
    if name in ("bar", "b"):
        return 25, hit
    if name in ("off", "o"):
        return 0, hit
    # Two ASCII digits at most: int() refuses past 4,300 digits and some
    # Unicode digits (isdigit() accepts "²").
    if name.isascii() and name.isdigit() and len(name) <= 2 and int(name) <= 25:
        return int(name), hit
    raise NotationError(f"{excerpt(text)} in play {excerpt(whole)} is not a point (1-24, bar or off)")


def parse_moves(text: str) -> list[Move]:
    """Parse play text into its moves, paths kept whole (``13/7*/5`` is two moves).

    The inverse of :func:`format_moves`; :func:`parse_play` resolves the text
    against a position and roll instead.

    >>> parse_moves("bar/22* 13/7(2)")
    [Move(from_point=25, to_point=22, hit=True), Move(from_point=13, to_point=7, hit=False), Move(from_point=13, to_point=7, hit=False)]
    >>> format_moves(parse_moves("bar/22* 13/7(2)"))
    'bar/22* 13/7(2)'
    """
    if not isinstance(text, str) or not text.strip():
        raise NotationError(f"play text {excerpt(text)} is empty")
    segments: list[Move] = []
    for token in text.replace(",", " ").split():
        match = _TOKEN.match(token)
        if not match:
            raise NotationError(f"{excerpt(token)} in play {excerpt(text)} is not a move like 8/5 or 13/7(2)")
        points = [_parse_point(p, text) for p in match["path"].split("/")]
        if len(points) < 2:
            raise NotationError(f"{excerpt(token)} in play {excerpt(text)} needs a from and a to point")
        count = int(match["count"] or 1)
        if count < 1:
            raise NotationError(f"{excerpt(token)} in play {excerpt(text)} repeats a move {count} times")
        for _ in range(count):
            for (src, _), (dst, hit) in zip(points, points[1:]):
                if dst >= src:
                    raise NotationError(
                        f"{excerpt(token)} in play {excerpt(text)} moves backwards from {src} to {dst}"
                    )
                segments.append(Move(src, dst, hit))
    return segments
