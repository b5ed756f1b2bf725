"""The doubling cube: who may double, take, drop, beaver and raccoon, and what it costs.

Rule text: 000_4a0918c4b69868f2.txt ("Double the stakes",
"Scoring", "Match play", "House rules and other versions").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammond.engine import IllegalCubeActionError, Player, ResultKind
from gammond.engine.cube import CubeAction, CubeState, apply_cube_action, legal_cube_actions, opening_cube
from gammond.engine.errors import InvalidStateError
from gammond.engine.match import MatchState
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd, GameOutcome

WHITE, BLACK = Player.WHITE, Player.BLACK
MONEY = RuleOptions.money()
DOUBLE, TAKE, DROP, BEAVER, RACCOON = (
    CubeAction.DOUBLE,
    CubeAction.TAKE,
    CubeAction.DROP,
    CubeAction.BEAVER,
    CubeAction.RACCOON,
)


def _cube(state: CubeState | GameOutcome) -> CubeState:
    assert isinstance(state, CubeState), state
    return state


def _exchange(
    state: CubeState, doubler: Player, answer: CubeAction, options: RuleOptions = MONEY
) -> CubeState | GameOutcome:
    """``doubler`` doubles at the start of their turn and the opponent answers."""
    offered = _cube(apply_cube_action(state.next_turn(), DOUBLE, doubler, options))
    return apply_cube_action(offered, answer, doubler.opponent, options)


def test_either_player_may_make_the_first_double_from_the_centre() -> None:
    for player in Player:
        assert legal_cube_actions(CubeState(), player, MONEY) == (DOUBLE,)


def test_a_taken_double_puts_the_cube_on_the_takers_side_at_twice_the_value() -> None:
    taken = _cube(_exchange(CubeState(), WHITE, TAKE))
    assert (taken.value, taken.owner, taken.pending) == (2, BLACK, None)
    assert taken.turned


def test_only_the_owner_may_redouble() -> None:
    owned = _cube(_exchange(CubeState(), WHITE, TAKE)).next_turn()
    assert legal_cube_actions(owned, WHITE, MONEY) == ()
    with pytest.raises(IllegalCubeActionError, match="owned by BLACK"):
        apply_cube_action(owned, DOUBLE, WHITE, MONEY)
    assert legal_cube_actions(owned, BLACK, MONEY) == (DOUBLE,)


def test_doubling_is_only_allowed_before_rolling_on_ones_own_turn() -> None:
    assert legal_cube_actions(CubeState(), WHITE, MONEY, has_rolled=True) == ()
    with pytest.raises(IllegalCubeActionError, match="before rolling"):
        apply_cube_action(CubeState(), DOUBLE, WHITE, MONEY, has_rolled=True)
    with pytest.raises(IllegalCubeActionError, match="BLACK's turn"):
        apply_cube_action(CubeState(), DOUBLE, WHITE, MONEY, on_turn=BLACK)


def test_only_the_doubled_player_may_answer_a_double() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, MONEY))
    assert legal_cube_actions(offered, WHITE, MONEY) == ()
    assert legal_cube_actions(offered, BLACK, MONEY) == (TAKE, DROP)
    with pytest.raises(IllegalCubeActionError, match="offered to BLACK"):
        apply_cube_action(offered, TAKE, WHITE, MONEY)


def test_take_and_drop_need_a_double_to_answer() -> None:
    with pytest.raises(IllegalCubeActionError, match="no double is waiting"):
        apply_cube_action(CubeState(), DROP, BLACK, MONEY)


def test_a_dropped_first_double_loses_one_point_as_a_single_game() -> None:
    outcome = _exchange(CubeState(), BLACK, DROP)
    assert outcome == GameOutcome(BLACK, ResultKind.SINGLE, 1, GameEnd.DOUBLE_DROPPED, 1)


def test_a_refused_redouble_loses_the_value_before_it() -> None:
    """000_*.txt: "Refusing a redouble from 2 to 4 loses 2 points"."""
    owned = _cube(_exchange(CubeState(), WHITE, TAKE))
    outcome = _exchange(owned, BLACK, DROP)
    assert isinstance(outcome, GameOutcome)
    assert (outcome.winner, outcome.kind, outcome.points) == (BLACK, ResultKind.SINGLE, 2)


def test_a_refused_double_from_4_to_8_costs_4() -> None:
    """000_*.txt, "What a game is worth": "4, when a double from 4 to 8 is refused"."""
    outcome = _exchange(CubeState(4, WHITE), WHITE, DROP)
    assert isinstance(outcome, GameOutcome)
    assert outcome.points == 4


def test_the_cube_has_no_upper_limit() -> None:
    """000_*.txt: "There is no limit to the number of redoubles ... 128, 256 and on"."""
    state = CubeState()
    doubler = WHITE
    for _ in range(10):
        state = _cube(_exchange(state, doubler, TAKE))
        doubler = doubler.opponent
    assert state.value == 1024


def test_a_player_may_not_double_twice_in_a_row() -> None:
    """000_*.txt: "So nobody can double twice in a row"."""
    taken = _cube(_exchange(CubeState(), WHITE, TAKE))
    for _ in range(2):
        taken = taken.next_turn()
        assert DOUBLE not in legal_cube_actions(taken, WHITE, MONEY)


def test_a_cubeless_game_has_no_cube_actions() -> None:
    options = RuleOptions.money(cubeless=True)
    assert legal_cube_actions(CubeState(), WHITE, options) == ()
    with pytest.raises(IllegalCubeActionError, match="cubeless"):
        apply_cube_action(CubeState(), DOUBLE, WHITE, options)


def test_nobody_may_double_in_the_crawford_game() -> None:
    options = RuleOptions.match(5)
    crawford = MatchState(5, (1, 4), crawford=True)
    for player in Player:
        assert legal_cube_actions(CubeState(), player, options, crawford) == ()
    with pytest.raises(IllegalCubeActionError, match="Crawford"):
        apply_cube_action(CubeState(), DOUBLE, WHITE, options, crawford)


def test_after_the_crawford_game_only_the_trailer_may_double_under_the_dead_cube_rule() -> None:
    """000_*.txt, worked example: at 2-4 in a match to 5, from game 4 only White can double."""
    options = RuleOptions.match(5)
    score = MatchState(5, (2, 4))
    assert legal_cube_actions(CubeState(), WHITE, options, score) == (DOUBLE,)
    assert legal_cube_actions(CubeState(), BLACK, options, score) == ()
    with pytest.raises(IllegalCubeActionError, match="dead cube.*does not count"):
        apply_cube_action(CubeState(), DOUBLE, BLACK, options, score)


def test_the_dead_cube_rule_looks_at_the_cubes_current_value() -> None:
    options = RuleOptions.match(7)
    score = MatchState(7, (4, 1))
    assert legal_cube_actions(CubeState(), WHITE, options, score) == (DOUBLE,)
    # White owns a 2-cube: winning at 2 takes White from 4 to 6, still short of 7.
    assert legal_cube_actions(CubeState(2, WHITE), WHITE, options, score) == (DOUBLE,)
    # On 4, a single win gives White 8 of 7: any double by White would not count.
    assert legal_cube_actions(CubeState(4, WHITE), WHITE, options, score) == ()


def test_without_the_dead_cube_rule_the_leader_may_double_after_crawford() -> None:
    options = RuleOptions.match(5, dead_cube=False)
    assert legal_cube_actions(CubeState(), BLACK, options, MatchState(5, (2, 4))) == (DOUBLE,)


def test_the_holland_rule_waits_until_each_side_has_rolled_twice_after_crawford() -> None:
    options = RuleOptions.match(5, holland=True)
    score = MatchState(5, (2, 4))
    assert legal_cube_actions(CubeState(), WHITE, options, score, rolls=(2, 1)) == ()
    with pytest.raises(IllegalCubeActionError, match="Holland"):
        apply_cube_action(CubeState(), DOUBLE, WHITE, options, score, rolls=(1, 2))
    assert legal_cube_actions(CubeState(), WHITE, options, score, rolls=(2, 2)) == (DOUBLE,)


def test_the_holland_rule_does_not_apply_before_the_crawford_game() -> None:
    options = RuleOptions.match(5, holland=True)
    assert legal_cube_actions(CubeState(), WHITE, options, MatchState(5, (1, 2))) == (DOUBLE,)


def test_match_play_needs_the_match_score_that_fits_the_options() -> None:
    with pytest.raises(InvalidStateError, match="needs the match score"):
        legal_cube_actions(CubeState(), WHITE, RuleOptions.match(5))
    with pytest.raises(InvalidStateError, match="do not fit"):
        legal_cube_actions(CubeState(), WHITE, RuleOptions.match(5), MatchState(7))


BEAVERS = RuleOptions.money(beavers=True)
RACCOONS = RuleOptions.money(beavers=True, raccoons=True)


def test_a_beaver_redoubles_at_once_and_keeps_the_cube() -> None:
    """000_*.txt, "Beavers": the doubled player redoubles at once and keeps the cube."""
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, BEAVERS))
    assert legal_cube_actions(offered, BLACK, BEAVERS) == (TAKE, DROP, BEAVER)
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, BEAVERS))
    assert (beavered.value, beavered.owner, beavered.pending, beavered.offered_by) == (
        2,
        BLACK,
        BEAVER,
        BLACK,
    )
    assert legal_cube_actions(beavered, WHITE, BEAVERS) == (TAKE, DROP)
    played_on = _cube(apply_cube_action(beavered, TAKE, WHITE, BEAVERS))
    assert (played_on.value, played_on.owner, played_on.pending) == (4, BLACK, None)


def test_refusing_a_beaver_pays_the_doubled_stakes() -> None:
    """000_*.txt: the first doubler "refuses and pays the doubled stakes"."""
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, BEAVERS))
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, BEAVERS))
    outcome = apply_cube_action(beavered, DROP, WHITE, BEAVERS)
    assert outcome == GameOutcome(BLACK, ResultKind.SINGLE, 2, GameEnd.DOUBLE_DROPPED, 2)


def test_a_raccoon_accepted_plays_for_eight_times_the_stakes() -> None:
    """000_*.txt, "Raccoons": "If it is accepted, the game is played for 8 times the
    starting stakes"."""
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, RACCOONS))
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, RACCOONS))
    assert legal_cube_actions(beavered, WHITE, RACCOONS) == (TAKE, DROP, RACCOON)
    raccooned = _cube(apply_cube_action(beavered, RACCOON, WHITE, RACCOONS))
    assert legal_cube_actions(raccooned, BLACK, RACCOONS) == (TAKE, DROP)
    taken = _cube(apply_cube_action(raccooned, TAKE, BLACK, RACCOONS))
    assert (taken.value, taken.owner) == (8, WHITE)


