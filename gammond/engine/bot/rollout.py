"""Cubeless Monte-Carlo rollouts: a position played out many times, its outcomes averaged.

Each trial plays the position to the end (or for ``truncate`` half-moves,
then scores it with the evaluator) with the bot's own choice of play on
both sides, at ``plies`` (0: the network alone; 1: over the opponent's
replies).  The answer is the mean outcome for the player on roll, each
probability and the cubeless equity with its standard error (of the mean),
so a caller can tell a real difference from luck.

Reproducible: trial ``i`` draws its dice from its own generator, seeded by
``(seed, i)``, so the same settings give the same result on any machine and
however the trials are split.  Variance reduction: the first two rolls are
not drawn but stratified (quasi-random).  Trial ``i`` starts with ordered
roll ``i mod 36``; the reply is that roll shifted by an offset that changes
every 36 trials, ``(i + offset[(i div 36) mod 36]) mod 36``, where
``offset`` is a permutation of 0..35 drawn from the seed.  Every 36
consecutive trials then see each first roll once and each reply once, and
1,296 see every pair of opening rolls exactly once; the luck of the first
rolls, which swings a result most, cancels out.  (Replying with roll
``i div 36`` instead, as before, gave a rollout shorter than 1,296 trials
only the small replies: 648 trials never saw the opponent roll above 3-6.)

With ``luck=True`` every later roll's luck is taken out too (variance
reduction, as GNU Backgammon's rollouts do): before each roll the position
is valued at 1 ply (the mean, over the 21 rolls, of the best play's 0-ply
value), after it at the best play of the roll rolled, and the difference --
the roll's luck as the evaluator sees it -- is subtracted from the trial's
outcome.  Its mean over the rolls is zero by construction, so the estimate
stays unbiased; its noise is what the evaluator could not foresee.  Each
half-move then costs a 1-ply evaluation more.

Plain 0-ply trials (no luck taken out) are played in the compiled kernel
when the evaluator can (:func:`gammond.engine.bot.playout.play_out`, the
shipped network), a few trials a call, about ten times faster; the Python
loop here is the reference it agrees with, to float rounding.

>>> from gammond.engine import Position
>>> from gammond.engine.bot.heuristic import HeuristicEvaluator
>>> race = Position.from_sides([0, 2, 2, 0, 0, 0] + [0] * 19, [0, 0, 3, 0, 0, 0] + [0] * 19)
>>> result = rollout(race, HeuristicEvaluator(), RolloutSettings(trials=72, seed=1))
>>> result.trials, 0.0 <= result.probabilities.win <= 1.0
(72, True)
>>> result == rollout(race, HeuristicEvaluator(), RolloutSettings(trials=72, seed=1))
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from gammond.engine.bot.batch import as_probabilities, won_outcomes
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.search import LevelSpec, SearchStopped, Stop, best_play, evaluate_position
from gammond.engine.errors import InvalidRolloutError
from gammond.engine.game import require_game_on
from gammond.engine.position import Position

# Every ordered roll once, in a fixed order: trial i's first roll is ORDERED_ROLLS[i % 36].
ORDERED_ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, 7))
MAX_TRIALS = 1_000_000
MAX_TRUNCATE = 1_000
# A game that runs past this many half-moves is scored where it stands (none does in practice).
_MAX_HALF_MOVES = 2_000


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How to roll out: ``trials`` games, each side choosing its plays ``plies`` deep.

    ``truncate``: half-moves (one player's roll and play) after which a
    trial is scored by the evaluator instead of played on; 0 plays every
    trial to the end.  ``seed``: the dice; ``luck``: take each roll's luck
    out (see the module docstring).
    """

    trials: int = 1296
    plies: int = 0
    truncate: int = 0
    seed: int = 0
    luck: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.trials <= MAX_TRIALS:
            raise InvalidRolloutError(f"trials must be 1..{MAX_TRIALS}, got {self.trials}")
        if self.plies not in (0, 1):
            raise InvalidRolloutError(f"plies must be 0 or 1, got {self.plies}")
        if not 0 <= self.truncate <= MAX_TRUNCATE:
            raise InvalidRolloutError(f"truncate must be 0..{MAX_TRUNCATE} half-moves, got {self.truncate}")


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """The mean outcome of ``trials`` trials for the player on roll, with standard errors.

    ``errors`` holds the standard error of each probability in
    ``probabilities``; ``equity`` is the cubeless money equity and
    ``equity_error`` its standard error.  ``complete`` is False when the
    rollout was stopped before all the trials asked for were played.
    """

    probabilities: Probabilities
    errors: Probabilities
    equity: float
    equity_error: float
    trials: int
    complete: bool


@lru_cache(maxsize=64)
def _offsets(seed: int) -> tuple[int, ...]:
    """The seed's order of the 36 shifts between a trial's first roll and the reply."""
    order = list(range(36))
    random.Random(f"{seed}:offsets").shuffle(order)
    return tuple(order)


