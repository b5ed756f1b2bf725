"""Match scores, the Crawford rule, money sessions and the score sheet.

Rule texts: 000_4a0918c4b69868f2.txt ("Match play", "A
worked example: the first games of a match to 5") and
001_cf1d8828abb60439.txt ("Matches", "No doubling cube").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammond.engine import IllegalActionError, IllegalCubeActionError, Player, ResultKind
from gammond.engine.cube import CubeAction, CubeState, apply_cube_action, legal_cube_actions
from gammond.engine.errors import InvalidStateError
from gammond.engine.match import MatchState, ScoreSheet, ScoreSheetRow, is_crawford_game
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd, GameOutcome

WHITE, BLACK = Player.WHITE, Player.BLACK
SINGLE, GAMMON, BACKGAMMON = ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON
TO_5 = RuleOptions.match(5)


def _won(
    winner: Player, kind: ResultKind = SINGLE, cube: int = 1, options: RuleOptions = TO_5
) -> GameOutcome:
    return GameOutcome.played_out(winner, kind, cube, options, cube_turned=cube > 1)


def test_the_worked_match_to_5_from_the_rule_text() -> None:
    """000_*.txt, "A worked example: the first games of a match to 5"."""
    start = MatchState.start(TO_5)
    # Game 1 is never doubled: White wins a single game on cube 1.
    game1 = _won(WHITE)
    # Game 2: Black doubles, White takes, Black wins a gammon on cube 2.
    cube = apply_cube_action(CubeState(), CubeAction.DOUBLE, BLACK, TO_5, start.record(game1))
    assert isinstance(cube, CubeState)
    cube = apply_cube_action(cube, CubeAction.TAKE, WHITE, TO_5, start.record(game1))
    assert isinstance(cube, CubeState) and cube.value == 2
    game2 = GameOutcome.played_out(BLACK, GAMMON, cube.value, TO_5, cube_turned=cube.turned)
    before_game3 = start.record(game1).record(game2)
    assert before_game3.scores == (1, 4)
    assert is_crawford_game(before_game3)
    # Game 3, the Crawford game: nobody may double; White wins a single game.
    for player in Player:
        assert legal_cube_actions(CubeState(), player, TO_5, before_game3) == ()
    game3 = _won(WHITE)
    sheet = ScoreSheet.replay(start, [game1, game2, game3])
    rows = [(r.game, r.winner, r.kind, r.cube_value, r.points, r.scores, r.crawford) for r in sheet.rows]
    assert rows == [
        (1, WHITE, SINGLE, 1, 1, (1, 0), False),
        (2, BLACK, GAMMON, 2, 4, (1, 4), False),
        (3, WHITE, SINGLE, 1, 1, (2, 4), True),
    ]
    # "After 3 games Black leads 4 to 2 ... from game 4 only White can double."
    game4 = sheet.state
    assert game4.scores == (2, 4) and game4.post_crawford and not game4.crawford
    assert legal_cube_actions(CubeState(), WHITE, TO_5, game4) == (CubeAction.DOUBLE,)
    with pytest.raises(IllegalCubeActionError, match="dead cube"):
        apply_cube_action(CubeState(), CubeAction.DOUBLE, BLACK, TO_5, game4)


def test_the_crawford_game_happens_only_once() -> None:
    """000_*.txt: "The Crawford game happens only once in a match"."""
    state = MatchState.start(TO_5).record(_won(WHITE, GAMMON, 2))
    assert state.scores == (4, 0) and state.crawford
    state = state.record(_won(BLACK, GAMMON))
    assert state.scores == (4, 2) and not state.crawford and state.post_crawford
    # Black now also gets to 1 point short, but the Crawford game is past.
    state = state.record(_won(BLACK, SINGLE, 2))
    assert state.scores == (4, 4)
    assert not state.crawford and state.post_crawford


def test_there_is_no_crawford_game_if_nobody_is_ever_exactly_one_short() -> None:
    """000_*.txt: "If neither player is ever exactly 1 point short before the match ends,
    there is no Crawford game"."""
    games = [_won(WHITE, SINGLE, 1), _won(BLACK, SINGLE, 2), _won(WHITE, BACKGAMMON, 2)]
    sheet = ScoreSheet.replay(MatchState.start(TO_5), games)
    assert [row.scores for row in sheet.rows] == [(1, 0), (1, 2), (7, 2)]
    assert not any(row.crawford for row in sheet.rows)
    assert sheet.state.winner is WHITE


def test_a_gammon_counts_in_full_past_the_match_length() -> None:
    """001_*.txt: "A gammon or a backgammon counts in full, even when it takes the winner
    past the match length"."""
    state = MatchState(5, (3, 1)).record(_won(BLACK, BACKGAMMON, 2))
    assert state.scores == (3, 7) and state.winner is BLACK and state.is_over()


def test_no_game_can_be_recorded_once_the_match_is_over() -> None:
    over = MatchState(3, (3, 1))
    with pytest.raises(IllegalActionError, match="over at 3-1"):
        over.record(_won(WHITE, options=RuleOptions.match(3)))


def test_the_first_player_to_reach_the_length_wins() -> None:
    state = MatchState(5, (4, 3)).record(_won(WHITE))
    assert state.winner is WHITE and state.scores == (5, 3)


def test_a_cubeless_match_has_no_crawford_game() -> None:
    """001_*.txt, "No doubling cube": match rules that exist only because of the cube do not apply."""
    options = RuleOptions.match(3, cubeless=True)
    state = MatchState.start(options).record(_won(WHITE, GAMMON, options=options))
    assert state.scores == (2, 0)
    assert not state.crawford and not state.post_crawford
    with pytest.raises(InvalidStateError, match="cubeless match has no Crawford game"):
        MatchState(3, (2, 0), crawford=True, cubeless=True)


