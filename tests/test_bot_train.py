"""Training: a tiny smoke run through the checkpoint and resume cycle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gammond.engine.bot.network import Network
from training.gammon_rate import gammon_rate
from training.train import Settings, main, train

TINY = Settings(seed=3, hidden=6, parallel=2)


def _saved(path: Path, inputs: int, hidden: int, seed: int, **meta: int) -> Network:
    """A fresh network with ``meta`` added, saved at ``path``."""
    network = Network.initial(inputs, hidden, seed=seed)
    network.meta.update(meta)
    network.save(path)
    return network


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

    a = _saved(tmp_path / "a.npz", 10, 4, seed=1, games=10)
    b = _saved(tmp_path / "b.npz", 10, 4, seed=2, games=20)
    main(["--average", str(tmp_path / "a.npz"), str(tmp_path / "b.npz"), "--out", str(tmp_path / "mean.npz")])
    mean = Network.load(tmp_path / "mean.npz")
    assert np.allclose(mean.w1, (a.w1 + b.w1) / 2) and np.allclose(mean.b2, (a.b2 + b.b2) / 2)
    assert mean.meta["games"] == 20
    assert np.array_equal(average([tmp_path / "a.npz"]).w1, a.w1)


def test_an_ensemble_is_one_network_whose_output_is_the_sigmoid_of_its_members_mean_logit(
    tmp_path: Path,
) -> None:
    import json

    from gammond.engine.bot.network import sigmoid

    members = [Network.initial(10, hidden, seed=seed) for hidden, seed in ((4, 1), (3, 2), (5, 3))]
    for i, member in enumerate(members):
        member.b2 += np.float32(0.1 * (i + 1))
        member.meta.update(games=10 * (i + 1), feature_version=1)
        member.save(tmp_path / f"m{i}.npz")
    paths = [str(tmp_path / f"m{i}.npz") for i in range(3)]
    main(["--ensemble", *paths, "--out", str(tmp_path / "joined.npz")])
    joined = Network.load(tmp_path / "joined.npz")
    assert joined.hidden == 12 and joined.inputs == 10
    x = np.random.default_rng(0).standard_normal((7, 10)).astype(np.float32)
    logits = [sigmoid(x @ m.w1 + m.b1) @ m.w2 + m.b2 for m in members]
    assert np.allclose(joined.forward(x), sigmoid(np.mean(logits, axis=0)), atol=1e-6)
    assert joined.meta["games"] == 30
    assert json.loads(joined.meta["ensemble"]) == [f"{tmp_path.name}/m{i}.npz" for i in range(3)]
    assert [m["games"] for m in json.loads(joined.meta["members"])] == [10, 20, 30]


def test_an_ensemble_refuses_members_with_different_inputs(tmp_path: Path) -> None:
    import pytest

    from training.train import ensemble

    _saved(tmp_path / "a.npz", 10, 4, seed=1)
    _saved(tmp_path / "b.npz", 11, 4, seed=2)
    with pytest.raises(ValueError, match="different inputs"):
        ensemble([tmp_path / "a.npz", tmp_path / "b.npz"])


def test_an_ensemble_refuses_members_of_another_encoding_version_and_names_them(tmp_path: Path) -> None:
    import pytest

    from training.train import ensemble

    _saved(tmp_path / "old.npz", 10, 4, seed=1, feature_version=0)
    _saved(tmp_path / "new.npz", 10, 4, seed=2, feature_version=1)
    with pytest.raises(ValueError, match=r"different inputs: .*old\.npz \(10 inputs, v0\)"):
        ensemble([tmp_path / "old.npz", tmp_path / "new.npz"])


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


def test_a_round_can_be_labelled_by_the_two_ply_search(tmp_path: Path) -> None:
    import json

    from gammond.engine import Position
    from gammond.engine.bot import shipped_evaluator
    from gammond.engine.bot.features import INPUTS
    from gammond.engine.bot.search import on_roll_values
    from training.supervise import label_chunk, supervised_round

    boards = [Position.starting().board, Position.from_id("sGfwATDgc/ABMA").board]
    deep = label_chunk(shipped_evaluator(), boards, plies=2)
    assert np.allclose(deep, on_roll_values(shipped_evaluator(), boards, 2))
    assert not np.allclose(deep, label_chunk(shipped_evaluator(), boards))
    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    network = supervised_round(tmp_path / "round", start, 80, seed=5, epochs=1, chunk=40, plies=2)
    assert json.loads(str(network.meta["supervised_rounds"]))[-1]["label_plies"] == 2


def test_late_positions_are_races_and_those_with_a_checker_off() -> None:
    from gammond.engine import Position
    from training.supervise import late

    race = Position.from_sides([3, 3] + [0] * 23, [0] * 5 + [15] + [0] * 19)
    one_off = Position.from_sides([2] * 7 + [0] * 18, [0] * 12 + [15] + [0] * 12)
    boards = np.array([Position.starting().board, race.board, one_off.board], dtype=np.int8)
    assert late(boards).tolist() == [False, True, True]


def test_rollout_labels_of_bear_offs_agree_with_the_database_within_their_standard_error() -> None:
    from gammond.engine import Position
    from gammond.engine.bot import shipped_evaluator
    from gammond.engine.bot.bearoff import exact_probabilities
    from training.supervise import rollout_labels

    sides = [([2, 1, 1, 0, 2, 1], [1, 2, 0, 2, 1, 0]), ([0, 0, 3, 0, 2, 2], [3, 1, 1, 1, 0, 0])]
    boards = np.array(
        [Position.from_sides(a + [0] * 19, b + [0] * 19).board for a, b in sides], dtype=np.int8
    )
    trials = 720
    labels = rollout_labels(shipped_evaluator(), boards, trials, np.random.default_rng(3))
    _, exact = exact_probabilities(boards)
    error = np.sqrt(exact[:, 0] * (1 - exact[:, 0]) / trials)
    assert (np.abs(labels[:, 0] - exact[:, 0]) <= 4 * error + 1e-9).all()
    again = rollout_labels(shipped_evaluator(), boards, trials, np.random.default_rng(3))
    assert np.array_equal(labels, again)


def test_one_ply_rollout_labels_are_the_apis_one_ply_rollouts_with_seeds_drawn_in_turn() -> None:
    from gammond.engine import Position
    from gammond.engine.bot import shipped_evaluator
    from gammond.engine.bot.rollout import RolloutSettings, rollout
    from training.supervise import rollout_labels

    sides = [([2, 1, 1, 0, 2, 1], [1, 2, 0, 2, 1, 0]), ([0, 0, 3, 0, 2, 2], [3, 1, 1, 1, 0, 0])]
    boards = np.array(
        [Position.from_sides(a + [0] * 19, b + [0] * 19).board for a, b in sides], dtype=np.int8
    )
    labels = rollout_labels(shipped_evaluator(), boards, 3, np.random.default_rng(9), plies=1)
    seeds = np.random.default_rng(9)
    for board, row in zip(boards, labels):
        settings = RolloutSettings(trials=3, plies=1, seed=int(seeds.integers(2**31)))
        p = rollout(Position(tuple(int(v) for v in board)), shipped_evaluator(), settings).probabilities
        assert row.tolist() == [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]
    with pytest.raises(ValueError, match="0 or 1 ply"):
        rollout_labels(shipped_evaluator(), boards, 3, np.random.default_rng(9), plies=2)


def test_a_round_records_how_deep_its_rollout_labels_looked(tmp_path: Path) -> None:
    import json

    from gammond.engine.bot.model import WEIGHTS_DIR
    from training.supervise import supervised_round

    start = WEIGHTS_DIR / "gammond-3.npz"
    network = supervised_round(
        tmp_path / "round",
        start,
        20,
        seed=5,
        epochs=1,
        chunk=10,
        rollout_trials=1,
        containment=2,
        rollout_plies=1,
    )
    assert json.loads(str(network.meta["supervised_rounds"]))[-1]["rollout_plies"] == 1
    with pytest.raises(ValueError, match="0 or 1 ply"):
        supervised_round(tmp_path / "r2", start, 20, seed=5, rollout_trials=1, rollout_plies=2)


def test_a_round_with_rollout_labels_lists_its_trials_and_lopsided_positions_among_the_rounds_behind_it(
    tmp_path: Path,
) -> None:
    import json

    from gammond.engine.bot.features import INPUTS
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    network = supervised_round(run, start, 80, seed=5, epochs=1, chunk=40, rollout_trials=3, lopsided=40)
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]
    assert behind["rollout_trials"] == 3
    assert behind["lopsided"] == len(np.load(run / "labels" / "lopsided-0000.npz")["y"]) > 30


# A phase round long enough for its games to reach races and bear-offs: chunks of 3,000.
LONG_ROUND: dict[str, Any] = {"seed": 5, "epochs": 1, "chunk": 3000, "rollout_trials": 2}


def _assert_rollout_labelled(
    run: Path, names: tuple[str, ...], in_phase: Callable[[np.ndarray], np.ndarray]
) -> None:
    """Each named label file holds positions of the round's phase only, each labelled by two rollouts."""
    for name in names:
        chunk = np.load(run / "labels" / name)
        boards, labels = chunk["boards"], chunk["y"]
        assert len(boards) > 5 and in_phase(boards).all()
        # Every label is a rollout's: two played-out games, so each win chance is 0, 1/2 or 1.
        assert set(np.unique(labels[:, 0] * 2)) <= {0.0, 1.0, 2.0}


