"""The neural evaluator: :mod:`gammond.engine.bot.features` into :mod:`gammond.engine.bot.network`.

>>> from gammond.engine import Position
>>> ev = NeuralEvaluator(Network.initial(INPUTS, 8, seed=0))
>>> p = ev.evaluate([Position.starting()])[0]
>>> 0.0 <= p.win_gammon <= p.win <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from gammond.engine.bot.batch import (
    Boards,
    Probs,
    as_probabilities,
    boards_of,
    checkers_off,
    consistent,
    flip,
    flip_boards,
    won_outcomes,
)
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.features import FEATURE_VERSION, INPUTS, encode
from gammond.engine.bot.network import Network, WeightsError
from gammond.engine.position import Position


def score_boards(network: Network, boards: Boards) -> Probs:
    """The network's consistent probabilities, with finished games scored exactly."""
    mine_off, their_off = checkers_off(boards)
    lost = their_off == 15
    won = (mine_off == 15) & ~lost
    live = ~(lost | won)
    out = np.empty((boards.shape[0], 5))
    if live.any():
        raw = network.forward(encode(boards[live])).astype(np.float64)
        out[live] = consistent(raw, boards[live])
    if lost.any():
        out[lost] = flip(won_outcomes(flip_boards(boards[lost])))
    if won.any():
        out[won] = won_outcomes(boards[won])
    return out


def check_network(network: Network, source: str) -> Network:
    """Refuse weights built for another input encoding."""
    version = int(network.meta.get("feature_version", FEATURE_VERSION))
    if network.inputs != INPUTS or version != FEATURE_VERSION:
        raise WeightsError(
            f"weights {source!r} expect {network.inputs} inputs of encoding v{version}, "
            f"this engine encodes {INPUTS} inputs, v{FEATURE_VERSION}"
        )
    return network


class NeuralEvaluator:
    """Network probabilities for any position (see :func:`score_boards`)."""

    def __init__(self, network: Network, name: str | None = None) -> None:
        self.network = check_network(network, name or "network")
        self.name = name or str(network.meta.get("name", "neural"))

    @classmethod
    def from_file(cls, path: Path) -> NeuralEvaluator:
        network = Network.load(path)
        return cls(network, str(network.meta.get("name", path.stem)))

    def evaluate_boards(self, boards: Boards) -> Probs:
        return score_boards(self.network, boards)

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        if not positions:
            return []
        return [as_probabilities(row) for row in self.evaluate_boards(boards_of(positions))]

    def __repr__(self) -> str:
        return f"NeuralEvaluator(<{self.name}: {self.network.inputs}x{self.network.hidden}x5>)"
