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

from gammond.engine import kernel
from gammond.engine.errors import IllegalPlayError
from gammond.engine.game import require_game_on
from gammond.engine.movegen import Board, Step, after, single_steps
from gammond.engine.play import Move, _move, check_dice, legal_plays
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


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A move of one checker that may come next: one die, or several in a row.

    ``steps`` are the single-die hops in order (a whole-checker move that
    uses both dice, for drag and drop, has two or more); ``dice`` the die
    each hop uses; ``dice_left`` the dice still to play after it.
    """

    steps: tuple[Move, ...]
    dice: tuple[int, ...]
    dice_left: tuple[int, ...]

    @property
    def from_point(self) -> int:
        return self.steps[0].from_point

    @property
    def to_point(self) -> int:
        return self.steps[-1].to_point

    @property
    def hits(self) -> int:
        """How many blots the checker hits on its way."""
        return sum(1 for step in self.steps if step.hit)


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """Where an interactive turn stands, with the dice each next move uses.

    Like :class:`TurnProgress`, plus ``dice_left`` (the dice not yet played;
    where a move could have used either of two dice, as a bear-off can, it
    used the smaller, which keeps the most play open) and ``options``: every single-die move and every
    whole-checker move over several dice that is still part of a legal play.
    """

    position: Position
    dice_left: tuple[int, ...]
    options: tuple[MoveOption, ...]
    complete: bool
    plays_left: int


def turn_options(position: Position, dice: Sequence[int], made: Sequence[Move]) -> TurnOptions:
    """The moves allowed after ``made`` this turn, each with the dice it uses.

    Raises :class:`IllegalPlayError`, as :func:`next_moves` does, when
    ``made`` is not the start of a legal play.  The compiled kernel answers
    when it is built (``kernel.turn_options``, the same result); it leaves
    to :func:`_turn_options_python` what it does not decide: an illegal
    ``made`` (the reference names the move) and the rare tie only Python's
    set order breaks (see ``_ckernel_src/turn.c``).

    >>> from gammond.engine import Position
    >>> turn = turn_options(Position.starting(), (3, 1), [])
    >>> [(str(o.steps[0]), o.dice) for o in turn.options if len(o.steps) == 2][:2]
    [('24/21', (3, 1)), ('24/23', (1, 3))]
    """
    d1, d2 = check_dice(dice)
    compiled = kernel.turn_options
    if compiled is not None:
        found = compiled(position.board, d1, d2, made)
        if found is not None:
            board, left, options, complete, plays_left = found
            return TurnOptions(
                position if board is None else Position._trusted(board),
                left,
                tuple(MoveOption(tuple(map(_move, steps)), used, rest) for steps, used, rest in options),
                complete,
                plays_left,
            )
    return _turn_options_python(position, (d1, d2), made)


def _turn_options_python(position: Position, dice: Sequence[int], made: Sequence[Move]) -> TurnOptions:
    """:func:`turn_options` in Python: the reference the compiled kernel matches."""
    d1, d2 = check_dice(dice)
    all_dice = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))
    plays = legal_plays(position, (d1, d2))
    if not plays:
        if made:
            raise IllegalPlayError(f"no move is possible with {d1}-{d2}, but {made[0]} was made")
        return TurnOptions(position, (), (), True, 0)
    most = max(len(p.moves) for p in plays)
    explorer = _Explorer(frozenset(p.result.board for p in plays), most)
    states: set[tuple[Board, tuple[int, ...]]] = {(position.board, all_dice)}
    for n, move in enumerate(made):
        states = _advance(states, (move.from_point, move.to_point, move.hit), n, explorer)
        if not states:
            done = " ".join(str(m) for m in made[:n]) or "nothing"
            raise IllegalPlayError(f"move {move} after {done} is not part of any legal play of {d1}-{d2}")
    used = len(made)
    found: dict[tuple[Move, ...], MoveOption] = {}
    left: set[Board] = set()

    def extend(
        board: Board, rest: tuple[int, ...], depth: int, path: tuple[Move, ...], via: tuple[int, ...]
    ) -> None:
        point = path[-1].to_point if path else None
        for die in sorted(set(rest), reverse=True):
            remaining = _remove(rest, die)
            for step in single_steps(board, die):
                if point is not None and step[0] != point:
                    continue
                nxt = after(board, step)
                if not explorer.reach(nxt, remaining, depth + 1):
                    continue
                hops, dice_used = (*path, Move(*step)), (*via, die)
                known = found.get(hops)
                if known is None or known.dice_left < remaining:
                    found[hops] = MoveOption(hops, dice_used, remaining)
                if step[1] > 0:
                    extend(nxt, remaining, depth + 1, hops, dice_used)

    for board, rest in states:
        left |= explorer.reach(board, rest, used)
        extend(board, rest, used, (), ())
    # Where a move could have used either die (a bear-off), it used the one
    # that keeps the most play open: the dice left are the largest any legal
    # continuation has, as each listed move's `dice_left` says.
    board, rest = max(states, key=lambda state: state[1])
    complete = used == most and board in explorer.targets
    ordered = tuple(sorted(found.values(), key=lambda o: (len(o.steps), -o.from_point, -o.to_point, o.steps)))
    return TurnOptions(Position._trusted(board), rest, ordered, complete, len(left))
