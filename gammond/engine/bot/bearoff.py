"""The exact one-sided bear-off database, and exact race odds when both sides are home.

A one-sided position is up to 15 checkers on the six home points: 54,264
of them.  For each, a dynamic programme over the 21 rolls (fewest pips
first) gives the distribution of the number of rolls needed to bear them
all off, playing each roll to minimise the expected number of rolls.  For
the 15,504 positions with no checker off it also gives the distribution of
the rolls needed to bear off the *first* checker (playing to minimise that),
which is what gammon chances need.

Two one-sided distributions combine into exact cubeless probabilities when
both sides have every checker home (no contact is possible then): the side
on roll wins when it needs no more rolls than the other side, and wins a
gammon when it finishes before the other side's first checker comes off.

The tables ship inside the package (``weights/bearoff-v1.npz``, quantised to
uint16 and compressed, about 1 MB) rather than being computed at first use:
building takes a minute or so of CPU, which no server request should wait
for, and the engine stays free of cache-directory I/O.  ``python -m
gammond.engine.bot.bearoff`` rebuilds the file.

>>> db = database()
>>> round(db.expected_rolls((0, 0, 0, 0, 0, 0)), 3), round(db.expected_rolls((1, 0, 0, 0, 0, 0)), 3)
(0.0, 1.0)
>>> round(db.expected_rolls((2, 0, 0, 0, 0, 0)), 3)
1.0
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from gammond.engine import kernel
from gammond.engine.bot.batch import Boards, Probs
from gammond.engine.dice import ROLLS

POINTS = 6
CHECKERS = 15
POSITIONS = comb(CHECKERS + POINTS, POINTS)
MAX_ROLLS = 32
_FILE = Path(__file__).with_name("weights") / "bearoff-v1.npz"
_QUANT = 65535.0

Dist = npt.NDArray[np.float64]


@lru_cache(maxsize=1)
def _rank_table() -> npt.NDArray[np.int64]:
    """``table[i, n, c]``: positions that precede, among those with ``n`` checkers left
    for points ``i + 1..6``, the ones with ``c`` checkers on point ``i + 1``."""
    table = np.zeros((POINTS, CHECKERS + 1, CHECKERS + 2), dtype=np.int64)
    for i in range(POINTS):
        rest = POINTS - i - 1
        for n in range(CHECKERS + 1):
            total = 0
            for c in range(CHECKERS + 2):
                table[i, n, c] = total
                if c <= n:
                    total += comb(n - c + rest, rest)
    return table


def rank_table() -> npt.NDArray[np.int64]:
    """The table :func:`rank` sums, C-contiguous int64 (points x checkers left x count), for the kernel."""
    return _rank_table()


def rank(counts: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Index of each row of checker counts on points 1..6 (lexicographic order).

    >>> int(rank(np.array([[0, 0, 0, 0, 0, 0]]))[0]), int(rank(np.array([[15, 0, 0, 0, 0, 0]]))[0])
    (0, 54263)
    """
    c = counts.astype(np.int64)
    table = _rank_table()
    left = np.full(c.shape[0], CHECKERS, dtype=np.int64)
    index = np.zeros(c.shape[0], dtype=np.int64)
    for i in range(POINTS):
        index += table[i, left, c[:, i]]
        left -= c[:, i]
    return index


def _all_positions() -> list[tuple[int, ...]]:
    """Every one-sided position, in rank order."""
    found = [p for p in product(range(CHECKERS + 1), repeat=POINTS) if sum(p) <= CHECKERS]
    order = rank(np.array(found))
    ranked: list[tuple[int, ...]] = [()] * POSITIONS
    for position, i in zip(found, order):
        ranked[int(i)] = position
    return ranked


def _board(counts: Sequence[int]) -> tuple[int, ...]:
    return (0, *counts) + (0,) * 19


def _successors(positions: list[tuple[int, ...]], index: dict[tuple[int, ...], int]) -> list[list[list[int]]]:
    """For each position and roll, the indices of the positions each legal play leaves."""
    result = []
    for counts in positions:
        board = _board(counts)
        per_roll = []
        for roll in ROLLS:
            plays = kernel.generate(board, *roll.dice)
            per_roll.append([index[tuple(r[1:7])] for _, r in plays] or [index[counts]])
        result.append(per_roll)
    return result


