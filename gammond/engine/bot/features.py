"""The network's input encoding: raw board plus hand-made backgammon features.

Everything works on a batch of raw 26-slot boards (see
:mod:`gammond.engine.position`), an ``(n, 26)`` integer array seen from the player
on roll, and returns an ``(n, INPUTS)`` float32 array.  Training and every
search level call it on hundreds of boards at once, so it is all numpy,
with no per-board Python.  :func:`encode` hands the batch to the compiled
kernel when it is built (``gammond.engine.kernel.encode_features``); the numpy code
here is the reference it is tested against, and the fallback.

Each side is encoded the same way on its own numbering, first the player
on roll, then the opponent:

* per point 1..24, four inputs: ``n >= 1``, ``n >= 2``, ``n >= 3`` and
  ``(n - 3) / 2`` above three (a truncated unary count: the net sees blots,
  made points and spares directly);
* the bar (``n >= 1`` and ``n / 2``) and checkers borne off (``n / 15``);
* ``EXTRA_PER_SIDE`` features that matter and that a small net finds hard
  to compute: pip count, blots, the chance the other side hits a blot of
  this side next roll, home-board points, the longest prime, checkers and
  anchors back in the other side's home board, how blocked the rearmost
  checker is, checkers trapped behind a prime, and points held outside
  the home board.

Then two shared inputs: contact (0 in a pure race) and the pip difference.

>>> import numpy as np
>>> from gammond.engine import Position
>>> x = encode(np.array([Position.starting().board]))
>>> x.shape == (1, INPUTS)
True
>>> bool((x[0, :SIDE_INPUTS] == x[0, SIDE_INPUTS:2 * SIDE_INPUTS]).all())
True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from gammond.engine import kernel

Boards = npt.NDArray[np.int8]
Floats = npt.NDArray[np.float32]

FEATURE_VERSION = 1
EXTRA_PER_SIDE = 10
SIDE_INPUTS = 24 * 4 + 3 + EXTRA_PER_SIDE
INPUTS = 2 * SIDE_INPUTS + 2

_STARTING_PIPS = 167.0


@lru_cache(maxsize=1)
def _roll_reach() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Which distances 1..24 each of the 21 rolls can cover, and the rolls' weights."""
    reach = np.zeros((21, 24), dtype=np.float32)
    weight = np.zeros(21, dtype=np.float32)
    row = 0
    for high in range(1, 7):
        for low in range(1, high + 1):
            distances = [high * k for k in range(1, 5)] if high == low else [high, low, high + low]
            for d in distances:
                reach[row, d - 1] = 1.0
            weight[row] = (1 if high == low else 2) / 36
            row += 1
    return reach, weight


def sides(boards: npt.NDArray[np.integer]) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """``(mine, theirs)``: ``(n, 25)`` counts, each on its owner's numbering, bar last."""
    b = boards.astype(np.int16)
    mine = np.empty((b.shape[0], 25), dtype=np.int16)
    mine[:, :24] = np.maximum(b[:, 1:25], 0)
    mine[:, 24] = b[:, 25]
    theirs = np.empty_like(mine)
    # Their point j stands on our point 25 - j.
    theirs[:, :24] = np.maximum(-b[:, 24:0:-1], 0)
    theirs[:, 24] = -b[:, 0]
    return mine, theirs


_POWERS = np.array([float(1 << i) for i in range(25)])


