"""Training the network by self-play TD(lambda): ``python -m training.train``.

Seeded and resumable.  A run lives in a directory (``--dir``) holding
``checkpoint.npz`` (weights, games played, the random generator's state),
``snapshots/games-NNNNNNNN.npz`` every ``--snapshot-every`` games (for the
strength-against-training curve) and ``train.log``.  Stopping the process
loses at most the games since the last checkpoint; running the same command
again resumes from it and, because checkpoints fall between games, carries
on exactly as an uninterrupted run would.

How it learns: many games are played side by side so one numpy batch scores
the candidate plays of all of them.  Each side picks the play with the best
0-ply equity (the dice explore).  When a game ends, every position in it
gets the offline lambda-return as target: the final result for the last
position, and for earlier ones ``(1 - lambda)`` times the network's own
estimate one move later plus ``lambda`` times the next position's target.
Bear-off positions (both sides home) can be scored exactly by the bear-off
database instead (``--bearoff``), which anchors the end of most races.

No peer engine is involved: the only teacher is the game's outcome.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot.batch import Boards, Probs, checkers_off, equity, flip, flip_boards, won_outcomes
from gammond.engine.bot.features import FEATURE_VERSION, INPUTS, encode
from gammond.engine.bot.network import Network
from gammond.engine.bot.neural import score_boards
from gammond.engine.position import Position, flip_board

Exact = Callable[[Boards], tuple[np.ndarray, Probs]]
Board = tuple[int, ...]
_START: Board = Position.starting().board


@dataclass
class Settings:
    """Hyper-parameters of a run (stored in the checkpoint's metadata)."""

    seed: int = 1
    hidden: int = 128
    lam: float = 0.7
    rate: float = 0.01
    rate_floor: float = 0.002
    rate_halflife: int = 100_000
    parallel: int = 64

    def rate_at(self, games: int) -> float:
        """Learning rate after ``games``: halves every ``rate_halflife``, floored."""
        return max(self.rate * math.pow(0.5, games / self.rate_halflife), self.rate_floor)


@dataclass
class _Game:
    board: Board
    states: list[Board] = field(default_factory=list)
    estimates: list[np.ndarray] = field(default_factory=list)


def _after_play(network: Network, results: Boards, exact: Exact | None) -> Probs:
    """Mover's probabilities after each result board (see :func:`gammond.engine.bot.batch.after_play`)."""
    mine_off, _ = checkers_off(results)
    done = mine_off == 15
    out = np.empty((results.shape[0], 5))
    out[done] = won_outcomes(results[done])
    live = ~done
    theirs = flip_boards(results[live])
    values = score_boards(network, theirs)
    if exact is not None:
        mask, probs = exact(theirs)
        values[mask] = probs
    out[live] = flip(values)
    return out


def lambda_targets(estimates: Sequence[np.ndarray], outcome: np.ndarray, lam: float) -> np.ndarray:
    """Offline lambda-returns for one game's positions, each from its mover's view.

    ``estimates[t]`` is the mover's estimate just after their play at ``t``
    (the network's view of the next position, flipped back); ``outcome`` is
    the last mover's result.

    >>> import numpy as np
    >>> win = np.array([1.0, 1.0, 0, 0, 0])
    >>> t = lambda_targets([np.full(5, 0.5), win], win, lam=1.0)
    >>> t[0].tolist(), t[1].tolist()
    ([0.0, 0.0, 0.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0, 0.0])
    """
    targets = np.empty((len(estimates), 5))
    following = outcome
    targets[-1] = outcome
    for t in range(len(estimates) - 2, -1, -1):
        following = (1.0 - lam) * estimates[t] + lam * flip(following[None, :])[0]
        targets[t] = following
    return targets


def _opening(rng: np.random.Generator) -> tuple[int, int]:
    while True:
        d1, d2 = (int(v) for v in rng.integers(1, 7, size=2))
        if d1 != d2:
            return d1, d2


def play_games(
    network: Network,
    count: int,
    rng: np.random.Generator,
    settings: Settings,
    games_before: int,
    exact: Exact | None = None,
) -> dict[str, float]:
    """Play ``count`` self-play games, learning after each one; returns statistics."""
    active: list[_Game] = []
    started = finished = 0
    plies = 0
    gammons = 0
    losses: list[float] = []
    while finished < count:
        while started < count and len(active) < settings.parallel:
            active.append(_Game(_START))
            started += 1
        rolls = [
            _opening(rng) if not g.states else tuple(int(v) for v in rng.integers(1, 7, 2)) for g in active
        ]
        candidates: list[Board] = []
        spans = []
        for game, (d1, d2) in zip(active, rolls):
            results = [board for _, board in kernel.generate(game.board, d1, d2)] or [game.board]
            spans.append((len(candidates), len(candidates) + len(results)))
            candidates.extend(results)
        values = _after_play(network, np.array(candidates, dtype=np.int8), exact)
        eq = equity(values)
        still: list[_Game] = []
        done: list[tuple[_Game, np.ndarray]] = []
        for game, (lo, hi) in zip(active, spans):
            best = lo + int(np.argmax(eq[lo:hi]))
            game.states.append(game.board)
            game.estimates.append(values[best])
            plies += 1
            if not any(n > 0 for n in candidates[best][1:]):
                done.append((game, values[best]))
            else:
                game.board = flip_board(candidates[best])
                still.append(game)
        active = still
        for game, outcome in done:
            gammons += int(outcome[1] > 0)
            targets = lambda_targets(game.estimates, outcome, settings.lam)
            x = encode(np.array(game.states, dtype=np.int8))
            rate = settings.rate_at(games_before + finished)
            losses.append(network.train_step(x, targets.astype(np.float32), rate))
            finished += 1
    return {
        "plies": plies / max(count, 1),
        "loss": float(np.mean(losses)) if losses else 0.0,
        "gammons": gammons / max(count, 1),
    }


def _rng_state(rng: np.random.Generator) -> str:
    return json.dumps(rng.bit_generator.state)


def _restore_rng(state: str) -> np.random.Generator:
    rng = np.random.default_rng()
    rng.bit_generator.state = json.loads(state)
    return rng


def log_line(run: Path, line: str) -> None:
    """Append a time-stamped line to the run's ``train.log`` and echo it."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    with (run / "train.log").open("a", encoding="utf-8") as log:
        log.write(f"{stamp} {line}\n")
    print(f"{stamp} {line}", flush=True)


def _start_or_resume(
    run: Path, settings: Settings, fork: Path | None = None
) -> tuple[Network, np.random.Generator, int]:
    """Resume ``run``; else start it from ``fork``'s weights with fresh dice; else from scratch."""
    checkpoint = run / "checkpoint.npz"
    if checkpoint.exists():
        network = Network.load(checkpoint)
        games = int(network.meta["games"])
        return network, _restore_rng(str(network.meta["rng"])), games
    if fork is not None:
        network = Network.load(fork)
        network.meta["forked_from"] = str(fork)
        return network, np.random.default_rng(settings.seed), int(network.meta.get("games", 0))
    network = Network.initial(INPUTS, settings.hidden, settings.seed)
    network.meta.update(feature_version=FEATURE_VERSION, games=0)
    return network, np.random.default_rng(settings.seed), 0


def train(
    run: Path,
    games: int,
    settings: Settings,
    checkpoint_every: int = 500,
    snapshot_every: int = 5000,
    exact: Exact | None = None,
    fork: Path | None = None,
) -> Network:
    """Train (or resume) the run in ``run`` until ``games`` self-play games in all.

    A new run can start from another run's weights (``fork``) with its own
    dice, seeded by ``settings.seed``.
    """
    run.mkdir(parents=True, exist_ok=True)
    network, rng, done = _start_or_resume(run, settings, fork)
    network.meta["settings"] = json.dumps(settings.__dict__)
    log_line(run, f"start at {done} games, target {games}, {json.dumps(settings.__dict__)}")
    while done < games:
        chunk = min(checkpoint_every - done % checkpoint_every, games - done)
        began = time.perf_counter()
        stats = play_games(network, chunk, rng, settings, done, exact)
        done += chunk
        network.meta.update(games=done, rng=_rng_state(rng))
        network.save(run / "checkpoint.npz")
        if done % snapshot_every == 0:
            network.save(run / "snapshots" / f"games-{done:08d}.npz")
        per_game = (time.perf_counter() - began) / chunk
        log_line(
            run,
            f"games {done} loss {stats['loss']:.4f} plies/game {stats['plies']:.1f} gammons {stats['gammons']:.3f} "
            f"rate {settings.rate_at(done):.4f} {per_game * 1000:.1f} ms/game",
        )
    return network


def average(paths: Sequence[Path]) -> Network:
    """The mean of several snapshots' weights (same shape, same run).

    TD weights wander from one checkpoint to the next; the mean of the
    last few snapshots plays consistently better than any one of them.
    """
    networks = [Network.load(p) for p in paths]
    mean = networks[-1].copy()
    mean.w1 = np.mean([n.w1 for n in networks], axis=0).astype(np.float32)
    mean.b1 = np.mean([n.b1 for n in networks], axis=0).astype(np.float32)
    mean.w2 = np.mean([n.w2 for n in networks], axis=0).astype(np.float32)
    mean.b2 = np.mean([n.b2 for n in networks], axis=0).astype(np.float32)
    mean.meta.pop("rng", None)
    # A snapshot is named by its run (run/snapshots/games-N.npz), a round's checkpoint by its round's directory.
    runs = [p.parent.parent.name if p.parent.name == "snapshots" else p.parent.name for p in paths]
    mean.meta["averaged"] = json.dumps([f"{run}/{p.name}" for run, p in zip(runs, paths)])
    mean.meta["games"] = max(int(n.meta.get("games", 0)) for n in networks)
    return mean


def ensemble(paths: Sequence[Path]) -> Network:
    """One wider network that averages several networks' output logits.

    The members' hidden layers sit side by side and each member's output
    weights are divided by their number, so the new network's output is
    the sigmoid of the members' mean pre-sigmoid output: an ensemble that
    is still one network of the same shape, which every search and the
    compiled kernel run unchanged.  Networks trained apart make different
    errors, and the mean of their logits makes fewer (docs/model-card.md,
    "An ensemble"); the price is the wider hidden layer's time.
    """
    networks = [Network.load(p) for p in paths]
    # Same input count is not enough: an encoding of another version has the same shape.
    encodings = [(n.inputs, int(n.meta.get("feature_version", FEATURE_VERSION))) for n in networks]
    if len(set(encodings)) != 1:
        described = ", ".join(f"{p} ({k} inputs, v{v})" for p, (k, v) in zip(paths, encodings))
        raise ValueError(f"ensemble members take different inputs: {described}")
    share = np.float32(1.0 / len(networks))
    joined = Network(
        np.concatenate([n.w1 for n in networks], axis=1),
        np.concatenate([n.b1 for n in networks]),
        np.concatenate([n.w2 * share for n in networks]),
        (np.sum([n.b2 for n in networks], axis=0) * share).astype(np.float32),
        {
            "feature_version": networks[0].meta.get("feature_version", FEATURE_VERSION),
            "games": max(int(n.meta.get("games", 0)) for n in networks),
            "ensemble": json.dumps([f"{p.parent.name}/{p.name}" for p in paths]),
            # Each member's own record (its TD run, its supervised rounds), minus resume state.
            "members": json.dumps([{k: v for k, v in n.meta.items() if k != "rng"} for n in networks]),
        },
    )
    return joined


def _bearoff_exact() -> Exact:
    from gammond.engine.bot.bearoff import exact_probabilities

    return exact_probabilities


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m training.train", description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=Path("training/run"), help="run directory")
    parser.add_argument("--games", type=int, default=10_000, help="total games to reach")
    parser.add_argument("--seed", type=int, default=Settings.seed)
    parser.add_argument("--hidden", type=int, default=Settings.hidden)
    parser.add_argument("--lam", type=float, default=Settings.lam)
    parser.add_argument("--rate", type=float, default=Settings.rate)
    parser.add_argument("--rate-floor", type=float, default=Settings.rate_floor)
    parser.add_argument("--rate-halflife", type=int, default=Settings.rate_halflife)
    parser.add_argument("--parallel", type=int, default=Settings.parallel)
    parser.add_argument("--checkpoint-every", type=int, default=500)
    parser.add_argument("--snapshot-every", type=int, default=5000)
    parser.add_argument("--bearoff", action="store_true", help="score bear-offs exactly")
    parser.add_argument("--fork", type=Path, help="start a new run from these weights, with its own dice")
    parser.add_argument("--supervise", action="store_true", help="a supervised round on our search's labels")
    parser.add_argument(
        "--label-plies",
        type=int,
        choices=(1, 2),
        default=1,
        help="how deep the search labelling a round looks",
    )
    parser.add_argument("--from", dest="start", type=Path, help="weights a supervised round starts from")
    parser.add_argument("--positions", type=int, default=40_000, help="positions a supervised round labels")
    parser.add_argument("--epochs", type=int, default=30, help="epochs a supervised round fits")
    parser.add_argument("--fit-rate", type=float, default=0.003, help="a supervised round's first Adam rate")
    parser.add_argument(
        "--chunk", type=int, default=2000, help="self-play positions a labelled chunk is drawn from"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes labelling a supervised round")
    parser.add_argument(
        "--rollout-trials",
        type=int,
        default=0,
        help="label a round's late positions by rollouts of this many games",
    )
    parser.add_argument(
        "--lopsided", type=int, default=0, help="rollout-labelled one-sided game ends a round adds"
    )
    parser.add_argument(
        "--race",
        action="store_true",
        help="a round of the race network: self-play's races only, each labelled by --rollout-trials rollouts",
    )
    parser.add_argument(
        "--random-races", type=int, default=0, help="with --race: rollout-labelled random races a round adds"
    )
    parser.add_argument(
        "--contact",
        type=Path,
        help="with --race or --bearing: weights that play the rest of the self-play (default: --from's)",
    )
    parser.add_argument(
        "--bearing",
        action="store_true",
        help="a round of the bearing network: self-play's bear-offs in contact only, labelled by rollouts",
    )
    parser.add_argument(
        "--race-weights",
        type=Path,
        help="in a bearing or main round: the race network that scores the self-play's races",
    )
    parser.add_argument(
        "--bearing-weights",
        type=Path,
        help="in a main round: the bearing network that scores bear-offs in contact (the round drops them)",
    )
    parser.add_argument(
        "--teacher", type=Path, help="in a main round: the network whose search labels (default: --from's)"
    )
    parser.add_argument(
        "--bar-bearoffs", type=int, default=0, help="rollout-labelled bear-offs against the bar a round adds"
    )
    parser.add_argument(
        "--containment",
        type=int,
        default=0,
        help="rollout-labelled positions of each containment family a round adds (training/containment.py)",
    )
    parser.add_argument(
        "--cube-window",
        type=int,
        default=0,
        help="rollout-labelled self-play positions where the cube is live (0-ply win 0.55-0.90) a round adds",
    )
    parser.add_argument(
        "--defence",
        type=int,
        default=0,
        help="rollout-labelled positions after the defender's candidate plays in containment games (training/defence.py)",
    )
    parser.add_argument(
        "--made-up-weight",
        type=int,
        default=1,
        help="how many times a round's fit sees each rollout-labelled made-up position",
    )
    parser.add_argument(
        "--rollout-plies",
        type=int,
        choices=(0, 1),
        default=0,
        help="how deep each side of a rollout label looks (1: about fifty times slower)",
    )
    parser.add_argument(
        "--no-late-rollouts",
        action="store_true",
        help="--rollout-trials label the made-up positions only, not the self-play's late ones",
    )
    parser.add_argument("--ship", type=Path, help="write this checkpoint as the release weights and stop")
    parser.add_argument(
        "--ship-as", help="with --ship: the weights' name, if not the main network's (race-1, bearing-1)"
    )
    parser.add_argument("--average", type=Path, nargs="+", help="snapshots to average into --out")
    parser.add_argument(
        "--ensemble", type=Path, nargs="+", help="networks to join into one wider network at --out"
    )
    parser.add_argument("--out", type=Path, help="where --average or --ensemble writes")
    args = parser.parse_args(argv)
    if args.average:
        if args.out is None:
            parser.error("--average needs --out FILE")
        average(args.average).save(args.out)
        return
    if args.ensemble:
        if args.out is None:
            parser.error("--ensemble needs --out FILE")
        ensemble(args.ensemble).save(args.out)
        return
    if args.ship:
        from gammond.engine.bot.model import ship

        print(ship(args.ship, name=args.ship_as) if args.ship_as else ship(args.ship))
        return
    if args.supervise:
        from training.supervise import supervised_round

        if args.start is None:
            parser.error("--supervise needs --from WEIGHTS")
        supervised_round(
            args.dir,
            args.start,
            args.positions,
            args.seed,
            args.epochs,
            args.fit_rate,
            chunk=args.chunk,
            workers=args.workers,
            rollout_trials=args.rollout_trials,
            lopsided=args.lopsided,
            plies=args.label_plies,
            race=args.race,
            contact_weights=args.contact,
            races=args.random_races,
            bearing=args.bearing,
            race_weights=args.race_weights,
            bar=args.bar_bearoffs,
            bearing_weights=args.bearing_weights,
            teacher=args.teacher,
            containment=args.containment,
            late_rollouts=not args.no_late_rollouts,
            cube_window=args.cube_window,
            made_up_weight=args.made_up_weight,
            rollout_plies=args.rollout_plies,
            defence=args.defence,
        )
        return
    settings = Settings(
        args.seed, args.hidden, args.lam, args.rate, args.rate_floor, args.rate_halflife, args.parallel
    )
    exact = _bearoff_exact() if args.bearoff else None
    train(args.dir, args.games, settings, args.checkpoint_every, args.snapshot_every, exact, args.fork)


if __name__ == "__main__":
    main()
