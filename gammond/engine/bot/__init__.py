"""The bot: evaluators, play choice by level, cube decisions, hints.

:func:`shipped_evaluator` is the trained network with exact bear-off
odds (:mod:`gammond.engine.bot.model`; :func:`load_evaluator` loads other
weights); :func:`rank_plays` / :func:`best_play` choose plays at a
:class:`Level`; :func:`advise_cube` answers cube questions for money and
match play within the rules of the game; :func:`analyse_play` says what a
play costs; :func:`rollout` plays a position out many times.
"""

from __future__ import annotations

import os

# The network's matrices are small: multi-threaded BLAS only adds thread
# wake-ups, which cost 10x the work on a busy machine.  Effective only if
# numpy is not imported yet; an explicit setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from gammond.engine.bot.acting import BotTurn, bot_act  # noqa: E402
from gammond.engine.bot.analysis import (  # noqa: E402
    Decision,
    DecisionKind,
    PlayerStats,
    Review,
    analyse_games,
)
from gammond.engine.bot.cubeful import CubeAdvice, CubeDecision, decide, may_double  # noqa: E402
from gammond.engine.bot.evaluator import Evaluator, Probabilities  # noqa: E402
from gammond.engine.bot.heuristic import HeuristicEvaluator  # noqa: E402
from gammond.engine.bot.hints import PlayAnalysis, analyse_play, hint  # noqa: E402
from gammond.engine.bot.lookahead import advise_cube, cube_decision, cube_evaluator  # noqa: E402
from gammond.engine.bot.model import GammondEvaluator, load_evaluator, shipped_evaluator  # noqa: E402
from gammond.engine.bot.rollout import (  # noqa: E402
    RolloutResult,
    RolloutSettings,
    RolloutTally,
    rollout,
    rollout_part,
)
from gammond.engine.bot.search import (  # noqa: E402
    LEVELS,
    Level,
    LevelSpec,
    RankedPlay,
    Ranking,
    best_play,
    budget_scale,
    evaluate_position,
    rank_plays,
)
from gammond.engine.bot.view import CubeView, Owner  # noqa: E402

__all__ = [
    "BotTurn",
    "bot_act",
    "LEVELS",
    "CubeAdvice",
    "CubeDecision",
    "CubeView",
    "Decision",
    "DecisionKind",
    "Evaluator",
    "GammondEvaluator",
    "HeuristicEvaluator",
    "Level",
    "LevelSpec",
    "Owner",
    "PlayAnalysis",
    "PlayerStats",
    "Probabilities",
    "RankedPlay",
    "Ranking",
    "Review",
    "RolloutResult",
    "RolloutSettings",
    "RolloutTally",
    "advise_cube",
    "analyse_games",
    "analyse_play",
    "best_play",
    "budget_scale",
    "cube_decision",
    "cube_evaluator",
    "decide",
    "evaluate_position",
    "hint",
    "load_evaluator",
    "may_double",
    "rank_plays",
    "rollout",
    "rollout_part",
    "shipped_evaluator",
]
