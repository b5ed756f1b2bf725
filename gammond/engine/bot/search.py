"""Choosing plays: 0-, 1- and 2-ply search with move filtering, and the named levels.

Plies count as GNU Backgammon counts them.  0-ply scores each play by the
evaluator's view of the position it leaves.  n-ply averages over the
opponent's 21 rolls the position after their best reply (picked at 0-ply),
itself scored at (n - 1)-ply.  Deeper passes only look at the plays the
shallower one ranked near the top (:class:`LevelSpec` says how many and how
near), which is what keeps 2-ply affordable.

Levels (see :data:`LEVELS`): ``BEGINNER`` and ``INTERMEDIATE`` play 0-ply
with deliberate mistakes -- softmax sampling over the plays' equities with
a temperature, done as the argmax of equity plus Gumbel noise, so the
ranking shows the error and stays reproducible (the noise is seeded by the
request's seed and the position); ``ADVANCED`` is the plain 0-ply network,
``EXPERT`` 1-ply and ``WORLD_CLASS`` 2-ply.  The temperatures are set so
the levels land in GNU Backgammon's skill bands as our benchmark measures
them (see docs/model-card.md).  Each has a time budget for its deep
passes, set so that the level answers within a frontend's time on a
2-core machine (expert 9 ms, world class 90 ms; docs/benchmarks.md has the
measured times); ``GAMMOND_BUDGET_SCALE`` multiplies every budget (a
slower machine, or tests that need searches to finish).  A ``deadline``
(``time.monotonic()`` seconds) or ``stop`` callable cuts the deep passes
short too, and the plays a pass did not reach keep their shallower score
(``plies`` says which they got).

>>> from gammond.engine import Position
>>> from gammond.engine.bot.heuristic import HeuristicEvaluator
>>> ranking = rank_plays(Position.starting(), (3, 1), HeuristicEvaluator(), Level.ADVANCED)
>>> str(ranking.plays[0].play)
'8/5 6/5'
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot.batch import (
    BoardEvaluator,
    Boards,
    Probs,
    after_play,
    as_probabilities,
    best_plays,
    checkers_off,
    flip,
    probs_of,
    won_outcomes,
)
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.objective import Objective, objective
from gammond.engine.cube import CubeContext
from gammond.engine.dice import ROLLS
from gammond.engine.errors import InvalidLevelError
from gammond.engine.game import require_game_on
from gammond.engine.play import Play, check_dice, legal_plays
from gammond.engine.position import Position, flip_board

Stop = Callable[[], bool]
Board = tuple[int, ...]

_ROLL_DICE = [r.dice for r in ROLLS]
# Each roll's chance, in the order of ROLLS (and of every per-roll array here).
ROLL_WEIGHTS = np.array([r.weight / 36 for r in ROLLS])


class Level(IntEnum):
    """How hard the bot tries; see the module docstring and :data:`LEVELS`."""

    BEGINNER = 1
    INTERMEDIATE = 2
    ADVANCED = 3
    EXPERT = 4
    WORLD_CLASS = 5


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """What a level does: search depth, deliberate noise, move filter, time budget.

    ``noise`` is the softmax temperature in equity (0: always the best
    play).  A deeper pass keeps at most ``keep`` plays of the shallower
    ranking, and only those within ``margin`` equity of its best.
    ``budget`` is the time, in seconds, the deep passes may take.
    """

    plies: int
    noise: float = 0.0
    keep: tuple[int, ...] = (8, 3)
    margin: tuple[float, ...] = (0.16, 0.08)
    budget: float = 1.0


LEVELS: dict[Level, LevelSpec] = {
    Level.BEGINNER: LevelSpec(0, noise=0.045, budget=0.05),
    Level.INTERMEDIATE: LevelSpec(0, noise=0.012, budget=0.05),
    Level.ADVANCED: LevelSpec(0, budget=0.05),
    Level.EXPERT: LevelSpec(1, budget=0.009),
    Level.WORLD_CLASS: LevelSpec(2, budget=0.090),
}
BUDGET_SCALE_VARIABLE = "GAMMOND_BUDGET_SCALE"


def budget_scale() -> float:
    """What every level's budget is multiplied by: ``GAMMOND_BUDGET_SCALE``, 1 when unset.

    >>> budget_scale() > 0
    True
    """
    text = os.environ.get(BUDGET_SCALE_VARIABLE, "").strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise InvalidLevelError(f"{BUDGET_SCALE_VARIABLE}={text!r} is not a positive number")
    return value


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """A play with the mover's outlook after it (cubeless) and the search depth.

    ``equity`` is the score the ranking used: cubeless equity in money play,
    the match-winning chance as EMG in a match, plus the deliberate error at
    the noisy levels.
    """

    play: Play
    probabilities: Probabilities
    equity: float
    plies: int


@dataclass(frozen=True, slots=True)
class Ranking:
    """Plays best first; ``complete`` is False when a deadline cut the search short."""

    plays: tuple[RankedPlay, ...]
    complete: bool

    @property
    def best(self) -> RankedPlay:
        return self.plays[0]


def check_level(level: int) -> Level:
    """The :class:`Level` for ``level``, or :class:`InvalidLevelError` naming it."""
    try:
        return Level(level)
    except (TypeError, ValueError):
        names = ", ".join(f"{lv.value} ({lv.name.lower()})" for lv in Level)
        raise InvalidLevelError(f"bot level {level!r} is not one of {names}") from None


class _ByPositions:
    """Gives any :class:`Evaluator` the batch method, one Position at a time."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.inner = evaluator
        self.name = evaluator.name

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        return self.inner.evaluate(positions)

    def evaluate_boards(self, boards: Boards) -> Probs:
        positions = [Position._trusted(tuple(int(v) for v in row)) for row in boards]
        return probs_of(self.inner.evaluate(positions))


