"""Cube decisions and the match equity table."""

from __future__ import annotations

import random
from dataclasses import astuple

import numpy as np
import pytest

from gammond.engine import Position, legal_plays
from gammond.engine.bot import (
    CubeAdvice,
    CubeView,
    Owner,
    Probabilities,
    cube_decision,
    decide,
    evaluate_position,
    may_double,
    met,
    shipped_evaluator,
)
from gammond.engine.bot.bearoff import exact_probabilities
from gammond.engine.bot.cubeful import cube_life
from gammond.engine.errors import InvalidCubeViewError

EVALUATOR = shipped_evaluator()


def _last_roll(mine: list[int]) -> Position:
    """On roll with ``mine`` on the home points; the opponent bears off next roll for sure."""
    return Position.from_sides(mine + [0] * 19, [1] + [0] * 24)


def _last_roll_chances(position: Position) -> float:
    wins = sum(
        1
        for d1 in range(1, 7)
        for d2 in range(1, 7)
        if any(p.result.off == 15 for p in legal_plays(position, (d1, d2)))
    )
    return wins / 36


LAST_ROLLS = [
    [0, 0, 0, 0, 1, 1],
    [0, 1, 0, 1, 0, 0],
    [1, 1, 0, 0, 0, 0],
    [0, 0, 1, 0, 0, 1],
    [0, 0, 0, 2, 0, 0],
    [2, 0, 0, 0, 0, 0],
]


@pytest.mark.parametrize("plies", [0, 1, 2])
@pytest.mark.parametrize("mine", LAST_ROLLS)
def test_last_roll_decisions_follow_the_exact_odds(mine: list[int], plies: int) -> None:
    # With one roll left the cube is dead: double above 50%, take with 25% or more.
    # Looking the roll ahead finds the same exact equities: 2p - 1, twice that, and 1.
    position = _last_roll(mine)
    p = _last_roll_chances(position)
    decision = cube_decision(position, EVALUATOR, CubeView(), plies=plies)
    assert decision.probabilities.win == pytest.approx(p, abs=1e-4)
    assert decision.no_double == pytest.approx(2 * p - 1, abs=1e-4)
    assert decision.double_take == pytest.approx(2 * (2 * p - 1), abs=1e-4)
    assert decision.take == (1.0 - p >= 0.25)
    if p < 0.5:
        assert decision.advice is CubeAdvice.NO_DOUBLE
    else:
        assert decision.advice is (CubeAdvice.DOUBLE_TAKE if decision.take else CubeAdvice.DOUBLE_PASS)


def test_the_bear_off_database_gives_the_odds_the_cube_is_decided_on() -> None:
    position = _last_roll([0, 1, 0, 1, 0, 0])
    exact = exact_probabilities(np.array([position.board], dtype=np.int8))[1][0, 0]
    assert cube_decision(position, EVALUATOR, plies=1).probabilities.win == pytest.approx(exact, abs=1e-4)


def test_nobody_doubles_at_the_start() -> None:
    decision = cube_decision(Position.starting(), EVALUATOR)
    assert decision.advice is CubeAdvice.NO_DOUBLE and decision.take


def test_a_big_gammonish_favourite_is_too_good_to_double() -> None:
    p = Probabilities(0.90, 0.60, 0.05, 0.0, 0.0)
    assert decide(p, CubeView()).advice is CubeAdvice.TOO_GOOD


def test_an_owner_past_the_cash_point_plays_on_for_the_gammons() -> None:
    # Owning the cube, nothing can come back at us: a gammonish favourite past
    # the cash point plays on, though the same chances double a centred cube out.
    p = Probabilities(0.80, 0.35, 0.0, 0.0, 0.0)
    assert decide(p, CubeView(value=2, owner=Owner.ON_ROLL)).advice is CubeAdvice.TOO_GOOD
    assert decide(p, CubeView()).advice is CubeAdvice.DOUBLE_PASS


def test_four_away_trailer_with_gammon_chances_plays_on_against_two_away() -> None:
    # A single win cashed only reaches 3-away; a gammon won playing on reaches 2-away/2-away.
    p = Probabilities(0.80, 0.40, 0.0, 0.03, 0.0)
    assert decide(p, CubeView(away=(4, 2))).advice is CubeAdvice.TOO_GOOD
    assert decide(Probabilities(0.80, 0.02, 0.0, 0.03, 0.0), CubeView(away=(4, 2))).should_double


def test_a_two_away_leaders_double_is_a_take_for_the_match_the_trailer_redoubles_at_once() -> None:
    # Taking at 2-away/4-away, the trailer redoubles to 4 at once and the game decides the match:
    # double/take is worth the leader's game-winning chance, and the trailer takes with 20%.
    p = Probabilities(0.80, 0.0, 0.0, 0.0, 0.0)
    decision = decide(p, CubeView(away=(2, 4)))
    assert decision.double_take == pytest.approx(0.80)
    assert decision.take
    # A gammon the leader wins at 2 wins no more than a single game: the bound is the match either way.
    gammonish = Probabilities(0.80, 0.30, 0.0, 0.05, 0.0)
    assert decide(gammonish, CubeView(away=(2, 4))).double_take == pytest.approx(0.80)


def test_looking_a_roll_ahead_reports_the_average_of_the_rolls() -> None:
    position = Position.from_id("4HPwATDgc/ABMA")
    for plies in (1, 2):
        decision = cube_decision(position, EVALUATOR, plies=plies)
        assert decision.probabilities.win == pytest.approx(
            evaluate_position(position, EVALUATOR.for_cube(), plies).win, abs=0.03
        )
    # At 1 ply the leaves are the very boards the 1-ply search averages (the cube network's, which answers the cube).
    looked = cube_decision(position, EVALUATOR, plies=1).probabilities
    searched = evaluate_position(position, EVALUATOR.for_cube(), 1)
    assert astuple(looked) == pytest.approx(astuple(searched), abs=1e-12)


