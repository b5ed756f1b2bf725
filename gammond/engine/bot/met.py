"""Our match equity table: a recursion over scores with a live cube and fixed gammon rates.

``table(a, b)`` is the chance that the player ``a`` points away wins the
match against a player ``b`` away, at the start of a game before the
Crawford game (``crawford(a, b)`` at the Crawford game itself,
``post_crawford(a, b)`` after it).

How it is built: every game starts with even chances and ends in a gammon
with probability ``GAMMON_RATE`` (backgammons folded in).  The chance of
winning the *game*, ``p``, moves continuously (a Brownian-motion model of
the cube, as in Keith's and Janowski's work), so between cube actions the
match-winning chance is linear in ``p``.  A player doubles exactly at the
other's take point, where taking and passing are worth the same, so each
cube level's line ends where the next level's line meets the pass value.
Cube levels are solved from the top down: a cube is dead for its owner once
a single win at its value would win the match, and nobody doubles in the
Crawford game.  Scores are solved in order of total points to go.

Three refinements bring the model to real play:

- The free drop.  A post-Crawford game is valued not at ``p = 0.5`` but
  at the spread of chances the trailer may first double at
  (:data:`OPENING_SPREAD`): the leader passes the doubles that come while
  they are behind, where passing costs little or nothing.
- The trailer plays for the gammon.  In the Crawford game and after it the
  trailer's wins and losses are gammons at ``TRAILER_GAMMON_RATE``; the
  leader has no reason to fear them less or want them more.
- The cube is not used perfectly.  Before the Crawford game a score's value
  is ``CUBE_EFFICIENCY`` of the live-cube model and the rest a game played
  with the cube at 1 to the end (Janowski's interpolation, at the start of a
  game).

``GAMMON_RATE`` is the share of our own network's self-play games (0-ply,
cubeless) that ended in a gammon or backgammon: 0.263 over 4,000 games
of the shipped gammond-1 (``training.train.play_games`` with learning
off), rounded.  ``OPENING_SPREAD`` is measured with the same network.
With gammond-3 both stand: 0.261 +- 0.004 over 16,000 games
(``python -m training.gammon_rate --games 16000 --seed 3``), and an
opening spread within 0.005 of this one in every sixteenth
(``e8e62ce:training/met-inputs-gammond-3.txt`` in git history).
``TRAILER_GAMMON_RATE`` and ``CUBE_EFFICIENCY`` are the two numbers we
chose rather than measured: the values that keep every entry of the table,
up to 25 away and post-Crawford, within 0.5% of the Kazaross-XG2 table, a
table built from rollouts (``tests/test_bot_met.py`` checks that against the
copy GNU Backgammon installs; the largest difference is 0.43%).

>>> round(table(1, 1), 3)
0.5
>>> table(2, 4) > 0.6 > table(4, 2)
True
>>> abs(table(5, 7) + table(7, 5) - 1) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from gammond.engine.errors import InvalidStateError

GAMMON_RATE = 0.26
TRAILER_GAMMON_RATE = 0.30
CUBE_EFFICIENCY = 0.85

# The trailer's game-winning chance the first time they may double in a
# post-Crawford game, as 16 equally likely values (the means of its
# sixteenths).  The game starts at 0.5, but the trailer's first chance comes
# only after the opening move (when the leader won the opening roll) or after
# the leader's reply to it (when the trailer did), by which time the chance
# has spread out.  The leader drops every double that comes when they are the
# underdog -- going to 1-away/1-away costs nothing when the trailer is 2 away --
# and takes the others: the free drop.  Measured with the shipped network,
# each opening move and reply played by its 0-ply choice and the trailer's
# position scored at 1-ply (``python -m training.opening_spread``).
OPENING_SPREAD = (
    0.4166, 0.4577, 0.4679, 0.4758, 0.4859, 0.4895, 0.4933, 0.4972,
    0.4990, 0.5036, 0.5072, 0.5215, 0.5303, 0.5404, 0.5493, 0.5645,
)  # fmt: skip
MAX_AWAY = 25

Lookup = Callable[[int, int], float]


@dataclass(frozen=True, slots=True)
class Line:
    """A line from ``(x0, y0)`` to ``(x1, y1)``, flat outside, in the game-winning chance ``p``.

    >>> line = Line(0.0, -1.0, 1.0, 1.0)
    >>> line.at(0.75), line.solve(0.0), line.at(2.0)
    (0.5, 0.5, 1.0)
    """

    x0: float
    y0: float
    x1: float
    y1: float

    def at(self, p: float) -> float:
        if p <= self.x0:
            return self.y0
        if p >= self.x1:
            return self.y1
        return self.y0 + (self.y1 - self.y0) * (p - self.x0) / (self.x1 - self.x0)

    def solve(self, y: float) -> float | None:
        """The ``p`` in ``[x0, x1]`` where the line reaches ``y`` (it rises), None if never."""
        if y <= self.y0:
            return self.x0
        if y > self.y1 or self.y1 == self.y0:
            return None
        return self.x0 + (self.x1 - self.x0) * (y - self.y0) / (self.y1 - self.y0)


@dataclass(frozen=True, slots=True)
class GameOutcomes:
    """Match-winning chances after each way a game at cube ``value`` can end."""

    win: Callable[[int], float]
    lose: Callable[[int], float]


def _ends(away: tuple[int, int], lookup: Lookup, gammon_rate: float) -> GameOutcomes:
    a, b = away

    def win(cube: int) -> float:
        return (1 - gammon_rate) * lookup(a - cube, b) + gammon_rate * lookup(a - 2 * cube, b)

    def lose(cube: int) -> float:
        return (1 - gammon_rate) * lookup(a, b - cube) + gammon_rate * lookup(a, b - 2 * cube)

    return GameOutcomes(win, lose)


class CubeLines:
    """Match-winning chance against ``p`` at each cube level and owner, for one score.

    ``owned(c)`` is the line when the player we compute for owns a cube of
    value ``c``; ``theirs(c)`` when the opponent owns it; ``centred(c)``
    when either may double.
    """

    def __init__(self, away: tuple[int, int], ends: GameOutcomes, lookup: Lookup) -> None:
        self.away = away
        self.ends = ends
        self.lookup = lookup
        # Per instance, not functools.lru_cache: a class-level cache would keep
        # every instance a long-running server creates alive.
        self._owned: dict[int, Line] = {}
        self._theirs: dict[int, Line] = {}

    def dead_line(self, cube: int) -> Line:
        return Line(0.0, self.ends.lose(cube), 1.0, self.ends.win(cube))

    def owned(self, cube: int) -> Line:
        """We own the cube: we redouble at their take point and they then pass."""
        if cube not in self._owned:
            self._owned[cube] = self._owned_line(cube)
        return self._owned[cube]

    def theirs(self, cube: int) -> Line:
        """They own the cube: they redouble at our take point and we then pass."""
        if cube not in self._theirs:
            self._theirs[cube] = self._theirs_line(cube)
        return self._theirs[cube]

    def _owned_line(self, cube: int) -> Line:
        a, b = self.away
        if a <= cube:
            return self.dead_line(cube)
        cash = self.lookup(a - cube, b)
        point = self.theirs(2 * cube).solve(cash)
        if point is None:
            return self.dead_line(cube)
        return Line(0.0, self.ends.lose(cube), point, cash)

    def _theirs_line(self, cube: int) -> Line:
        a, b = self.away
        if b <= cube:
            return self.dead_line(cube)
        cashed = self.lookup(a, b - cube)
        point = self.owned(2 * cube).solve(cashed)
        if point is None or point <= 0.0:
            return self.dead_line(cube)
        return Line(point, cashed, 1.0, self.ends.win(cube))

    def centred(self, cube: int) -> Line:
        """The cube in the middle: we are cashed below our take point and cash above theirs."""
        a, b = self.away
        low, high = (0.0, self.ends.lose(cube)), (1.0, self.ends.win(cube))
        if b > cube:
            cashed = self.lookup(a, b - cube)
            take = self.owned(2 * cube).solve(cashed)
            if take is not None and take > 0.0:
                low = (take, cashed)
        if a > cube:
            cash = self.lookup(a - cube, b)
            double = self.theirs(2 * cube).solve(cash)
            if double is not None:
                high = (double, cash)
        return Line(low[0], low[1], high[0], high[1])


def _lookup(pre: dict[tuple[int, int], float], post: dict[tuple[int, int], float]) -> Lookup:
    """MWC after a game of a pre-Crawford match: reaching 1-away first makes a Crawford game."""

    def value(a: int, b: int) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return pre[(a, b)]

    return value


def _post_lookup(post: dict[tuple[int, int], float]) -> Lookup:
    def value(a: int, b: int) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return post[(a, b)]

    return value


@lru_cache(maxsize=4)
def _tables(
    gammon_rate: float, size: int
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]:
    """``(pre, post)``: pre-Crawford (incl. Crawford games at 1-away) and post-Crawford MWC."""
    post: dict[tuple[int, int], float] = {(1, 1): 0.5}
    for n in range(2, size + 1):
        # Post-Crawford: the leader (1 away) has a dead cube; the trailer's cube is live.
        for away in ((1, n), (n, 1)):
            ends = _ends(away, _post_lookup(post), TRAILER_GAMMON_RATE)
            lines = CubeLines(away, ends, _post_lookup(post))
            post[away] = _at_first_double(lines.centred(1), trailer=away[0] != 1)
    pre: dict[tuple[int, int], float] = {(1, 1): 0.5}
    for n in range(2, size + 1):
        # The Crawford game: no cube at all; then post-Crawford scores.
        p = _post_lookup(post)
        r = TRAILER_GAMMON_RATE
        pre[(1, n)] = 0.5 + 0.5 * ((1 - r) * p(1, n - 1) + r * p(1, n - 2))
        pre[(n, 1)] = 1.0 - pre[(1, n)]
    for total in range(4, 2 * size + 1):
        for a in range(2, min(total - 2, size) + 1):
            b = total - a
            if not 2 <= b <= size:
                continue
            lookup = _lookup(pre, post)
            lines = CubeLines((a, b), _ends((a, b), lookup, gammon_rate), lookup)
            live, dead = lines.centred(1).at(0.5), lines.dead_line(1).at(0.5)
            pre[(a, b)] = CUBE_EFFICIENCY * live + (1 - CUBE_EFFICIENCY) * dead
    return pre, post


def _at_first_double(line: Line, trailer: bool) -> float:
    """The line's mean over :data:`OPENING_SPREAD`, from the trailer's view or the leader's."""
    values = [line.at(p if trailer else 1.0 - p) for p in OPENING_SPREAD]
    return sum(values) / len(values)


