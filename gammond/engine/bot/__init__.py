"""The bot: evaluators, play choice by level, cube decisions, hints.

:func:`strongest_evaluator` is the trained network with exact bear-off
odds (:mod:`gammond.engine.bot.model`); :func:`rank_plays` / :func:`best_play`
choose plays at a :class:`Level`; :func:`cube_decision` answers cube
questions for money and match play; :func:`analyse_play` says what a play
costs.
"""

from __future__ import annotations

import os

# The network's matrices are small: multi-threaded BLAS only adds thread
# wake-ups, which cost 10x the work on a busy machine.  Effective only if
# numpy is not imported yet; an explicit setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from gammond.engine.bot.cubeful import (  # noqa: E402
    CubeAdvice,
    CubeDecision,
    CubeView,
    Owner,
    cube_decision,
    decide,
    may_double,
)
from gammond.engine.bot.doubling import cube_advice  # noqa: E402
from gammond.engine.bot.evaluator import Evaluator, Probabilities  # noqa: E402
from gammond.engine.bot.heuristic import HeuristicEvaluator  # noqa: E402
from gammond.engine.bot.hints import PlayAnalysis, analyse_play, hint  # noqa: E402
from gammond.engine.bot.model import GammondEvaluator, shipped_evaluator  # noqa: E402
from gammond.engine.bot.search import (  # noqa: E402
    LEVELS,
    InvalidLevelError,
    Level,
    LevelSpec,
    RankedPlay,
    Ranking,
    best_play,
    evaluate_position,
    rank_plays,
)


def strongest_evaluator() -> Evaluator:
    """The best evaluator the engine has: the shipped network plus bear-off database."""
    return shipped_evaluator()


__all__ = [
    "LEVELS",
    "CubeAdvice",
    "CubeDecision",
    "CubeView",
    "Evaluator",
    "GammondEvaluator",
    "HeuristicEvaluator",
    "InvalidLevelError",
    "Level",
    "LevelSpec",
    "Owner",
    "PlayAnalysis",
    "Probabilities",
    "RankedPlay",
    "Ranking",
    "analyse_play",
    "best_play",
    "cube_advice",
    "cube_decision",
    "decide",
    "evaluate_position",
    "hint",
    "may_double",
    "rank_plays",
    "shipped_evaluator",
    "strongest_evaluator",
]
