"""Match and money-session scores, the Crawford rule, and the score sheet.

From 000_*.txt, "Match play": the first player to reach or pass the match
length wins; the first time either player gets to 1 point short of the
match, the cube stays out of the next game (the Crawford game), which
happens only once; if neither player is ever exactly 1 point short there is
no Crawford game.  Cubeless matches (001_*.txt) have no Crawford rule at
all.  A money session (length 0) keeps a running total per player.

>>> options = RuleOptions.match(5)
>>> gammon = GameOutcome.played_out(Player.BLACK, ResultKind.GAMMON, 2, options, cube_turned=True)
>>> m = MatchState.start(options).record(gammon)
>>> m.scores, m.crawford
((0, 4), True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from gammond.engine.errors import IllegalActionError, InvalidStateError
from gammond.engine.players import Player
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions, check_count, dataclass_repr
from gammond.engine.scoring import GameEnd, GameOutcome


@dataclass(frozen=True, slots=True)
class MatchState:
    """The score before a game: match length (0 for money), scores, Crawford flag.

    ``scores`` is indexed by :class:`Player` (White first).  ``crawford``
    says the coming game is the Crawford game; post-Crawford follows from
    the scores (a player 1 point short and this not the Crawford game), as
    in GNU Backgammon.  ``cubeless`` matches have no Crawford game.
    """

    length: int = 0
    scores: tuple[int, int] = (0, 0)
    crawford: bool = False
    cubeless: bool = False

    def __post_init__(self) -> None:
        check_count(self.length, "match length")
        scores = tuple(self.scores)
        if len(scores) != 2:
            raise InvalidStateError(f"scores must be two numbers (White, Black), got {self.scores!r}")
        for player, score in zip(Player, scores):
            check_count(score, f"{player.name.lower()}'s score")
        object.__setattr__(self, "scores", scores)
        if self.is_match() and all(score >= self.length for score in scores):
            raise InvalidStateError(f"both scores {scores} reach the match length {self.length}")
        if self.crawford:
            self._check_crawford()

    def _check_crawford(self) -> None:
        if not self.is_match() or self.cubeless:
            kind = "cubeless match" if self.cubeless else "money session"
            raise InvalidStateError(f"a {kind} has no Crawford game")
        short = [score == self.length - 1 for score in self.scores]
        if short.count(True) != 1 or max(self.scores) >= self.length:
            raise InvalidStateError(
                f"score {self.scores} in a match to {self.length} cannot be the Crawford game: "
                "exactly one player must be 1 point short"
            )

    @classmethod
    def start(cls, options: RuleOptions) -> MatchState:
        """The score before the first game under ``options`` (a money session if length 0)."""
        if cls is not MatchState:
            return cls(options.match_length, (0, 0), False, options.cubeless)
        return _start(options.match_length, options.cubeless)

    def is_match(self) -> bool:
        """True for a match, False for a money session."""
        return self.length > 0

    @property
    def post_crawford(self) -> bool:
        """Whether this is a game after the Crawford game (the cube is back).

        >>> MatchState(5, (4, 2)).post_crawford
        True
        """
        if not self.is_match() or self.cubeless or self.crawford:
            return False
        return self.length - 1 in self.scores and not self.is_over()

    @property
    def winner(self) -> Player | None:
        """The player who reached or passed the match length, if any."""
        if not self.is_match():
            return None
        for player in Player:
            if self.scores[player] >= self.length:
                return player
        return None

    def is_over(self) -> bool:
        """Whether the match has been won (never, for a money session)."""
        return self.winner is not None

    def away(self, player: Player) -> int:
        """Points ``player`` still needs to win the match (at least 0)."""
        self._need_match("away")
        return max(0, self.length - self.scores[player])

    def net(self, player: Player) -> int:
        """Money play: ``player``'s running total, points won less points lost."""
        return self.scores[player] - self.scores[player.opponent]

    def check_options(self, options: RuleOptions) -> None:
        """Raise if ``options`` describe a different match than this score."""
        if options.match_length != self.length or options.cubeless != self.cubeless:
            raise InvalidStateError(
                f"options (match length {options.match_length}, cubeless {options.cubeless}) do not "
                f"fit the match state (length {self.length}, cubeless {self.cubeless})"
            )

    def may_double(self, player: Player, cube_value: int, dead_cube: bool = True) -> bool:
        """Whether the match score lets ``player`` double a cube on ``cube_value``.

        Not in the Crawford game, and under the tournament dead-cube rule not
        when winning a single game at the cube's current value would already
        win ``player`` the match (000_*.txt, "Match play").

        >>> MatchState(5, (2, 4)).may_double(Player.BLACK, 1)
        False
        >>> MatchState(5, (2, 4)).may_double(Player.WHITE, 1)
        True
        """
        if self.cubeless or self.crawford or self.is_over():
            return False
        if self.is_match() and dead_cube:
            return self.scores[player] + cube_value < self.length
        return True

    def record(self, outcome: GameOutcome) -> MatchState:
        """The score before the next game, once ``outcome`` is added.

        Gammons and backgammons count in full, even past the match length.
        """
        if self.is_over():
            raise IllegalActionError(
                f"the match to {self.length} is over at {self.scores[0]}-{self.scores[1]}; "
                "no more games can be recorded"
            )
        self._check_outcome(outcome)
        scores = list(self.scores)
        scores[outcome.winner] += outcome.points
        new_scores = (scores[0], scores[1])
        return MatchState(self.length, new_scores, self._next_is_crawford(new_scores), self.cubeless)

    def _next_is_crawford(self, new_scores: tuple[int, int]) -> bool:
        if not self.is_match() or self.cubeless:
            return False
        short = self.length - 1
        # Only the first time anyone gets to 1 point short: once someone was
        # there before this game, the Crawford game is now or already past.
        was_short = any(score >= short for score in self.scores)
        return not was_short and short in new_scores and max(new_scores) < self.length

    def _check_outcome(self, outcome: GameOutcome) -> None:
        if not isinstance(outcome, GameOutcome):
            raise InvalidStateError(f"a game outcome is needed, got {outcome!r}")
        if self.crawford or self.cubeless:
            where = "the Crawford game" if self.crawford else "a cubeless match"
            if outcome.cube_value != 1 or outcome.ended is GameEnd.DOUBLE_DROPPED:
                raise InvalidStateError(
                    f"{where} has no cube, but the outcome has cube {outcome.cube_value} "
                    f"and ended by {outcome.ended.value}"
                )
        if self.is_match() and outcome.points != int(outcome.kind) * outcome.cube_value:
            raise InvalidStateError(
                f"in a match a {outcome.kind.name.lower()} on cube {outcome.cube_value} scores "
                f"{int(outcome.kind) * outcome.cube_value}, not {outcome.points} (no Jacoby rule)"
            )

    def _need_match(self, what: str) -> None:
        if not self.is_match():
            raise IllegalActionError(f"{what} needs a match, but this is a money session")


