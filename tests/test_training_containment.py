"""training.containment: made-up late containment positions, legal and of the family each names."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from gammond.engine import Position
from gammond.engine.bot.bearoff import home_boards
from gammond.engine.bot.features import INPUTS, contact
from gammond.engine.bot.network import Network
from training.containment import (
    ace_anchor_bearoffs,
    closed_out,
    crashed_positions,
    late_stragglers,
    primed_stragglers,
    trapped_stragglers,
)

FAMILIES = [
    ace_anchor_bearoffs,
    closed_out,
    crashed_positions,
    trapped_stragglers,
    primed_stragglers,
    late_stragglers,
]

Make = Callable[[int, np.random.Generator], list[tuple[int, ...]]]


def _boards(make: Make, seeds: int = 6, count: int = 300) -> np.ndarray:
    return np.array(
        [b for seed in range(seeds) for b in make(count, np.random.default_rng(seed))], dtype=np.int8
    )


def _sides(board: np.ndarray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return Position(tuple(int(v) for v in board)).sides()


@pytest.mark.parametrize("make", FAMILIES)
def test_every_family_makes_legal_positions_in_contact_that_repeat_with_their_seed(make: Make) -> None:
    boards = _boards(make)
    assert len(boards) == 1800 and contact(boards).all() and not home_boards(boards).any()
    for board in boards:
        position = Position(tuple(int(v) for v in board))
        mine, theirs = position.sides()
        assert sum(mine) <= 15 and sum(theirs) <= 15 and not position.is_game_over()
    assert np.array_equal(boards[:300], np.array(make(300, np.random.default_rng(0)), dtype=np.int8))


@pytest.mark.parametrize("make", FAMILIES)
def test_either_side_of_every_family_gets_to_be_on_roll(make: Make) -> None:
    boards = _boards(make, seeds=2)
    # The defender's tell-tale (an anchor on the other's ace point, a checker on the bar, dead checkers) on roll or not.
    on_roll_behind = [_defends(make, board) for board in boards]
    assert 0.3 < np.mean(on_roll_behind) < 0.7


def _defends(make: Make, board: np.ndarray) -> bool:
    """Whether the side on roll is the family's defender (anchor, closed out, crashed)."""
    mine, theirs = _sides(board)
    if make is ace_anchor_bearoffs:
        return mine[23] >= 2
    if make is closed_out:
        return mine[24] >= 1 and sum(1 for p in range(6) if theirs[p] >= 2) >= 5
    if make is trapped_stragglers:
        return _straggling(mine)
    if make is primed_stragglers:
        return _primed(mine, theirs)
    if make is late_stragglers:
        return _late(mine)
    return _crashed(mine)


def _crashed(side: tuple[int, ...]) -> bool:
    """Six checkers or fewer in play beside those on the ace and deuce points."""
    return sum(side) - side[0] - side[1] <= 6


def test_the_ace_anchor_family_holds_the_bearers_ace_point_against_a_side_bearing_in() -> None:
    for board in _boards(ace_anchor_bearoffs, seeds=2):
        mine, theirs = _sides(board)
        defender, bearer = (mine, theirs) if mine[23] >= 2 else (theirs, mine)
        assert defender[23] >= 2 and bearer[0] == 0
        # At most one straggler outside the bearer's home board.
        assert sum(bearer[6:25]) <= 1


def test_the_closed_out_family_has_a_side_on_the_bar_against_five_or_six_home_points() -> None:
    for board in _boards(closed_out, seeds=2):
        mine, theirs = _sides(board)
        barred, attacker = (mine, theirs) if mine[24] else (theirs, mine)
        assert 1 <= barred[24] <= 3 and sum(1 for p in range(6) if attacker[p] >= 2) >= 5


def test_the_crashed_family_has_one_side_in_gnubgs_crashed_class() -> None:
    for board in _boards(crashed_positions, seeds=2):
        mine, theirs = _sides(board)
        assert _crashed(mine) or _crashed(theirs)


def _straggling(side: tuple[int, ...]) -> bool:
    """One or two checkers back (the bar, or the other side's home board and points 7 to 9), the rest home or off."""
    back = side[24] + sum(side[15:24])
    return 1 <= back <= 2 and sum(side[6:15]) == 0


def test_the_trapped_straggler_family_has_one_or_two_checkers_back_against_a_side_bearing_in() -> None:
    for board in _boards(trapped_stragglers, seeds=2):
        mine, theirs = _sides(board)
        behind, bearer = (mine, theirs) if _straggling(mine) else (theirs, mine)
        assert _straggling(behind)
        # The bearer has left the straggler's home board and everything beyond its own 12-point.
        assert sum(bearer[12:25]) == 0


