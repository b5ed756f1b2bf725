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
import numpy.typing as npt

from gammond.engine import kernel
from gammond.engine.bot.batch import (
    Boards,
    Probs,
    checkers_off,
    consistent,
    flip,
    flip_boards,
    won_outcomes,
)
from gammond.engine.bot.features import FEATURE_VERSION, INPUTS, encode, one_side_home
from gammond.engine.bot.network import Network
from gammond.engine.errors import WeightsError


def score_boards(
    network: Network, boards: Boards, race: Network | None = None, bearing: Network | None = None
) -> Probs:
    """The network's consistent probabilities, with finished games scored exactly.

    With ``race``, the boards with no contact left are that network's to
    score instead; with ``bearing``, the boards still in contact where one
    side has every checker home or off (:func:`features.bearing`).  The compiled kernel's ``score_boards`` when it is built
    (the same numbers to float32 rounding, summed over the inputs that are
    not zero, without the GIL); else :func:`reference_scores`.
    """
    compiled = kernel.score_boards
    if compiled is None or network.inputs != INPUTS:
        return reference_scores(network, boards, race, bearing)
    boards = np.ascontiguousarray(boards, dtype=np.int8).reshape(-1, 26)
    out = np.empty((boards.shape[0], 5))
    compiled(boards, *network_arrays(network), *optional_arrays(race), *optional_arrays(bearing), out)
    return out


def network_arrays(network: Network) -> list[npt.NDArray[np.float32]]:
    """``w1, b1, w2, b2`` as the compiled kernel takes them: C-contiguous float32 (no copy if so already)."""
    return [
        np.ascontiguousarray(w, dtype=np.float32) for w in (network.w1, network.b1, network.w2, network.b2)
    ]


def optional_arrays(network: Network | None) -> list[npt.NDArray[np.float32]] | list[None]:
    """:func:`network_arrays`, or the four Nones the kernel takes for no network."""
    return [None] * 4 if network is None else network_arrays(network)


def reference_scores(
    network: Network, boards: Boards, race: Network | None = None, bearing: Network | None = None
) -> Probs:
    """:func:`score_boards` in numpy: the reference the kernel is tested against."""
    mine_off, their_off = checkers_off(boards)
    lost = their_off == 15
    won = (mine_off == 15) & ~lost
    live = ~(lost | won)
    out = np.empty((boards.shape[0], 5))
    if live.any():
        inputs = encode(boards[live])
        raw = network.forward(inputs).astype(np.float64)
        # The contact input is 0 in a race: the race network's, where there is one.
        racing = inputs[:, INPUTS - 2] == 0
        if race is not None and racing.any():
            raw[racing] = race.forward(inputs[racing]).astype(np.float64)
        if bearing is not None:
            # As the kernel tells a bear-off in contact: the contact input, then the sides' homes.
            off_home = ~racing & one_side_home(boards[live])
            if off_home.any():
                raw[off_home] = bearing.forward(inputs[off_home]).astype(np.float64)
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
