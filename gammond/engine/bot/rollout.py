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
not drawn but stratified (quasi-random), trial ``i`` starting with ordered
roll ``i mod 36`` and answering with roll ``(i div 36) mod 36``, so 1,296
trials see every pair of opening rolls exactly once; the luck of the first
rolls, which swings a result most, then cancels out.

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

import numpy as np

from gammond.engine.bot.batch import as_probabilities, won_outcomes
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.search import LevelSpec, SearchStopped, Stop, best_play, evaluate_position
from gammond.engine.errors import InvalidRolloutError
from gammond.engine.game import require_game_on
from gammond.engine.position import Position

# Every ordered roll once, in a fixed order: trial i's first roll is _ORDERED[i % 36].
_ORDERED = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, 7))
MAX_TRIALS = 1_000_000
MAX_TRUNCATE = 1_000
# A game that runs past this many half-moves is scored where it stands (none does in practice).
_MAX_HALF_MOVES = 2_000


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How to roll out: ``trials`` games, each side choosing its plays ``plies`` deep.

    ``truncate``: half-moves (one player's roll and play) after which a
    trial is scored by the evaluator instead of played on; 0 plays every
    trial to the end.  ``seed``: the dice (see the module docstring).
    """

    trials: int = 1296
    plies: int = 0
    truncate: int = 0
    seed: int = 0

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


def _roll(trial: int, half_move: int, rng: random.Random) -> tuple[int, int]:
    if half_move == 0:
        return _ORDERED[trial % 36]
    if half_move == 1:
        return _ORDERED[(trial // 36) % 36]
    return rng.randint(1, 6), rng.randint(1, 6)


def _trial(position: Position, evaluator: Evaluator, settings: RolloutSettings, trial: int) -> Probabilities:
    """One game from ``position``, for its player on roll."""
    rng = random.Random(f"{settings.seed}:{trial}")
    spec = LevelSpec(settings.plies, budget=math.inf)
    ours = True  # whether the player on roll now is the one the rollout is for
    for half_move in range(_MAX_HALF_MOVES):
        if settings.truncate and half_move >= settings.truncate:
            break
        chosen = best_play(position, _roll(trial, half_move, rng), evaluator, spec).play
        if chosen.result.is_game_over():
            won = as_probabilities(won_outcomes(np.array([chosen.result.board], dtype=np.int8))[0])
            return won if ours else won.flipped()
        position, ours = chosen.result.flipped(), not ours
    outlook = evaluate_position(position, evaluator)
    return outlook if ours else outlook.flipped()


def _summary(outcomes: list[Probabilities], asked: int) -> RolloutResult:
    rows = np.array(
        [[p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon] for p in outcomes]
    )
    equities = np.array([p.equity for p in outcomes])
    n = len(outcomes)
    mean = rows.mean(axis=0)
    spread = rows.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.zeros(5)
    equity_error = float(equities.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    return RolloutResult(
        as_probabilities(mean),
        as_probabilities(spread),
        float(equities.mean()),
        equity_error,
        n,
        n == asked,
    )


def rollout(
    position: Position,
    evaluator: Evaluator,
    settings: RolloutSettings = RolloutSettings(),
    *,
    stop: Stop | None = None,
    progress: Callable[[RolloutResult], None] | None = None,
    progress_every: int = 36,
) -> RolloutResult:
    """Roll ``position`` out for its player on roll (before rolling); see the module docstring.

    ``stop`` is asked before each trial; when it says so the result of the
    trials played so far comes back, ``complete`` False (and
    :class:`~gammond.engine.bot.search.SearchStopped` if there were none).
    ``progress`` gets the result so far every ``progress_every`` trials.
    """
    require_game_on(position)
    outcomes: list[Probabilities] = []
    for trial in range(settings.trials):
        if stop is not None and stop():
            if not outcomes:
                raise SearchStopped("the rollout was stopped before its first trial")
            break
        outcomes.append(_trial(position, evaluator, settings, trial))
        if progress is not None and len(outcomes) % progress_every == 0 and len(outcomes) < settings.trials:
            progress(_summary(outcomes, settings.trials))
    return _summary(outcomes, settings.trials)
