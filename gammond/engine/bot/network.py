"""A small feed-forward network in numpy: inputs, one sigmoid hidden layer, five sigmoid outputs.

The five outputs are the outcome probabilities of the player on roll, in
the order of :class:`~gammond.engine.bot.evaluator.Probabilities`: win, win
gammon, win backgammon, lose gammon, lose backgammon.  The weights live in
a ``.npz`` file with a few metadata entries, so a file says which input
encoding it needs and how long it was trained.

>>> import numpy as np
>>> net = Network.initial(inputs=4, hidden=3, seed=1)
>>> net.forward(np.zeros((2, 4), dtype=np.float32)).shape
(2, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from gammond.engine.errors import WeightsError

Array = npt.NDArray[np.float32]
OUTPUTS = 5


def sigmoid(x: Array) -> Array:
    # Clipped so exp never overflows in float32.
    result: Array = (1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))).astype(np.float32, copy=False)
    return result


@dataclass
class Network:
    """Weights and biases of the two layers, plus free-form metadata.

    Mutable on purpose: training updates the arrays in place.
    """

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def initial(cls, inputs: int, hidden: int, seed: int) -> Network:
        """Small random weights, seeded."""
        rng = np.random.default_rng(seed)
        return cls(
            (rng.standard_normal((inputs, hidden)) / np.sqrt(inputs)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal((hidden, OUTPUTS)) * 0.1).astype(np.float32),
            np.zeros(OUTPUTS, dtype=np.float32),
        )

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def forward(self, x: Array) -> Array:
        """Outputs for a batch of encoded inputs, shape ``(n, 5)``."""
        return sigmoid(sigmoid(x @ self.w1 + self.b1) @ self.w2 + self.b2)

    def gradients(self, x: Array, target: Array) -> tuple[list[Array], Array]:
        """Cross-entropy gradients towards ``target``, summed over the batch, and the outputs.

        The gradients are of ``w1, b1, w2, b2`` in that order.  With sigmoid
        outputs and cross-entropy the output error is simply ``output -
        target``, which keeps TD targets near 0 or 1 learning fast.
        """
        h = sigmoid(x @ self.w1 + self.b1)
        y = sigmoid(h @ self.w2 + self.b2)
        err = y - target
        grad_h = (err @ self.w2.T) * h * (1.0 - h)
        return [x.T @ grad_h, grad_h.sum(axis=0), h.T @ err, err.sum(axis=0)], y

    def train_step(self, x: Array, target: Array, rate: float) -> float:
        """One gradient step of cross-entropy towards ``target``; returns the mean loss."""
        grads, y = self.gradients(x, target)
        for weights, grad in zip((self.w1, self.b1, self.w2, self.b2), grads):
            weights -= rate * grad
        eps = 1e-6
        loss = -(target * np.log(y + eps) + (1 - target) * np.log(1 - y + eps))
        return float(loss.mean())

    def save(self, path: Path) -> None:
        """Write the weights and metadata (scalars and strings) to ``path``."""
        arrays: dict[str, Any] = {f"meta_{k}": np.array(v) for k, v in self.meta.items()}
        arrays.update(w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Network:
        """Read a file written by :meth:`save`."""
        try:
            with np.load(path) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError) as exc:
            raise WeightsError(f"cannot read weights file {str(path)!r}: {exc}") from None
        try:
            weights = [arrays.pop(k).astype(np.float32) for k in ("w1", "b1", "w2", "b2")]
        except KeyError as exc:
            raise WeightsError(f"weights file {str(path)!r} lacks array {exc}") from None
        meta = {k[len("meta_") :]: v.item() for k, v in arrays.items() if k.startswith("meta_")}
        w1, b1, w2, b2 = weights
        return cls(w1, b1, w2, b2, meta)

    def copy(self) -> Network:
        return Network(self.w1.copy(), self.b1.copy(), self.w2.copy(), self.b2.copy(), dict(self.meta))
