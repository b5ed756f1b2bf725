"""Supervised rounds: teach the 0-ply network what our own 1-ply search says.

After TD(lambda) has bootstrapped a network, each round:

1. plays seeded self-play games with the network at 0-ply (with a little
   exploration, so the positions are not all on one narrow path) and keeps
   the positions before each roll, except bear-offs the database scores;
2. labels each position with our 1-ply search (:func:`on_roll_values`:
   the average over the 21 rolls of the position after the best play),
   which is stronger than the 0-ply network it is built from (with
   ``plies=2``, the 2-ply search: see docs/model-card.md, "Two-ply
   labels", for why round 8 did not ship); and, with
   ``rollout_trials``, late positions (a checker off on either side, or
   a pure race) with our own rollouts instead: the mean outcome of that
   many games played out at 0-ply (:func:`play_out`), the first roll
   stratified, cut off and scored by the network after
   ``ROLLOUT_HALF_MOVES``.  There a 1-ply label only repeats the
   network's own view of gammons and backgammons one roll on, and the
   network's view is what is wrong (it saw a backgammon as 0.25 likely
   where it is 0.88); a played-out game's gammons are facts.  With
   ``lopsided``, that many more positions from :func:`lopsided_positions`
   are rollout-labelled too: the end of a one-sided game, which self-play
   reaches once in 600 positions;
3. fits the network to those labels by minibatch gradient descent
   (cross-entropy on the five outputs), starting from its current weights.

With ``race``, a round trains the race network instead (docs/model-card.md,
"The race network"): it keeps only the self-play positions with no contact
left (bear-offs the database scores aside), and with ``lopsided`` the races
among those made-up positions, and labels every one of them by rollouts; a
race cannot turn back into contact, so the games it plays out are races
too, and their results are the label.  With ``bearing``, likewise the
bearing network (docs/model-card.md, "The bearing network"): only the
positions still in contact where one side has every checker home or off
(:func:`gammond.engine.bot.features.bearing`), each labelled by rollouts,
and with ``bar`` that many made-up :func:`bar_bearoffs` besides.  A round
of the main network given the race and bearing networks plays and labels
as the shipped evaluator does, those networks scoring their phases, and
keeps only the positions left to the main network (docs/model-card.md,
"Rounds beside the phase networks").

Labels are written in chunks under ``<dir>/labels/`` so a stopped round
resumes where it stopped; the fitted network goes to
``<dir>/checkpoint.npz``.  Driven by ``python -m training.train
--supervise --from WEIGHTS``.  Nothing outside this engine teaches it.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot.batch import checkers_off, equity, probs_of
from gammond.engine.bot.bearoff import home_boards
from gammond.engine.bot.features import INPUTS, bearing, contact, encode
from gammond.engine.bot.model import GammondEvaluator
from gammond.engine.bot.network import Network
from gammond.engine.bot.playout import play_out
from gammond.engine.bot.rollout import ORDERED_ROLLS, RolloutSettings, rollout
from gammond.engine.bot.search import on_roll_values, play_values
from gammond.engine.position import Position
from training.containment import (
    ace_anchor_bearoffs,
    closed_out,
    crashed_positions,
    flip_board,
    primed_stragglers,
    trapped_stragglers,
)
from training.defence import defence_positions
from training.train import log_line

Board = tuple[int, ...]
_START: Board = Position.starting().board
_EXPLORE = 0.1
ROLLOUT_HALF_MOVES = 120
# Trial t of a rollout label starts with ordered roll t % 36, as the rollouts of the API do.
_ORDERED = np.array(ORDERED_ROLLS, dtype=np.uint8)


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
            games[g] = flip_board(after)
            found.append(games[g])
    array = np.array(found[:count], dtype=np.int8)
    keep = ~home_boards(array)
    return [b for b, k in zip(found[:count], keep) if k]


def late(boards: np.ndarray) -> np.ndarray:
    """Which positions have a checker off on either side, or no contact left."""
    mine, theirs = checkers_off(boards)
    race = encode(boards)[:, INPUTS - 2] == 0
    result: np.ndarray = (mine > 0) | (theirs > 0) | race
    return result


def rollout_labels(
    evaluator: GammondEvaluator,
    boards: np.ndarray,
    trials: int,
    rng: np.random.Generator,
    plies: int = 0,
) -> np.ndarray:
    """Each position's mean outcome over ``trials`` games played out from it, each side at ``plies``.

    At 0 plies the compiled kernel plays them all at once.  At 1 ply each
    position is rolled out as the API does (:func:`gammond.engine.bot.rollout.rollout`,
    its seed drawn from ``rng``), about fifty times slower: where the
    network is blind (late containment games), a side that looks one ply
    ahead plays them closer to how they go, and the label with it.
    """
    if len(boards) == 0:
        return np.empty((0, 5))
    if plies == 1:
        results = []
        for board in boards:
            settings = RolloutSettings(trials=trials, plies=1, seed=int(rng.integers(2**31)))
            results.append(rollout(Position(tuple(int(v) for v in board)), evaluator, settings).probabilities)
        return probs_of(results)
    if plies != 0:
        raise ValueError(f"rollout labels are played at 0 or 1 ply, not {plies}")
    games = np.repeat(boards, trials, axis=0)
    dice = rng.integers(1, 7, size=(len(games), ROLLOUT_HALF_MOVES, 2)).astype(np.uint8)
    # Stratified first roll: the luck of the roll that swings a game most cancels out.
    dice[:, 0] = _ORDERED[np.arange(len(games)) % trials % 36]
    outcomes = play_out(evaluator, games, dice)
    means: np.ndarray = outcomes.reshape(len(boards), trials, 5).mean(axis=1)
    return means


def lopsided_positions(count: int, rng: np.random.Generator) -> list[Board]:
    """Positions from the end of one-sided games: a leader with checkers off, a trailer with none.

    The leader has 1 to 14 checkers off and the rest in its home board, one
    of them (a third of the time) a straggler anywhere on the board; the
    trailer's 15 checkers are spread at random, half on its own home and
    outer boards, half anywhere.  Either side is on roll.  Whether the
    trailer saves the gammon or the backgammon is what these positions
    teach, and what the network got most wrong (losses of 0.1 to 0.55
    points a decision on the benchmark's decisions).
    """
    found: list[Board] = []
    while len(found) < count:
        leader = [0] * 25
        left = int(rng.integers(1, 15))
        for point in rng.integers(0, 6, size=left):
            leader[int(point)] += 1
        if rng.random() < 1 / 3:
            home = [i for i in range(6) if leader[i] > 0]
            leader[home[int(rng.integers(len(home)))]] -= 1
            leader[int(rng.integers(6, 24))] += 1
        trailer = [0] * 25
        for _ in range(15):
            point = int(rng.integers(0, 12)) if rng.random() < 0.5 else int(rng.integers(0, 24))
            trailer[point] += 1
        # Trailer's checkers on a point the leader holds move on to the next point it does not.
        for point in range(23, -1, -1):
            if trailer[point] and leader[23 - point]:
                free = [q for q in range(point - 1, -1, -1) if not leader[23 - q]]
                trailer[free[0] if free else 24] += trailer[point]
                trailer[point] = 0
        board = Position.from_sides(leader, trailer).board
        found.append(board if rng.random() < 0.5 else flip_board(board))
    array = np.array(found, dtype=np.int8)
    keep = ~home_boards(array)
    return [b for b, k in zip(found, keep) if k]


def random_races(count: int, rng: np.random.Generator) -> list[Board]:
    """Races of every shape: each side with 0 to 14 checkers off, the rest before a random dividing point.

    The player on roll's checkers stand on points 1 to ``split`` (their own
    numbering), the other side's beyond it, so neither can hit the other;
    each checker is in its home board half the time and anywhere on its side
    of the split otherwise, so stragglers far from home are common.  Self-play
    rarely reaches a race with one side's few checkers still coming round
    against the other's many at home, and the race network misjudged those
    (docs/model-card.md, "The race network").  Positions with both sides
    home are dropped (the database scores them).
    """
    found: list[Board] = []
    while len(found) < count:
        split = int(rng.integers(6, 19))
        sides = []
        for room in (split, 24 - split):
            counts = [0] * 25
            for _ in range(int(rng.integers(1, 16))):
                top = min(6, room) if rng.random() < 0.5 else room
                counts[int(rng.integers(0, top))] += 1
            sides.append(counts)
        found.append(Position.from_sides(sides[0], sides[1]).board)
    array = np.array(found, dtype=np.int8)
    keep = ~home_boards(array)
    return [b for b, k in zip(found, keep) if k]


def bar_bearoffs(count: int, rng: np.random.Generator) -> list[Board]:
    """Bearing off against checkers on the bar: contact positions self-play seldom reaches.

    One side has 1 to 10 checkers off and the rest in its home board; the
    other has one or two checkers on the bar, up to two more in the first
    side's home board, and 3 to 12 more (15 in all at most) on its own half of the board;
    either side is on roll.  gammond-4 is far off here (docs/benchmarks.md,
    "Families of positions"); the bearing network's rounds add them (``bar``).
    """
    found: list[Board] = []
    while len(found) < count:
        bearer, other = [0] * 25, [0] * 25
        for _ in range(int(rng.integers(5, 15))):
            bearer[int(rng.integers(0, 6))] += 1
        other[24] = int(rng.integers(1, 3))
        for _ in range(int(rng.integers(0, 3))):
            other[int(rng.integers(18, 24))] += 1
        # At most 15 in all: up to four already on the bar or back.
        for _ in range(min(int(rng.integers(3, 13)), 15 - sum(other))):
            other[int(rng.integers(0, 12))] += 1
        # The other side's checkers may not stand on a point the bearer holds.
        if any(other[p] and bearer[23 - p] for p in range(24)):
            continue
        board = Position.from_sides(bearer, other).board
        found.append(board if rng.random() < 0.5 else flip_board(board))
    return found


def label_chunk(
    evaluator: GammondEvaluator,
    boards: list[Board],
    batch: int = 64,
    rollout_trials: int = 0,
    rng: np.random.Generator | None = None,
    plies: int = 1,
    rollout_plies: int = 0,
) -> np.ndarray:
    """Probabilities of each position for its player on roll, searched ``plies`` deep; rollouts for late ones if asked."""
    parts = [on_roll_values(evaluator, boards[i : i + batch], plies) for i in range(0, len(boards), batch)]
    y = np.concatenate(parts)
    if rollout_trials:
        array = np.array(boards, dtype=np.int8).reshape(-1, 26)
        mask = late(array)
        y[mask] = rollout_labels(
            evaluator, array[mask], rollout_trials, rng or np.random.default_rng(), rollout_plies
        )
    return y


def validation_error(network: Network, x: np.ndarray, y: np.ndarray) -> float:
    """Mean absolute gap between the network's equity and the labels' on held-out positions."""
    return float(np.abs(equity(network.forward(x).astype(np.float64)) - equity(y)).mean())


def fit(
    network: Network,
    data: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    epochs: int,
    rate: float,
    rng: np.random.Generator,
    decay: float = 0.9,
    batch: int = 256,
) -> list[float]:
    """Adam on cross-entropy, the rate times ``decay`` after each epoch; the held-out error after each.

    ``data`` is ``(x, y, x_held, y_held)``.  Adam rather than the plain
    gradient steps of TD training: on a fixed labelled set it reaches a
    lower held-out error in a tenth of the epochs.
    """
    x, y, x_held, y_held = data
    params = [network.w1, network.b1, network.w2, network.b2]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    beta1, beta2, step = 0.9, 0.999, 0
    curve = []
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start : start + batch]
            summed, _ = network.gradients(x[idx], y[idx])
            grads = [g / len(idx) for g in summed]
            step += 1
            size = rate * np.sqrt(1 - beta2**step) / (1 - beta1**step)
            for p, g, m, v in zip(params, grads, first, second):
                m *= beta1
                m += (1 - beta1) * g
                v *= beta2
                v += (1 - beta2) * g * g
                p -= (size * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        rate *= decay
        curve.append(validation_error(network, x_held, y_held))
    return curve


class Job(NamedTuple):
    """One chunk of a round's labelling, as a worker process gets it."""

    start: Path
    labels: Path
    seed: int
    number: int
    chunk: int
    rollout_trials: int
    plies: int
    # "" (every position), "race" or "bearing": the positions the round's network scores.
    phase: str
    contact_weights: Path | None
    race_weights: Path | None
    # A main round's only: the bearing network beside it, and the network whose search labels (None: start's).
    bearing_weights: Path | None = None
    teacher: Path | None = None
    # False: rollouts label only the made-up positions; the self-play's late ones keep their search labels.
    late_rollouts: bool = True
    # How deep each side of a rollout label looks: 0 (the compiled kernel) or 1.
    rollout_plies: int = 0