def is_crawford_game(state: MatchState) -> bool:
    """Whether the coming game is the Crawford game (no cube)."""
    return state.crawford


@dataclass(frozen=True, slots=True)
class ScoreSheetRow:
    """One game on the score sheet, with both running scores after it."""

    __repr__ = dataclass_repr

    game: int
    winner: Player
    kind: ResultKind
    cube_value: int
    ended: GameEnd
    points: int
    scores: tuple[int, int]
    crawford: bool = False


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The games of a match or session so far, and the score they lead to.

    >>> sheet = ScoreSheet.new(MatchState.start(RuleOptions.match(3)))
    >>> sheet.state.scores, sheet.rows
    ((0, 0), ())
    """

    state: MatchState
    rows: tuple[ScoreSheetRow, ...] = field(default=())
    first_game: int = 1

    @classmethod
    def new(cls, start: MatchState, first_game: int = 1) -> ScoreSheet:
        """An empty sheet starting from ``start``; games are numbered from ``first_game``."""
        check_count(first_game, "first game number", minimum=1)
        return cls(start, (), first_game)

    @classmethod
    def replay(cls, start: MatchState, outcomes: Iterable[GameOutcome], first_game: int = 1) -> ScoreSheet:
        """The sheet after recording ``outcomes`` one by one from ``start``."""
        sheet = cls.new(start, first_game)
        for outcome in outcomes:
            sheet = sheet.add(outcome)
        return sheet

    def add(self, outcome: GameOutcome) -> ScoreSheet:
        """The sheet with one more game, recorded on the current score."""
        after = self.state.record(outcome)
        row = ScoreSheetRow(
            game=self.first_game + len(self.rows),
            winner=outcome.winner,
            kind=outcome.kind,
            cube_value=outcome.cube_value,
            ended=outcome.ended,
            points=outcome.points,
            scores=after.scores,
            crawford=self.state.crawford,
        )
        return ScoreSheet(after, (*self.rows, row), self.first_game)


@lru_cache(maxsize=256)
def _start(length: int, cubeless: bool) -> MatchState:
    """:meth:`MatchState.start`, made once per length: every check of a first game asks for it."""
    return MatchState(length, (0, 0), False, cubeless)
