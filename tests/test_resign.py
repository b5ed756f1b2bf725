"""Resignations: offering a kind, accepting it (the game ends) or rejecting it.

Scoring of an accepted resignation follows 000_4a0918c4b69868f2.txt
("Scoring": 1, 2 or 3 times the cube; "Jacoby rule").
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gammond.engine import IllegalActionError, Player, ResultKind
from gammond.engine.cube import CubeAction, CubeState
from gammond.engine.errors import InvalidStateError
from gammond.engine.match import MatchState
from gammond.engine.resign import Resignation, accept_resignation, offer_resignation, reject_resignation
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd

WHITE, BLACK = Player.WHITE, Player.BLACK
MONEY = RuleOptions.money()


def test_an_accepted_resignation_ends_the_game_at_its_kind_times_the_cube() -> None:
    cube = CubeState(4, WHITE)
    offer = offer_resignation(BLACK, ResultKind.GAMMON, to_act=BLACK, cube=cube)
    outcome = accept_resignation(offer, WHITE, cube, MONEY)
    assert (outcome.winner, outcome.kind, outcome.cube_value, outcome.points) == (
        WHITE,
        ResultKind.GAMMON,
        4,
        8,
    )
    assert outcome.ended is GameEnd.RESIGNED


@given(st.sampled_from(list(ResultKind)), st.integers(1, 8), st.sampled_from(list(Player)))
def test_a_resignation_costs_the_kind_offered_times_the_cube(
    kind: ResultKind, power: int, by: Player
) -> None:
    cube = CubeState(1 << power, by.opponent)
    offer = offer_resignation(by, kind, to_act=by, cube=cube)
    outcome = accept_resignation(offer, by.opponent, cube, MONEY)
    assert outcome.winner is by.opponent
    assert outcome.points == int(kind) * cube.value


def test_under_jacoby_a_resigned_gammon_on_a_centred_cube_counts_single() -> None:
    jacoby = RuleOptions.money(jacoby=True)
    offer = offer_resignation(WHITE, ResultKind.GAMMON, to_act=WHITE, cube=CubeState())
    assert accept_resignation(offer, BLACK, CubeState(), jacoby).points == 1
    owned = CubeState(2, WHITE)
    assert accept_resignation(offer, BLACK, owned, jacoby).points == 4


def test_a_resignation_in_a_match_can_be_recorded() -> None:
    options = RuleOptions.match(3)
    offer = offer_resignation(BLACK, ResultKind.BACKGAMMON, to_act=BLACK, cube=CubeState())
    outcome = accept_resignation(offer, WHITE, CubeState(), options)
    assert MatchState.start(options).record(outcome).winner is WHITE


def test_only_the_player_to_act_may_offer_to_resign() -> None:
    with pytest.raises(IllegalActionError, match="BLACK may not resign: it is WHITE's turn"):
        offer_resignation(BLACK, ResultKind.SINGLE, to_act=WHITE, cube=CubeState())


def test_no_resignation_while_an_offer_awaits_an_answer() -> None:
    doubled = CubeState(pending=CubeAction.DOUBLE, offered_by=WHITE)
    with pytest.raises(IllegalActionError, match="while a double awaits an answer"):
        offer_resignation(BLACK, ResultKind.SINGLE, to_act=BLACK, cube=doubled)
    pending = Resignation(WHITE, ResultKind.GAMMON)
    with pytest.raises(IllegalActionError, match="WHITE's resignation of a gammon awaits an answer"):
        offer_resignation(WHITE, ResultKind.SINGLE, to_act=WHITE, cube=CubeState(), pending=pending)


def test_only_the_opponent_may_answer_a_resignation() -> None:
    offer = offer_resignation(WHITE, ResultKind.SINGLE, to_act=WHITE, cube=CubeState())
    with pytest.raises(IllegalActionError, match="WHITE may not accept WHITE's resignation"):
        accept_resignation(offer, WHITE, CubeState(), MONEY)
    with pytest.raises(IllegalActionError, match="WHITE may not reject"):
        reject_resignation(offer, WHITE)
    reject_resignation(offer, BLACK)  # play continues: nothing to return, nothing raised


@pytest.mark.parametrize(
    "by, kind, message",
    [
        (2, ResultKind.SINGLE, "resigning player 2"),
        (WHITE, 0, "resignation kind 0"),
        (WHITE, True, "kind True"),
    ],
)
def test_a_malformed_resignation_names_the_bad_field(by: object, kind: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        Resignation(by, kind)  # type: ignore[arg-type]


def test_a_resignation_rebuilds_from_its_repr() -> None:
    offer = Resignation(1, 3)  # type: ignore[arg-type]
    assert offer == Resignation(BLACK, ResultKind.BACKGAMMON)
    namespace = {"Resignation": Resignation, "Player": Player, "ResultKind": ResultKind}
    assert eval(repr(offer), namespace) == offer