def _check(a: int, b: int) -> None:
    for name, value in (("a", a), ("b", b)):
        if not 1 <= value <= MAX_AWAY:
            raise InvalidStateError(f"away score {name}={value} is outside 1..{MAX_AWAY}")


def table(a: int, b: int, gammon_rate: float = GAMMON_RATE) -> float:
    """MWC of the player ``a`` away against ``b`` away, before the Crawford game.

    At 1-away against more, this is the Crawford game's value.
    """
    if a <= 0 or b <= 0:
        return 1.0 if a <= 0 else 0.0
    _check(a, b)
    return _tables(gammon_rate, MAX_AWAY)[0][(a, b)]


def crawford(a: int, b: int, gammon_rate: float = GAMMON_RATE) -> float:
    """MWC at the Crawford game (one of ``a``, ``b`` is 1)."""
    return table(a, b, gammon_rate)


def post_crawford(a: int, b: int, gammon_rate: float = GAMMON_RATE) -> float:
    """MWC in a game after the Crawford game (one of ``a``, ``b`` is 1)."""
    if a <= 0 or b <= 0:
        return 1.0 if a <= 0 else 0.0
    _check(a, b)
    if min(a, b) != 1:
        raise InvalidStateError(f"post-Crawford scores have a player 1 away, got {a}-away {b}-away")
    return _tables(gammon_rate, MAX_AWAY)[1][(a, b)]


def lookup_for(post: bool, gammon_rate: float = GAMMON_RATE) -> Lookup:
    """MWC after a game: post-Crawford scores if ``post``, else pre-Crawford ones."""
    pre_table, post_table = _tables(gammon_rate, MAX_AWAY)
    return _post_lookup(post_table) if post else _lookup(pre_table, post_table)