def _run_job(job: tuple[Callable[[Job], str], Job]) -> str:
    run, arguments = job
    return run(arguments)


def _player(job: Job) -> GammondEvaluator:
    """The evaluator that plays and labels a round's positions.

    In a race or bearing round ``start`` is the network in training: it
    scores its phase's positions, the network in ``contact_weights`` (or
    ``start`` if none) the rest, and in a bearing round the one in
    ``race_weights`` (if any) the races.  In a round of the main network
    the ``teacher`` (or ``start``) plays and labels, with the race and
    bearing networks given scoring their phases, as the shipped evaluator does.
    """
    source = job.teacher or job.start
    network = Network.load(source)
    if job.contact_weights is None:
        player = GammondEvaluator(network, source.stem)
    else:
        player = GammondEvaluator(Network.load(job.contact_weights), job.contact_weights.stem)
    if job.phase == "race":
        return player.with_race(network, source.stem)
    if job.race_weights is not None:
        player = player.with_race(Network.load(job.race_weights), job.race_weights.stem)
    if job.phase == "bearing":
        return player.with_bearing(network, source.stem)
    if job.bearing_weights is not None:
        player = player.with_bearing(Network.load(job.bearing_weights), job.bearing_weights.stem)
    return player


def _phase_only(boards: np.ndarray, job: Job) -> np.ndarray:
    """The boards the round's network scores: its phase's, or in a main round those no phase network takes.

    A position the race or bearing network scores teaches the main network
    nothing it will use, so a main round given those networks drops it.
    """
    if job.phase == "race":
        return boards[~contact(boards)]
    if job.phase == "bearing":
        return boards[bearing(boards)]
    keep = np.ones(len(boards), dtype=bool)
    if job.race_weights is not None:
        keep &= contact(boards)
    if job.bearing_weights is not None:
        keep &= ~bearing(boards)
    return boards[keep]


