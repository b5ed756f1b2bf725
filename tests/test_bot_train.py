"""Training: a tiny smoke run through the checkpoint and resume cycle."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gammond.engine.bot.network import Network
from training.train import Settings, main, train

TINY = Settings(seed=3, hidden=6, parallel=2)


def _weights(run: Path) -> list[np.ndarray]:
    network = Network.load(run / "checkpoint.npz")
    return [network.w1, network.b1, network.w2, network.b2]


def test_a_stopped_and_resumed_run_ends_where_an_unbroken_run_ends(tmp_path: Path) -> None:
    train(tmp_path / "broken", 2, TINY, checkpoint_every=2)
    assert Network.load(tmp_path / "broken" / "checkpoint.npz").meta["games"] == 2
    train(tmp_path / "broken", 4, TINY, checkpoint_every=2)
    train(tmp_path / "whole", 4, TINY, checkpoint_every=2)
    for resumed, whole in zip(_weights(tmp_path / "broken"), _weights(tmp_path / "whole")):
        assert np.array_equal(resumed, whole)


def test_training_changes_the_weights_and_logs_each_checkpoint(tmp_path: Path) -> None:
    run = tmp_path / "run"
    main(
        [
            "--dir",
            str(run),
            "--games",
            "2",
            "--hidden",
            "6",
            "--parallel",
            "2",
            "--seed",
            "3",
            "--checkpoint-every",
            "1",
            "--snapshot-every",
            "2",
            "--bearoff",
        ]
    )
    trained = Network.load(run / "checkpoint.npz")
    first = Network.initial(trained.inputs, 6, 3)
    assert not np.array_equal(trained.w1, first.w1)
    assert (run / "snapshots" / "games-00000002.npz").exists()
    log = (run / "train.log").read_text(encoding="utf-8")
    assert "games 1 " in log and "games 2 " in log


def test_different_seeds_train_different_networks(tmp_path: Path) -> None:
    train(tmp_path / "a", 2, Settings(seed=1, hidden=6, parallel=2), checkpoint_every=2)
    train(tmp_path / "b", 2, Settings(seed=2, hidden=6, parallel=2), checkpoint_every=2)
    assert not np.array_equal(_weights(tmp_path / "a")[0], _weights(tmp_path / "b")[0])


def test_averaged_snapshots_take_the_mean_of_their_weights(tmp_path: Path) -> None:
    from training.train import average

    a, b = Network.initial(10, 4, seed=1), Network.initial(10, 4, seed=2)
    a.meta.update(games=10)
    b.meta.update(games=20)
    a.save(tmp_path / "a.npz")
    b.save(tmp_path / "b.npz")
    main(["--average", str(tmp_path / "a.npz"), str(tmp_path / "b.npz"), "--out", str(tmp_path / "mean.npz")])
    mean = Network.load(tmp_path / "mean.npz")
    assert np.allclose(mean.w1, (a.w1 + b.w1) / 2) and np.allclose(mean.b2, (a.b2 + b.b2) / 2)
    assert mean.meta["games"] == 20
    assert np.array_equal(average([tmp_path / "a.npz"]).w1, a.w1)


def test_a_forked_run_starts_from_the_parent_weights_with_its_own_dice(tmp_path: Path) -> None:
    train(tmp_path / "parent", 2, TINY, checkpoint_every=2)
    parent = tmp_path / "parent" / "checkpoint.npz"
    fork = Settings(seed=9, hidden=6, parallel=2)
    child = train(tmp_path / "child", 2, fork, checkpoint_every=2, fork=parent)
    assert np.array_equal(child.w1, Network.load(parent).w1)
    grown = train(tmp_path / "child", 4, fork, checkpoint_every=2)
    again = train(tmp_path / "parent", 4, TINY, checkpoint_every=2)
    assert not np.array_equal(grown.w1, again.w1)


def test_a_supervised_round_fits_its_labels_and_resumes_without_relabelling(tmp_path: Path) -> None:
    import json

    from gammond.engine.bot.features import INPUTS
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    supervised_round(run, start, positions=120, seed=5, epochs=3, rate=0.01, chunk=40)
    curve = json.loads((run / "curve.json").read_text())["held_out_error"]
    assert len(curve) == 4 and curve[-1] < curve[0]
    labelled = sorted(p.name for p in (run / "labels").iterdir())
    assert labelled == ["chunk-0000.npz", "chunk-0001.npz", "chunk-0002.npz"]
    before = (run / "train.log").read_text().count("labelled chunk")
    supervised_round(run, start, positions=120, seed=5, epochs=1, rate=0.01, chunk=40)
    assert (run / "train.log").read_text().count("labelled chunk") == before
