"""Batch evaluation on raw boards: the numpy fast path that training and search share.

Probabilities travel here as ``(n, 5)`` float arrays in the order of
:class:`~gammond.engine.bot.evaluator.Probabilities` (win, win gammon, win
backgammon, lose gammon, lose backgammon).  A :class:`BoardEvaluator`
extends the :class:`~gammond.engine.bot.evaluator.Evaluator` protocol with
:meth:`~BoardEvaluator.evaluate_boards`, which search calls on thousands of
boards at once.

>>> import numpy as np
>>> p = np.array([[0.7, 0.2, 0.01, 0.1, 0.0]])
>>> flip(flip(p)).tolist() == p.tolist()
True
>>> round(float(equity(p)[0]), 2)
0.51
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.position import Position

Probs = npt.NDArray[np.float64]
Boards = npt.NDArray[np.int8]

_EQUITY_WEIGHTS = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
# Plays of a roll a pruning network passes on to the full one (K_PRUNE_KEEP in the kernel).
PRUNE_KEEP = 2


class BoardEvaluator(Protocol):
    """An evaluator with a batch method on raw boards (player on roll's view)."""

    name: str

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]: ...

    def evaluate_boards(self, boards: Boards) -> Probs:
        """``(n, 5)`` probabilities for ``(n, 26)`` boards; games over are scored exactly."""
        ...


def flip(p: Probs) -> Probs:
    """The same probabilities seen from the other player."""
    out = np.empty_like(p)
    out[:, 0] = 1.0 - p[:, 0]
    out[:, 1:3] = p[:, 3:5]
    out[:, 3:5] = p[:, 1:3]
    return out


def equity(p: Probs) -> npt.NDArray[np.float64]:
    """Cubeless money equity per row."""
    result: npt.NDArray[np.float64] = p @ _EQUITY_WEIGHTS - 1.0
    return result


def to_boards(boards: Sequence[Sequence[int]]) -> Boards:
    return np.array(boards, dtype=np.int8).reshape(-1, 26)


def flip_boards(boards: Boards) -> Boards:
    """Each board seen from the other player: ``b'[i] = -b[25 - i]``."""
    result: Boards = -boards[:, ::-1]
    return result


def checkers_off(boards: Boards) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Checkers borne off ``(player on roll, opponent)`` per board."""
    b = boards.astype(np.int64)
    mine = 15 - np.where(b[:, 1:] > 0, b[:, 1:], 0).sum(axis=1)
    theirs = 15 + np.where(b[:, :25] < 0, b[:, :25], 0).sum(axis=1)
    return mine, theirs


def won_outcomes(boards: Boards) -> Probs:
    """Exact probabilities of boards on which the player seen as on roll has borne off all.

    Gammon when the loser has none off; backgammon when, besides, a loser's
    checker is on the bar or in the winner's home board (points 1..6).
    """
    _, their_off = checkers_off(boards)
    gammon = their_off == 0
    stuck = (boards[:, 0] < 0) | (boards[:, 1:7] < 0).any(axis=1)
    out = np.zeros((boards.shape[0], 5))
    out[:, 0] = 1.0
    out[:, 1] = gammon
    out[:, 2] = gammon & stuck
    return out


def consistent(p: Probs, boards: Boards) -> Probs:
    """Clip raw outputs into a consistent outcome distribution for these boards.

    Gammons never exceed wins, backgammons never exceed gammons, and a side
    with a checker borne off cannot lose a gammon.
    """
    out = np.clip(p, 0.0, 1.0)
    mine_off, their_off = checkers_off(boards)
    out[:, 1] = np.minimum(out[:, 1], out[:, 0])
    out[:, 2] = np.minimum(out[:, 2], out[:, 1])
    out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
    out[:, 4] = np.minimum(out[:, 4], out[:, 3])
    out[their_off > 0, 1:3] = 0.0
    out[mine_off > 0, 3:5] = 0.0
    return out


def after_play(evaluator: BoardEvaluator, results: Boards) -> Probs:
    """The mover's probabilities after plays with these result boards (mover's view).

    A play that bears off the last checker is scored exactly; the rest are
    evaluated from the opponent's side, who is then on roll.
    """
    mine_off, _ = checkers_off(results)
    done = mine_off == 15
    out = np.empty((results.shape[0], 5))
    if done.any():
        out[done] = won_outcomes(results[done])
    if (~done).any():
        out[~done] = flip(evaluator.evaluate_boards(flip_boards(results[~done])))
    return out


def best_plays(
    evaluator: BoardEvaluator,
    results: Boards,
    spans: Sequence[tuple[int, int]],
    score: Callable[[BoardEvaluator, Boards], Probs] = after_play,
) -> tuple[list[int], Probs]:
    """For each span of ``results`` (one roll's plays, mover's view), its best play's place and value.

    The best by 0-ply money equity, the first of equals (as numpy's argmax
    takes it).  An evaluator with a ``pruner`` (another evaluator, with a
    smaller network) has it rank a span of more than :data:`PRUNE_KEEP`
    plays first, and scores only the ``PRUNE_KEEP`` it ranks best (the
    first of equals first).  In the searches most of a roll's plays are
    plainly worse, and the shipped pruner, a third of the network's hidden
    units, makes the compiled 1-ply 1.6 times as fast at the same choices
    (docs/benchmarks.md, "Pruning").  The kernel's searches (ply.c) follow
    the same rule.  ``score`` is :func:`after_play` or a stand-in that
    scores in bounded batches.
    """
    pruner: BoardEvaluator | None = getattr(evaluator, "pruner", None)
    if pruner is None or all(hi - lo <= PRUNE_KEEP for lo, hi in spans):
        kept = [np.arange(lo, hi) for lo, hi in spans]
    else:
        rough = equity(score(pruner, results))
        kept = [
            np.arange(lo, hi)
            if hi - lo <= PRUNE_KEEP
            else np.sort(lo + np.argsort(-rough[lo:hi], kind="stable")[:PRUNE_KEEP])
            for lo, hi in spans
        ]
    places = np.concatenate(kept) if kept else np.empty(0, dtype=np.int64)
    values = score(evaluator, results[places])
    scores = equity(values)
    picks, best = [], np.empty((len(spans), 5))
    start = 0
    for s, span in enumerate(kept):
        at = start + int(np.argmax(scores[start : start + len(span)]))
        picks.append(int(places[at]))
        best[s] = values[at]
        start += len(span)
    return picks, best


def as_probabilities(row: npt.NDArray[np.float64]) -> Probabilities:
    return Probabilities(*(float(v) for v in row))


def probs_of(probabilities: Sequence[Probabilities]) -> Probs:
    """The rows of :func:`as_probabilities`, one a position, as a ``(n, 5)`` array (``(0, 5)`` for none)."""
    rows = [(p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon) for p in probabilities]
    return np.array(rows, dtype=np.float64).reshape(-1, 5)


def boards_of(positions: Sequence[Position]) -> Boards:
    return to_boards([p.board for p in positions])