def _label_job(job: Job) -> str:
    """Play and label one chunk of positions; returns its log line."""
    evaluator = _player(job)
    rng = np.random.default_rng([job.seed, job.number])
    played = np.array(self_play_positions(evaluator, job.chunk, rng), dtype=np.int8).reshape(-1, 26)
    array = _phase_only(played, job)
    boards = [tuple(int(v) for v in b) for b in array]
    began = time.perf_counter()
    if job.phase:
        y = rollout_labels(evaluator, array, job.rollout_trials, rng, job.rollout_plies)
    else:
        trials = job.rollout_trials if job.late_rollouts else 0
        y = label_chunk(
            evaluator,
            boards,
            rollout_trials=trials,
            rng=rng,
            plies=job.plies,
            rollout_plies=job.rollout_plies,
        )
    np.savez_compressed(
        job.labels / f"chunk-{job.number:04d}.npz",
        boards=np.array(boards, dtype=np.int8).reshape(-1, 26),
        y=y,
    )
    each = (time.perf_counter() - began) / max(1, len(boards)) * 1000
    return f"labelled chunk {job.number}: {len(boards)} positions, {each:.2f} ms each"


def _made_up_chunk(
    job: Job, kind: str, what: str, make: Callable[[int, np.random.Generator], list[Board]], stream: int
) -> str:
    """Make one chunk of ``what`` with ``make``, rollout-label them, save them as ``<kind>-<index>.npz``.

    ``stream`` seeds the chunk apart from the self-play chunks' ``[seed, index]``
    and the other kinds.  Only the positions the round's network scores are kept (:func:`_phase_only`).
    """
    evaluator = _player(job)
    rng = np.random.default_rng([job.seed, stream, job.number])
    boards = _phase_only(np.array(make(job.chunk, rng), dtype=np.int8).reshape(-1, 26), job)
    began = time.perf_counter()
    y = rollout_labels(evaluator, boards, job.rollout_trials, rng, job.rollout_plies)
    np.savez_compressed(job.labels / f"{kind}-{job.number:04d}.npz", boards=boards, y=y)
    each = (time.perf_counter() - began) / max(1, len(boards)) * 1000
    return f"rollout-labelled {what} chunk {job.number}: {len(boards)} positions, {each:.2f} ms each"


