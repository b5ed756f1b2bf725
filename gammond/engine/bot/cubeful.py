"""Cube decisions from cubeless probabilities: Janowski's interpolation, money and match.

A cube that can be used whenever it pays (a "live" cube) makes the equity
piecewise linear in the chance of winning ``p``: flat where someone cashes,
straight between take and cash points.  A cube that is never used again
("dead") gives the cubeless equity.  Janowski's idea is to interpolate the
two with a cube-life index ``x`` (how efficiently the cube can be used):
``E = x * E_live + (1 - x) * E_dead``.  We apply it to three answers for
the player on roll: no double (cube as it is), double/take (cube doubled,
owned by the opponent) and double/pass (the current cube value won).

Money play uses Janowski's take and cash points with the position's own
gammon ratios: with ``W`` and ``L`` the average points of a win and a loss,
the live take point is ``(L - 1/2) / (W + L + 1/2)`` and the cash point
``(L + 1) / (W + L + 1/2)``.  Match play uses the same construction in
match-winning chances, with our own match equity table
(:mod:`gammond.engine.bot.met`) at the outcomes and the position's gammon ratios;
there, double/take is also bounded by the taker's redouble at once
(:func:`_redoubled_at_once`), which at some scores is automatic.

The rules first (:func:`may_double`): no cube in cubeless play or in the
Crawford game, only the owner (or either player from the centre) may
double, and in a match a player who would win it by winning this game at
the current value never doubles (the tournament dead-cube rule forbids it;
without that rule it is merely pointless, so the bot still never does).

>>> from gammond.engine.bot.evaluator import Probabilities
>>> strong = Probabilities(0.80, 0.05, 0.0, 0.02, 0.0)
>>> decide(strong, CubeView(), cube_life=0.68).advice.name
'DOUBLE_PASS'
>>> decide(strong, CubeView(away=(5, 1), crawford=True)).advice.name
'NO_DOUBLE'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from gammond.engine.bot import bearoff, met
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.objective import cubeful_mwc
from gammond.engine.bot.view import CONTACT_CUBE_LIFE, CubeView, Owner
from gammond.engine.position import Position

_PIPS_PER_ROLL = 49 / 6
_EPS = 1e-9


class CubeAdvice(IntEnum):
    """What the player on roll should do with the cube, and how it is answered."""

    NO_DOUBLE = 1
    DOUBLE_TAKE = 2
    DOUBLE_PASS = 3
    TOO_GOOD = 4


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """What the player on roll should do with the cube, and how a double should be answered.

    Equities are per unit of the current cube in money play (so a pass is
    worth 1), and match-winning chances in match play.
    """

    advice: CubeAdvice
    may_double: bool
    take: bool
    beaver: bool
    probabilities: Probabilities
    no_double: float
    double_take: float
    double_pass: float

    @property
    def should_double(self) -> bool:
        return self.advice in (CubeAdvice.DOUBLE_TAKE, CubeAdvice.DOUBLE_PASS)

    @property
    def value(self) -> float:
        """The player on roll's cubeful equity when it handles the cube best (the opponent too)."""
        return (
            max(self.no_double, min(self.double_take, self.double_pass))
            if self.may_double
            else self.no_double
        )


def may_double(view: CubeView) -> bool:
    """Whether the player on roll may (and usefully can) double now."""
    if view.cubeless or view.crawford or view.owner is Owner.OPPONENT:
        return False
    # A player who wins the match with this game at the current value gains nothing by doubling.
    return view.away is None or view.away[0] > view.value


def cube_life(position: Position) -> float:
    """Janowski's ``x`` for ``position``: how much cube leverage the game has left.

    0.68 in contact (the usual money value).  In a race it shrinks with the
    rolls the shorter side still needs, ``n``: ``0.68 * (n - 1) / 3`` up to
    0.68 -- no leverage at all in a last-roll position, where the dead-cube
    answers (double above 50%, take from 25%) are exact.  ``n`` comes from
    the bear-off database when both sides are home, else from pips / 8.17.
    """
    if not position.is_race():
        return CONTACT_CUBE_LIFE
    rolls = _rolls_left(position)
    return CONTACT_CUBE_LIFE * min(max((rolls - 1.0) / 3.0, 0.0), 1.0)


def _rolls_left(position: Position) -> float:
    board = np.array([position.board], dtype=np.int8)
    if bearoff.home_boards(board)[0]:
        mine, theirs = position.sides()
        db = bearoff.database()
        return min(db.expected_rolls(mine[:6]), db.expected_rolls(theirs[:6]))
    return min(position.pips()) / _PIPS_PER_ROLL


# -- money ----------------------------------------------------------------------


def _win_loss_sizes(p: Probabilities) -> tuple[float, float]:
    """Average points of a win and of a loss (1 when that side never happens)."""
    w = (p.win + p.win_gammon + p.win_backgammon) / p.win if p.win > 1e-9 else 1.0
    lose = 1.0 - p.win
    loss = (lose + p.lose_gammon + p.lose_backgammon) / lose if lose > 1e-9 else 1.0
    return w, loss


# The share of its cubeless gammons (won and lost) a centred cube's dead part
# counts.  With all of them, a gammonish favourite past its cash point was
# "too good" far too often: on 100 money positions with the cube centred
# (seed 3 of bench.cube, not its benchmark seed), Janowski on the referee's
# own probabilities lost 4.67 mEMG a decision doubling, 3.67 with half
# (2.30 with a quarter, which would call even 90% with two thirds gammons
# a double); our default answer 5.52 and 3.85 (docs/benchmarks.md, "Cube
# decisions beside GNU Backgammon's").
_CENTRED_GAMMON_SHARE = 0.5


