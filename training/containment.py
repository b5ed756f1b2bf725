"""Made-up late containment positions: the families the cube found our networks blind in.

Issue 34's held-out cube table lost most where the evaluator's win chance
was far off, and those rows were late containment games that seeded
self-play seldom reaches: bearing off against an ace-point anchor, a side
closed out with checkers on the bar, many checkers already off, a
straggler still back (or two, against a bear-in: :func:`trapped_stragglers`).  Each generator here makes one such family at
random, seeded, for the bench (``bench.families``) to measure our
evaluations against our own rollouts, and for a training round to add
rollout-labelled (``training.supervise``'s made-up kinds).

Every generator returns boards seen from the player on roll (either side is
on roll, half the time each), legal (15 checkers a side at most, no point
held by both), still in contact, and never both sides home (the bear-off
database scores those).  Sides are built on their own numbering as for
:meth:`Position.from_sides`: index ``i`` is the owner's point ``i + 1``,
index 24 the bar; the other side's index ``23 - i`` is the same point.
"""

from __future__ import annotations

import numpy as np

from gammond.engine.bot.bearoff import home_boards
from gammond.engine.bot.features import contact
from gammond.engine.position import Position

Board = tuple[int, ...]
Side = list[int]


def flip_board(board: Board) -> Board:
    """``board`` seen from the other side (the other player on roll).

    >>> flip_board((-2, 1) + (0,) * 24)  # a checker on the 1-point against two on the bar
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 2)
    """
    return tuple(-board[25 - i] for i in range(26))


def _settle(mover: Side, fixed: Side) -> bool:
    """Move ``mover``'s checkers off points ``fixed`` holds, down to the next free one; False if none is.

    ``mover``'s point ``p`` is ``fixed``'s ``23 - p``.  A checker with no free
    point below it has nowhere plausible to stand, so the board is dropped.
    """
    for point in range(23, -1, -1):
        if mover[point] and fixed[23 - point]:
            free = [q for q in range(point - 1, -1, -1) if not fixed[23 - q]]
            if not free:
                return False
            mover[free[0]] += mover[point]
            mover[point] = 0
    return True


def _spread(side: Side, count: int, low: int, high: int, rng: np.random.Generator, home_bias: float) -> None:
    """Put ``count`` checkers on ``side`` between indices ``low`` and ``high`` (exclusive), some home first."""
    for _ in range(count):
        top = min(6, high) if rng.random() < home_bias and low < 6 else high
        side[int(rng.integers(low, max(low + 1, top)))] += 1


def _finish(found: list[Board], first: Side, second: Side, rng: np.random.Generator) -> None:
    """Append the board of ``first`` on roll against ``second`` (or the other way round), if it is one to keep."""
    if sum(first) > 15 or sum(second) > 15:
        return
    board = Position.from_sides(first, second).board
    array = np.array([board], dtype=np.int8)
    if not contact(array)[0] or home_boards(array)[0]:
        return
    found.append(board if rng.random() < 0.5 else flip_board(board))


def ace_anchor_bearoffs(count: int, rng: np.random.Generator) -> list[Board]:
    """Bearing in and off against an anchor on the bearer's ace point.

    The bearer has 0 to 12 checkers off and the rest on its points 2 to 6,
    a third of the time one straggler still outside (then the main network
    scores the position, else the bearing network); the defender holds its
    24-point with 2 or 3 checkers, a third of the time a second point or a
    checker deeper in the bearer's board, 0 to 3 checkers off, the rest
    on its own home and outer boards (crunched, usually: its timing is gone).
    """
    found: list[Board] = []
    while len(found) < count:
        bearer, defender = [0] * 25, [0] * 25
        off = int(rng.integers(0, 13))
        left = 15 - off
        straggler = left > 1 and rng.random() < 1 / 3
        for _ in range(left - straggler):
            # Early in the bear-in the high points hold more.
            bearer[int(rng.choice(5, p=[0.12, 0.16, 0.2, 0.24, 0.28])) + 1] += 1
        if straggler:
            bearer[int(rng.integers(6, 23))] += 1
        defender[23] = int(rng.integers(2, 4))
        if rng.random() < 1 / 3:
            defender[int(rng.integers(18, 23))] += int(rng.integers(1, 3))
        rest = 15 - sum(defender) - int(rng.integers(0, 4))
        _spread(defender, rest, 0, 18, rng, home_bias=0.7)
        if _settle(defender, bearer):
            _finish(found, bearer, defender, rng)
    return found


