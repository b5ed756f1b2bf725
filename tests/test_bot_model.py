"""The input encoding, the network file and the shipped evaluator."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from gammond.engine import Position, legal_plays
from gammond.engine.bot import GammondEvaluator, shipped_evaluator
from gammond.engine.bot.bearoff import exact_probabilities
from gammond.engine.bot.features import INPUTS, SIDE_INPUTS, contact, encode
from gammond.engine.bot.model import VERSION, WEIGHTS_DIR, load_evaluator
from gammond.engine.bot.network import Network, WeightsError


def _positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    position = Position.starting()
    while len(found) < count:
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        after = rng.choice(plays).result if plays else position
        if after.off == 15:
            position = Position.starting()
            continue
        position = after.flipped()
        found.append(position)
    return found


def _boards(positions: list[Position]) -> np.ndarray:
    return np.array([p.board for p in positions], dtype=np.int8)


def test_each_side_is_encoded_alike_so_flipping_swaps_the_halves() -> None:
    positions = _positions(200, seed=1)
    x = encode(_boards(positions))
    y = encode(_boards([p.flipped() for p in positions]))
    assert x.shape == (200, INPUTS)
    assert np.allclose(x[:, :SIDE_INPUTS], y[:, SIDE_INPUTS : 2 * SIDE_INPUTS])
    assert np.allclose(x[:, -1], -y[:, -1])


def test_the_contact_input_agrees_with_the_position() -> None:
    positions = _positions(400, seed=2)
    assert contact(_boards(positions)).tolist() == [not p.is_race() for p in positions]


def test_the_shipped_evaluator_gives_consistent_probabilities() -> None:
    positions = _positions(300, seed=3)
    probs = shipped_evaluator().evaluate_boards(_boards(positions))
    win, wg, wbg, lg, lbg = probs.T
    assert ((0 <= wbg) & (wbg <= wg) & (wg <= win) & (win <= 1)).all()
    assert ((0 <= lbg) & (lbg <= lg) & (lg <= 1 - win + 1e-12)).all()


def test_a_side_with_a_checker_off_cannot_lose_a_gammon() -> None:
    positions = [p for p in _positions(1500, seed=4) if p.off or p.opponent_off]
    probs = shipped_evaluator().evaluate_boards(_boards(positions))
    for p, row in zip(positions, probs):
        if p.off:
            assert row[3] == 0.0
        if p.opponent_off:
            assert row[1] == 0.0


def test_bear_offs_are_scored_by_the_database_not_the_network() -> None:
    home = Position.from_sides([2, 3, 1, 0, 2, 1] + [0] * 19, [0, 2, 2, 3, 1, 0] + [0] * 19)
    boards = _boards([home])
    assert np.allclose(shipped_evaluator().evaluate_boards(boards), exact_probabilities(boards)[1])


def test_a_lost_game_is_scored_exactly() -> None:
    # Two checkers still in the winner's home board, none off: a backgammon.
    lost = Position.from_sides([0] * 12 + [13] + [0] * 5 + [2] + [0] * 6, [0] * 25)
    p = shipped_evaluator().evaluate([lost])[0]
    assert (p.win, p.lose_gammon, p.lose_backgammon) == (0.0, 1.0, 1.0)
    single = Position.from_sides([0] * 18 + [2] + [0] * 6, [0] * 25)
    q = shipped_evaluator().evaluate([single])[0]
    assert (q.win, q.lose_gammon, q.lose_backgammon) == (0.0, 0.0, 0.0)


def test_the_evaluator_favours_the_player_on_roll_at_the_start() -> None:
    p = shipped_evaluator().evaluate([Position.starting()])[0]
    assert 0.5 < p.win < 0.6 and p.equity > 0


def test_the_shipped_weights_record_their_encoding_and_training() -> None:
    network = Network.load(WEIGHTS_DIR / f"gammond-{VERSION}.npz")
    assert network.inputs == INPUTS
    assert int(network.meta["games"]) > 0


def test_gammond_4_holds_gammond_3_and_gammond_2_beside_a_third_network_with_a_third_of_the_say() -> None:
    import json

    shipped = Network.load(WEIGHTS_DIR / "gammond-4.npz")
    members = json.loads(shipped.meta["ensemble"])
    assert members == ["weights/gammond-3.npz", "weights/gammond-2.npz", "sup-i/checkpoint.npz"]
    assert shipped.hidden == 384
    for offset, name in ((0, "gammond-3"), (128, "gammond-2")):
        member = Network.load(WEIGHTS_DIR / f"{name}.npz")
        units = slice(offset, offset + 128)
        assert np.array_equal(shipped.w1[:, units], member.w1)
        assert np.array_equal(shipped.b1[units], member.b1)
        assert np.allclose(shipped.w2[units], member.w2 / 3, rtol=1e-6, atol=0)


def test_weights_saved_and_loaded_score_alike(tmp_path: Path) -> None:
    network = Network.initial(INPUTS, 5, seed=4)
    network.meta.update(name="tiny", games=0)
    network.save(tmp_path / "tiny.npz")
    loaded = load_evaluator("tiny", tmp_path)
    boards = _boards(_positions(20, seed=5))
    assert np.allclose(
        loaded.evaluate_boards(boards), GammondEvaluator(network, "tiny").evaluate_boards(boards)
    )


def test_weights_for_another_encoding_are_refused_by_name(tmp_path: Path) -> None:
    Network.initial(INPUTS + 1, 5, seed=4).save(tmp_path / "odd.npz")
    with pytest.raises(WeightsError, match="odd"):
        load_evaluator("odd", tmp_path)


def test_a_missing_weights_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="nothing.npz"):
        load_evaluator("nothing", tmp_path)


def test_gammond_5_is_the_mean_of_three_rounds_beside_the_phase_networks_after_gammond_4() -> None:
    import json

    shipped = Network.load(WEIGHTS_DIR / "gammond-5.npz")
    assert json.loads(shipped.meta["averaged"]) == [f"sup-{r}/checkpoint.npz" for r in "rst"]
    rounds = json.loads(str(shipped.meta["supervised_rounds"]))
    assert [r["dir"] for r in rounds] == [f"sup-{r}" for r in "lnopqrst"]
    assert rounds[0]["from"] == "gammond-4.npz"
    assert all((r["race_network"], r["bearing_network"]) == ("race-1.npz", "bearing-1.npz") for r in rounds)
    # gammond-4's shape, its units no longer three separate members.
    gammond_4 = Network.load(WEIGHTS_DIR / "gammond-4.npz")
    assert shipped.hidden == gammond_4.hidden == 384
    assert not np.allclose(shipped.w1, gammond_4.w1)


def test_gammond_6_is_the_mean_of_three_containment_rounds_after_gammond_5() -> None:
    import json

    shipped = Network.load(WEIGHTS_DIR / "gammond-6.npz")
    assert json.loads(shipped.meta["averaged"]) == [f"sup-{r}/checkpoint.npz" for r in ("y", "y2", "y3")]
    rounds = json.loads(str(shipped.meta["supervised_rounds"]))
    assert [r["dir"] for r in rounds[-3:]] == ["sup-y", "sup-y2", "sup-y3"]
    assert rounds[-3]["from"] == "gammond-5.npz"
    # Each round fitted the four containment families' rollout labels beside its self-play.
    for last in rounds[-3:]:
        assert set(last["containment"]) == {"anchor", "closed", "crashed", "trapped"}
        assert last["rollout_trials"] == 72 and last["late_rollouts"] is False
    gammond_5 = Network.load(WEIGHTS_DIR / "gammond-5.npz")
    assert shipped.hidden == gammond_5.hidden == 384
    assert not np.allclose(shipped.w1, gammond_5.w1)


def test_gammond_7_is_gammond_6_averaged_with_a_round_of_cube_window_and_primed_straggler_rollouts() -> None:
    import json

    shipped = Network.load(WEIGHTS_DIR / "gammond-7.npz")
    assert json.loads(shipped.meta["averaged"]) == ["weights/gammond-6.npz", "sup-z/checkpoint.npz"]
    last = json.loads(str(shipped.meta["supervised_rounds"]))[-1]
    assert last["dir"] == "sup-z" and last["from"] == "gammond-6.npz"
    # The round fitted five containment families and the positions where the cube is live, all rollout-labelled.
    assert set(last["containment"]) == {"anchor", "closed", "crashed", "trapped", "primed"}
    assert last["cube_window"] == 12000 and last["rollout_trials"] == 72
    gammond_6 = Network.load(WEIGHTS_DIR / "gammond-6.npz")
    assert shipped.hidden == gammond_6.hidden == 384
    assert not np.allclose(shipped.w1, gammond_6.w1)


def test_cube_1_is_three_rounds_of_defence_positions_each_played_and_labelled_by_the_last() -> None:
    import json

    cube = Network.load(WEIGHTS_DIR / "cube-1.npz")
    rounds = json.loads(str(cube.meta["supervised_rounds"]))[-3:]
    assert [r["dir"] for r in rounds] == ["cube-j", "cube-m", "cube-n"]
    assert [r["from"] for r in rounds] == ["gammond-7.npz", "checkpoint.npz", "checkpoint.npz"]
    assert all(
        r["defence"] > 15000 and r["cube_window"] == 30000 and r["made_up_weight"] == 4 for r in rounds
    )
    assert cube.hidden == Network.load(WEIGHTS_DIR / "gammond-7.npz").hidden == 384


def test_the_cube_network_answers_the_cube_and_the_main_network_the_plays() -> None:
    from gammond.engine.bot.lookahead import cube_decision
    from gammond.engine.bot.search import Level, best_play

    shipped = shipped_evaluator()
    cube = shipped.for_cube()
    assert cube.name == "cube-1" and cube is not shipped and cube.network is not shipped.network
    assert cube.pruner is shipped.pruner and cube.race is shipped.race and cube.bearing is shipped.bearing
    plain = GammondEvaluator(
        shipped.network, shipped.name, shipped.pruner, shipped.race, "race", shipped.bearing
    )
    assert plain.for_cube() is plain
    # A straggler behind a prime, ten off (the cube's worst answers before cube-1): the two networks differ there.
    position = Position.from_id("bNsNDAAbAAAEAA")
    assert cube_decision(position, shipped, plies=1) == cube_decision(position, cube, plies=1)
    assert cube_decision(position, shipped, plies=1) != cube_decision(position, plain, plies=1)
    assert best_play(position, (3, 1), shipped, Level.ADVANCED) == best_play(
        position, (3, 1), plain, Level.ADVANCED
    )
    # with_race and with_bearing keep the cube network, with the new phase networks beside it.
    assert shipped.with_race(None).for_cube().race is None and shipped.with_cube(None).cube is None
