"""What a play is worth to the player who makes it: money equity, or the match at the score.

Plays are ranked by one number per candidate, computed from the mover's
cubeless probabilities after the play (``(n, 5)`` rows, as in
:mod:`gammond.engine.bot.batch`).  For money play that number is the
cubeless equity: the ranking the network was trained for.  In a match the
same probabilities are worth different things at different scores -- a
gammon is worth nothing at double match point and everything to a trailer
who needs four points -- so :class:`MatchObjective` scores a play by the
match-winning chance it leaves, through our match equity table
(:mod:`gammond.engine.bot.met`) and, while the cube is alive, Janowski's
cubeful interpolation with the position's own gammon ratios (the same
model :mod:`gammond.engine.bot.cubeful` decides cube actions with).

So that equities stay comparable with money play (a hint's "equity", an
analysis's loss), the match-winning chance is reported as its equivalent
to a money game (EMG): ``+1`` is winning this game at the current cube
(a single game), ``-1`` losing it.

>>> import numpy as np
>>> from gammond.engine.bot.view import CubeView
>>> gammonish = np.array([[0.60, 0.30, 0.0, 0.10, 0.0]])
>>> safe = np.array([[0.65, 0.05, 0.0, 0.02, 0.0]])
>>> money = objective(None)
>>> bool(money(gammonish)[0] > money(safe)[0])
True
>>> dmp = MatchObjective(CubeView(away=(1, 1)))
>>> bool(dmp(gammonish)[0] < dmp(safe)[0])
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from gammond.engine.bot import met
from gammond.engine.bot.batch import Probs, equity
from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.bot.view import CONTACT_CUBE_LIFE, CubeView, Owner
from gammond.engine.cube import CubeContext
from gammond.engine.errors import MatchOverError

Scores = npt.NDArray[np.float64]
Objective = Callable[[Probs], Scores]


def match_ends(p: Probabilities, away: tuple[int, int], lookup: met.Lookup) -> met.GameOutcomes:
    """MWC of a won and a lost game at cube ``c``, with this position's gammon ratios."""
    a, b = away
    win, lose = max(p.win, 1e-9), max(1.0 - p.win, 1e-9)
    ws, wg, wb = (p.win - p.win_gammon) / win, (p.win_gammon - p.win_backgammon) / win, p.win_backgammon / win
    ls, lg, lb = (
        (lose - p.lose_gammon) / lose,
        (p.lose_gammon - p.lose_backgammon) / lose,
        p.lose_backgammon / lose,
    )

    def won(c: int) -> float:
        return ws * lookup(a - c, b) + wg * lookup(a - 2 * c, b) + wb * lookup(a - 3 * c, b)

    def lost(c: int) -> float:
        return ls * lookup(a, b - c) + lg * lookup(a, b - 2 * c) + lb * lookup(a, b - 3 * c)

    return met.GameOutcomes(won, lost)


def cube_is_alive(view: CubeView) -> bool:
    """Whether anyone may still turn the cube this game (in a match: not Crawford, not dead for both)."""
    if view.cubeless or view.crawford:
        return False
    if view.away is None:
        return True
    a, b = view.away
    mine = view.owner is not Owner.OPPONENT and a > view.value
    theirs = view.owner is not Owner.ON_ROLL and b > view.value
    return mine or theirs


def cubeful_mwc(p: Probabilities, view: CubeView, cube_life: float, value: int, owner: Owner) -> float:
    """The match-winning chance with the cube at ``value`` held by ``owner``, cube as it is."""
    assert view.away is not None
    # The Crawford game and the games after it both lead to post-Crawford scores.
    lookup = met.lookup_for(view.post_crawford or view.crawford)
    ends = match_ends(p, view.away, lookup)
    dead = p.win * ends.win(value) + (1.0 - p.win) * ends.lose(value)
    if view.crawford or view.cubeless:
        return dead
    lines = met.CubeLines(view.away, ends, lookup)
    line = {Owner.ON_ROLL: lines.owned, Owner.OPPONENT: lines.theirs, Owner.CENTRE: lines.centred}[owner](
        value
    )
    return cube_life * _past_cash(line, p.win, ends.lose(value), ends.win(value)) + (1.0 - cube_life) * dead


def _past_cash(line: met.Line, p: float, lost: float, won: float) -> float:
    """The live cube's MWC at ``p``: past a cash point, playing on for the gammons may beat cashing.

    Beyond the line's high end (where we would cash) the value goes on to a
    whole game won at certainty, and below its low end (where they would)
    down to a whole game lost, instead of staying flat at the cash.
    """
    if p > line.x1 and line.x1 < 1.0:
        return line.y1 + (max(won, line.y1) - line.y1) * (p - line.x1) / (1.0 - line.x1)
    if p < line.x0 and line.x0 > 0.0:
        return line.y0 - (line.y0 - min(lost, line.y0)) * (line.x0 - p) / line.x0
    return line.at(p)


class MatchObjective:
    """Scores plays by the match-winning chance they leave, as EMG (see the module docstring).

    ``view`` is the mover's; the cube stays where it is while they move.
    """

    def __init__(self, view: CubeView, cube_life: float = CONTACT_CUBE_LIFE) -> None:
        if view.away is None:
            raise ValueError("a match objective needs the away scores")
        self.view = view
        self.cube_life = cube_life
        self.alive = cube_is_alive(view)
        lookup = met.lookup_for(view.post_crawford or view.crawford)
        a, b, c = view.away[0], view.away[1], view.value
        # MWC after each outcome at the current cube: single, gammon, backgammon won, then lost.
        self._after = np.array(
            [lookup(a - c, b), lookup(a - 2 * c, b), lookup(a - 3 * c, b)]
            + [lookup(a, b - c), lookup(a, b - 2 * c), lookup(a, b - 3 * c)]
        )

    def __repr__(self) -> str:
        return f"MatchObjective({self.view!r}, cube_life={self.cube_life!r})"

    def mwc(self, values: Probs) -> Scores:
        """The mover's match-winning chance per row."""
        values = np.asarray(values, dtype=np.float64).reshape(-1, 5)
        if not self.alive:
            win, wg, wb, lg, lb = (values[:, i] for i in range(5))
            outcomes = np.stack([win - wg, wg - wb, wb, 1.0 - win - lg, lg - lb, lb], axis=1)
            result: Scores = outcomes @ self._after
            return result
        return np.array(
            [
                cubeful_mwc(
                    Probabilities(*map(float, row)),
                    self.view,
                    self.cube_life,
                    self.view.value,
                    self.view.owner,
                )
                for row in values
            ]
        )

    def __call__(self, values: Probs) -> Scores:
        # A single game won and lost at the current cube: +1 and -1 EMG.
        won, lost = self._after[0], self._after[3]
        mwc = self.mwc(values)
        if won - lost < 1e-12:
            return mwc
        emg: Scores = 2.0 * (mwc - lost) / (won - lost) - 1.0
        return emg


def objective(context: CubeContext | None) -> Objective:
    """How the mover in ``context`` should rank plays: money equity, or the match at its score.

    No context, money play and scores beyond the match equity table rank by
    cubeless money equity.
    """
    if context is None:
        return equity
    if context.match is not None and context.match.is_over():
        raise MatchOverError("the match is over: there are no plays to rank")
    view = CubeView.of(context)
    if view.away is None:
        return equity
    return MatchObjective(view)