def closed_out(count: int, rng: np.random.Generator) -> list[Board]:
    """A side with 1 to 3 checkers on the bar against a closed (or five-point) board.

    The attacker has five or six home points of 2 or 3 checkers (its open
    point, if any, sometimes holds a blot of the defender's); its other
    checkers are off (a closeout bear-off), in its outer board, or a
    straggler or two still back.  The defender's others are on its own
    home and outer boards, 0 to 4 already off.
    """
    found: list[Board] = []
    while len(found) < count:
        attacker, defender = [0] * 25, [0] * 25
        made = 6 if rng.random() < 0.6 else 5
        open_point = -1 if made == 6 else int(rng.integers(0, 6))
        for point in range(6):
            if point != open_point:
                attacker[point] = int(rng.integers(2, 4))
        rest = 15 - sum(attacker)
        if rest < 0:
            continue
        for _ in range(rest):
            where = rng.random()
            if where < 0.45:
                continue  # off
            attacker[int(rng.integers(6, 12)) if where < 0.8 else int(rng.integers(12, 24))] += 1
        defender[24] = int(rng.integers(1, 4))
        if open_point >= 0 and rng.random() < 0.3:
            defender[23 - open_point] = 1
        off = int(rng.integers(0, 5)) if rng.random() < 0.2 else 0
        _spread(defender, 15 - sum(defender) - off, 0, 18, rng, home_bias=0.5)
        if _settle(defender, attacker):
            _finish(found, attacker, defender, rng)
    return found


def crashed_positions(count: int, rng: np.random.Generator) -> list[Board]:
    """gnubg's "crashed" class made up: a side with 6 checkers or fewer in play beside those dead on its low points.

    The crashed side has 1 to 6 live checkers anywhere (on the bar, back in
    the other side's board, in its outer board), 0 to 12 off and the rest
    stacked on its ace and deuce points; the other side has 0 to 4 off,
    half the time an anchor or two checkers in the crashed side's home, and
    the rest on its own home and outer boards.
    """
    found: list[Board] = []
    while len(found) < count:
        crashed, other = [0] * 25, [0] * 25
        live = int(rng.integers(1, 7))
        off = int(rng.integers(0, 15 - live + 1)) if rng.random() < 0.6 else 0
        for _ in range(15 - live - off):
            crashed[0 if rng.random() < 0.6 else 1] += 1
        for _ in range(live):
            where = rng.random()
            if where < 0.1:
                crashed[24] += 1
            elif where < 0.45:
                crashed[int(rng.integers(18, 24))] += 1
            else:
                crashed[int(rng.integers(2, 18))] += 1
        if rng.random() < 0.5:
            other[int(rng.integers(18, 24))] += 2
        other_off = int(rng.integers(0, 5)) if rng.random() < 0.3 else 0
        _spread(other, 15 - sum(other) - other_off, 0, 18, rng, home_bias=0.5)
        if _settle(other, crashed):
            _finish(found, crashed, other, rng)
    return found


def trapped_stragglers(count: int, rng: np.random.Generator) -> list[Board]:
    """One or two of a side's checkers still back, its others home (crunched) or off, against a bear-in.

    The straggling side has 1 or 2 checkers on the bar, in the other side's
    home board or just outside it, 0 to 8 off, and the rest on its own home
    board, mostly deep (its timing gone: gnubg's referee and our networks
    disagree most here).  The other side brings its checkers in: two thirds
    of the time a block of four to six points in front of the straggler, the
    rest on its home and outer boards, 0 to 6 already off.
    """
    found: list[Board] = []
    while len(found) < count:
        back, bearer = [0] * 25, [0] * 25
        stragglers = 1 if rng.random() < 0.7 else 2
        for _ in range(stragglers):
            where = rng.random()
            # The bearer's points 1-6 are the straggler's 24-19; its 7-9 the straggler's 18-16.
            back[
                24
                if where < 0.15
                else int(rng.integers(18, 24))
                if where < 0.85
                else int(rng.integers(15, 18))
            ] += 1
        off = int(rng.integers(0, 9)) if rng.random() < 0.5 else 0
        for _ in range(15 - stragglers - off):
            back[int(rng.choice(6, p=[0.3, 0.25, 0.2, 0.12, 0.08, 0.05]))] += 1
        bearer_off = int(rng.integers(0, 7)) if rng.random() < 0.3 else 0
        left = 15 - bearer_off
        if rng.random() < 2 / 3:
            # A block just in front of the rearmost straggler (the bearer's numbering: 23 - its index).
            rear = max(23 - p for p in range(24) if back[p]) if any(back[:24]) else 0
            length = int(rng.integers(4, 7))
            start = max(1, min(rear + 1, 12 - length)) if rear < 11 else int(rng.integers(1, 6))
            for point in range(start, min(start + length, 12)):
                if left >= 2:
                    bearer[point] += 2
                    left -= 2
        _spread(bearer, left, 0, 12, rng, home_bias=0.6)
        # A straggler the block pushed down into the outfield (or home) is no longer trapped.
        if _settle(back, bearer) and 1 <= back[24] + sum(back[15:24]) and not any(back[6:15]):
            _finish(found, bearer, back, rng)
    return found