def test_a_race_round_keeps_only_races_and_labels_each_by_its_rollouts(tmp_path: Path) -> None:
    import json

    from gammond.engine.bot.features import INPUTS, contact
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    with pytest.raises(ValueError, match="rollout"):
        supervised_round(run, start, 400, seed=5, epochs=1, chunk=400, race=True)
    with pytest.raises(ValueError, match="give race"):
        supervised_round(
            run, start, 400, seed=5, epochs=1, chunk=400, rollout_trials=2, contact_weights=start
        )
    # Long chunks: races come late in a game.  A contact network plays the rest of the game.
    contact_net = tmp_path / "contact.npz"
    Network.initial(INPUTS, 6, seed=6).save(contact_net)
    network = supervised_round(
        run, start, 6000, **LONG_ROUND, race=True, contact_weights=contact_net, lopsided=300, races=200
    )
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]
    assert (
        behind["race"] is True and behind["contact"] == "contact.npz" and 0 < behind["random_races"] <= 3000
    )
    _assert_rollout_labelled(
        run, ("chunk-0001.npz", "lopsided-0000.npz", "races-0000.npz"), lambda b: ~contact(b)
    )


def test_a_bearing_round_keeps_only_bear_offs_in_contact_and_labels_each_by_its_rollouts(
    tmp_path: Path,
) -> None:
    import json

    from gammond.engine.bot.features import INPUTS, bearing
    from gammond.engine.bot.model import WEIGHTS_DIR
    from training.supervise import supervised_round

    start, race_net = tmp_path / "start.npz", tmp_path / "race.npz"
    for seed, path in enumerate((start, race_net)):
        Network.initial(INPUTS, 6, seed=seed).save(path)
    # A trained network plays the contact part, so the games reach their bear-offs.
    contact_net = WEIGHTS_DIR / "gammond-3.npz"
    run = tmp_path / "round"
    with pytest.raises(ValueError, match="not both"):
        supervised_round(run, start, 400, seed=5, chunk=400, rollout_trials=2, race=True, bearing=True)
    with pytest.raises(ValueError, match="race round"):
        supervised_round(
            run, start, 400, seed=5, chunk=400, rollout_trials=2, race=True, race_weights=race_net
        )
    with pytest.raises(ValueError, match="main network"):
        supervised_round(
            run, start, 400, seed=5, chunk=400, rollout_trials=2, bearing=True, bearing_weights=race_net
        )
    with pytest.raises(ValueError, match="give rollout_trials"):
        supervised_round(run, start, 400, seed=5, chunk=400, bearing=True)
    network = supervised_round(
        run,
        start,
        6000,
        **LONG_ROUND,
        bearing=True,
        contact_weights=contact_net,
        race_weights=race_net,
        bar=200,
    )
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]
    assert behind["bearing"] is True and behind["race_network"] == "race.npz" and behind["bar_bearoffs"] > 200
    _assert_rollout_labelled(run, ("chunk-0000.npz", "chunk-0001.npz", "bar-0000.npz"), bearing)