# Where a cube decision is live: the player on roll's 0-ply win chance (as bench.cube picks them).
CUBE_WINDOW = (0.55, 0.90)


def cube_window(evaluator: GammondEvaluator, boards: np.ndarray) -> np.ndarray:
    """Which positions (player on roll, before rolling) give that player a win chance in :data:`CUBE_WINDOW`."""
    if len(boards) == 0:
        return np.zeros(0, dtype=bool)
    win = on_roll_values(evaluator, [tuple(int(v) for v in b) for b in boards], 0)[:, 0]
    inside: np.ndarray = (win >= CUBE_WINDOW[0]) & (win <= CUBE_WINDOW[1])
    return inside


def _window_job(job: Job) -> str:
    """Rollout-label one chunk of self-play positions in the cube window, saved as ``window-<index>.npz``.

    The round's own self-play labels its positions by search, which can be
    no better than the network one ply on; where the cube is turned, the
    win chance itself is what decides, so these get played-out games.
    """
    evaluator = _player(job)
    rng = np.random.default_rng([job.seed, _WINDOW_STREAM, job.number])
    found: list[np.ndarray] = [np.empty((0, 26), dtype=np.int8)]
    count = 0
    # Enough positions a try for its games to run their course (self-play starts them all anew).
    wanted = max(8 * job.chunk, 4000)
    # Bounded: a network that never sees the window (an untrained one) gives a short chunk, not a hang.
    for _ in range(_WINDOW_TRIES):
        if count >= job.chunk:
            break
        played = np.array(self_play_positions(evaluator, wanted, rng), dtype=np.int8).reshape(-1, 26)
        played = _phase_only(played[contact(played)], job)
        inside = played[cube_window(evaluator, played)]
        found.append(inside)
        count += len(inside)
    boards = np.concatenate(found)[: job.chunk]
    began = time.perf_counter()
    y = rollout_labels(evaluator, boards, job.rollout_trials, rng, job.rollout_plies)
    np.savez_compressed(job.labels / f"window-{job.number:04d}.npz", boards=boards, y=y)
    each = (time.perf_counter() - began) / max(1, len(boards)) * 1000
    return f"rollout-labelled cube-window chunk {job.number}: {len(boards)} positions, {each:.2f} ms each"