def primed_stragglers(count: int, rng: np.random.Generator) -> list[Board]:
    """A lone straggler (or two) behind a prime, the priming side still with checkers back of its own.

    The cube development sets' worst rows after the other families: the
    priming side far behind in the race, a block of four to six points
    just in front of the straggler anywhere on its 2- to 11-point, one to
    three of its own checkers on the bar or in the other side's home board,
    the rest in its outfield; the straggling side with every other checker
    home (or 0 to 10 off).  Our networks gave the primer 0.62 to 0.80 where
    the referee says 0.79 to 0.88, and the straggler's side gammons it does
    not win.  Unlike :func:`trapped_stragglers` the primer is not bearing in.
    """
    found: list[Board] = []
    while len(found) < count:
        back, primer = [0] * 25, [0] * 25
        # The primer's numbering: the straggler on its index t (its home board), the block above it.
        t = int(rng.integers(0, 5))
        stragglers = 1 if rng.random() < 0.75 else 2
        back[23 - t] += 1
        if stragglers == 2:
            back[23 - int(rng.integers(0, t + 1))] += 1
        off = 0 if rng.random() < 0.5 else int(rng.integers(1, 11))
        for _ in range(15 - stragglers - off):
            back[int(rng.choice(6, p=[0.25, 0.25, 0.2, 0.15, 0.1, 0.05]))] += 1
        length = int(rng.integers(4, 7))
        start = t + 1 + (0 if rng.random() < 0.7 else 1)
        if start + length > 11:
            continue
        for point in range(start, start + length):
            primer[point] = 2
        left = 15 - 2 * length
        # Its own checkers back: on the bar, or on a point of the straggling side's home it does not hold.
        for _ in range(min(left, int(rng.integers(1, 4)))):
            open_points = [i for i in range(18, 24) if not back[23 - i]]
            if rng.random() < 0.3 or not open_points:
                primer[24] += 1
            else:
                primer[int(rng.choice(open_points))] += 1
            left -= 1
        _spread(primer, left, 0, 17, rng, home_bias=0.3)
        if _settle(primer, back):  # moves the primer's checkers off the straggling side's points
            _finish(found, primer, back, rng)
    return found


def late_stragglers(count: int, rng: np.random.Generator) -> list[Board]:
    """A side far ahead, 6 to 12 checkers off, its last straggler still in the other side's home board.

    The cube's worst answers on 2026-12-06 (``python -m bench.defence``):
    the straggling side has one checker on the bar or on the other side's
    1- to 6-point, the rest deep in its own home board; the holding side
    has all fifteen on its home and outer boards: half the time a block of
    three to six points somewhere on its 2- to 9-point and its other
    checkers spread there, half the time bearing in (every checker on its
    1- to 9-point, most home) around a straggler on its 1- to 3-point.  What decides these is whether the holder hits the straggler,
    which our self-play seldom does (:mod:`training.defence`).
    """
    found: list[Board] = []
    while len(found) < count:
        runner, holder = [0] * 25, [0] * 25
        # The straggler on the holder's index t (its point t + 1), or on the bar; the block above it.
        t = int(rng.integers(0, 6))
        runner[24 if rng.random() < 0.2 else 23 - t] += 1
        off = int(rng.integers(6, 13))
        for _ in range(15 - 1 - off):
            runner[int(rng.choice(4, p=[0.4, 0.3, 0.2, 0.1]))] += 1
        if rng.random() < 0.5:
            length = int(rng.integers(3, 7))
            start = min(t + 1, 9 - length) if rng.random() < 0.7 else int(rng.integers(0, 10 - length))
            for point in range(start, start + length):
                holder[point] = 2
            _spread(holder, 15 - 2 * length, 0, 12, rng, home_bias=0.6)
        else:
            # Bearing in around a deep straggler: every checker on the 1- to 9-point, most home.
            if not runner[24]:  # the straggler deeper: on the holder's 1- to 3-point
                runner[23 - t] -= 1
                runner[23 - min(t, int(rng.integers(0, 3)))] += 1
            _spread(holder, 15, 0, 9, rng, home_bias=0.7)
        # The holder's checkers off the runner's points (the straggler's own among them).
        if _settle(holder, runner):
            _finish(found, holder, runner, rng)
    return found
