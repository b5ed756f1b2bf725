"""Scoring boards with a network: :mod:`gammond.engine.bot.features` into :mod:`gammond.engine.bot.network`.

Shared by the runtime evaluator (:mod:`gammond.engine.bot.model`) and the
training code (``training/``): finished games are scored exactly, the rest
by the network, made consistent.

>>> import numpy as np
>>> from gammond.engine import Position
>>> from gammond.engine.bot.batch import boards_of
>>> net = check_network(Network.initial(INPUTS, 8, seed=0), "tiny")
>>> row = score_boards(net, boards_of([Position.starting()]))[0]
>>> bool(0.0 <= row[1] <= row[0] <= 1.0)
True
"""

from __future__ import annotations

import numpy as np

from gammond.engine.bot.batch import (
    Boards,
    Probs,
    checkers_off,
    consistent,
    flip,
    flip_boards,
    won_outcomes,
)
from gammond.engine.bot.features import FEATURE_VERSION, INPUTS, encode
from gammond.engine.bot.network import Network
from gammond.engine.errors import WeightsError


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