def _defence_job(job: Job) -> str:
    """Rollout-label one chunk of :func:`training.defence.defence_positions`, saved as ``defence-<index>.npz``.

    The positions after the defender's candidate plays in containment games,
    played or not: what self-play does not visit, labelled by our own rollouts.
    """
    evaluator = _player(job)
    rng = np.random.default_rng([job.seed, _DEFENCE_STREAM, job.number])
    boards = _phase_only(
        np.array(defence_positions(evaluator, job.chunk, rng), dtype=np.int8).reshape(-1, 26), job
    )
    began = time.perf_counter()
    y = rollout_labels(evaluator, boards, job.rollout_trials, rng, job.rollout_plies)
    np.savez_compressed(job.labels / f"defence-{job.number:04d}.npz", boards=boards, y=y)
    each = (time.perf_counter() - began) / max(1, len(boards)) * 1000
    return f"rollout-labelled defence chunk {job.number}: {len(boards)} positions, {each:.2f} ms each"


_WINDOW_STREAM = 8  # the made-up kinds' streams are 1 to 7 and 9
_DEFENCE_STREAM = 10
_WINDOW_TRIES = 20

# Made-up positions a round may add, by their files' prefix: the log's words, the
# generator, and its seed stream (apart from self-play's and each other's).
_MADE_UP: dict[str, tuple[str, Callable[[int, np.random.Generator], list[Board]], int]] = {
    "lopsided": ("lopsided", lopsided_positions, 1),
    "races": ("random races", random_races, 2),
    "bar": ("bar bear-offs", bar_bearoffs, 3),
    # training.containment's late containment games (issue 34's blind spots).
    "anchor": ("ace-anchor bear-offs", ace_anchor_bearoffs, 4),
    "closed": ("closed-out positions", closed_out, 5),
    "crashed": ("crashed positions", crashed_positions, 6),
    "trapped": ("trapped stragglers", trapped_stragglers, 7),
    "primed": ("primed stragglers", primed_stragglers, 9),
}
# The made-up kinds that --containment adds, each that many positions.
_CONTAINMENT = ("anchor", "closed", "crashed", "trapped", "primed")


def _made_up_job(job: Job, kind: str) -> str:
    """Make and rollout-label one chunk of the made-up ``kind``; returns its log line."""
    what, make, stream = _MADE_UP[kind]
    return _made_up_chunk(job, kind, what, make, stream)