def _solve(order: list[int], successors: list[list[list[int]]], done: npt.NDArray[np.bool_]) -> Dist:
    """Distribution of rolls until ``done``, each roll played to minimise the mean."""
    weights = [r.weight / 36 for r in ROLLS]
    dist = np.zeros((len(successors), MAX_ROLLS))
    mean = np.zeros(len(successors))
    steps = np.arange(MAX_ROLLS)
    for i in order:
        if done[i]:
            dist[i, 0] = 1.0
            continue
        total = np.zeros(MAX_ROLLS)
        for weight, options in zip(weights, successors[i]):
            best = min(options, key=lambda j: mean[j])
            total[1:] += weight * dist[best, :-1]
        dist[i] = total
        mean[i] = float(total @ steps)
    return dist


@dataclass(frozen=True)
class BearoffDatabase:
    """Roll distributions per one-sided position (rows in :func:`rank` order)."""

    off: Dist
    first: Dist

    def distribution(self, counts: Sequence[int]) -> Dist:
        """P(all off in exactly k rolls), k = 0..MAX_ROLLS-1."""
        row: Dist = self.off[int(rank(np.array([counts]))[0])]
        return row

    def expected_rolls(self, counts: Sequence[int]) -> float:
        return float(self.distribution(counts) @ np.arange(MAX_ROLLS))

    def probabilities(self, boards: Boards) -> Probs:
        """Exact cubeless probabilities of boards where both sides are all home."""
        mine = np.maximum(boards[:, 1:7], 0)
        theirs = np.maximum(-boards[:, 24:18:-1], 0)
        a, b = rank(mine), rank(theirs)
        out = np.zeros((boards.shape[0], 5))
        # Survival functions: P(X >= k) for k = 0..MAX_ROLLS-1.
        b_off_at_least = np.cumsum(self.off[b][:, ::-1], axis=1)[:, ::-1]
        out[:, 0] = (self.off[a] * b_off_at_least).sum(axis=1)
        b_first_at_least = np.cumsum(self.first[b][:, ::-1], axis=1)[:, ::-1]
        out[:, 1] = (self.off[a] * b_first_at_least).sum(axis=1)
        a_first_more = np.cumsum(self.first[a][:, ::-1], axis=1)[:, ::-1][:, 1:]
        out[:, 3] = (self.off[b][:, :-1] * a_first_more).sum(axis=1)
        # Quantisation (about 1e-5) must not push a probability past its bound.
        np.clip(out, 0.0, 1.0, out=out)
        out[:, 1] = np.minimum(out[:, 1], out[:, 0])
        out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
        return out


def home_boards(boards: Boards) -> npt.NDArray[np.bool_]:
    """True where every checker of both sides in play is in its own home board."""
    b = boards.astype(np.int16)
    mine_out = (b[:, 7:26] > 0).any(axis=1)
    theirs_out = (b[:, 0:19] < 0).any(axis=1)
    result: npt.NDArray[np.bool_] = np.logical_not(mine_out | theirs_out)
    return result


def exact_probabilities(boards: Boards) -> tuple[npt.NDArray[np.bool_], Probs]:
    """``(mask, probs)``: which boards are both-sides-home bear-offs, and their odds."""
    mask = home_boards(boards)
    if not mask.any():
        return mask, np.zeros((0, 5))
    return mask, database().probabilities(boards[mask])


def build() -> BearoffDatabase:
    """Compute the database from scratch (about a minute)."""
    positions = _all_positions()
    index = {p: i for i, p in enumerate(positions)}
    successors = _successors(positions, index)
    by_pips = sorted(range(POSITIONS), key=lambda i: sum((k + 1) * n for k, n in enumerate(positions[i])))
    empty = np.array([sum(p) == 0 for p in positions])
    off = _solve(by_pips, successors, empty)
    # First checker off: only 15-checker positions matter; others have one off already.
    some_off = np.array([sum(p) < CHECKERS for p in positions])
    first = _solve(by_pips, successors, some_off)
    return BearoffDatabase(off, first)


def save(db: BearoffDatabase, path: Path = _FILE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path,
        off=np.round(db.off * _QUANT).astype(np.uint16),
        first=np.round(db.first * _QUANT).astype(np.uint16),
    )


def _dequantise(q: npt.NDArray[np.uint16]) -> Dist:
    dist = q.astype(np.float64)
    result: Dist = dist / dist.sum(axis=1, keepdims=True)
    return result


@lru_cache(maxsize=1)
def database() -> BearoffDatabase:
    """The shipped database (built in memory if the file is missing)."""
    if not _FILE.exists():
        return build()
    with np.load(_FILE) as data:
        return BearoffDatabase(_dequantise(data["off"]), _dequantise(data["first"]))


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else _FILE
    save(build(), target)
    print(f"wrote {target} ({target.stat().st_size} bytes)")