def test_random_races_have_no_contact_and_stragglers_on_both_sides_and_repeat_with_their_seed() -> None:
    from gammond.engine import Position
    from gammond.engine.bot.bearoff import home_boards
    from gammond.engine.bot.features import contact
    from training.supervise import random_races

    boards = np.array(random_races(400, np.random.default_rng(9)), dtype=np.int8)
    assert len(boards) > 300 and not contact(boards).any() and not home_boards(boards).any()
    assert all(not Position(tuple(int(v) for v in b)).is_game_over() for b in boards)
    # Checkers outside home on either side, not only the leader's.
    assert (boards[:, 7:25] > 0).any(axis=1).mean() > 0.3 and (boards[:, 1:19] < 0).any(axis=1).mean() > 0.3
    assert np.array_equal(boards, np.array(random_races(400, np.random.default_rng(9)), dtype=np.int8))


def test_bar_bearoffs_keep_contact_with_a_checker_on_the_bar_and_either_side_on_roll() -> None:
    from gammond.engine import Position
    from gammond.engine.bot.features import contact
    from training.supervise import bar_bearoffs

    # Many seeds: every draw must make a legal position (at most 15 checkers a side).
    boards = np.array(
        [b for seed in range(8) for b in bar_bearoffs(300, np.random.default_rng(seed))], dtype=np.int8
    )
    assert len(boards) == 2400 and contact(boards).all()
    assert all(not Position(tuple(int(v) for v in b)).is_game_over() for b in boards)
    # The bar is slot 25 for the player on roll, slot 0 for the other side.
    on_roll_barred = boards[:, 25] > 0
    assert (on_roll_barred | (boards[:, 0] < 0)).all()
    assert 0.3 < on_roll_barred.mean() < 0.7