def _mask(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Pack up to 25 flags per row into the bits of an int64 (bit ``i`` is column ``i``)."""
    packed: npt.NDArray[np.int64] = (flags @ _POWERS[: flags.shape[1]]).astype(np.int64)
    return packed


def _shot_chance(blots: npt.NDArray[np.int64], shooters: npt.NDArray[np.int64]) -> Floats:
    """Chance a roll of the other side covers a blot (direct and combined shots).

    ``blots`` has bit ``q`` for a blot on our point ``q``; ``shooters`` bit
    ``a`` for their checkers on our point ``a`` (0 is their bar).  Blocking
    of combination shots is ignored: a cheap, slightly high estimate.
    """
    dist = np.empty((blots.shape[0], 24), dtype=np.float32)
    for d in range(1, 25):
        dist[:, d - 1] = (blots & (shooters << d)) != 0
    reach, weight = _roll_reach()
    hit = (dist @ reach.T) > 0
    result: Floats = hit.astype(np.float32) @ weight
    return result


def _longest_run(made: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Longest run of set bits per row: strip one bit off each run until none is left."""
    best = np.zeros(made.shape[0], dtype=np.int64)
    run = made.copy()
    while True:
        alive = run != 0
        if not alive.any():
            return best
        best += alive
        run &= run >> 1


class _Side:
    """One side's counts and the bitmasks its features need, on its own numbering."""

    def __init__(self, counts: npt.NDArray[np.int16]) -> None:
        self.counts = counts
        self.points = counts[:, :24]
        self.made = self.points >= 2
        self.made_mask = _mask(self.made)
        self.prime = _longest_run(self.made_mask)
        self.pips = counts.astype(np.float32) @ np.arange(1, 26, dtype=np.float32)


def _side_extras(own: _Side, other: _Side) -> Floats:
    n = own.counts.shape[0]
    points = own.points
    # The other side's points on our numbering: their point j is our 25 - j.
    blocks = other.made[:, ::-1]
    prime_ahead = np.zeros((n, 25), dtype=np.int16)
    prime_ahead[:, 1:] = np.cumsum(blocks, axis=1)
    occupied = np.concatenate([points > 0, (own.counts[:, 24:25] > 0)], axis=1)
    rear = np.where(occupied.any(axis=1), 25 - np.argmax(occupied[:, ::-1], axis=1), 0)
    lo = np.maximum(rear - 7, 0)
    hi = np.clip(rear - 1, 0, 24)
    rows = np.arange(n)
    blocked_ahead = prime_ahead[rows, hi] - prime_ahead[rows, lo]
    back = points[:, 18:24].sum(axis=1) + own.counts[:, 24]
    # Checkers behind the other side's longest prime, if it is 4 points or more.
    trapped = np.where(other.prime >= 4, back, 0)
    shooters = np.empty((n, 25), dtype=bool)
    shooters[:, 0] = other.counts[:, 24] > 0
    shooters[:, 1:] = other.points[:, ::-1] > 0
    blots = _mask(points == 1) << 1
    extras = np.stack(
        [
            own.pips / _STARTING_PIPS,
            (points == 1).sum(axis=1) / 5.0,
            _shot_chance(blots, _mask(shooters)),
            own.made[:, :6].sum(axis=1) / 6.0,
            own.prime / 6.0,
            back / 5.0,
            own.made[:, 18:24].sum(axis=1) / 2.0,
            blocked_ahead / 6.0,
            trapped / 5.0,
            (points[:, 6:] > 0).sum(axis=1) / 10.0,
        ],
        axis=1,
    )
    return extras.astype(np.float32)


def _side_inputs(own: _Side, other: _Side) -> Floats:
    points = own.points
    out = np.empty((points.shape[0], SIDE_INPUTS), dtype=np.float32)
    unary = out[:, :96].reshape(-1, 24, 4)
    unary[:, :, 0] = points >= 1
    unary[:, :, 1] = points >= 2
    unary[:, :, 2] = points >= 3
    unary[:, :, 3] = np.maximum(points - 3, 0) / 2.0
    bar = own.counts[:, 24]
    out[:, 96] = bar >= 1
    out[:, 97] = bar / 2.0
    out[:, 98] = (15 - own.counts.sum(axis=1)) / 15.0
    out[:, 99:] = _side_extras(own, other)
    return out


def contact(boards: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """True per board where the two sides can still hit each other."""
    b = boards.astype(np.int16)
    mine = b[:, 1:26] > 0
    theirs = b[:, 0:25] < 0
    my_back = np.where(mine.any(axis=1), 25 - np.argmax(mine[:, ::-1], axis=1), 0)
    their_back = np.where(theirs.any(axis=1), np.argmax(theirs, axis=1), 25)
    result: npt.NDArray[np.bool_] = my_back > their_back
    return result


def one_side_home(boards: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """True per board where one side has every checker in its home board or off."""
    b = boards.astype(np.int16)
    mine_out = (b[:, 7:26] > 0).sum(axis=1)
    theirs_out = (b[:, 0:19] < 0).sum(axis=1)
    result: npt.NDArray[np.bool_] = (mine_out == 0) | (theirs_out == 0)
    return result


def bearing(boards: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """True per board still in contact where one side has every checker home or off.

    Bearing off (or about to) against checkers that may still hit or be
    hit: the bearing network's positions (docs/model-card.md, "The
    bearing network"), which the contact network valued worst.
    """
    result: npt.NDArray[np.bool_] = contact(boards)
    result &= one_side_home(boards)
    return result


def encode(boards: npt.NDArray[np.integer]) -> Floats:
    """The network inputs for a batch of boards seen from the player on roll."""
    compiled = kernel.encode_features
    if compiled is not None and boards.ndim == 2 and boards.shape[1] == 26:
        packed = np.ascontiguousarray(boards, dtype=np.int8)
        # A cast that changed a value (not a board) goes to the reference instead.
        if boards.dtype == np.int8 or np.array_equal(packed, boards):
            out = np.empty((boards.shape[0], INPUTS), dtype=np.float32)
            compiled(packed, out)
            return out
    return _encode_numpy(boards)


def _encode_numpy(boards: npt.NDArray[np.integer]) -> Floats:
    """:func:`encode` in numpy: the reference, and the path without the compiled kernel."""
    mine, theirs = (_Side(counts) for counts in sides(boards))
    out = np.empty((boards.shape[0], INPUTS), dtype=np.float32)
    out[:, :SIDE_INPUTS] = _side_inputs(mine, theirs)
    out[:, SIDE_INPUTS : 2 * SIDE_INPUTS] = _side_inputs(theirs, mine)
    out[:, -2] = contact(boards)
    out[:, -1] = (theirs.pips - mine.pips) / 50.0
    return out