def test_jacoby_makes_the_gammonish_favourite_cash() -> None:
    p = Probabilities(0.90, 0.60, 0.05, 0.0, 0.0)
    assert decide(p, CubeView(jacoby=True)).advice is CubeAdvice.DOUBLE_PASS


def test_a_double_the_taker_is_favourite_in_is_beavered_where_allowed() -> None:
    p = Probabilities(0.45, 0.10, 0.0, 0.10, 0.0)
    assert decide(p, CubeView(beavers=True)).beaver
    assert not decide(p, CubeView()).beaver


def test_only_the_owner_or_either_player_from_the_centre_may_double() -> None:
    assert may_double(CubeView())
    assert may_double(CubeView(value=2, owner=Owner.ON_ROLL))
    assert not may_double(CubeView(value=2, owner=Owner.OPPONENT))
    assert not may_double(CubeView(cubeless=True))


def _random_probabilities(rng: random.Random) -> Probabilities:
    win = rng.random()
    wg = win * rng.random() * 0.6
    lg = (1 - win) * rng.random() * 0.6
    return Probabilities(win, wg, wg * rng.random() * 0.2, lg, lg * rng.random() * 0.2)


def _three_point_views() -> list[CubeView]:
    views = []
    for a in (1, 2, 3):
        for b in (1, 2, 3):
            for value in (1, 2, 4):
                for owner in (Owner.CENTRE, Owner.ON_ROLL, Owner.OPPONENT):
                    if (value == 1) != (owner is Owner.CENTRE):
                        continue
                    crawford_options = (False, True) if 1 in (a, b) and (a, b) != (1, 1) else (False,)
                    for crawford in crawford_options:
                        if crawford and value > 1:
                            continue
                        views.append(CubeView(value, owner, (a, b), crawford))
    return views


def test_in_a_three_point_match_the_bot_never_doubles_in_the_crawford_game_or_with_a_dead_cube() -> None:
    rng = random.Random(1)
    for view in _three_point_views():
        for _ in range(30):
            decision = decide(_random_probabilities(rng), view)
            if view.crawford or view.away is not None and view.away[0] <= view.value:
                assert not decision.should_double and decision.advice is not CubeAdvice.TOO_GOOD


def test_in_a_three_point_match_a_sure_winner_with_a_live_cube_doubles_them_out() -> None:
    sure = Probabilities(1.0, 0.0, 0.0, 0.0, 0.0)
    assert decide(sure, CubeView(away=(3, 3))).advice is CubeAdvice.DOUBLE_PASS
    assert decide(sure, CubeView(away=(3, 1), crawford=True)).advice is CubeAdvice.NO_DOUBLE


def test_the_trailer_doubles_after_the_crawford_game_and_the_leader_takes() -> None:
    even = Probabilities(0.5, 0.13, 0.0, 0.13, 0.0)
    decision = decide(even, CubeView(away=(2, 1)))
    assert decision.should_double and decision.take


def test_an_impossible_cube_view_names_itself() -> None:
    with pytest.raises(InvalidCubeViewError, match="3"):
        CubeView(value=3)
    with pytest.raises(InvalidCubeViewError, match=r"\(2, 2\)"):
        CubeView(away=(2, 2), crawford=True)


def test_the_cube_has_no_life_left_in_a_last_roll_position() -> None:
    assert cube_life(_last_roll([0, 0, 0, 0, 1, 1])) == 0.0
    assert cube_life(Position.starting()) == pytest.approx(0.68)


def test_the_match_equity_table_is_a_zero_sum_game() -> None:
    for a in range(1, 12):
        for b in range(1, 12):
            assert met.table(a, b) + met.table(b, a) == pytest.approx(1.0)


def test_being_closer_to_the_end_is_always_better() -> None:
    for a in range(1, 11):
        for b in range(1, 12):
            assert met.table(a, b) > met.table(a + 1, b)


def test_the_crawford_game_leader_needs_the_trailer_to_win_twice() -> None:
    # 1-away against 2-away: the trailer must win the Crawford game and the next one,
    # unless the Crawford game is a gammon.
    trailer = met.table(2, 1)
    g = met.TRAILER_GAMMON_RATE
    assert trailer == pytest.approx(0.5 * ((1 - g) * 0.5 + g * 1.0))


def test_after_the_crawford_game_two_away_is_about_one_game_for_the_match() -> None:
    assert met.post_crawford(2, 1) == pytest.approx(0.5, abs=0.02)


def _random_home_side(rng: random.Random) -> list[int]:
    side = [0] * 6
    for _ in range(rng.randint(1, 14)):
        side[rng.randrange(6)] += 1
    return side


def test_clear_bear_off_doubles_are_cashed_and_underdogs_never_double() -> None:
    # Odds from the bear-off database; with a checker off each, no gammons.
    rng = random.Random(2)
    seen = {CubeAdvice.DOUBLE_PASS: 0, CubeAdvice.NO_DOUBLE: 0}
    for _ in range(300):
        position = Position.from_sides(_random_home_side(rng) + [0] * 19, _random_home_side(rng) + [0] * 19)
        decision = cube_decision(position, EVALUATOR, CubeView(), plies=0)
        p = decision.probabilities.win
        if p >= 0.85:
            assert decision.advice is CubeAdvice.DOUBLE_PASS
            seen[CubeAdvice.DOUBLE_PASS] += 1
        elif p < 0.5:
            assert decision.advice is CubeAdvice.NO_DOUBLE
            seen[CubeAdvice.NO_DOUBLE] += 1
    assert min(seen.values()) > 10
