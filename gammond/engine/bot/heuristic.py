"""A hand-written heuristic evaluator, not a trained network.

The server falls back to it only when the shipped weights cannot be loaded,
and the tests use it where the bot's strength does not matter.  It is honest
about what it is: a race formula from pip counts, and in contact a few
hand-weighted terms (made home points, primes, checkers on the bar, shots
at blots, anchors) shifted in log-odds.  Gammon and backgammon chances are
rough rules of thumb.  It plays legal, sensible-looking backgammon and is
far weaker than GNU Backgammon's 0-ply.

>>> from gammond.engine import Position
>>> p = HeuristicEvaluator().evaluate([Position.starting()])[0]
>>> 0.5 < p.win < 0.6
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from gammond.engine.bot.evaluator import Probabilities
from gammond.engine.position import CHECKERS, Position
from gammond.engine.result import ResultKind, classify_win

# Pips one roll moves on average, and their variance (doubles count four times).
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
_ROLL_MEAN = sum(4 * a if a == b else a + b for a, b in _ROLLS) / 36
_ROLL_VAR = sum((4 * a if a == b else a + b) ** 2 for a, b in _ROLLS) / 36 - _ROLL_MEAN**2

# Contact terms, in log-odds per unit; set by hand, not fitted.
_W_RACE = 0.6
_W_HOME_POINT = 0.22
_W_PRIME = 0.18
_W_ANCHOR = 0.15
_W_BAR = 0.35
_W_SHOT_ON_ROLL = 1.1
_W_SHOT_AGAINST = 0.6
_CLAMP = 0.002


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@cache
def _reach_by_roll() -> tuple[frozenset[int], ...]:
    """For each of the 36 rolls, the distances one checker can travel with it."""
    out = []
    for a, b in _ROLLS:
        out.append(frozenset({a, 2 * a, 3 * a, 4 * a} if a == b else {a, b, a + b}))
    return tuple(out)


def _shots(distances: set[int]) -> float:
    """Share of the 36 rolls that cover one of ``distances`` (blocking ignored)."""
    if not distances:
        return 0.0
    return sum(1 for reach in _reach_by_roll() if reach & distances) / 36


def _rolls_to_cover(pips: float) -> tuple[float, float]:
    """Mean and variance of the rolls needed to move ``pips`` (renewal estimate)."""
    return pips / _ROLL_MEAN, max(pips, 1.0) * _ROLL_VAR / _ROLL_MEAN**3


def _save_pips(position: Position) -> float:
    """Pips the player on roll needs to bear one checker off (0 if one is off)."""
    if position.off:
        return 0.0
    b = position.board
    outside = sum(b[p] * (p - 6) for p in range(7, 26) if b[p] > 0)
    lowest = min((p for p in range(1, 26) if b[p] > 0), default=0)
    return outside + (3.0 if outside else float(lowest))


def _gammon_share(winner: Position, loser: Position, rolls_winner: float, var: float) -> float:
    """Chance the loser is still on no checkers off when the winner finishes."""
    save = _save_pips(loser)
    if save == 0.0:
        return 0.0
    mean, save_var = _rolls_to_cover(save)
    return _phi((mean - rolls_winner + 0.5) / math.sqrt(var + save_var))


def _race(position: Position) -> Probabilities:
    mine, theirs = position.pips()
    n_me, v_me = _rolls_to_cover(mine)
    n_them, v_them = _rolls_to_cover(theirs)
    # The player on roll wins ties in the number of rolls: hence the half roll.
    win = _phi((n_them - n_me + 0.5) / math.sqrt(v_me + v_them))
    flipped = position.flipped()
    wg = min(win, _gammon_share(position, flipped, n_me - 1.0, v_me))
    lg = min(1.0 - win, _gammon_share(flipped, position, n_them, v_them))
    return _finish(win, wg, 0.0, lg, 0.0)


def _made(position: Position, points: range) -> list[int]:
    return [p for p in points if position.board[p] >= 2]


def _longest_run(points: list[int]) -> int:
    best = run = 0
    last = -2
    for p in points:
        run = run + 1 if p == last + 1 else 1
        best = max(best, run)
        last = p
    return best


def _blot_pressure(position: Position) -> float:
    """Shots the player on roll has at the opponent's blots, weighted by their cost."""
    b = position.board
    mine = [p for p in range(1, 26) if b[p] > 0]
    total = 0.0
    for q in range(1, 25):
        if b[q] == -1:
            distances = {p - q for p in mine if p > q}
            # A hit sends the opponent's checker q pips back; deep blots cost more.
            total += _shots(distances) * (q + 6) / 30
    return total


