"""Pruning inside the searches: a smaller network ranks a roll's plays, the full one scores its best few."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gammond.engine import Position, kernel
from gammond.engine.bot import Level, evaluate_position, load_evaluator, rank_plays, shipped_evaluator
from gammond.engine.bot.batch import PRUNE_KEEP, Boards, Probs, after_play, best_plays, equity, flip
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.model import BEARING, CUBE, PRUNER, RACE, GammondEvaluator

FULL = load_evaluator()


class Contrary:
    """An evaluator that thinks the opposite of ``inner``: as a pruner it keeps the worst plays."""

    name = "contrary"

    def __init__(self, inner: GammondEvaluator) -> None:
        self.inner = inner

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        raise NotImplementedError

    def evaluate_boards(self, boards: Boards) -> Probs:
        return flip(self.inner.evaluate_boards(boards))


def _plays(board: tuple[int, ...], d1: int, d2: int) -> Boards:
    return np.array([result for _, result in kernel.generate(board, d1, d2)], dtype=np.int8)


def test_without_a_pruner_every_play_is_scored_and_the_first_best_wins() -> None:
    results = _plays(Position.starting().board, 6, 4)
    picks, values = best_plays(FULL, results, [(0, len(results))])
    full = after_play(FULL, results)
    assert picks == [int(np.argmax(equity(full)))]
    np.testing.assert_allclose(values[0], full[picks[0]], rtol=0, atol=1e-6)


def test_the_pruner_decides_which_plays_the_full_network_scores() -> None:
    results = _plays(Position.starting().board, 6, 4)
    assert len(results) > PRUNE_KEEP
    contrary = GammondEvaluator(FULL.network, "gammond-4", pruner=Contrary(FULL))  # type: ignore[arg-type]
    picks, values = best_plays(contrary, results, [(0, len(results))])
    scores = equity(after_play(FULL, results))
    worst = np.argsort(scores, kind="stable")[:PRUNE_KEEP]
    # The pruner kept the worst plays; of those the full network took its better one, by its own value.
    assert picks[0] in worst
    assert picks[0] == max(sorted(worst), key=lambda i: scores[i])
    # (To float rounding: numpy's reference pass rounds a batch of two and one apart.)
    single = after_play(FULL, results[picks[0] : picks[0] + 1])[0]
    np.testing.assert_allclose(values[0], single, rtol=0, atol=1e-6)


def test_each_roll_is_pruned_on_its_own_and_short_rolls_are_scored_whole() -> None:
    board = Position.starting().board
    wide, narrow = _plays(board, 6, 4), _plays(board, 6, 6)[:PRUNE_KEEP]
    results = np.concatenate([wide, narrow])
    spans = [(0, len(wide)), (len(wide), len(results))]
    contrary = GammondEvaluator(FULL.network, "gammond-4", pruner=Contrary(FULL))  # type: ignore[arg-type]
    picks, _ = best_plays(contrary, results, spans)
    # The short roll is not pruned: its pick is the full network's best of it.
    assert picks[1] == len(wide) + int(np.argmax(equity(after_play(FULL, narrow))))


def test_the_shipped_evaluator_prunes_with_its_first_member_and_plays_as_the_full_search_does() -> None:
    shipped = shipped_evaluator()
    assert shipped.pruner is not None and shipped.pruner.name == PRUNER
    assert repr(shipped) == (
        f"load_evaluator('{shipped.name}', pruner='{PRUNER}', race='{RACE}', bearing='{BEARING}', cube='{CUBE}')"
    )
    # A position's own value is the full network's; only the replies inside a search are pruned.
    start = Position.starting()
    assert evaluate_position(start, shipped, 0) == evaluate_position(start, FULL, 0)
    for dice in ((3, 1), (6, 5), (4, 4)):
        pruned = rank_plays(start, dice, shipped, Level.EXPERT)
        full = rank_plays(start, dice, FULL, Level.EXPERT)
        assert pruned.best.play == full.best.play