def board_evaluator(evaluator: Evaluator) -> BoardEvaluator:
    """``evaluator`` itself if it has ``evaluate_boards``, else a wrapper adding it."""
    if hasattr(evaluator, "evaluate_boards"):
        return evaluator  # type: ignore[return-value]
    return _ByPositions(evaluator)


# Boards per network call in the deep passes.  It bounds a search's memory
# (the features and hidden layers of one batch, a few MB, whatever the
# position) and how long it runs between looks at the clock (a few ms).
BATCH_BOARDS = 1024


class SearchStopped(Exception):
    """The ``stop`` callable fired inside a deep pass; the pass's partial work is dropped."""


def _never() -> bool:
    return False


def on_roll_values(
    evaluator: BoardEvaluator, boards: Sequence[Board], plies: int, stop: Stop = _never
) -> Probs:
    """Probabilities of the player on roll, before rolling, searched ``plies`` deep.

    ``stop`` is polled every few milliseconds; when it fires,
    :class:`SearchStopped` is raised.
    """
    array = np.array(boards, dtype=np.int8).reshape(-1, 26)
    if plies <= 0:
        return evaluator.evaluate_boards(array)
    _, their_off = checkers_off(array)
    out = np.empty((len(boards), 5))
    over = their_off == 15
    if over.any():
        # The previous mover has won: exact, nothing to roll.
        out[over] = flip(won_outcomes(-array[over][:, ::-1]))
    live = [b for b, done in zip(boards, over) if not done]
    if live:
        out[~over] = _rolled_values(evaluator, live, plies, stop)
    return out


class _Replies:
    """The opponent's best 0-ply reply to each (board, roll), found in bounded batches.

    Replies pile up until :data:`BATCH_BOARDS`, are scored in one network
    call, and only the best of each (board, roll) is kept: memory stays at
    one batch however many plays the rolls allow.
    """

    def __init__(self, evaluator: BoardEvaluator, slots: int, stop: Stop) -> None:
        self.evaluator = evaluator
        self.stop = stop
        self.values = np.empty((slots, 5))
        self.boards: list[Board] = [()] * slots
        self._pending: list[Board] = []
        self._spans: list[tuple[int, int, int]] = []

    def add(self, slot: int, results: list[Board]) -> None:
        self._spans.append((slot, len(self._pending), len(self._pending) + len(results)))
        self._pending.extend(results)
        if len(self._pending) >= BATCH_BOARDS:
            self.flush()

    def flush(self) -> None:
        if self.stop():
            raise SearchStopped
        if not self._pending:
            return
        results = np.array(self._pending, dtype=np.int8).reshape(-1, 26)
        picks, values = best_plays(
            self.evaluator, results, [(lo, hi) for _, lo, hi in self._spans], self._score
        )
        for (slot, _, _), best, value in zip(self._spans, picks, values):
            self.values[slot] = value
            self.boards[slot] = self._pending[best]
        self._pending, self._spans = [], []

    def _score(self, evaluator: BoardEvaluator, results: Boards) -> Probs:
        # One roll of a wide position alone can give thousands of replies:
        # score them a batch at a time, looking at the clock between batches.
        parts = []
        for start in range(0, len(results), BATCH_BOARDS):
            if start and self.stop():
                raise SearchStopped
            parts.append(after_play(evaluator, results[start : start + BATCH_BOARDS]))
        if not parts:
            return np.empty((0, 5))
        return parts[0] if len(parts) == 1 else np.concatenate(parts)


