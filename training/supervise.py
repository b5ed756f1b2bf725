"""Supervised rounds: teach the 0-ply network what our own 1-ply search says.

After TD(lambda) has bootstrapped a network, each round:

1. plays seeded self-play games with the network at 0-ply (with a little
   exploration, so the positions are not all on one narrow path) and keeps
   the positions before each roll, except bear-offs the database scores;
2. labels each position with our 1-ply search (:func:`on_roll_values`:
   the average over the 21 rolls of the position after the best play),
   which is stronger than the 0-ply network it is built from;
3. fits the network to those labels by minibatch gradient descent
   (cross-entropy on the five outputs), starting from its current weights.

Labels are written in chunks under ``<dir>/labels/`` so a stopped round
resumes where it stopped; the fitted network goes to
``<dir>/checkpoint.npz``.  Driven by ``python -m training.train
--supervise --from WEIGHTS``.  Nothing outside this engine teaches it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot.batch import equity
from gammond.engine.bot.bearoff import home_boards
from gammond.engine.bot.features import encode
from gammond.engine.bot.model import GammondEvaluator
from gammond.engine.bot.network import Network
from gammond.engine.bot.search import on_roll_values, play_values
from gammond.engine.position import Position
from training.train import log_line

Board = tuple[int, ...]
_START: Board = Position.starting().board
_EXPLORE = 0.1


def _flip(board: Board) -> Board:
    return tuple(-board[25 - i] for i in range(26))


def self_play_positions(
    evaluator: GammondEvaluator, count: int, rng: np.random.Generator, parallel: int = 64
) -> list[Board]:
    """Positions (player on roll, before rolling) from 0-ply self-play with some exploration.

    ``parallel`` games advance together so one batch scores all their plays.
    """
    found: list[Board] = []
    games: list[Board] = [_START] * parallel
    while len(found) < count:
        rolls = rng.integers(1, 7, size=(len(games), 2))
        results: list[Board] = []
        spans = []
        for board, (d1, d2) in zip(games, rolls):
            options = [r for _, r in kernel.generate(board, int(d1), int(d2))] or [board]
            spans.append((len(results), len(results) + len(options)))
            results.extend(options)
        scores = equity(play_values(evaluator, results, 0))
        explore = rng.random(len(games)) < _EXPLORE
        for g, (lo, hi) in enumerate(spans):
            order = lo + np.argsort(-scores[lo:hi])
            # Mostly the best play, sometimes the second: more varied positions.
            after = results[int(order[1] if explore[g] and len(order) > 1 else order[0])]
            if not any(v > 0 for v in after[1:]):
                games[g] = _START
                continue
            games[g] = _flip(after)
            found.append(games[g])
    array = np.array(found[:count], dtype=np.int8)
    keep = ~home_boards(array)
    return [b for b, k in zip(found[:count], keep) if k]


def label_chunk(evaluator: GammondEvaluator, boards: list[Board], batch: int = 64) -> np.ndarray:
    """1-ply probabilities of each position for its player on roll."""
    parts = [on_roll_values(evaluator, boards[i : i + batch], 1) for i in range(0, len(boards), batch)]
    return np.concatenate(parts)


def fit(
    network: Network,
    x: np.ndarray,
    y: np.ndarray,
    epochs: int,
    rate: float,
    rng: np.random.Generator,
    batch: int = 128,
) -> float:
    """Minibatch gradient descent of cross-entropy; returns the last epoch's mean loss."""
    loss = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        losses = []
        for start in range(0, len(x), batch):
            idx = order[start : start + batch]
            # train_step sums over the batch; divide the rate to keep steps per position fixed.
            losses.append(network.train_step(x[idx], y[idx], rate / len(idx)))
        loss = float(np.mean(losses))
    return loss


def supervised_round(
    run: Path,
    start: Path,
    positions: int,
    seed: int,
    epochs: int = 4,
    rate: float = 0.2,
    chunk: int = 2000,
) -> Network:
    """One round: label ``positions`` self-play positions at 1-ply and fit the network to them."""
    run.mkdir(parents=True, exist_ok=True)
    labels = run / "labels"
    labels.mkdir(exist_ok=True)
    teacher = Network.load(start)
    evaluator = GammondEvaluator(teacher, start.stem)
    log_line(
        run,
        f"supervised round from {start} ({int(teacher.meta.get('games', 0))} TD games), {positions} positions",
    )
    for index in range(0, -(-positions // chunk)):
        path = labels / f"chunk-{index:04d}.npz"
        if path.exists():
            continue
        rng = np.random.default_rng([seed, index])
        boards = self_play_positions(evaluator, chunk, rng)
        began = time.perf_counter()
        y = label_chunk(evaluator, boards)
        np.savez_compressed(path, boards=np.array(boards, dtype=np.int8), y=y)
        log_line(
            run,
            f"labelled chunk {index}: {len(boards)} positions, {(time.perf_counter() - began) / len(boards) * 1000:.2f} ms each",
        )
    data = [np.load(p) for p in sorted(labels.glob("chunk-*.npz"))]
    boards_all = np.concatenate([d["boards"] for d in data])
    y_all = np.concatenate([d["y"] for d in data]).astype(np.float32)
    x = encode(boards_all)
    network = teacher.copy()
    loss = fit(network, x, y_all, epochs, rate, np.random.default_rng(seed))
    network.meta.update(
        supervised=json.dumps(
            {"positions": len(boards_all), "epochs": epochs, "rate": rate, "from": start.name}
        )
    )
    network.save(run / "checkpoint.npz")
    log_line(run, f"fitted {len(boards_all)} positions, {epochs} epochs, final loss {loss:.4f}")
    return network