def test_refusing_a_raccoon_pays_the_beavered_stakes() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, RACCOONS))
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, RACCOONS))
    raccooned = _cube(apply_cube_action(beavered, RACCOON, WHITE, RACCOONS))
    outcome = apply_cube_action(raccooned, DROP, BLACK, RACCOONS)
    assert isinstance(outcome, GameOutcome)
    assert (outcome.winner, outcome.points) == (WHITE, 4)


def test_after_a_raccoon_the_doubler_may_not_double_again_the_same_turn() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, RACCOONS))
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, RACCOONS))
    raccooned = _cube(apply_cube_action(beavered, RACCOON, WHITE, RACCOONS))
    taken = _cube(apply_cube_action(raccooned, TAKE, BLACK, RACCOONS))
    with pytest.raises(IllegalCubeActionError, match="already doubled this turn"):
        apply_cube_action(taken, DOUBLE, WHITE, RACCOONS)
    assert legal_cube_actions(taken.next_turn().next_turn(), WHITE, RACCOONS) == (DOUBLE,)


def test_beavers_and_raccoons_need_their_house_rules() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, MONEY))
    with pytest.raises(IllegalCubeActionError, match="beavers are not played"):
        apply_cube_action(offered, BEAVER, BLACK, MONEY)
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, BEAVERS))
    with pytest.raises(IllegalCubeActionError, match="raccoons are not played"):
        apply_cube_action(beavered, RACCOON, WHITE, BEAVERS)