# Boards per compiled 1-ply call: the clock is looked at between calls (a few ms apart).
_ONE_PLY_BOARDS = 2


def _compiled_one_ply(evaluator: BoardEvaluator, boards: Sequence[Board], stop: Stop) -> Probs | None:
    """The 1-ply values in the compiled kernel, a few boards a call; None where it cannot."""
    one_ply = getattr(evaluator, "rolled_values", None)
    if one_ply is None:
        return None
    array = np.array(boards, dtype=np.int8).reshape(-1, 26)
    parts = []
    for start in range(0, len(array), _ONE_PLY_BOARDS):
        if stop():
            raise SearchStopped
        part = one_ply(array[start : start + _ONE_PLY_BOARDS])
        if part is None:
            return None
        parts.append(part)
    result: Probs = np.concatenate(parts)
    return result


def _best_replies(evaluator: BoardEvaluator, boards: Sequence[Board], stop: Stop) -> _Replies:
    """The best 0-ply play of each board for each of the 21 rolls (slot ``board * 21 + roll``)."""
    rolls = len(_ROLL_DICE)
    replies = _Replies(evaluator, len(boards) * rolls, stop)
    for b, board in enumerate(boards):
        for r, (d1, d2) in enumerate(_ROLL_DICE):
            # Doubles in a wide position give a thousand plays or more: look at the clock per roll.
            if stop():
                raise SearchStopped
            replies.add(b * rolls + r, [res for _, res in kernel.generate(board, d1, d2)] or [board])
    replies.flush()
    return replies


def roll_leaves(evaluator: Evaluator, board: Board, stop: Stop = _never) -> tuple[list[Board], Probs]:
    """For each of the 21 rolls (in the order of :data:`ROLL_WEIGHTS`): the best 0-ply play's result.

    Result boards are the mover's view, with the mover's probabilities after
    each; the plays are scored in bounded batches, as every search here does.
    """
    replies = _best_replies(board_evaluator(evaluator), [board], stop)
    return replies.boards, replies.values


def _rolled_values(evaluator: BoardEvaluator, boards: Sequence[Board], plies: int, stop: Stop) -> Probs:
    """Average over the 21 rolls of the value after the best 0-ply play (deepened)."""
    if plies == 1:
        compiled = _compiled_one_ply(evaluator, boards, stop)
        if compiled is not None:
            return compiled
    rolls = len(_ROLL_DICE)
    replies = _best_replies(evaluator, boards, stop)
    chosen = replies.values
    if plies > 1:
        ongoing = [i for i, reply in enumerate(replies.boards) if any(v > 0 for v in reply[1:])]
        if ongoing:
            flipped = [flip_board(replies.boards[i]) for i in ongoing]
            chosen[ongoing] = flip(on_roll_values(evaluator, flipped, plies - 1, stop))
    per_roll = chosen.reshape(len(boards), rolls, 5)
    result: Probs = np.einsum("nrk,r->nk", per_roll, ROLL_WEIGHTS)
    return result


def play_values(
    evaluator: BoardEvaluator, results: Sequence[Board], plies: int, stop: Stop = _never
) -> Probs:
    """The mover's probabilities after each play (result boards, mover's view), ``plies`` deep.

    0-ply scores all of ``results`` at once (one batch, however many); a
    deeper search raises :class:`SearchStopped` when ``stop`` fires.
    """
    array = np.array(results, dtype=np.int8).reshape(-1, 26)
    if plies <= 0:
        return after_play(evaluator, array)
    mine_off, _ = checkers_off(array)
    out = np.empty((len(results), 5))
    won = mine_off == 15
    if won.any():
        out[won] = won_outcomes(array[won])
    live = [flip_board(r) for r, w in zip(results, won) if not w]
    if live:
        out[~won] = flip(on_roll_values(evaluator, live, plies, stop))
    return out


def _noisy(ranked: list[RankedPlay], temperature: float, rng: random.Random) -> list[RankedPlay]:
    """Softmax sampling at ``temperature``, as the argmax of equity plus Gumbel noise."""
    noisy = [
        replace(r, equity=r.equity - temperature * math.log(-math.log(rng.random() or 1e-12))) for r in ranked
    ]
    return sorted(noisy, key=lambda r: -r.equity)


def _rng(position: Position, dice: tuple[int, int], seed: int | None) -> random.Random:
    # String seeds are hashed deterministically, unlike hash() of a str.
    return random.Random(f"{seed}:{position.board}:{sorted(dice)}")