def _side_terms(position: Position) -> float:
    """Structural log-odds of the player on roll's own side of the board."""
    home = _made(position, range(1, 7))
    anchors = _made(position, range(19, 25))
    prime = _longest_run(_made(position, range(1, 25)))
    return _W_HOME_POINT * len(home) + _W_PRIME * max(prime - 1, 0) + _W_ANCHOR * min(len(anchors), 2)


def _contact(position: Position) -> Probabilities:
    flipped = position.flipped()
    race = _race(position)
    logit = _W_RACE * math.log(race.win / (1.0 - race.win))
    logit += _side_terms(position) - _side_terms(flipped)
    their_home = len(_made(flipped, range(1, 7)))
    my_home = len(_made(position, range(1, 7)))
    logit -= _W_BAR * position.bar * (1 + their_home) / 3
    logit += _W_BAR * position.opponent_bar * (1 + my_home) / 3
    logit += _W_SHOT_ON_ROLL * _blot_pressure(position)
    # The opponent shoots only after this roll, which may cover the blots.
    logit -= _W_SHOT_AGAINST * _blot_pressure(flipped)
    win = 1.0 / (1.0 + math.exp(-logit))
    wg = win * _contact_gammon_share(position, flipped)
    lg = (1.0 - win) * _contact_gammon_share(flipped, position)
    return _finish(win, wg, wg * _backgammon_share(flipped), lg, lg * _backgammon_share(position))


def _contact_gammon_share(winner: Position, loser: Position) -> float:
    """Rule of thumb: gammons grow with the loser's trapped checkers and the winner's board."""
    if loser.off:
        return 0.0
    back = sum(loser.mine(p) for p in range(19, 26))
    share = 0.06 + 0.03 * back + 0.04 * len(_made(winner, range(1, 7))) + 0.05 * loser.bar
    return min(share, 0.6)


def _backgammon_share(loser: Position) -> float:
    back = sum(loser.mine(p) for p in range(19, 26))
    return min(0.05 * back, 0.3)


def _finish(win: float, wg: float, wbg: float, lg: float, lbg: float) -> Probabilities:
    win = min(max(win, _CLAMP), 1.0 - _CLAMP)
    wg = min(wg, win)
    lg = min(lg, 1.0 - win)
    return Probabilities(win, wg, min(wbg, wg), lg, min(lbg, lg))


def _won(after: Position) -> Probabilities:
    kind = classify_win(after)
    return Probabilities(
        1.0, float(kind >= ResultKind.GAMMON), float(kind is ResultKind.BACKGAMMON), 0.0, 0.0
    )


def evaluate_position(position: Position) -> Probabilities:
    """Probabilities for the player on roll in ``position``."""
    if position.off == CHECKERS:
        return _won(position)
    if position.opponent_off == CHECKERS:
        return _won(position.flipped()).flipped()
    if position.is_race():
        return _race(position)
    return _contact(position)


class HeuristicEvaluator:
    """The interim :class:`~gammond.engine.bot.evaluator.Evaluator`: see the module docstring."""

    name = "heuristic-v1"

    def evaluate(self, positions: Sequence[Position]) -> list[Probabilities]:
        return [evaluate_position(p) for p in positions]

    def __repr__(self) -> str:
        return "HeuristicEvaluator()"