def test_only_a_double_can_be_beavered_and_only_a_beaver_raccooned() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, RACCOONS))
    with pytest.raises(IllegalCubeActionError, match="only a beaver can be raccooned"):
        apply_cube_action(offered, RACCOON, BLACK, RACCOONS)
    beavered = _cube(apply_cube_action(offered, BEAVER, BLACK, RACCOONS))
    raccooned = _cube(apply_cube_action(beavered, RACCOON, WHITE, RACCOONS))
    with pytest.raises(IllegalCubeActionError, match="only a double can be beavered"):
        apply_cube_action(raccooned, BEAVER, BLACK, RACCOONS)


def test_the_turn_cannot_pass_while_an_offer_awaits_an_answer() -> None:
    offered = _cube(apply_cube_action(CubeState(), DOUBLE, WHITE, MONEY))
    with pytest.raises(IllegalCubeActionError, match="awaits an answer"):
        offered.next_turn()


def test_automatic_doubles_double_the_centred_cube_up_to_the_maximum() -> None:
    """000_*.txt, "Automatic doubles": the cube turns to 2 and stays in the middle."""
    capped = RuleOptions.money(max_automatic_doubles=2)
    assert [opening_cube(ties, capped).value for ties in range(5)] == [1, 2, 4, 4, 4]
    assert opening_cube(1, capped).centred
    assert not opening_cube(1, capped).turned
    assert opening_cube(3, MONEY) == CubeState()


