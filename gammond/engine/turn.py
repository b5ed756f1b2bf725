"""Interactive turns: one checker at a time, with Undo.

A frontend moves one checker by one die, then asks again.  Given the moves
made so far, :func:`next_moves` lists every single-checker move that is
still part of some legal full play, and says when the turn is complete.
Undo needs nothing from us: the frontend drops its last move and asks again.

>>> from gammond.engine import Position
>>> progress = next_moves(Position.starting(), (3, 1), [Move(8, 5)])
>>> sorted(str(m) for m in progress.moves)
['24/23', '5/4', '6/5', '8/7']
>>> next_moves(Position.starting(), (3, 1), [Move(8, 5), Move(6, 5)]).complete
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from gammond.engine.errors import IllegalPlayError
from gammond.engine.game import require_game_on
from gammond.engine.movegen import Board, Step, after, single_steps
from gammond.engine.play import Move, check_dice, legal_plays
from gammond.engine.position import Position


@dataclass(frozen=True, slots=True)
class TurnProgress:
    """Where an interactive turn stands.

    ``position`` is the board after the moves made so far (the mover still on
    roll); ``moves`` the single-checker moves that may come next;
    ``complete`` is True once the moves made form a whole legal play;
    ``plays_left`` counts the distinct legal plays still reachable.
    """

    position: Position
    moves: tuple[Move, ...]
    complete: bool
    plays_left: int


def _step_fits(step: Step, die: int) -> bool:
    src, to, _ = step
    return src - to == die or (to == 0 and src - to < die)


class _Explorer:
    """Searches completions of a partial turn towards the legal results."""

    def __init__(self, targets: frozenset[Board], most: int) -> None:
        self.targets = targets
        self.most = most
        self.reach = lru_cache(maxsize=None)(self._reach)

    def _reach(self, board: Board, dice: tuple[int, ...], used: int) -> frozenset[Board]:
        """The legal results reachable from here with the dice left."""
        found: set[Board] = set()
        if used == self.most and board in self.targets:
            found.add(board)
        if used < self.most:
            for die in set(dice):
                rest = _remove(dice, die)
                for step in single_steps(board, die):
                    found |= self.reach(after(board, step), rest, used + 1)
        return frozenset(found)


def _remove(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def next_moves(position: Position, dice: Sequence[int], made: Sequence[Move]) -> TurnProgress:
    """The next single-checker moves allowed after ``made`` this turn.

    Raises :class:`IllegalPlayError` when ``made`` is not the start of any
    legal play, naming the first move that goes wrong.
    """
    d1, d2 = check_dice(dice)
    require_game_on(position)
    plays = legal_plays(position, (d1, d2))
    if not plays:
        if made:
            raise IllegalPlayError(f"no move is possible with {d1}-{d2}, but {made[0]} was made")
        return TurnProgress(position, (), True, 0)
    most = max(len(p.moves) for p in plays)
    explorer = _Explorer(frozenset(p.result.board for p in plays), most)
    states: set[tuple[Board, tuple[int, ...]]] = {(position.board, (d1,) * 4 if d1 == d2 else (d1, d2))}
    for n, move in enumerate(made):
        step = (move.from_point, move.to_point, move.hit)
        states = _advance(states, step, n, explorer)
        if not states:
            done = " ".join(str(m) for m in made[:n]) or "nothing"
            raise IllegalPlayError(f"move {move} after {done} is not part of any legal play of {d1}-{d2}")
    used = len(made)
    offered: set[Move] = set()
    left: set[Board] = set()
    for board, rest in states:
        left |= explorer.reach(board, rest, used)
        for die in set(rest):
            for step in single_steps(board, die):
                if explorer.reach(after(board, step), _remove(rest, die), used + 1):
                    offered.add(Move(*step))
    board = next(iter(states))[0]
    complete = used == most and board in explorer.targets
    ordered = tuple(sorted(offered, key=lambda m: (-m.from_point, -m.to_point)))
    return TurnProgress(Position._trusted(board), ordered, complete, len(left))


def _advance(
    states: set[tuple[Board, tuple[int, ...]]],
    step: Step,
    used: int,
    explorer: _Explorer,
) -> set[tuple[Board, tuple[int, ...]]]:
    """Apply one made move, trying each die it could stand for."""
    out: set[tuple[Board, tuple[int, ...]]] = set()
    for board, rest in states:
        for die in set(rest):
            legal = [s for s in single_steps(board, die) if s[:2] == step[:2]]
            if not legal or not _step_fits(legal[0], die):
                continue
            nxt = (after(board, legal[0]), _remove(rest, die))
            if explorer.reach(nxt[0], nxt[1], used + 1):
                out.add(nxt)
    return out