def test_lopsided_positions_have_checkers_off_on_one_side_only() -> None:
    from gammond.engine import Position
    from gammond.engine.bot.batch import checkers_off
    from training.supervise import late, lopsided_positions

    boards = np.array(lopsided_positions(300, np.random.default_rng(8)), dtype=np.int8)
    mine, theirs = checkers_off(boards)
    assert ((mine > 0) != (theirs > 0)).all() and late(boards).all()
    assert all(not Position(tuple(b)).is_game_over() for b in boards)
    # Both the leader and the trailer get to be on roll.
    assert 0.3 < (mine > 0).mean() < 0.7


def test_the_gammon_rate_of_self_play_is_a_share_of_finished_games_and_repeats_with_its_seed() -> None:
    rate, error, unfinished = gammon_rate(60, seed=4)
    assert 0.0 < rate < 1.0 and error > 0.0 and unfinished == 0
    # Every game is played to its end, so each counts 0 or 1: the rate is a multiple of 1/60.
    assert abs(rate * 60 - round(rate * 60)) < 1e-9
    assert gammon_rate(60, seed=4) == (rate, error, unfinished)


def test_a_main_round_beside_phase_networks_keeps_their_positions_out_and_labels_by_its_teachers_search(
    tmp_path: Path,
) -> None:
    import json

    from gammond.engine.bot.features import INPUTS, bearing, contact
    from gammond.engine.bot.model import WEIGHTS_DIR, GammondEvaluator
    from gammond.engine.bot.search import on_roll_values
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    teacher, race_net, bearing_net = (
        WEIGHTS_DIR / f"{name}.npz" for name in ("gammond-3", "race-1", "bearing-1")
    )
    run = tmp_path / "round"
    network = supervised_round(
        run,
        start,
        6000,
        seed=5,
        epochs=1,
        chunk=3000,
        race_weights=race_net,
        bearing_weights=bearing_net,
        teacher=teacher,
    )
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]
    assert (behind["teacher"], behind["race_network"], behind["bearing_network"]) == (
        "gammond-3.npz",
        "race-1.npz",
        "bearing-1.npz",
    )
    chunk = np.load(run / "labels" / "chunk-0000.npz")
    boards, labels = chunk["boards"], chunk["y"]
    # A trained teacher's games reach races and bear-offs; the round kept none of them.
    assert 1000 < len(boards) < 3000
    assert contact(boards).all() and not bearing(boards).any()
    # The labels are the teacher's 1-ply search, its phase networks scoring the races and bear-offs it reaches.
    player = (
        GammondEvaluator(Network.load(teacher), "gammond-3")
        .with_race(Network.load(race_net), "race-1")
        .with_bearing(Network.load(bearing_net), "bearing-1")
    )
    assert np.allclose(labels[:50], on_roll_values(player, [tuple(b) for b in boards[:50]], 1))


