"""Cube decisions from a look one roll ahead: the cubeful equities of the searching levels.

Janowski's formula (:mod:`gammond.engine.bot.cubeful`) turns the cubeless
chances of a position into cubeful equities through one number, the cube
life, standing for everything the cube may still do.  Looking one roll
ahead puts the next exchange in its place: for each of the 21 rolls the
player on roll makes its best play, the opponent then stands before its own
roll with the cube as the decision left it, and handles the cube as best it
can there (double, or hold; a double is taken or passed as is best for us).
The formula is applied only at those leaves, where one roll less is left
to guess, and the answers are averaged over the rolls:

* no double: the cube stays where it is;
* double/take: the opponent owns the cube at twice the value;
* double/pass: the current value won, as in the formula.

This is what lets the search see a market lost (a roll after which the
opponent would pass) and a redouble coming back, which the single cube life
averages away.  ``plies`` counts the roll looked ahead: at 1 the leaves are
the network's 0-ply probabilities, at 2 they are searched one ply more
(the compiled one-ply pass).  The plays are chosen by cubeless equity.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gammond.engine.bot import met
from gammond.engine.bot.batch import Probs, as_probabilities, flip
from gammond.engine.bot.cubeful import CubeAdvice, CubeDecision, cube_life, decide, judge
from gammond.engine.bot.evaluator import Evaluator, Probabilities
from gammond.engine.bot.model import GammondEvaluator
from gammond.engine.bot.search import (
    ROLL_WEIGHTS,
    SearchStopped,
    board_evaluator,
    evaluate_position,
    on_roll_values,
    roll_leaves,
)
from gammond.engine.bot.view import CubeView, Owner
from gammond.engine.cube import CubeAction, CubeContext
from gammond.engine.errors import MatchOverError
from gammond.engine.game import require_game_on
from gammond.engine.position import Position

Board = tuple[int, ...]
Stop = Callable[[], bool]
# The opponent's chances before their roll after one of ours, and the cube life left (None: game over).
Leaf = tuple[Probabilities, float | None]

_OTHER_SIDE = {Owner.CENTRE: Owner.CENTRE, Owner.ON_ROLL: Owner.OPPONENT, Owner.OPPONENT: Owner.ON_ROLL}


def _leaves(
    position: Position, evaluator: Evaluator, leaf_plies: int, stop: Stop
) -> tuple[list[Leaf], Probs]:
    """The leaf after each roll's best play, and the mover's probabilities there (one row a roll).

    When ``stop`` fires while the leaves are searched deeper, they keep their 0-ply probabilities.
    """
    # The 0-ply pass is a few ms of bounded batches: it always finishes, so there is an answer.
    results, probs = roll_leaves(evaluator, position.board)
    theirs = [Position(result).flipped() for result in results]
    live = [i for i, leaf in enumerate(theirs) if not leaf.is_game_over()]
    if leaf_plies > 0 and live:
        boards = [theirs[i].board for i in live]
        try:
            probs[live] = flip(on_roll_values(board_evaluator(evaluator), boards, leaf_plies, stop))
        except SearchStopped:
            pass
    leaves = [
        (as_probabilities(row), None if leaf.is_game_over() else cube_life(leaf))
        for leaf, row in zip(theirs, flip(probs))
    ]
    return leaves, probs


def _their_view(view: CubeView, value: int, owner: Owner) -> CubeView:
    """The opponent's view after our roll, the cube at ``value`` held by ``owner`` (our side's naming)."""
    away = None if view.away is None else (view.away[1], view.away[0])
    return replace(view, value=value, owner=_OTHER_SIDE[owner], away=away)


def _after_roll(leaves: list[Leaf], view: CubeView, value: int, owner: Owner) -> float:
    """Our cubeful equity averaged over the rolls, the cube at ``value`` held by ``owner``.

    Money equity is per unit of ``value``; match play is our match-winning chance.
    """
    theirs = _their_view(view, value, owner)
    total = 0.0
    for weight, (p, life) in zip(ROLL_WEIGHTS, leaves):
        if life is None:
            # The game is over: no cube left to use, the result as it stands.
            total += weight * decide(p, theirs, 0.0).no_double
        else:
            total += weight * decide(p, theirs, life).value
    return -total if view.away is None else 1.0 - total


def _never() -> bool:
    return False


def cube_evaluator(evaluator: Evaluator) -> Evaluator:
    """The evaluator that answers the cube for ``evaluator``: its cube network where it has one (see :class:`GammondEvaluator`).

    >>> from gammond.engine.bot.model import shipped_evaluator
    >>> cube_evaluator(shipped_evaluator()).name
    'cube-1'
    """
    return evaluator.for_cube() if isinstance(evaluator, GammondEvaluator) else evaluator


def cube_decision(
    position: Position,
    evaluator: Evaluator,
    view: CubeView = CubeView(),
    plies: int = 1,
    stop: Stop = _never,
) -> CubeDecision:
    """The cube decision of the player on roll in ``position``.

    At 0 plies, Janowski's formula on the network's probabilities; from 1
    ply on, the look one roll ahead (see the module docstring), its leaves
    searched ``plies - 1`` deeper (``stop`` cuts that back to 0-ply leaves,
    a few ms of work).  The probabilities reported are the average of the
    leaves'.  An evaluator with a cube network answers with that network
    (:func:`cube_evaluator`): its plays and its leaves alike.
    """
    evaluator = cube_evaluator(evaluator)
    if plies <= 0 or position.is_game_over():
        return decide(evaluate_position(position, evaluator, 0), view, cube_life(position))
    leaves, probs = _leaves(position, evaluator, plies - 1, stop)
    p = as_probabilities(ROLL_WEIGHTS @ probs)
    nd = _after_roll(leaves, view, view.value, view.owner)
    doubled = _after_roll(leaves, view, 2 * view.value, Owner.OPPONENT)
    if view.away is None:
        # Per unit of the current cube: the doubled cube counts twice, a pass once.
        return judge(p, view, nd, 2.0 * doubled, 1.0)
    lookup = met.lookup_for(view.post_crawford or view.crawford)
    return judge(p, view, nd, doubled, lookup(view.away[0] - view.value, view.away[1]))


# Cube decisions the service answers look one roll ahead, with leaves searched one ply.
ADVICE_PLIES = 2


def advise_cube(
    position: Position, context: CubeContext, evaluator: Evaluator, *, stop: Stop = _never
) -> CubeDecision:
    """The bot's advice to the player on turn in ``context``, within the rules of the game.

    ``position`` is seen from that player.  The rules have the last word: a
    double the game does not allow now (an offer pending, already rolled,
    Holland, dead cube...) is never advised.  Raises :class:`GameOverError`
    or :class:`MatchOverError` when there is no decision left to make.
    """
    require_game_on(position)
    if context.match is not None and context.match.is_over():
        raise MatchOverError("the match is over: no more cube decisions")
    decision = cube_decision(position, evaluator, CubeView.of(context), ADVICE_PLIES, stop)
    if decision.may_double and CubeAction.DOUBLE not in context.legal_actions(context.on_turn):
        return replace(decision, advice=CubeAdvice.NO_DOUBLE, may_double=False)
    return decision
