"""Rule options and what a game is worth.

Rule text: 000_4a0918c4b69868f2.txt ("Scoring", "What a
game is worth", "Match play", "House rules and other versions").
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gammond.engine import Player, ResultKind
from gammond.engine.errors import InvalidRulesError, InvalidStateError
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd, GameOutcome, game_points

WHITE, BLACK = Player.WHITE, Player.BLACK
MONEY = RuleOptions.money()
SINGLE, GAMMON, BACKGAMMON = ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON

# -- rule options ------------------------------------------------------------


def test_the_default_options_are_money_play_with_the_cube_and_no_house_rules() -> None:
    options = RuleOptions()
    assert options == RuleOptions.money()
    assert not options.is_match() and options.uses_cube
    assert not (options.jacoby or options.beavers or options.raccoons or options.holland)
    assert options.max_automatic_doubles == 0


def test_match_options_keep_the_dead_cube_rule_on_by_default() -> None:
    options = RuleOptions.match(5)
    assert options.is_match() and options.match_length == 5 and options.dead_cube


@pytest.mark.parametrize(
    "house_rule",
    [
        {"jacoby": True},
        {"beavers": True},
        {"beavers": True, "raccoons": True},
        {"max_automatic_doubles": 1},
    ],
)
def test_house_rules_not_used_in_matches_are_refused_by_name(house_rule: dict[str, object]) -> None:
    """000_*.txt, "Match play": "Not used in matches: Automatic doubles, beavers and the
    Jacoby rule"."""
    first = next(iter(house_rule))
    with pytest.raises(InvalidRulesError, match=f"{first} is not used in matches"):
        RuleOptions(match_length=7, **house_rule)  # type: ignore[arg-type]


def test_raccoons_without_beavers_are_refused() -> None:
    """000_*.txt, "Raccoons": only "where beavers are played"."""
    with pytest.raises(InvalidRulesError, match="raccoons without beavers"):
        RuleOptions.money(raccoons=True)


def test_the_holland_rule_is_only_for_matches() -> None:
    with pytest.raises(InvalidRulesError, match="holland"):
        RuleOptions(holland=True)
    assert RuleOptions.match(3, holland=True).holland


def test_cubeless_options_refuse_rules_that_need_the_cube() -> None:
    with pytest.raises(InvalidRulesError, match="jacoby needs the cube"):
        RuleOptions.money(cubeless=True, jacoby=True)
    with pytest.raises(InvalidRulesError, match="max_automatic_doubles needs the cube"):
        RuleOptions.money(cubeless=True, max_automatic_doubles=1)
    with pytest.raises(InvalidRulesError, match="holland needs the cube"):
        RuleOptions.match(3, cubeless=True, holland=True)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"match_length": -1}, "match length must be at least 0"),
        ({"match_length": True}, "match length must be an integer"),
        ({"max_automatic_doubles": -2}, "max_automatic_doubles must be at least 0"),
        ({"jacoby": 1}, "jacoby must be true or false"),
    ],
)
def test_malformed_options_name_the_bad_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        RuleOptions(**fields)  # type: ignore[arg-type]


def test_a_match_needs_at_least_one_point() -> None:
    with pytest.raises(InvalidRulesError, match="at least 1, got 0"):
        RuleOptions.match(0)


def test_options_rebuild_from_their_repr() -> None:
    options = RuleOptions.money(beavers=True, raccoons=True, max_automatic_doubles=1)
    assert eval(repr(options), {"RuleOptions": RuleOptions}) == options


# -- game points -------------------------------------------------------------


def test_the_points_table_with_the_cube_on_4() -> None:
    """000_*.txt, "What a game is worth": 4, 8 and 12 with the cube on 4."""
    points = [game_points(kind, 4, MONEY, cube_turned=True) for kind in (SINGLE, GAMMON, BACKGAMMON)]
    assert points == [4, 8, 12]


def test_a_gammon_with_the_cube_on_2_is_worth_4() -> None:
    """000_*.txt: "A gammon with the cube on 2 is worth 4 points"."""
    assert game_points(GAMMON, 2, RuleOptions.match(5), cube_turned=True) == 4


@given(st.sampled_from(list(ResultKind)), st.integers(0, 20))
def test_a_game_is_worth_its_kind_times_the_cube(kind: ResultKind, power: int) -> None:
    cube = 1 << power
    assert game_points(kind, cube, MONEY, cube_turned=power > 0) == int(kind) * cube


