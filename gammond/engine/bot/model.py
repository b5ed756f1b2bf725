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
from gammond.engine.bot.neural import check_network, network_arrays, optional_arrays, score_boards
from gammond.engine.errors import WeightsError
from gammond.engine.position import Position

VERSION = "7"
WEIGHTS_DIR = Path(__file__).with_name("weights")


class GammondEvaluator:
    """Network probabilities, overridden by the bear-off database when both sides are home.

    ``pruner``, another evaluator with a smaller network, ranks a roll's
    plays first inside the searches (:func:`gammond.engine.bot.batch.best_plays`);
    a position's own value is always this evaluator's.  ``race``, a network
    trained on races alone (``race_name`` its weights' name), scores the
    positions with no contact left in place of ``network``; ``bearing``
    (``bearing_name``), a network trained on bear-offs in contact, the
    positions still in contact where one side has every checker home or off
    (:func:`gammond.engine.bot.features.bearing`).  A pruner made by
    :func:`load_evaluator`, :meth:`with_race` or :meth:`with_bearing` scores
    those positions with them too.  ``cube``, an evaluator like this one with
    another main network, answers the cube in this one's place
    (:meth:`for_cube`, :func:`gammond.engine.bot.lookahead.cube_decision`):
    a network fitted to the cube's positions can cost checker play what it
    gains there (docs/model-card.md, "The defence"), so the plays stay this one's.
    """

    def __init__(
        self,
        network: Network,
        name: str,
        pruner: GammondEvaluator | None = None,
        race: Network | None = None,
        race_name: str = "",
        bearing: Network | None = None,
        bearing_name: str = "",
        cube: GammondEvaluator | None = None,
    ) -> None:
        self.network = check_network(network, name)
        self.name = name
        self.pruner = pruner
        self.race = None if race is None else check_network(race, race_name)
        self.race_name = race_name
        self.bearing = None if bearing is None else check_network(bearing, bearing_name)
        self.bearing_name = bearing_name
        self.cube = cube

    def for_cube(self) -> GammondEvaluator:
        """The evaluator that answers the cube: :attr:`cube`, or this one if none."""
        return self if self.cube is None else self.cube

    def with_cube(self, network: Network | None, name: str = "") -> GammondEvaluator:
        """This evaluator with ``network`` answering the cube (its pruner and phase networks beside it), or none if None."""
        cube = None
        if network is not None:
            cube = GammondEvaluator(
                network, name, self.pruner, self.race, self.race_name, self.bearing, self.bearing_name
            )
        return GammondEvaluator(
            self.network,
            self.name,
            self.pruner,
            self.race,
            self.race_name,
            self.bearing,
            self.bearing_name,
            cube,
        )

    def with_race(self, race: Network | None, race_name: str = "") -> GammondEvaluator:
        """This evaluator (and its pruner) with ``race`` scoring the races, or none if None."""
        return self._with_phases(race, race_name if race else "", self.bearing, self.bearing_name)

    def with_bearing(self, bearing: Network | None, bearing_name: str = "") -> GammondEvaluator:
        """This evaluator (and its pruner) with ``bearing`` scoring bear-offs in contact, or none if None."""
        return self._with_phases(self.race, self.race_name, bearing, bearing_name if bearing else "")

    def _with_phases(
        self, race: Network | None, race_name: str, bearing: Network | None, bearing_name: str
    ) -> GammondEvaluator:
        # The pruner gets the same phase networks: the kernel scores those positions with one.
        pruner = (
            None if self.pruner is None else self.pruner._with_phases(race, race_name, bearing, bearing_name)
        )
        cube = None if self.cube is None else self.cube._with_phases(race, race_name, bearing, bearing_name)
        return GammondEvaluator(self.network, self.name, pruner, race, race_name, bearing, bearing_name, cube)

    def evaluate_boards(self, boards: Boards) -> Probs:
        out = score_boards(self.network, boards, self.race, self.bearing)
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
        if pruner is not None and (pruner.race is not self.race or pruner.bearing is not self.bearing):
            # The kernel scores races (and bear-offs in contact) with one network, whichever network ranks.
            return None
        compiled(
            boards,
            *network_arrays(self.network),
            *optional_arrays(None if pruner is None else pruner.network),
            *optional_arrays(self.race),
            *optional_arrays(self.bearing),
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
        pruner = "" if self.pruner is None else f", pruner={self.pruner.name!r}"
        race = "" if self.race is None else f", race={self.race_name!r}"
        bearing = "" if self.bearing is None else f", bearing={self.bearing_name!r}"
        cube = "" if self.cube is None else f", cube={self.cube.name!r}"
        return f"load_evaluator({self.name!r}{pruner}{race}{bearing}{cube})"


def load_evaluator(
    name: str = f"gammond-{VERSION}",
    directory: Path = WEIGHTS_DIR,
    *,
    pruner: str | None = None,
    race: str | None = None,
    bearing: str | None = None,
    cube: str | None = None,
) -> GammondEvaluator:
    """The evaluator with the weights file ``<directory>/<name>.npz``.

    It prunes with ``<pruner>.npz``, scores races with ``<race>.npz`` and
    bear-offs in contact with ``<bearing>.npz``, and answers the cube with
    ``<cube>.npz`` in its main network's place, where they are named.
    """
    pruning = None if pruner is None else load_evaluator(pruner, directory)
    evaluator = GammondEvaluator(_weights(directory, name), name, pruning)
    if race is not None:
        evaluator = evaluator.with_race(_weights(directory, race), race)
    if bearing is not None:
        evaluator = evaluator.with_bearing(_weights(directory, bearing), bearing)
    if cube is not None:
        evaluator = evaluator.with_cube(_weights(directory, cube), cube)
    return evaluator


def _weights(directory: Path, name: str) -> Network:
    path = directory / f"{name}.npz"
    if not path.exists():
        raise WeightsError(f"no weights file {str(path)!r}")
    return Network.load(path)


# gammond-4's first member, a third of the shipped network's hidden units: it
# ranks the plays inside the searches (see GammondEvaluator and batch.best_plays).
PRUNER = "gammond-3"
# The race network: trained on races alone, it scores them (docs/model-card.md).
RACE = "race-1"
# The bearing network: trained on bear-offs still in contact alone, it scores them.
BEARING = "bearing-1"
# The cube network: a main network fitted further to the cube's positions; it answers the cube.
CUBE = "cube-1"


@lru_cache(maxsize=1)
def shipped_evaluator() -> GammondEvaluator:
    """The evaluator of this release, loaded once: gammond-<VERSION>, pruning with :data:`PRUNER`,
    races by :data:`RACE`, bear-offs in contact by :data:`BEARING`, the cube answered by :data:`CUBE`."""
    return load_evaluator(pruner=PRUNER, race=RACE, bearing=BEARING, cube=CUBE)


def ship(checkpoint: Path, directory: Path = WEIGHTS_DIR, name: str = f"gammond-{VERSION}") -> Path:
    """Write a training checkpoint as this release's weights file ``<name>.npz``, without its resume state.

    The name is the main network's unless told (``RACE`` for the race network,
    ``BEARING`` for the bearing network, ``CUBE`` for the cube network).
    """
    network = Network.load(checkpoint)
    network.meta.pop("rng", None)
    network.meta.update(name=name, source=checkpoint.name)
    target = directory / f"{name}.npz"
    network.save(target)
    return target