def test_a_round_adds_self_play_positions_where_the_cube_is_live_each_labelled_by_its_rollouts(
    tmp_path: Path,
) -> None:
    import json

    from gammond.engine.bot.features import contact
    from gammond.engine.bot.model import WEIGHTS_DIR, GammondEvaluator
    from gammond.engine.bot.search import on_roll_values
    from training.supervise import CUBE_WINDOW, supervised_round

    start = WEIGHTS_DIR / "gammond-6.npz"
    run = tmp_path / "round"
    network = supervised_round(run, start, 40, seed=5, epochs=1, chunk=30, rollout_trials=2, cube_window=30)
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]
    chunk = np.load(run / "labels" / "window-0000.npz")
    boards, labels = chunk["boards"], chunk["y"]
    assert behind["cube_window"] == len(boards) == 30
    assert contact(boards).all()
    win = on_roll_values(GammondEvaluator(Network.load(start), "start"), [tuple(b) for b in boards], 0)[:, 0]
    assert ((win >= CUBE_WINDOW[0]) & (win <= CUBE_WINDOW[1])).all()
    # Two played-out games each: every win chance is 0, 1/2 or 1.
    assert set(np.unique(labels[:, 0] * 2)) <= {0.0, 1.0, 2.0}


def test_cube_window_positions_are_refused_to_a_race_round(tmp_path: Path) -> None:
    from gammond.engine.bot.features import INPUTS
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    with pytest.raises(ValueError, match="cube-window"):
        supervised_round(tmp_path / "r", start, 40, seed=5, race=True, rollout_trials=2, cube_window=30)


@pytest.mark.parametrize(
    ("option", "named"), [({"made_up_weight": 0}, "made_up_weight"), ({"cube_window": -1}, "cube_window")]
)
def test_a_round_refuses_a_made_up_weight_below_one_or_a_negative_cube_window_naming_it(
    tmp_path: Path, option: dict[str, int], named: str
) -> None:
    from gammond.engine.bot.features import INPUTS
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    with pytest.raises(ValueError, match=named):
        supervised_round(tmp_path / "r", start, 40, seed=5, rollout_trials=2, **option)