def test_the_crawford_game_and_a_cubeless_match_refuse_a_cube_outcome() -> None:
    with pytest.raises(InvalidStateError, match="Crawford game has no cube"):
        MatchState(5, (4, 0), crawford=True).record(_won(BLACK, SINGLE, 2))
    with pytest.raises(InvalidStateError, match="cubeless match has no cube"):
        MatchState(5, cubeless=True).record(GameOutcome.dropped(BLACK, 1))


def test_a_match_refuses_points_scored_by_the_jacoby_rule() -> None:
    jacoby = RuleOptions.money(jacoby=True)
    jacoby_gammon = GameOutcome.played_out(WHITE, GAMMON, 1, jacoby, cube_turned=False)
    with pytest.raises(InvalidStateError, match="no Jacoby rule"):
        MatchState(5).record(jacoby_gammon)


def test_a_one_point_match_starts_post_crawford_with_a_dead_cube() -> None:
    state = MatchState.start(RuleOptions.match(1))
    assert state.post_crawford and not state.crawford
    assert not state.may_double(WHITE, 1) and state.may_double(WHITE, 1, dead_cube=False)


def test_a_money_session_keeps_a_running_total_and_never_ends() -> None:
    """000_*.txt: "When you play single games for a stake, keep a running total of points
    won and lost"."""
    money = RuleOptions.money()
    outcomes = [
        GameOutcome.played_out(WHITE, GAMMON, 4, money, cube_turned=True),
        GameOutcome.dropped(BLACK, 2),
        GameOutcome.resigned(BLACK, SINGLE, 1, money, cube_turned=False),
    ]
    sheet = ScoreSheet.replay(MatchState.start(money), outcomes)
    assert sheet.state.scores == (8, 3)
    assert sheet.state.net(WHITE) == 5 and sheet.state.net(BLACK) == -5
    assert sheet.state.winner is None and not sheet.state.crawford
    ends = [row.ended for row in sheet.rows]
    assert ends == [GameEnd.PLAYED_OUT, GameEnd.DOUBLE_DROPPED, GameEnd.RESIGNED]
    with pytest.raises(IllegalActionError, match="money session"):
        sheet.state.away(WHITE)


def test_the_score_sheet_numbers_games_from_the_first_game_given() -> None:
    sheet = ScoreSheet.replay(MatchState(5, (1, 1)), [_won(BLACK)], first_game=3)
    assert sheet.rows[0].game == 3 and sheet.first_game == 3


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"length": 5, "scores": (5, 6)}, "both scores"),
        ({"length": 5, "scores": (1, 2), "crawford": True}, "exactly one player must be 1 point short"),
        ({"length": 5, "scores": (4, 4), "crawford": True}, "exactly one player"),
        ({"length": 0, "crawford": True}, "money session has no Crawford game"),
        ({"length": 5, "scores": (1,)}, "two numbers"),
        ({"length": 5, "scores": (-1, 0)}, "white's score must be at least 0"),
        ({"length": -3}, "match length"),
    ],
)
def test_a_match_state_that_cannot_occur_is_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        MatchState(**fields)  # type: ignore[arg-type]


def test_score_sheet_rows_rebuild_from_their_repr() -> None:
    row = ScoreSheet.replay(MatchState.start(TO_5), [_won(BLACK, GAMMON, 2)]).rows[0]
    namespace = {
        "ScoreSheetRow": ScoreSheetRow,
        "Player": Player,
        "ResultKind": ResultKind,
        "GameEnd": GameEnd,
        "MatchState": MatchState,
    }
    assert eval(repr(row), namespace) == row
    state = MatchState(5, (4, 1), crawford=True)
    assert eval(repr(state), namespace) == state


_outcomes = st.builds(
    lambda winner, kind, power: _won(winner, kind, 1 << power),
    st.sampled_from(list(Player)),
    st.sampled_from(list(ResultKind)),
    st.integers(0, 3),
)


def _play_match(length: int, outcomes: list[GameOutcome]) -> list[MatchState]:
    """The states a match to ``length`` passes through, ignoring games after it ends."""
    states = [MatchState.start(RuleOptions.match(length))]
    for outcome in outcomes:
        state = states[-1]
        if state.is_over():
            break
        if state.crawford:
            outcome = _won(outcome.winner, outcome.kind, 1)
        states.append(state.record(outcome))
    return states


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 11), st.lists(_outcomes, max_size=40))
def test_match_properties_hold_for_any_sequence_of_games(length: int, outcomes: list[GameOutcome]) -> None:
    states = _play_match(length, outcomes)
    for before, after in zip(states, states[1:]):
        # Scores never decrease, and only the winner's moves.
        assert all(a >= b for a, b in zip(after.scores, before.scores))
        assert sum(a != b for a, b in zip(after.scores, before.scores)) == 1
        # The Crawford game comes right after someone first gets to 1 point short.
        first_short = length - 1 in after.scores and max(before.scores) < length - 1
        assert after.crawford == (first_short and not after.is_over())
    assert sum(state.crawford for state in states) <= 1
    # Once over, exactly one player has reached the length.
    final = states[-1]
    if final.is_over():
        assert [score >= length for score in final.scores].count(True) == 1
        with pytest.raises(IllegalActionError):
            final.record(_won(WHITE, options=RuleOptions.match(length)))
