"""The bot plays to the match score: the same roll is played differently at different scores."""

from __future__ import annotations

import numpy as np
import pytest

from gammond.engine import (
    CubeContext,
    CubeState,
    Game,
    MatchState,
    Phase,
    Player,
    Position,
    RuleOptions,
    parse_play,
)
from gammond.engine.bot import Level, bot_act, rank_plays, shipped_evaluator
from gammond.engine.bot.objective import MatchObjective, objective
from gammond.engine.bot.view import CubeView
from gammond.engine.errors import MatchOverError


def _match(length: int, scores: tuple[int, int], crawford: bool = False) -> CubeContext:
    """White on roll at ``scores`` (White's first) in a match to ``length``."""
    return CubeContext(
        CubeState(),
        Player.WHITE,
        options=RuleOptions(match_length=length),
        match=MatchState(length, scores, crawford=crawford),
    )


# Double match point: only winning counts, gammons are worth nothing either way.
DMP = _match(7, (6, 6))
# White 2 away in the Crawford game against 1 away: a gammon wins the match,
# a single win only reaches double match point.
GAMMON_GO = _match(5, (3, 4), crawford=True)

# Position (roller's view), roll, the money play, the play at the score (the shipped network at
# 0-ply, so each row is a fact about it: 4PPgAVDYzpEBJA's 65, run 22/11 for money and blitz 13/7 6/1*
# at GAMMON_GO with gammond-6, left when gammond-7 blitzed it for money too, as gnubg's 2-ply does).
SCORE_PLAYS = [
    ("23gOAFC2uR0EAA", (6, 4), "8/4 7/1*", DMP, "13/7 8/4"),
    ("trklAEjTbhsAIA", (6, 4), "8/2* 7/3", DMP, "24/14"),
    ("xG+DASjYdicEBA", (6, 1), "8/2*/1*", DMP, "21/14"),
    ("mGfkASHgc/ABAw", (5, 5), "20/10(2)", GAMMON_GO, "8/3(2) 6/1* 6/1"),
    ("4HPwBSDgc/ABMA", (4, 2), "24/20 13/11*", GAMMON_GO, "13/11* 13/9"),
]


@pytest.fixture(scope="module")
def evaluator():  # type: ignore[no-untyped-def]
    return shipped_evaluator()


@pytest.mark.parametrize(("position_id", "roll", "money", "context", "at_score"), SCORE_PLAYS)
def test_the_score_changes_the_play_the_way_the_score_wants(
    evaluator, position_id, roll, money, context, at_score
) -> None:
    position = Position.from_id(position_id)
    for level in (Level.ADVANCED, Level.EXPERT):
        for_money = rank_plays(position, roll, evaluator, level).best
        for_match = rank_plays(position, roll, evaluator, level, context=context).best
        if level is Level.ADVANCED:
            assert (str(for_money.play), str(for_match.play)) == (money, at_score)
        # Whatever the depth, the match play is the score's kind of play.
        if context is DMP:
            assert for_match.probabilities.win >= for_money.probabilities.win
        else:
            assert for_match.probabilities.win_gammon >= for_money.probabilities.win_gammon


@pytest.mark.parametrize("position_id", sorted({row[0] for row in SCORE_PLAYS}))
def test_at_double_match_point_plays_are_ranked_by_the_chance_of_winning(evaluator, position_id) -> None:
    position = Position.from_id(position_id)
    ranking = rank_plays(position, (3, 1), evaluator, Level.ADVANCED, context=DMP)
    wins = [r.probabilities.win for r in ranking.plays]
    assert wins == sorted(wins, reverse=True)
    # As EMG: +1 wins this game, -1 loses it, and nothing else counts.
    assert [r.equity for r in ranking.plays] == pytest.approx([2 * w - 1 for w in wins])


def test_money_play_ranks_as_without_a_context(evaluator) -> None:
    position = Position.from_id("23gOAFC2uR0EAA")
    money = CubeContext(CubeState(), Player.WHITE, options=RuleOptions.money())
    plain = rank_plays(position, (6, 4), evaluator, Level.ADVANCED)
    with_money = rank_plays(position, (6, 4), evaluator, Level.ADVANCED, context=money)
    assert [(str(r.play), r.equity) for r in plain.plays] == [
        (str(r.play), r.equity) for r in with_money.plays
    ]


def test_a_live_cube_ranks_by_the_cubeful_match_winning_chance(evaluator) -> None:
    position = Position.from_id("23gOAFC2uR0EAA")
    context = _match(7, (0, 0))
    ranking = rank_plays(position, (6, 4), evaluator, Level.ADVANCED, context=context)
    scorer = MatchObjective(CubeView.of(context))
    assert scorer.alive
    mwcs = [float(scorer.mwc(_row(r.probabilities))[0]) for r in ranking.plays]
    assert mwcs == sorted(mwcs, reverse=True)
    assert all(0.0 < m < 1.0 for m in mwcs)


def test_a_finished_match_has_no_plays_to_rank() -> None:
    over = CubeContext(
        CubeState(), Player.WHITE, options=RuleOptions(match_length=5), match=MatchState(5, (5, 2))
    )
    with pytest.raises(MatchOverError, match="match is over"):
        objective(over)


def _row(p):  # type: ignore[no-untyped-def]
    return np.array([[p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]])


@pytest.mark.parametrize(("scores", "expected"), [((0, 0), "8/4 7/1*"), ((6, 6), "13/7 8/4")])
def test_the_bots_turn_in_a_match_game_plays_to_the_score(evaluator, scores, expected) -> None:
    game = Game(
        rules=RuleOptions(match_length=7),
        score=MatchState(7, scores),
        phase=Phase.MOVING,
        board=Position.from_id("23gOAFC2uR0EAA"),
        turn=Player.WHITE,
        dice=(6, 4),
        rolls=(3, 3),
    )
    (action,) = bot_act(game, Player.WHITE, evaluator, Level.ADVANCED).actions
    position = Position.from_id("23gOAFC2uR0EAA")
    assert action.steps == parse_play(expected, position, (6, 4)).moves