def test_under_jacoby_gammons_count_single_until_a_double_is_taken() -> None:
    """000_*.txt, "Jacoby rule": single "unless the cube has been offered and accepted"."""
    jacoby = RuleOptions.money(jacoby=True)
    assert game_points(GAMMON, 1, jacoby, cube_turned=False) == game_points(SINGLE, 1, jacoby, False)
    assert game_points(BACKGAMMON, 2, jacoby, cube_turned=False) == 2
    assert game_points(BACKGAMMON, 2, jacoby, cube_turned=True) == 6


def test_a_cubeless_game_is_worth_one_two_or_three() -> None:
    cubeless = RuleOptions.money(cubeless=True)
    assert [game_points(k, 1, cubeless, False) for k in ResultKind] == [1, 2, 3]
    with pytest.raises(InvalidStateError, match="cube value 2 in a cubeless game"):
        game_points(GAMMON, 2, cubeless, False)


def test_game_points_refuse_a_cube_that_is_not_a_power_of_two() -> None:
    with pytest.raises(InvalidStateError, match="cube value 6 is not a power of two"):
        game_points(SINGLE, 6, MONEY, True)
    with pytest.raises(InvalidStateError, match="result kind 4"):
        game_points(4, 1, MONEY, True)  # type: ignore[arg-type]


# -- outcomes ----------------------------------------------------------------


def test_a_dropped_double_is_always_a_single_game_at_the_value_before_it() -> None:
    """000_*.txt: "A refused double is always a single game"."""
    dropped = GameOutcome.dropped(WHITE, 4)
    assert (dropped.kind, dropped.cube_value, dropped.points) == (SINGLE, 4, 4)
    assert dropped.ended is GameEnd.DOUBLE_DROPPED
    with pytest.raises(InvalidStateError, match="always a single game"):
        GameOutcome(WHITE, GAMMON, 4, GameEnd.DOUBLE_DROPPED, 8)


def test_an_outcome_keeps_the_real_kind_when_jacoby_scores_it_single() -> None:
    jacoby = RuleOptions.money(jacoby=True)
    outcome = GameOutcome.played_out(BLACK, GAMMON, 1, jacoby, cube_turned=False)
    assert (outcome.kind, outcome.points, outcome.ended) == (GAMMON, 1, GameEnd.PLAYED_OUT)


def test_a_resignation_outcome_scores_the_kind_resigned() -> None:
    outcome = GameOutcome.resigned(WHITE, BACKGAMMON, 2, MONEY, cube_turned=True)
    assert (outcome.points, outcome.ended) == (6, GameEnd.RESIGNED)


@pytest.mark.parametrize(
    "fields, message",
    [
        ((WHITE, GAMMON, 2, GameEnd.PLAYED_OUT, 3), r"points 3 do not fit a gammon on cube 2"),
        ((WHITE, SINGLE, 3, GameEnd.PLAYED_OUT, 3), "cube value 3 is not a power of two"),
        ((2, SINGLE, 1, GameEnd.PLAYED_OUT, 1), "winner 2 is not a player"),
        ((WHITE, 0, 1, GameEnd.PLAYED_OUT, 1), "result kind 0"),
        ((WHITE, SINGLE, 1, "resigned", 1), "GameEnd"),
        ((WHITE, SINGLE, 1, GameEnd.PLAYED_OUT, 0), "points must be at least 1"),
    ],
)
def test_an_outcome_that_cannot_occur_is_refused(fields: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        GameOutcome(*fields)  # type: ignore[arg-type]


def test_an_outcome_built_from_plain_numbers_holds_the_enums() -> None:
    outcome = GameOutcome(1, 2, 2, GameEnd.PLAYED_OUT, 4)  # type: ignore[arg-type]
    assert outcome.winner is BLACK and outcome.kind is GAMMON


def test_an_outcome_rebuilds_from_its_repr() -> None:
    outcome = GameOutcome.played_out(BLACK, BACKGAMMON, 8, MONEY, cube_turned=True)
    namespace = {
        "GameOutcome": GameOutcome,
        "Player": Player,
        "ResultKind": ResultKind,
        "GameEnd": GameEnd,
    }
    assert eval(repr(outcome), namespace) == outcome
