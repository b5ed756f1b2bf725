"""Positions after the defender's candidate plays in containment games, for rollout labels.

``python -m bench.defence`` found why the cube's worst answers stay wrong
(docs/model-card.md, "The defence"): where one side bears off with a
straggler still back and the other holds it, our bot misplays the side
that holds.  It seldom hits the straggler; our network's evaluation of the
positions after its candidate plays is far from what our own rollouts of
them say; and in every one of the largest disputes with gnubg_nn our own
rollouts prefer the other play.  Self-play hardly ever hits there, so the
network never learns what a hit is worth, and rollout labels of the
positions self-play visits cannot tell it either.

Here games start from :mod:`training.containment`'s families (late,
trapped and primed stragglers, closed-out positions; late ones half the time) and are played by the network at
0-ply.  At a third of the turns the positions after several candidate plays are
kept, whether or not they are played: the network's best few and the best plays
that hit.  Half the games hit whenever a hit is on offer, so the positions
that follow a hit are visited too.  A round labels them all by our own
rollouts (``training.supervise``'s ``defence``): one step of policy
improvement, taught by nothing but our own play.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot.batch import equity
from gammond.engine.bot.features import contact
from gammond.engine.bot.model import GammondEvaluator
from gammond.engine.bot.search import play_values
from training.containment import (
    closed_out,
    flip_board,
    late_stragglers,
    primed_stragglers,
    trapped_stragglers,
)

Board = tuple[int, ...]
# The families the games start from, in turn.
SEEDS: tuple[Callable[[int, np.random.Generator], list[Board]], ...] = (
    late_stragglers,
    late_stragglers,
    trapped_stragglers,
    primed_stragglers,
    closed_out,
)
# Candidates kept a turn: the network's best plays, and its best plays among those that hit.
BEST, HITS = 3, 3
# Turns played from a seed: enough to reach the hit and what follows it, not the bear-off's end.
TURNS = 12
# The share of turns whose candidates are kept: more games, each giving fewer, alike, positions.
KEEP = 1 / 3


def _on_in_contact(board: Board) -> bool:
    """Whether the game goes on from ``board`` (the mover has checkers left) with contact left."""
    return any(v > 0 for v in board[1:]) and bool(contact(np.array([board], dtype=np.int8))[0])


def hits(before: Board, after: Board) -> bool:
    """Whether the play from ``before`` to ``after`` (the mover's view) sent a checker of the other side to the bar.

    Index 0 is the other side's bar (its checkers negative).

    >>> start = (0,) * 6 + (1,) + (0,) * 19
    >>> hits((0, 0, -1) + (0,) * 23, (-1, 1) + (0,) * 24), hits(start, start)
    (True, False)
    """
    return after[0] < before[0]


def candidates(board: Board, results: list[Board], scores: np.ndarray) -> tuple[list[int], int]:
    """The indices of the results to keep (best first, then hitting ones), and the index of the best hit (-1: none)."""
    order = [int(i) for i in np.argsort(-scores)]
    kept = order[:BEST]
    hitting = [i for i in order if hits(board, results[i])]
    for i in hitting[:HITS]:
        if i not in kept:
            kept.append(i)
    return kept, hitting[0] if hitting else -1


def defence_positions(evaluator: GammondEvaluator, count: int, rng: np.random.Generator) -> list[Board]:
    """``count`` positions (the player on roll, before rolling) after candidate plays in games from the families.

    Only positions still in contact are kept (a race is the race network's).
    """
    found: list[Board] = []
    family = 0
    while len(found) < count:
        make = SEEDS[family % len(SEEDS)]
        family += 1
        board = make(1, rng)[0]
        eager = rng.random() < 0.5  # this game hits whenever it can
        for _ in range(TURNS):
            d1, d2 = (int(d) for d in rng.integers(1, 7, size=2))
            results = [r for _, r in kernel.generate(board, d1, d2)]
            if not results:
                board = flip_board(board)
                continue
            scores = equity(play_values(evaluator, results, 0))
            kept, best_hit = candidates(board, results, scores)
            for i in kept if rng.random() < KEEP else ():
                if _on_in_contact(results[i]):
                    found.append(flip_board(results[i]))
            played = results[best_hit if eager and best_hit >= 0 else kept[0]]
            if not _on_in_contact(played):
                break
            board = flip_board(played)
    return found[:count]