def test_after_an_automatic_double_either_player_may_still_double() -> None:
    cube = opening_cube(1, RuleOptions.money(max_automatic_doubles=1))
    for player in Player:
        assert legal_cube_actions(cube, player, MONEY) == (DOUBLE,)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"value": 3}, "not a power of two"),
        ({"value": 0}, "at least 1"),
        ({"value": 1, "owner": WHITE}, "value is 1"),
        ({"offered_by": WHITE}, "no offer is pending"),
        ({"pending": DOUBLE}, "needs offered_by"),
        ({"pending": TAKE, "offered_by": WHITE}, "double, beaver or raccoon"),
        ({"value": 2, "owner": BLACK, "pending": DOUBLE, "offered_by": WHITE}, "owned by BLACK"),
        ({"value": 2, "owner": WHITE, "pending": BEAVER, "offered_by": BLACK}, "owned by WHITE"),
        ({"owner": 7, "value": 2}, "cube owner 7"),
    ],
)
def test_a_cube_that_cannot_occur_is_refused_naming_the_field(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidStateError, match=message):
        CubeState(**fields)  # type: ignore[arg-type]


def test_a_cube_rebuilds_from_its_repr() -> None:
    cube = CubeState(4, BLACK, DOUBLE, BLACK, True)
    namespace = {"CubeState": CubeState, "Player": Player, "CubeAction": CubeAction}
    assert eval(repr(cube), namespace) == cube


_actions = st.sampled_from(list(CubeAction))
_players = st.sampled_from(list(Player))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_actions, _players, st.booleans()), max_size=30))
def test_random_cube_actions_either_apply_as_listed_or_are_refused(
    steps: list[tuple[CubeAction, Player, bool]],
) -> None:
    """Whatever is tried, a listed action applies and an unlisted one raises; values only grow."""
    state = CubeState()
    for action, player, pass_turn in steps:
        if pass_turn and state.pending is None:
            state = state.next_turn()
        legal = legal_cube_actions(state, player, RACCOONS)
        if action not in legal:
            with pytest.raises(IllegalCubeActionError):
                apply_cube_action(state, action, player, RACCOONS)
            continue
        after = apply_cube_action(state, action, player, RACCOONS)
        if isinstance(after, GameOutcome):
            assert after.points == state.value and after.kind is ResultKind.SINGLE
            return
        assert after.value >= state.value
        if state.owner is not None:
            assert after.owner is not None
        state = after


def test_under_jacoby_a_taken_double_makes_gammons_count() -> None:
    """000_*.txt, "Jacoby rule": gammons count once "the cube has been offered and accepted"."""
    jacoby = RuleOptions.money(jacoby=True)
    centred = CubeState()
    taken = _cube(_exchange(centred, WHITE, TAKE, jacoby))
    before = GameOutcome.played_out(BLACK, ResultKind.GAMMON, 1, jacoby, cube_turned=centred.turned)
    after = GameOutcome.played_out(BLACK, ResultKind.GAMMON, 2, jacoby, cube_turned=taken.turned)
    assert (before.points, after.points) == (1, 4)
