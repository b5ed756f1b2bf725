"""Hints and analysis: ranked plays for a coach, and what a given play costs.

>>> from gammond.engine import Position, parse_play
>>> from gammond.engine.bot.heuristic import HeuristicEvaluator
>>> start = Position.starting()
>>> a = analyse_play(start, (3, 1), parse_play("8/5 6/5", start, (3, 1)), HeuristicEvaluator())
>>> a.rank, a.equity_loss
(1, 0.0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gammond.engine.bot.batch import as_probabilities
from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.objective import objective
from gammond.engine.bot.search import (
    Level,
    LevelSpec,
    RankedPlay,
    Ranking,
    SearchStopped,
    board_evaluator,
    play_values,
    rank_plays,
)
from gammond.engine.cube import CubeContext
from gammond.engine.errors import IllegalPlayError, NoPlayError
from gammond.engine.game import PlayLike, find_play, require_game_on
from gammond.engine.play import check_dice
from gammond.engine.position import Position


def hint(
    position: Position,
    dice: Sequence[int],
    evaluator: Evaluator,
    level: Level | LevelSpec = Level.EXPERT,
    *,
    max_plays: int = 0,
    deadline: float | None = None,
    stop: Callable[[], bool] | None = None,
    context: CubeContext | None = None,
) -> Ranking:
    """The ``max_plays`` best plays (0: all), best first, with probabilities and equity.

    Hints never add deliberate mistakes, whatever the level's noise.
    ``deadline`` and ``stop`` cut the search short, and ``context`` (the
    cube and score) ranks by the match, as in :func:`rank_plays`.
    """
    spec = _without_noise(level)
    ranking = rank_plays(position, dice, evaluator, spec, deadline=deadline, stop=stop, context=context)
    plays = ranking.plays if max_plays <= 0 else ranking.plays[:max_plays]
    return Ranking(plays, ranking.complete)


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """A play next to the best one: ``equity_loss`` >= 0 is what the choice cost.

    ``rank`` is 1 for the best play; both plays are scored at the same depth.
    """

    played: RankedPlay
    best: RankedPlay
    equity_loss: float
    rank: int
    complete: bool


def analyse_play(
    position: Position,
    dice: Sequence[int],
    play: PlayLike,
    evaluator: Evaluator,
    level: Level | LevelSpec = Level.EXPERT,
    *,
    deadline: float | None = None,
    stop: Callable[[], bool] | None = None,
    context: CubeContext | None = None,
) -> PlayAnalysis:
    """How much equity ``play`` gives up against the bot's best play.

    Cubeless money equity, or with ``context`` in a match, the match's
    equivalent in EMG.  ``play`` is anything
    :func:`gammond.engine.game.find_play` accepts; a roll that cannot be
    played has no decision to analyse (:class:`NoPlayError`).
    """
    roll = check_dice(dice)
    require_game_on(position)
    play = find_play(position, roll, play)
    if not play.moves:
        raise NoPlayError(f"{roll[0]}-{roll[1]} cannot be played: there is nothing to analyse")
    ranking = hint(position, roll, evaluator, level, deadline=deadline, stop=stop, context=context)
    index = next((i for i, r in enumerate(ranking.plays) if r.play.result == play.result), None)
    if index is None:
        raise IllegalPlayError(
            f"play {play} with {roll[0]}-{roll[1]} is not legal in position {position.position_id()}"
        )
    best, played = ranking.plays[0], ranking.plays[index]
    complete = ranking.complete
    if played.plies < best.plies:
        # Compare like with like: search the play as deep as the best one,
        # within the caller's deadline (not the level's budget, which the
        # ranking has used up); a cut search leaves it shallower.
        def caller_stop() -> bool:
            late = deadline is not None and time.monotonic() >= deadline
            return late or (stop is not None and stop())

        try:
            values = play_values(
                board_evaluator(evaluator), [played.play.result.board], best.plies, caller_stop
            )[0]
        except SearchStopped:
            complete = False
        else:
            played = RankedPlay(
                played.play, as_probabilities(values), float(objective(context)(values[None])[0]), best.plies
            )
    loss = max(best.equity - played.equity, 0.0)
    better = sum(1 for i, r in enumerate(ranking.plays) if i != index and r.equity > played.equity)
    return PlayAnalysis(played, best, loss, 1 + better if loss > 0 else 1, complete)


def _without_noise(level: Level | LevelSpec) -> LevelSpec:
    from dataclasses import replace

    from gammond.engine.bot.search import LEVELS, check_level

    spec = level if isinstance(level, LevelSpec) else LEVELS[check_level(level)]
    return replace(spec, noise=0.0)