def _primed(side: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """One or two of ``side``'s checkers in ``other``'s home board, the rest home or off, facing a block of four."""
    if not 1 <= sum(side[18:24]) <= 2 or sum(side[6:18]) or side[24]:
        return False
    front = min(p for p in range(18, 24) if side[p])
    # ``side``'s point p is ``other``'s 23 - p: the block stands on the points the stragglers must pass.
    ahead = [other[23 - p] >= 2 for p in range(front - 1, front - 8, -1)]
    return any(all(ahead[i : i + 4]) for i in range(len(ahead) - 3))


def test_the_primed_straggler_family_has_a_straggler_facing_a_block_of_four_or_more() -> None:
    boards = _boards(primed_stragglers, seeds=2)
    for board in boards:
        mine, theirs = _sides(board)
        assert _primed(mine, theirs) or _primed(theirs, mine)
    # The primer is not bearing in: far behind in the race, most of the time.
    behind = 0
    for board in boards:
        mine, theirs = _sides(board)
        pips = Position(tuple(int(v) for v in board)).pips()
        behind += pips[1] > pips[0] if _primed(mine, theirs) else pips[0] > pips[1]
    assert behind > 0.8 * len(boards)


def _late(side: tuple[int, ...]) -> bool:
    """6 to 12 checkers off, one on the bar or in the other side's home board, the rest on the 1- to 4-point."""
    return 3 <= sum(side) <= 9 and side[24] + sum(side[18:24]) == 1 and sum(side[4:18]) == 0


def test_the_late_straggler_family_has_a_side_far_ahead_with_one_checker_back_against_all_fifteen() -> None:
    boards = _boards(late_stragglers, seeds=2)
    for board in boards:
        mine, theirs = _sides(board)
        runner, holder = (mine, theirs) if _late(mine) else (theirs, mine)
        assert _late(runner)
        # The holder has every checker on its 1- to 12-point, none off.
        assert sum(holder[:12]) == 15
    # Half the boards have the holder bearing in around a straggler on its 1- to 3-point.
    deep = 0
    for board in boards:
        mine, theirs = _sides(board)
        runner, holder = (mine, theirs) if _late(mine) else (theirs, mine)
        deep += sum(holder[9:12]) == 0 and sum(runner[21:24]) == 1
    assert 0.25 < deep / len(boards) < 0.75


def test_a_main_round_adds_each_containment_family_rollout_labelled_and_lists_them(tmp_path: Path) -> None:
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    network = supervised_round(run, start, 40, seed=5, epochs=1, chunk=30, rollout_trials=2, containment=30)
    behind = json.loads(str(network.meta["supervised_rounds"]))[-1]["containment"]
    for kind in ("anchor", "closed", "crashed", "trapped", "primed"):
        saved = np.load(run / "labels" / f"{kind}-0000.npz")
        assert behind[kind] == len(saved["y"]) == len(saved["boards"]) > 20
        assert ((saved["y"] >= 0) & (saved["y"] <= 1)).all()


def test_containment_positions_are_refused_to_a_race_round(tmp_path: Path) -> None:
    from training.supervise import supervised_round

    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    with pytest.raises(ValueError, match="containment"):
        supervised_round(tmp_path / "r", start, 40, seed=5, race=True, rollout_trials=2, containment=30)


def test_without_late_rollouts_the_self_plays_late_positions_keep_their_search_labels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import training.supervise
    from gammond.engine.bot.model import GammondEvaluator
    from training.supervise import label_chunk, late, lopsided_positions, supervised_round

    # Late positions as the "self-play" (a small network's games take long to get there).
    monkeypatch.setattr(
        training.supervise, "self_play_positions", lambda _, count, rng: lopsided_positions(count, rng)
    )
    start = tmp_path / "start.npz"
    Network.initial(INPUTS, 6, seed=4).save(start)
    run = tmp_path / "round"
    network = supervised_round(
        run, start, 160, seed=5, epochs=1, chunk=80, rollout_trials=2, containment=30, late_rollouts=False
    )
    assert json.loads(str(network.meta["supervised_rounds"]))[-1]["late_rollouts"] is False
    saved = np.load(run / "labels" / "chunk-0000.npz")
    assert late(saved["boards"]).any()
    searched = label_chunk(
        GammondEvaluator(Network.load(start), "start"), [tuple(b) for b in saved["boards"]]
    )
    assert np.allclose(saved["y"], searched)
