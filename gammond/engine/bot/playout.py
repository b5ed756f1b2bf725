"""Rollout trials in bulk: many games played out at once, for training labels.

:func:`play_out` plays game ``r`` from ``boards[r]`` (the player on roll,
before rolling) with the dice of ``dice[r]``, one roll a half-move, each
side making its best 0-ply play, and returns the outcome for that first
player on roll.  A game still on when its dice run out is scored by the
evaluator where it stands: a truncated trial.  Averaged over trials with
different dice, these outcomes are a rollout's estimate; unlike the
evaluator's own estimate, a played-out game's gammons and backgammons are
facts, which is what late-game training positions need.

With the shipped evaluator and the compiled kernel the whole loop runs in
C (``kernel.play_out``, without the GIL); the Python loop here is the
reference it is tested against, and the fallback.  Both take the first of
equal best plays, so they agree to float rounding.

:mod:`gammond.engine.bot.rollout` is the user-facing rollout (its dice
from a seed, quasi-random first rolls, standard errors, a deadline); this
is its bare inner loop, for callers that bring their own dice.

>>> import numpy as np
>>> from gammond.engine import Position
>>> from gammond.engine.bot.model import shipped_evaluator
>>> race = Position.from_sides([1] + [0] * 24, [1] + [0] * 24)
>>> boards = np.array([race.board], dtype=np.int8)
>>> play_out(shipped_evaluator(), boards, np.full((1, 4, 2), 1, dtype=np.uint8)).round(3).tolist()
[[1.0, 0.0, 0.0, 0.0, 0.0]]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from gammond.engine import kernel
from gammond.engine.bot.batch import BoardEvaluator, Boards, Probs, after_play, checkers_off, equity, flip
from gammond.engine.errors import InvalidRolloutError

Dice = npt.NDArray[np.uint8]


def check_dice(boards: Boards, dice: Dice) -> None:
    """InvalidRolloutError unless ``dice`` is (games, half-moves, 2) of 1..6 for these boards."""
    if dice.ndim != 3 or dice.shape[0] != boards.shape[0] or dice.shape[2] != 2:
        raise InvalidRolloutError(
            f"dice must be (games, half-moves, 2) for {boards.shape[0]} games, got shape {dice.shape}"
        )
    if dice.size and (dice.min() < 1 or dice.max() > 6):
        raise InvalidRolloutError("dice must be 1..6")


def play_out(evaluator: BoardEvaluator, boards: Boards, dice: Dice, *, compiled: bool = True) -> Probs:
    """Each game's outcome for its first player on roll; see the module docstring."""
    boards = np.ascontiguousarray(boards, dtype=np.int8).reshape(-1, 26)
    dice = np.ascontiguousarray(dice, dtype=np.uint8)
    check_dice(boards, dice)
    fast = getattr(evaluator, "play_out", None) if compiled else None
    if fast is not None:
        out = fast(boards, dice)
        if out is not None:
            return np.asarray(out, dtype=np.float64)
    return np.array([_game(evaluator, board, rolls) for board, rolls in zip(boards, dice)]).reshape(-1, 5)


def _game(evaluator: BoardEvaluator, start: Boards, rolls: Dice) -> Probs:
    board = tuple(int(v) for v in start)
    ours = True
    for d1, d2 in rolls:
        _, theirs = checkers_off(np.array([board], dtype=np.int8))
        if theirs[0] == 15:
            break
        results = [result for _, result in kernel.generate(board, int(d1), int(d2))] or [board]
        values = after_play(evaluator, np.array(results, dtype=np.int8))
        best = int(np.argmax(equity(values)))
        mine, _ = checkers_off(np.array([results[best]], dtype=np.int8))
        if mine[0] == 15:
            won: Probs = values[best : best + 1] if ours else flip(values[best : best + 1])
            return np.asarray(won[0], dtype=np.float64)
        board = tuple(-v for v in reversed(results[best]))
        ours = not ours
    value = evaluator.evaluate_boards(np.array([board], dtype=np.int8))
    final: Probs = value if ours else flip(value)
    return np.asarray(final[0], dtype=np.float64)