def supervised_round(
    run: Path,
    start: Path,
    positions: int,
    seed: int,
    epochs: int = 30,
    rate: float = 0.003,
    chunk: int = 2000,
    workers: int = 1,
    rollout_trials: int = 0,
    lopsided: int = 0,
    plies: int = 1,
    race: bool = False,
    contact_weights: Path | None = None,
    races: int = 0,
    bearing: bool = False,
    race_weights: Path | None = None,
    bar: int = 0,
    bearing_weights: Path | None = None,
    teacher: Path | None = None,
    containment: int = 0,
    late_rollouts: bool = True,
    cube_window: int = 0,
    made_up_weight: int = 1,
    rollout_plies: int = 0,
    defence: int = 0,
) -> Network:
    """One round: label ``positions`` self-play positions (``plies`` deep, or rollouts) and fit the network to them.

    With ``race`` (or ``bearing``), only the races (or the bear-offs in
    contact) among them and among the made-up positions, each labelled by
    ``rollout_trials`` rollouts; ``start`` is then that phase's network, and
    the one in ``contact_weights`` plays the rest of the self-play (in a
    bearing round, the one in ``race_weights`` its races).  ``lopsided``,
    ``races`` and ``bar`` add that many made-up positions of each kind,
    rollout-labelled.  A round of the main network may name the
    ``race_weights`` and ``bearing_weights`` beside it (the shipped
    evaluator's phases): it then keeps only the positions left to the main
    network; and a ``teacher`` whose search labels them, when that is not
    ``start`` (a small network taught by a larger one's search).
    ``containment`` adds that many of each of :mod:`training.containment`'s
    families (ace-anchor bear-offs, closed-out and crashed positions, trapped and primed stragglers),
    rollout-labelled; like the others, only those the round's network scores.
    Without ``late_rollouts``, the rollouts label only those made-up
    positions: the self-play's late positions keep their search labels.
    ``cube_window`` adds that many self-play positions in contact where the
    player on roll's 0-ply win chance is in :data:`CUBE_WINDOW`,
    rollout-labelled (:func:`_window_job`).  ``made_up_weight``: how many
    times the fit sees each rollout-labelled made-up position (a few
    thousand among hundreds of thousands of self-play positions).
    ``rollout_plies``: how deep each side of a rollout label looks (0 or 1;
    see :func:`rollout_labels`).  ``defence`` adds that many positions after
    the defender's candidate plays in containment games, rollout-labelled
    (:func:`_defence_job`, :mod:`training.defence`).
    """
    run.mkdir(parents=True, exist_ok=True)
    labels = run / "labels"
    labels.mkdir(exist_ok=True)
    initial = Network.load(start)
    log_line(
        run,
        f"supervised round from {start} ({int(initial.meta.get('games', 0))} TD games), {positions} positions",
    )
    if race and bearing:
        raise ValueError("a round trains one network: give race or bearing, not both")
    if (lopsided or race or bearing or bar or containment or cube_window or defence) and not rollout_trials:
        raise ValueError(
            "made-up positions, races and bear-offs are labelled by rollouts: give rollout_trials"
        )
    if contact_weights is not None and not (race or bearing):
        raise ValueError("a contact network is for a race or bearing network's round: give race or bearing")
    if races and not race:
        raise ValueError("random races are for a race network's round: give race")
    if race_weights is not None and race:
        raise ValueError("a race round trains the race network: give race_weights to a bearing or main round")
    if (bearing_weights is not None or teacher is not None) and (race or bearing):
        raise ValueError(
            "bearing_weights and teacher are for a round of the main network: not with race or bearing"
        )
    if (bar or containment) and race:
        raise ValueError("bar bear-offs and containment positions are in contact, not a race network's")
    if made_up_weight < 1:
        raise ValueError(
            f"made_up_weight is how many times the fit sees a position: at least 1, not {made_up_weight}"
        )
    if cube_window < 0:
        raise ValueError(f"cube_window is a count of positions: at least 0, not {cube_window}")
    if rollout_plies not in (0, 1):
        raise ValueError(f"rollout labels are played at 0 or 1 ply, not {rollout_plies}")
    if cube_window and (race or bearing):
        raise ValueError("cube-window positions are the main network's: not with race or bearing")
    if defence < 0:
        raise ValueError(f"defence is a count of positions: at least 0, not {defence}")
    if defence and (race or bearing):
        raise ValueError("defence positions are the main network's: not with race or bearing")
    phase = "race" if race else "bearing" if bearing else ""
    job = Job(
        start,
        labels,
        seed,
        0,
        chunk,
        rollout_trials,
        plies,
        phase,
        contact_weights,
        race_weights,
        bearing_weights,
        teacher,
        late_rollouts,
        rollout_plies,
    )
    todo = [i for i in range(-(-positions // chunk)) if not (labels / f"chunk-{i:04d}.npz").exists()]
    jobs: list[tuple[Callable[[Job], str], Job]] = [(_label_job, job._replace(number=i)) for i in todo]
    wanted = {
        "lopsided": lopsided,
        "races": races,
        "bar": bar,
        **dict.fromkeys(_CONTAINMENT, containment),
        "window": cube_window,
        "defence": defence,
    }
    own: dict[str, Callable[[Job], str]] = {"window": _window_job, "defence": _defence_job}
    for kind, count in wanted.items():
        make = own.get(kind) or functools.partial(_made_up_job, kind=kind)
        jobs += [
            (make, job._replace(number=i))
            for i in range(-(-count // chunk))
            if not (labels / f"{kind}-{i:04d}.npz").exists()
        ]
    if workers > 1:
        # Chunks are independent and seeded by their index: any split gives the same labels.
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for line in pool.imap_unordered(_run_job, jobs):
                log_line(run, line)
    else:
        for each in jobs:
            log_line(run, _run_job(each))
    files = sorted(labels.glob("chunk-*.npz"))
    # The first `held` chunks are kept out of the fit to measure it.
    held = max(1, len(files) // 25)
    parts = []
    for group in (files[held:], files[:held]):
        chunks = [np.load(p) for p in group]
        parts.append(encode(np.concatenate([c["boards"] for c in chunks])))
        parts.append(np.concatenate([c["y"] for c in chunks]).astype(np.float32))
    # Made-up positions (not held out): lopsided game ends, random races, bar bear-offs, containment, the cube window, the defence.
    added = dict.fromkeys(wanted, 0)
    for kind, count in wanted.items():
        extra = sorted(labels.glob(f"{kind}-*.npz"))[: -(-count // chunk)] if count else []
        if extra:
            chunks = [np.load(p) for p in extra]
            x = np.tile(encode(np.concatenate([c["boards"] for c in chunks])), (made_up_weight, 1))
            y = np.tile(np.concatenate([c["y"].astype(np.float32) for c in chunks]), (made_up_weight, 1))
            parts[0], parts[1] = np.concatenate([parts[0], x]), np.concatenate([parts[1], y])
            added[kind] = sum(len(c["y"]) for c in chunks)
    data = (parts[0], parts[1], parts[2], parts[3])
    network = initial.copy()
    before = validation_error(network, data[2], data[3])
    curve = fit(network, data, epochs, rate, np.random.default_rng(seed))
    # Each round appends itself, so a network's file lists every round behind it.
    rounds = json.loads(str(network.meta.get("supervised_rounds", "[]")))
    rounds.append(
        {
            "dir": run.name,
            "from": start.name,
            "positions": len(data[0]),
            "epochs": epochs,
            "rate": rate,
            "rollout_trials": rollout_trials,
            "rollout_plies": rollout_plies,
            "late_rollouts": bool(rollout_trials) and late_rollouts,
            "label_plies": plies,
            "lopsided": added["lopsided"],
            "random_races": added["races"],
            "race": race,
            "contact": None if contact_weights is None else contact_weights.name,
            "bearing": bearing,
            "bar_bearoffs": added["bar"],
            "containment": {kind: added[kind] for kind in _CONTAINMENT},
            "cube_window": added["window"],
            "defence": added["defence"],
            "made_up_weight": made_up_weight,
            "race_network": None if race_weights is None else race_weights.name,
            "bearing_network": None if bearing_weights is None else bearing_weights.name,
            "teacher": None if teacher is None else teacher.name,
        }
    )
    network.meta.pop("supervised", None)
    network.meta["supervised_rounds"] = json.dumps(rounds)
    network.save(run / "checkpoint.npz")
    (run / "curve.json").write_text(json.dumps({"held_out_error": [before, *curve]}, indent=1) + "\n")
    log_line(
        run,
        f"fitted {len(data[0])} positions, {epochs} epochs: held-out equity error {before:.4f} -> "
        + " ".join(f"{e:.4f}" for e in curve),
    )
    return network