def first_rolls(seed: int, trial: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Trial ``trial``'s first roll and the reply to it: stratified, not drawn (module docstring).

    >>> first_rolls(0, 0)[0], first_rolls(0, 37)[0]
    ((1, 1), (1, 2))
    """
    return ORDERED_ROLLS[trial % 36], ORDERED_ROLLS[(trial + _offsets(seed)[(trial // 36) % 36]) % 36]


def trial_dice(seed: int, trial: int, half_moves: int) -> npt.NDArray[np.uint8]:
    """Trial ``trial``'s dice, a row (two dice) per half-move: the stratified first two, then drawn.

    The drawn ones come from the trial's own generator, seeded by ``(seed, trial)``.

    >>> [tuple(row) for row in trial_dice(0, 37, 3)[:2].tolist()] == list(first_rolls(0, 37))
    True
    >>> bool((trial_dice(5, 1, 50) == trial_dice(5, 1, 50)).all())
    True
    """
    generator = np.random.default_rng([seed % (1 << 64), trial])
    dice = generator.integers(1, 7, size=(half_moves, 2), dtype=np.uint8)
    for half_move, roll in enumerate(first_rolls(seed, trial)[:half_moves]):
        dice[half_move] = roll
    return dice


def _half_moves(settings: RolloutSettings) -> int:
    """The dice a trial gets: ``truncate`` half-moves, or enough for any game."""
    return settings.truncate or _MAX_HALF_MOVES


_SHALLOW = LevelSpec(0, budget=math.inf)


def _luck(
    position: Position, best: Probabilities, evaluator: Evaluator, ours: bool
) -> npt.NDArray[np.float64]:
    """The luck of the roll whose best 0-ply play leaves ``best``: that less the mean over all rolls.

    Seen by the player the rollout is for (``ours``: the one on roll now).
    """
    expected = evaluate_position(position, evaluator, 1)
    if not ours:
        best, expected = best.flipped(), expected.flipped()
    return _row(best) - _row(expected)


def _row(p: Probabilities) -> npt.NDArray[np.float64]:
    return np.array([p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon])


def _trial(
    position: Position, evaluator: Evaluator, settings: RolloutSettings, trial: int, stop: Stop | None = None
) -> Probabilities | None:
    """One game from ``position``, for its player on roll (luck taken out if the settings say so).

    None when ``stop`` says so before the game is over: one game can take
    longer than the time a deadline keeps back, so it is asked each half-move.
    """
    spec = LevelSpec(settings.plies, budget=math.inf)
    ours = True  # whether the player on roll now is the one the rollout is for
    luck = np.zeros(5)
    outcome: Probabilities | None = None
    for d1, d2 in trial_dice(settings.seed, trial, _half_moves(settings)):
        if stop is not None and stop():
            return None
        dice = (int(d1), int(d2))
        best = best_play(position, dice, evaluator, spec)
        if settings.luck:
            # The luck is measured at 0 ply: a 0-ply rollout's own choice already is that play.
            shallow = best if settings.plies == 0 else best_play(position, dice, evaluator, _SHALLOW)
            luck += _luck(position, shallow.probabilities, evaluator, ours)
        chosen = best.play
        if chosen.result.is_game_over():
            won = as_probabilities(won_outcomes(np.array([chosen.result.board], dtype=np.int8))[0])
            outcome = won if ours else won.flipped()
            break
        position, ours = chosen.result.flipped(), not ours
    if outcome is None:
        outlook = evaluate_position(position, evaluator)
        outcome = outlook if ours else outlook.flipped()
    if not settings.luck:
        return outcome
    return Probabilities(*(float(v) for v in _row(outcome) - luck))


@dataclass(frozen=True, slots=True)
class RolloutTally:
    """Running sums over played trials, so slices of a rollout can be played apart and merged.

    ``sums`` and ``squares`` hold the five probabilities then the equity.

    >>> RolloutTally().merged(RolloutTally()).trials
    0
    """

    trials: int = 0
    sums: tuple[float, ...] = (0.0,) * 6
    squares: tuple[float, ...] = (0.0,) * 6

    def merged(self, other: RolloutTally) -> RolloutTally:
        return RolloutTally(
            self.trials + other.trials,
            tuple(a + b for a, b in zip(self.sums, other.sums)),
            tuple(a + b for a, b in zip(self.squares, other.squares)),
        )

    def result(self, asked: int) -> RolloutResult:
        """The mean of the trials so far with standard errors; ``complete`` when ``asked`` were played."""
        n = self.trials
        if n == 0:
            raise SearchStopped("the rollout was stopped before its first trial")
        means = [s / n for s in self.sums]
        errors = []
        for total, square, mean in zip(self.sums, self.squares, means):
            # The sample variance from the sums; rounding can leave it a hair below zero.
            variance = max(square - total * mean, 0.0) / (n - 1) if n > 1 else 0.0
            errors.append(math.sqrt(variance / n))
        return RolloutResult(
            Probabilities(*means[:5]), Probabilities(*errors[:5]), means[5], errors[5], n, n == asked
        )


def _tally(outcomes: npt.NDArray[np.float64]) -> RolloutTally:
    """The sums of trials' outcomes, one row of five probabilities each."""
    if not len(outcomes):
        return RolloutTally()
    rows = np.column_stack([outcomes, outcomes @ _EQUITY_WEIGHTS - 1.0])
    return RolloutTally(
        len(rows),
        tuple(float(v) for v in rows.sum(axis=0)),
        tuple(float(v) for v in (rows * rows).sum(axis=0)),
    )


# Cubeless equity = outcomes @ _EQUITY_WEIGHTS - 1 (as Probabilities.equity).
_EQUITY_WEIGHTS = np.array([2.0, 1.0, 1.0, -1.0, -1.0])

# Trials per compiled call: the clock is looked at between calls (a few ms apart).
_COMPILED_TRIALS = 4


def _compiled_trials(
    position: Position, evaluator: Evaluator, settings: RolloutSettings, trials: range, stop: Stop | None
) -> npt.NDArray[np.float64] | None:
    """The outcomes of ``trials`` played in the compiled kernel, or None where it cannot play them.

    Only plain 0-ply trials (no luck to measure) go there: the kernel plays
    each side's best 0-ply play with the trial's dice, as :func:`_trial`
    does, to float rounding.  ``stop`` is asked between calls.
    """
    play_out = getattr(evaluator, "play_out", None)
    if settings.plies != 0 or settings.luck or play_out is None:
        return None
    parts = []
    for first in range(trials.start, trials.stop, _COMPILED_TRIALS):
        if stop is not None and stop():
            break
        chunk = range(first, min(first + _COMPILED_TRIALS, trials.stop))
        dice = np.stack([trial_dice(settings.seed, t, _half_moves(settings)) for t in chunk])
        boards = np.repeat(np.array([position.board], dtype=np.int8), len(chunk), axis=0)
        out = play_out(boards, dice)
        if out is None:
            return None
        parts.append(np.asarray(out, dtype=np.float64))
    return np.concatenate(parts) if parts else np.empty((0, 5))


def rollout_part(
    position: Position,
    evaluator: Evaluator,
    settings: RolloutSettings,
    first: int,
    count: int,
    *,
    stop: Stop | None = None,
    compiled_trials: bool = True,
) -> RolloutTally:
    """Trials ``first`` .. ``first + count - 1`` of a rollout (within ``settings.trials``), as sums.

    The trials are those :func:`rollout` plays under the same numbers, so
    slices played anywhere (one at a time in a server's search process)
    merge into the same result.  ``stop`` is asked before each half-move
    (between a few trials, when the compiled kernel plays them); the trials
    finished by then are returned (a game it cuts short is dropped).
    ``compiled_trials=False`` plays every trial in Python, the reference.
    """
    require_game_on(position)
    if first < 0 or count < 0:
        raise InvalidRolloutError(
            f"a slice of trials starts at 0 or later and is not negative, got {first}+{count}"
        )
    trials = range(first, min(first + count, settings.trials))
    compiled = _compiled_trials(position, evaluator, settings, trials, stop) if compiled_trials else None
    if compiled is not None:
        return _tally(compiled)
    outcomes: list[Probabilities] = []
    for trial in trials:
        if stop is not None and stop():
            break
        outcome = _trial(position, evaluator, settings, trial, stop)
        if outcome is None:
            break
        outcomes.append(outcome)
    return _tally(np.array([_row(p) for p in outcomes]).reshape(-1, 5))


def rollout(
    position: Position,
    evaluator: Evaluator,
    settings: RolloutSettings = RolloutSettings(),
    *,
    stop: Stop | None = None,
    progress: Callable[[RolloutResult], None] | None = None,
    progress_every: int = 36,
    compiled_trials: bool = True,
) -> RolloutResult:
    """Roll ``position`` out for its player on roll (before rolling); see the module docstring.

    ``stop`` is asked before each half-move; when it says so the result of
    the trials finished so far comes back, ``complete`` False (and
    :class:`~gammond.engine.bot.search.SearchStopped` if there were none).
    ``progress`` gets the result so far every ``progress_every`` trials.
    """
    require_game_on(position)
    step = max(progress_every, 1)
    tally = RolloutTally()
    for first in range(0, settings.trials, step):
        part = rollout_part(
            position, evaluator, settings, first, step, stop=stop, compiled_trials=compiled_trials
        )
        tally = tally.merged(part)
        if part.trials < min(step, settings.trials - first):
            break
        if progress is not None and tally.trials < settings.trials:
            progress(tally.result(settings.trials))
    return tally.result(settings.trials)
