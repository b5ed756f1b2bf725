"""The interim cube API, kept for callers written against it.

Cube decisions now come from :mod:`gammond.engine.bot.cubeful` (Janowski's
cubeful equities for money and match play); :func:`cube_advice` is its
money-play, centred-cube case.

>>> from gammond.engine import Position
>>> from gammond.engine.bot.heuristic import HeuristicEvaluator
>>> cube_advice(Position.starting(), HeuristicEvaluator()).advice
<CubeAdvice.NO_DOUBLE: 1>
"""

from __future__ import annotations

from gammond.engine.bot.cubeful import CubeAdvice, CubeDecision, CubeView, cube_decision
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.position import Position

__all__ = ["CubeAdvice", "CubeDecision", "cube_advice"]


def cube_advice(position: Position, evaluator: Evaluator) -> CubeDecision:
    """The money-play decision of the player on roll with the cube in the centre."""
    return cube_decision(position, evaluator, CubeView())
