"""A coach's report of a game or match: every decision scored, error rates, rating, luck.

Every checker play and every cube decision of each game's log is judged at
a chosen level:

* a checker play by :func:`~gammond.engine.bot.hints.analyse_play`: the
  cubeless equity it gives up against the best play at that level;
* a cube decision before a roll (double or not) and every answer to a
  double (take or pass) by the bot's cube model
  (:func:`~gammond.engine.bot.lookahead.cube_decision`), with the match
  score where there is one: the chosen action's cubeful equity against the
  best action's.  A double is valued as the opponent's best answer to it.

Units.  Errors are in EMG, equity normalised to a money game at cube 1;
match-winning chances are turned into EMG as GNU Backgammon does, by the
chances of winning and losing a single game at the current cube:
``EMG = 2 x dMWC / (MWC(win) - MWC(lose))``.  Rates are mEMG (1/1000 EMG)
per decision:

* checker error rate: total checker error / non-forced checker plays (a
  play is forced when the roll leaves one legal result, or none);
* cube error rate: total cube error / cube decisions, counting every
  double, take and pass, and every "no double" that was close (doubling
  would have cost at most :data:`CLOSE_CUBE` EMG) -- as GNU Backgammon
  counts "close or actual" cube decisions;
* performance rating (eXtreme Gammon's PR): 500 x the total error (checker
  and cube, EMG) / the number of those decisions, i.e. mEMG / 2.

Luck: for each roll, the roller's 0-ply cubeless equity after the best
play of the roll rolled, less the average of the same over all 36 rolls
(so a player's luck sums to zero on average).  Opening rolls count for the
player who plays them.

Long analyses take ``deadline`` (``time.monotonic()`` seconds) and ``stop``
like the search: when either fires the analysis returns what it scored so
far, with ``complete`` False; ``progress`` is called after each decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

import numpy as np

from gammond.engine import kernel
from gammond.engine.bot import met
from gammond.engine.bot.acting import cube_context, cube_view
from gammond.engine.bot.batch import after_play, equity
from gammond.engine.bot.cubeful import CubeDecision
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.hints import analyse_play
from gammond.engine.bot.lookahead import cube_decision
from gammond.engine.bot.search import LEVELS, Level, board_evaluator, check_level
from gammond.engine.bot.view import CubeView
from gammond.engine.dice import ROLLS
from gammond.engine.errors import InvalidGameError
from gammond.engine.flow import Action, ActionKind, DiceSource, Game, Phase, apply_action, fresh, list_actions
from gammond.engine.notation import format_moves
from gammond.engine.play import legal_plays
from gammond.engine.players import Player
from gammond.engine.position import Position

CLOSE_CUBE = 0.16
"""A "no double" counts as a cube decision when doubling would have cost at most this (EMG)."""
BLUNDER = 0.08
"""An error of at least this (EMG) is a blunder (GNU Backgammon's default "very bad" threshold is 0.08)."""
MAX_BLUNDERS = 10

_ROLL_DICE = [r.dice for r in ROLLS]
_ROLL_WEIGHTS = np.array([r.weight / 36 for r in ROLLS])

Progress = Callable[[int, int], None]


class DecisionKind(Enum):
    CHECKER = "checker play"
    DOUBLE = "double or not"
    TAKE = "take or pass"


@dataclass(frozen=True, slots=True)
class Decision:
    """One scored decision.

    ``turn`` counts the game's rolls and cube actions from 1; ``position``
    is seen from ``player`` (the Position ID the frontend can show);
    ``played`` and ``best`` in words (a play in notation, or "double",
    "no double", "take", "pass"); ``error`` in EMG, >= 0.
    """

    game: int
    turn: int
    player: Player
    kind: DecisionKind
    position_id: str
    dice: tuple[int, int] | None
    played: str
    best: str
    error: float
    forced: bool = False

    @property
    def blunder(self) -> bool:
        return self.error >= BLUNDER


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the analysed games (see the module docstring)."""

    player: Player
    checker_decisions: int = 0
    unforced_checker: int = 0
    checker_error: float = 0.0
    cube_decisions: int = 0
    cube_error: float = 0.0
    blunders: int = 0
    luck: float = 0.0
    rolls: int = 0

    @property
    def checker_rate(self) -> float:
        """mEMG per non-forced checker play."""
        return 1000 * self.checker_error / self.unforced_checker if self.unforced_checker else 0.0

    @property
    def cube_rate(self) -> float:
        """mEMG per counted cube decision."""
        return 1000 * self.cube_error / self.cube_decisions if self.cube_decisions else 0.0

    @property
    def overall_rate(self) -> float:
        """mEMG per non-forced decision, checker and cube together."""
        n = self.unforced_checker + self.cube_decisions
        return 1000 * (self.checker_error + self.cube_error) / n if n else 0.0

    @property
    def performance_rating(self) -> float:
        """eXtreme Gammon's PR: 500 x mean error (EMG) per non-forced decision."""
        return self.overall_rate / 2

    def add(self, decision: Decision) -> PlayerStats:
        if decision.kind is DecisionKind.CHECKER:
            return replace(
                self,
                checker_decisions=self.checker_decisions + 1,
                unforced_checker=self.unforced_checker + (not decision.forced),
                checker_error=self.checker_error + decision.error,
                blunders=self.blunders + decision.blunder,
            )
        return replace(
            self,
            cube_decisions=self.cube_decisions + 1,
            cube_error=self.cube_error + decision.error,
            blunders=self.blunders + decision.blunder,
        )


@dataclass(frozen=True, slots=True)
class Review:
    """The report of a game or a match: decisions in order, each player's figures, the worst errors."""

    decisions: tuple[Decision, ...]
    stats: tuple[PlayerStats, PlayerStats]
    games: int
    complete: bool
    level: Level = Level.ADVANCED
    worst: tuple[Decision, ...] = field(default=())


def _emg_scale(view: CubeView) -> float:
    """EMG per unit of the cube decision's equities (1 for money; see the module docstring)."""
    if view.away is None:
        return 1.0
    lookup = met.lookup_for(view.post_crawford or view.crawford)
    a, b = view.away
    spread = lookup(a - view.value, b) - lookup(a, b - view.value)
    return 2.0 / spread if spread > 1e-9 else 0.0


def _best_after_each_roll(position: Position, evaluator: Evaluator) -> dict[tuple[int, int], float]:
    """The roller's 0-ply equity after the best play of each of the 21 rolls."""
    boards: list[tuple[int, ...]] = []
    spans: list[tuple[int, int]] = []
    for d1, d2 in _ROLL_DICE:
        results = [r for _, r in kernel.generate(position.board, d1, d2)] or [position.board]
        spans.append((len(boards), len(boards) + len(results)))
        boards.extend(results)
    scores = equity(after_play(board_evaluator(evaluator), np.array(boards, dtype=np.int8)))
    return {dice: float(scores[lo:hi].max()) for dice, (lo, hi) in zip(_ROLL_DICE, spans)}


def _luck(position: Position, dice: tuple[int, int], evaluator: Evaluator) -> float:
    values = _best_after_each_roll(position, evaluator)
    mean = float(sum(values[d] * w for d, w in zip(_ROLL_DICE, _ROLL_WEIGHTS)))
    return values[(max(dice), min(dice))] - mean


def _cube_value(decision: CubeDecision) -> tuple[float, float, float]:
    """No double, the double (answered well), and the best of the two."""
    doubled = min(decision.double_take, decision.double_pass)
    return (
        decision.no_double,
        doubled,
        max(decision.no_double, doubled) if decision.may_double else decision.no_double,
    )


class _Walker:
    """Replays one game's log, scoring each decision as it passes."""

    def __init__(
        self,
        evaluator: Evaluator,
        level: Level,
        expired: Callable[[], bool],
        progress: Progress | None,
        total: int,
    ) -> None:
        self.evaluator = evaluator
        self.level = level
        self.plies = min(LEVELS[level].plies, 1)
        self.expired = expired
        self.progress = progress
        self.total = total
        self.done = 0
        self.decisions: list[Decision] = []
        self.luck = [0.0, 0.0]
        self.rolls = [0, 0]

    def _record(self, decision: Decision) -> None:
        self.decisions.append(decision)

    def _tick(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)

    def walk(self, game: Game) -> bool:
        """Score ``game``; False when the deadline cut it short."""
        state = replace(fresh(game), dice_source=DiceSource.CLIENT)
        turn = 0
        for entry in game.log:
            if self.expired():
                return False
            turn += 1
            if (
                entry.kind is ActionKind.ROLL
                and entry.player is not None
                and state.phase is Phase.BEFORE_ROLL
            ):
                self._no_double(state, entry.player, turn)
            if entry.kind is ActionKind.DOUBLE and entry.player is not None:
                self._double(state, entry.player, turn)
            if entry.kind in (ActionKind.TAKE, ActionKind.DROP) and entry.player is not None:
                self._answer(state, entry.player, entry.kind, turn)
            if entry.kind is ActionKind.PLAY and entry.player is not None and state.dice is not None:
                self._checker(state, entry.player, entry.moves, turn)
            action = Action(entry.kind, entry.player, dice=entry.dice, steps=entry.moves, resign=entry.resign)
            if entry.kind is ActionKind.ROLL and state.phase is Phase.OPENING_ROLL:
                action = replace(action, player=Player.WHITE)
            elif entry.kind is not ActionKind.ROLL:
                action = replace(action, dice=None)
            if entry.kind is ActionKind.ROLL:
                state = self._rolled(state, action)
            else:
                state, _ = apply_action(state, action)
        return True

    def _rolled(self, state: Game, action: Action) -> Game:
        after, _ = apply_action(state, action)
        if after.turn is not None and after.dice is not None and after.phase is Phase.MOVING:
            roller = after.turn
            self.luck[roller] += _luck(after.turn_position(), after.dice, self.evaluator)
            self.rolls[roller] += 1
        elif after.turn is not None and state.phase is Phase.BEFORE_ROLL and action.dice is not None:
            # Rolled and could not move: still the roller's luck.
            stuck = state.turn
            assert stuck is not None
            self.luck[stuck] += _luck(state.turn_position(), action.dice, self.evaluator)
            self.rolls[stuck] += 1
        return after

    def _no_double(self, state: Game, player: Player, turn: int) -> None:
        allowed = list_actions(state).for_player(player)
        if not any(a.kind is ActionKind.DOUBLE for a in allowed):
            return
        view = cube_view(state, player)
        decision = cube_decision(state.turn_position(), self.evaluator, view, self.plies)
        nd, doubled, best = _cube_value(decision)
        scale = _emg_scale(view)
        if (nd - doubled) * scale > CLOSE_CUBE:
            return  # not a close decision: not counted, as in GNU Backgammon
        error = max(best - nd, 0.0) * scale
        best_word = "no double" if best == nd else "double"
        self._record(
            Decision(
                state.number,
                turn,
                player,
                DecisionKind.DOUBLE,
                state.turn_position().position_id(),
                None,
                "no double",
                best_word,
                error,
            )
        )
        self._tick()

    def _double(self, state: Game, player: Player, turn: int) -> None:
        view = cube_view(state, player)
        decision = cube_decision(state.turn_position(), self.evaluator, view, self.plies)
        nd, doubled, best = _cube_value(decision)
        error = max(best - doubled, 0.0) * _emg_scale(view)
        best_word = "double" if best == doubled else "no double"
        self._record(
            Decision(
                state.number,
                turn,
                player,
                DecisionKind.DOUBLE,
                state.turn_position().position_id(),
                None,
                "double",
                best_word,
                error,
            )
        )
        self._tick()

    def _answer(self, state: Game, player: Player, kind: ActionKind, turn: int) -> None:
        doubler = state.cube.offered_by
        if doubler is None or state.cube.pending is None:
            return
        # The doubler's view before the double: the cube as it was, still to be doubled.
        view = cube_view(state, doubler)
        decision = cube_decision(state.turn_position(), self.evaluator, view, self.plies)
        # The responder's equity is minus the doubler's.
        take, drop = -decision.double_take, -decision.double_pass
        chosen = take if kind is ActionKind.TAKE else drop
        error = max(max(take, drop) - chosen, 0.0) * _emg_scale(view)
        played = "take" if kind is ActionKind.TAKE else "pass"
        best = "take" if take >= drop else "pass"
        position = state.turn_position().flipped() if state.turn is doubler else state.turn_position()
        self._record(
            Decision(
                state.number,
                turn,
                player,
                DecisionKind.TAKE,
                position.position_id(),
                None,
                played,
                best,
                error,
            )
        )
        self._tick()

    def _checker(self, state: Game, player: Player, moves: tuple, turn: int) -> None:  # type: ignore[type-arg]
        assert state.dice is not None
        position = state.turn_position()
        plays = legal_plays(position, state.dice)
        forced = len(plays) <= 1
        if forced:
            error, best = 0.0, format_moves(moves)
        else:
            # In a match, a play is judged by the match it leaves, as the bot plays it.
            context = cube_context(state, player)
            analysis = analyse_play(
                position, state.dice, list(moves), self.evaluator, self.level, context=context
            )
            error, best = analysis.equity_loss, str(analysis.best.play)
        self._record(
            Decision(
                state.number,
                turn,
                player,
                DecisionKind.CHECKER,
                position.position_id(),
                state.dice,
                format_moves(moves),
                best,
                error,
                forced,
            )
        )
        self._tick()


def _decisions_in(games: Sequence[Game]) -> int:
    """An upper bound on the decisions to score, for progress reports."""
    return sum(
        1
        for game in games
        for entry in game.log
        if entry.kind in (ActionKind.PLAY, ActionKind.DOUBLE, ActionKind.TAKE, ActionKind.DROP)
        or (entry.kind is ActionKind.ROLL and entry.player is not None)
    )


def analyse_games(
    games: Sequence[Game],
    evaluator: Evaluator,
    level: Level = Level.ADVANCED,
    *,
    deadline: float | None = None,
    stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> Review:
    """The report of ``games`` (one game, or a match's games in order) at ``level``.

    Checker plays are judged at the level's depth; cube decisions at up to
    1-ply (the bot's own cube depth).  See the module docstring for the
    figures and their units.
    """
    level = check_level(level)
    for index, game in enumerate(games):
        if not isinstance(game, Game):
            raise InvalidGameError(f"games[{index}]", f"a Game is needed, got {type(game).__name__}")

    def expired() -> bool:
        return (deadline is not None and time.monotonic() >= deadline) or (stop is not None and stop())

    walker = _Walker(evaluator, level, expired, progress, _decisions_in(games))
    complete = True
    for game in games:
        if not walker.walk(game):
            complete = False
            break
    stats = [PlayerStats(Player.WHITE), PlayerStats(Player.BLACK)]
    for decision in walker.decisions:
        stats[decision.player] = stats[decision.player].add(decision)
    for player in Player:
        stats[player] = replace(stats[player], luck=walker.luck[player], rolls=walker.rolls[player])
    worst = sorted((d for d in walker.decisions if d.error > 0), key=lambda d: -d.error)[:MAX_BLUNDERS]
    return Review(tuple(walker.decisions), (stats[0], stats[1]), len(games), complete, level, tuple(worst))
