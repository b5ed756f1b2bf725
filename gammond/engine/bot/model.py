"""The shipped evaluator: the trained network, exact bear-off odds where they apply.

The weights file is ``weights/gammond-<VERSION>.npz`` inside the package;
its model card is ``docs/model-card.md`` (a copy ships next to the
weights).  :func:`shipped_evaluator` loads it once per process.

>>> from gammond.engine import Position
>>> ev = shipped_evaluator()
>>> ev.name == f"gammond-{VERSION}"
True
>>> p = ev.evaluate([Position.starting()])[0]
>>> 0.4 < p.win < 0.6
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from gammond.engine import kernel
from gammond.engine.bot import bearoff
from gammond.engine.bot.batch import Boards, Probs, as_probabilities, boards_of
from gammond.engine.bot.bearoff import exact_probabilities
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.features import INPUTS
from gammond.engine.bot.network import Network
from gammond.engine.bot.neural import check_network, network_arrays, score_boards
from gammond.engine.errors import WeightsError
from gammond.engine.position import Position

VERSION = "4"
WEIGHTS_DIR = Path(__file__).with_name("weights")


class GammondEvaluator:
    """Network probabilities, overridden by the bear-off database when both sides are home.

    ``pruner``, another evaluator with a smaller network, ranks a roll's
    plays first inside the searches (:func:`gammond.engine.bot.batch.best_plays`);
    a position's own value is always this evaluator's.
    """

    def __init__(self, network: Network, name: str, pruner: GammondEvaluator | None = None) -> None:
        self.network = check_network(network, name)
        self.name = name
        self.pruner = pruner

    def evaluate_boards(self, boards: Boards) -> Probs:
        out = score_boards(self.network, boards)
        mask, exact = exact_probabilities(boards)
        if mask.any():
            out[mask] = exact
        return out

    def rolled_values(self, boards: Boards) -> Probs | None:
        """``search.on_roll_values(boards, 1)`` in one compiled call, or None without the kernel.

        The boards are of the player on roll, before rolling, with the game on
        (the caller scores finished ones); the same numbers as the Python
        search to float rounding (``tests/test_kernel_ply.py``).
        """
        return self._search_call(kernel.rolled_values, boards)

    def play_out(self, boards: Boards, dice: npt.NDArray[np.uint8]) -> Probs | None:
        """:func:`gammond.engine.bot.playout.play_out` in one compiled call, or None without the kernel.

        A rollout's sides play the full network's best 0-ply play, unpruned:
        what a rollout estimates is that player's game.
        """
        return self._search_call(
            kernel.play_out, boards, np.ascontiguousarray(dice, dtype=np.uint8), prune=False
        )

    def _search_call(
        self,
        compiled: Callable[..., None] | None,
        boards: Boards,
        *extra: npt.NDArray[np.uint8],
        prune: bool = True,
    ) -> Probs | None:
        """A kernel search function on the boards, with this network (and pruner) and the bear-off database."""
        if compiled is None or self.network.inputs != INPUTS:
            return None
        boards = np.ascontiguousarray(boards, dtype=np.int8).reshape(-1, 26)
        db = bearoff.database()
        out = np.empty((boards.shape[0], 5))
        pruner = self.pruner if prune else None
        pruning = [None] * 4 if pruner is None else network_arrays(pruner.network)
        compiled(
            boards,
            *network_arrays(self.network),
            *pruning,
            db.off,
            db.first,
            bearoff.rank_table(),
            *extra,
            out,
        )
        return out

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        if not positions:
            return []
        return [as_probabilities(row) for row in self.evaluate_boards(boards_of(positions))]

    def __repr__(self) -> str:
        if self.pruner is None:
            return f"load_evaluator({self.name!r})"
        return f"load_evaluator({self.name!r}, pruner={self.pruner.name!r})"


def load_evaluator(
    name: str = f"gammond-{VERSION}", directory: Path = WEIGHTS_DIR, *, pruner: str | None = None
) -> GammondEvaluator:
    """The evaluator with the weights file ``<directory>/<name>.npz``, pruning with ``<pruner>.npz`` if named."""
    path = directory / f"{name}.npz"
    if not path.exists():
        raise WeightsError(f"no weights file {str(path)!r}")
    pruning = None if pruner is None else load_evaluator(pruner, directory)
    return GammondEvaluator(Network.load(path), name, pruning)


# The shipped network's first member, a third of its hidden units: it ranks
# the plays inside the searches (see GammondEvaluator and batch.best_plays).
PRUNER = "gammond-3"


@lru_cache(maxsize=1)
def shipped_evaluator() -> GammondEvaluator:
    """The evaluator of this release, loaded once: gammond-<VERSION>, pruning with :data:`PRUNER`."""
    return load_evaluator(pruner=PRUNER)


def ship(checkpoint: Path, directory: Path = WEIGHTS_DIR) -> Path:
    """Write a training checkpoint as this release's weights file, without its resume state."""
    network = Network.load(checkpoint)
    network.meta.pop("rng", None)
    network.meta.update(name=f"gammond-{VERSION}", source=checkpoint.name)
    target = directory / f"gammond-{VERSION}.npz"
    network.save(target)
    return target
