"""The cube benchmark's referee cache and candidate networks (bench/cube.py); its runs need GNU Backgammon."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.cube import SITUATIONS, Decision, referee_all
from bench.strength import evaluator_of
from gammond.engine import Position
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.model import WEIGHTS_DIR, GammondEvaluator, shipped_evaluator


class _Referee:
    """Answers each position with made-up equities, counting the questions."""

    def __init__(self) -> None:
        self.asked = 0

    def analyse(self, decision: Decision, plies: int) -> Any:
        self.asked += 1
        if self.asked == 2:
            return None  # gnubg failed twice on this one
        return (0.1 * self.asked, 0.2, 1.0), Probabilities(0.6, 0.2, 0.01, 0.1, 0.0)


def _decisions() -> list[Decision]:
    position = Position.starting()
    return [Decision(position, situation) for situation in SITUATIONS[:3]]


def test_the_referees_answers_are_kept_and_read_back_without_asking_again(tmp_path: Path) -> None:
    cache = tmp_path / "referee.json"
    first, referee = _decisions(), _Referee()
    assert not referee_all(first, referee, 3, cache)  # type: ignore[arg-type]
    assert referee.asked == 3 and cache.exists()
    again, idle = _decisions(), _Referee()
    assert referee_all(again, idle, 3, cache)  # type: ignore[arg-type]
    assert idle.asked == 0
    assert [(d.equities, d.odds) for d in again] == [(d.equities, d.odds) for d in first]
    assert again[1].equities is None and again[0].odds == Probabilities(0.6, 0.2, 0.01, 0.1, 0.0)


def test_a_cache_of_other_decisions_or_plies_is_refused(tmp_path: Path) -> None:
    cache = tmp_path / "referee.json"
    referee_all(_decisions(), _Referee(), 3, cache)  # type: ignore[arg-type]
    with pytest.raises(SystemExit, match="other decisions or plies"):
        referee_all(_decisions(), _Referee(), 2, cache)  # type: ignore[arg-type]
    with pytest.raises(SystemExit, match="other decisions or plies"):
        referee_all(_decisions()[:2], _Referee(), 3, cache)  # type: ignore[arg-type]


def test_a_candidate_in_the_main_place_keeps_the_shipped_pruner_and_phase_networks() -> None:
    shipped = shipped_evaluator()
    candidate = evaluator_of(WEIGHTS_DIR / "gammond-5.npz", main_place=True)
    assert isinstance(candidate, GammondEvaluator) and candidate.name == "gammond-5"
    assert (candidate.pruner, candidate.race, candidate.bearing) == (
        shipped.pruner,
        shipped.race,
        shipped.bearing,
    )
    alone = evaluator_of(WEIGHTS_DIR / "gammond-5.npz")
    assert isinstance(alone, GammondEvaluator) and alone.race is None and alone.bearing is None