def _money(p: Probabilities, owner: Owner, x: float, gammons: bool) -> float:
    """Cubeful money equity per cube unit for the player on roll (Janowski)."""
    w, loss = _win_loss_sizes(p)
    tp = (loss - 0.5) / (w + loss + 0.5)
    cp = (loss + 1.0) / (w + loss + 0.5)
    q = p.win
    if owner is Owner.ON_ROLL:
        # Past the cash point the owner need not cash: with no cube to fear it
        # plays on for the gammons, up to a whole game's average win at certainty.
        top = w if gammons else 1.0
        live = 1.0 + (top - 1.0) * (q - cp) / (1.0 - cp) if q >= cp else -loss + (1.0 + loss) * q / cp
    elif owner is Owner.OPPONENT:
        bottom = loss if gammons else 1.0
        live = -1.0 - (bottom - 1.0) * (tp - q) / tp if q <= tp else -1.0 + (w + 1.0) * (q - tp) / (1.0 - tp)
    else:
        live = -1.0 if q <= tp else 1.0 if q >= cp else -1.0 + 2.0 * (q - tp) / (cp - tp)
        if gammons:
            # A centred cube is not dead for the side that plays on: the other
            # side keeps it and turns it when the game swings, so only part of
            # the cubeless gammons is there to be had (see _CENTRED_GAMMON_SHARE).
            w, loss = 1.0 + _CENTRED_GAMMON_SHARE * (w - 1.0), 1.0 + _CENTRED_GAMMON_SHARE * (loss - 1.0)
    dead = q * w - (1.0 - q) * loss if gammons else 2.0 * q - 1.0
    return x * live + (1.0 - x) * dead


def _money_answers(p: Probabilities, view: CubeView, x: float) -> tuple[float, float, float]:
    # Jacoby: gammons do not count while the cube has not been turned.
    gammons = not (view.jacoby and view.owner is Owner.CENTRE)
    nd = _money(p, view.owner, x, gammons)
    dt = 2.0 * _money(p, Owner.OPPONENT, x, True)
    return nd, dt, 1.0


# -- match ----------------------------------------------------------------------


def _match_answers(p: Probabilities, view: CubeView, x: float) -> tuple[float, float, float]:
    assert view.away is not None
    # The Crawford game and the games after it both lead to post-Crawford scores.
    lookup = met.lookup_for(view.post_crawford or view.crawford)
    nd = cubeful_mwc(p, view, x, view.value, view.owner)
    dt = min(cubeful_mwc(p, view, x, 2 * view.value, Owner.OPPONENT), _redoubled_at_once(p, view, x, lookup))
    dp = lookup(view.away[0] - view.value, view.away[1])
    return nd, dt, dp


def _redoubled_at_once(p: Probabilities, view: CubeView, x: float, lookup: met.Lookup) -> float:
    """Double/take's MWC if the taker redoubles on their first turn: we then take or pass, as is best.

    Janowski's interpolation keeps a fixed share of the game with the cube
    dead where the taker holds it.  At some scores the taker's redouble is
    no option held back but the obvious next move: at 2-away/4-away, the
    trailer who takes a 2-cube redoubles to 4 at once, and the game decides
    the match.  Valuing the take with part of the 2-cube dead there put
    double/take above the leader's game-winning chance (0.832 MWC at a 0.8
    chance without gammons, where the game for the match is worth 0.8), so
    the leader doubled too early and the trailer passed doubles it should
    take.  The taker has this option whatever the formula says, so
    double/take is worth at most this to us.  Money play needs no such
    bound: a redouble right after a take is never right.
    ``inf`` where the taker may not redouble (the doubled cube wins them
    the match).  ``lookup`` is the score's table, as :func:`_match_answers` has it.
    """
    assert view.away is not None
    doubled = 2 * view.value
    if view.away[1] <= doubled:
        return math.inf
    taken = cubeful_mwc(p, view, x, 2 * doubled, Owner.ON_ROLL)
    return max(taken, lookup(view.away[0], view.away[1] - doubled))


# -- the decision ---------------------------------------------------------------------


def decide(p: Probabilities, view: CubeView, cube_life: float = CONTACT_CUBE_LIFE) -> CubeDecision:
    """The cube decision for probabilities ``p`` of the player on roll, before rolling."""
    answers = _money_answers if view.away is None else _match_answers
    nd, dt, dp = answers(p, view, cube_life)
    return judge(p, view, nd, dt, dp)


def judge(p: Probabilities, view: CubeView, nd: float, dt: float, dp: float) -> CubeDecision:
    """The decision from the cubeful equities of no double, double/take and double/pass.

    ``p`` is reported with it; the equities decide.
    """
    take = dt <= dp
    beaver = view.away is None and view.beavers and take and dt < 0.0
    allowed = may_double(view)
    # Ties: cashing a sure point is as good as playing on, and ends the game.
    gains = min(dt, dp) > nd + _EPS or (not take and dp >= nd - _EPS)
    if allowed and gains:
        advice = CubeAdvice.DOUBLE_TAKE if take else CubeAdvice.DOUBLE_PASS
    elif allowed and not take:
        advice = CubeAdvice.TOO_GOOD
    else:
        advice = CubeAdvice.NO_DOUBLE
    return CubeDecision(advice, allowed, take, beaver, p, nd, dt, dp)
