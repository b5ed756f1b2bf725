"""training.defence: positions after the defender's candidate plays, hits among them, for rollout labels."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gammond.engine import Position
from gammond.engine.bot.features import INPUTS, contact
from gammond.engine.bot.model import GammondEvaluator
from gammond.engine.bot.network import Network
from training.defence import BEST, candidates, defence_positions, hits


def _evaluator() -> GammondEvaluator:
    return GammondEvaluator(Network.initial(INPUTS, 6, seed=4), "small")


def test_the_candidates_are_the_best_plays_and_the_best_hits_besides() -> None:
    before = (0,) * 3 + (-1,) + (0,) * 22
    quiet = tuple(range(26))  # index 0 unchanged: no hit
    hit = (-1,) + quiet[1:]
    results = [quiet, quiet, quiet, quiet, hit]
    scores = np.array([0.5, 0.4, 0.3, 0.2, 0.1])
    kept, best_hit = candidates(before, results, scores)
    assert kept == [0, 1, 2, 4] and best_hit == 4 and len(kept) == BEST + 1
    assert hits(before, hit) and not hits(before, quiet)
    assert candidates(before, results[:4], scores[:4]) == ([0, 1, 2], -1)


def test_defence_positions_are_legal_in_contact_repeatable_and_include_positions_after_hits() -> None:
    boards = defence_positions(_evaluator(), 300, np.random.default_rng(7))
    assert len(boards) == 300
    array = np.array(boards, dtype=np.int8)
    assert contact(array).all()
    for board in boards:
        mine, theirs = Position(board).sides()
        assert sum(mine) <= 15 and sum(theirs) <= 15 and not Position(board).is_game_over()
    # The player on roll is on the bar in many of them: the positions after the other side's hits.
    assert 0.1 < float(np.mean(array[:, 25] > 0)) < 0.95
    assert defence_positions(_evaluator(), 300, np.random.default_rng(7)) == boards


def test_a_main_round_adds_defence_positions_rollout_labelled_and_lists_them(tmp_path: Path) -> None:
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    network = supervised_round(run, start, 40, seed=5, epochs=1, chunk=30, rollout_trials=2, defence=30)
    saved = np.load(run / "labels" / "defence-0000.npz")
    assert json.loads(str(network.meta["supervised_rounds"]))[-1]["defence"] == len(saved["y"]) > 20
    assert ((saved["y"] >= 0) & (saved["y"] <= 1)).all()


def test_defence_positions_are_refused_to_a_race_round_and_must_be_counted(tmp_path: Path) -> None:
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    with pytest.raises(ValueError, match="defence"):
        supervised_round(tmp_path / "r", start, 40, seed=5, race=True, rollout_trials=2, defence=30)
    with pytest.raises(ValueError, match="defence"):
        supervised_round(tmp_path / "s", start, 40, seed=5, rollout_trials=2, defence=-1)