def _shortlist(ranked: list[RankedPlay], keep: int, margin: float) -> int:
    """How many of the best plays a deeper pass should look at (at least one)."""
    best = ranked[0].equity
    count = 0
    for r in ranked[:keep]:
        if best - r.equity > margin:
            break
        count += 1
    return max(count, 1)


def _deepen(
    ranked: list[RankedPlay],
    count: int,
    evaluator: BoardEvaluator,
    plies: int,
    stop: Stop,
    score: Objective,
) -> tuple[list[RankedPlay], bool]:
    """Rescore the first ``count`` plays at ``plies``; the rest keep their score.

    1-ply scores a few candidates at a time; deeper passes go one candidate
    at a time.  Either way ``stop`` is polled between batches of
    :data:`BATCH_BOARDS` boards, and a candidate it interrupts keeps its
    shallower score.
    """
    deeper: list[RankedPlay] = []
    # A few candidates a call at 1 ply (the compiled ply takes that many at a
    # time anyway), so a budget that runs out keeps those already searched.
    step = _ONE_PLY_BOARDS if plies == 1 else 1
    for start in range(0, count, step):
        if stop():
            break
        chunk = ranked[start : min(start + step, count)]
        try:
            values = play_values(evaluator, [c.play.result.board for c in chunk], plies, stop)
        except SearchStopped:
            break
        for candidate, row, value in zip(chunk, values, score(values)):
            deeper.append(RankedPlay(candidate.play, as_probabilities(row), float(value), plies))
    complete = len(deeper) == count
    if not deeper:
        return ranked, complete
    return sorted(deeper, key=lambda r: -r.equity) + ranked[len(deeper) :], complete


def _stopper(spec: LevelSpec, deadline: float | None, stop: Stop | None) -> Stop:
    until = time.monotonic() + spec.budget * budget_scale()
    if deadline is not None:
        until = min(until, deadline)

    def expired() -> bool:
        return time.monotonic() >= until or (stop is not None and stop())

    return expired


def rank_plays(
    position: Position,
    dice: Sequence[int],
    evaluator: Evaluator,
    level: Level | LevelSpec = Level.EXPERT,
    *,
    seed: int | None = None,
    deadline: float | None = None,
    stop: Stop | None = None,
    context: CubeContext | None = None,
) -> Ranking:
    """Every legal play of ``dice``, best first for the player on roll.

    An unplayable roll gives one empty play.  ``seed`` makes the deliberate
    mistakes of the noisy levels repeatable per request (without it they are
    still a fixed function of the position and roll).  ``context`` is the
    mover's cube and score: in a match, plays are ranked by the match they
    leave (:mod:`gammond.engine.bot.objective`), and ``equity`` is in EMG.
    """
    spec = level if isinstance(level, LevelSpec) else LEVELS[check_level(level)]
    roll = check_dice(dice)
    require_game_on(position)
    plays = legal_plays(position, roll) or [Play((), position)]
    evaluator = board_evaluator(evaluator)
    values = play_values(evaluator, [p.result.board for p in plays], 0)
    score = objective(context)
    scores = score(values)
    ranked = sorted(
        (RankedPlay(p, as_probabilities(v), float(s), 0) for p, v, s in zip(plays, values, scores)),
        key=lambda r: -r.equity,
    )
    complete = True
    expired = _stopper(spec, deadline, stop)
    for depth in range(1, spec.plies + 1):
        if len(ranked) == 1:
            break
        pass_index = min(depth - 1, len(spec.keep) - 1)
        count = _shortlist(ranked, spec.keep[pass_index], spec.margin[pass_index])
        ranked, done = _deepen(ranked, count, evaluator, depth, expired, score)
        if not done:
            complete = False
            break
    if spec.noise > 0:
        ranked = _noisy(ranked, spec.noise, _rng(position, roll, seed))
    return Ranking(tuple(ranked), complete)


def best_play(
    position: Position,
    dice: Sequence[int],
    evaluator: Evaluator,
    level: Level | LevelSpec = Level.EXPERT,
    *,
    seed: int | None = None,
    deadline: float | None = None,
    context: CubeContext | None = None,
) -> RankedPlay:
    """The play the bot makes at ``level``: the head of :func:`rank_plays`."""
    return rank_plays(position, dice, evaluator, level, seed=seed, deadline=deadline, context=context).best


def evaluate_position(position: Position, evaluator: Evaluator, plies: int = 0) -> Probabilities:
    """Probabilities for the player on roll, before rolling, searched ``plies`` deep."""
    values = on_roll_values(board_evaluator(evaluator), [position.board], plies)
    return as_probabilities(values[0])
