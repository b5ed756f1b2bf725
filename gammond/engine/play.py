"""Full plays, the legal plays of a roll, and play text resolved against them.

:class:`Move`, one checker moved by one die, and its notation sit a layer
below, in :mod:`gammond.engine.notation`; it is importable from here too.

>>> from gammond.engine import Position
>>> plays = legal_plays(Position.starting(), (3, 1))
>>> len(plays)
16
>>> [str(p) for p in plays if str(p) == "8/5 6/5"]
['8/5 6/5']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, overload

from gammond.engine import kernel
from gammond.engine.errors import IllegalPlayError, InvalidDiceError, excerpt
from gammond.engine.movegen import Step, after
from gammond.engine.notation import Move as Move
from gammond.engine.notation import format_moves, parse_moves
from gammond.engine.position import Position

BAR = 25
OFF = 0


class Play(NamedTuple):
    """A full legal play: its moves, in an order they can be made, and the result.

    ``result`` is the board after the play, still seen from the player who
    moved; ``result.flipped()`` is the position the opponent then rolls in.
    A named tuple, like :class:`Move`, because every legal play of every
    request is built as one.
    """

    moves: tuple[Move, ...]
    result: Position

    def __str__(self) -> str:
        return format_moves(self.moves)

    @property
    def hits(self) -> int:
        """How many opposing checkers the play sends to the bar."""
        return sum(1 for m in self.moves if m.hit)


def check_dice(dice: Iterable[int]) -> tuple[int, int]:
    """Validate a roll of two dice and return it as a pair."""
    if type(dice) is tuple and len(dice) == 2:
        d1, d2 = dice
        if type(d1) is int and type(d2) is int and 0 < d1 < 7 and 0 < d2 < 7:
            return d1, d2  # the common case, checked cheaply
    roll = tuple(dice)
    if len(roll) != 2:
        raise InvalidDiceError(f"a roll has two dice, got {len(roll)}: {roll!r}")
    for die in roll:
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise InvalidDiceError(f"die {die!r} is not an integer from 1 to 6")
    return roll[0], roll[1]


_MOVES: dict[Step, Move] = {}


def _move(step: Step) -> Move:
    """The Move of a step: moves are values, so one object serves every play."""
    move = _MOVES.get(step)
    if move is None:
        move = _MOVES[step] = Move(*step)
    return move


class PlayList(Sequence[Play]):
    """The legal plays of one roll: a read-only sequence that builds plays on access.

    The move generator returns compact ``(steps, board)`` pairs; a
    :class:`Play` is made the first time its index is read, then kept.  A
    caller that only counts the plays, or looks at a few, pays for those
    only.  Compares equal to a list or tuple of the same plays.

    >>> from gammond.engine import Position
    >>> plays = legal_plays(Position.starting(), (6, 5))
    >>> str(plays[0]), plays[0] is plays[0], plays == list(plays)
    ('24/13', True, True)
    """

    __slots__ = ("_raw", "_made")

    def __init__(self, raw: kernel.RawPlays) -> None:
        self._raw = raw
        self._made: list[Play | None] | None = None

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, index: int) -> Play: ...

    @overload
    def __getitem__(self, index: slice) -> list[Play]: ...

    def __getitem__(self, index: int | slice) -> Play | list[Play]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        made = self._made
        if made is None:
            made = self._made = [None] * len(self._raw)
        play = made[index]
        if play is None:
            steps, board = self._raw[index]
            play = made[index] = Play(tuple(map(_move, steps)), Position._trusted(board))
        return play

    def __iter__(self) -> Iterator[Play]:
        for i in range(len(self._raw)):
            yield self[i]

    def leading_to(self, board: Sequence[int]) -> Play | None:
        """The play whose result has ``board`` (plays are distinct by result), or None.

        Compares the generator's boards, so only the play found is made.

        >>> from gammond.engine import Position
        >>> plays = legal_plays(Position.starting(), (6, 5))
        >>> str(plays.leading_to(plays[0].result.board)), plays.leading_to(Position.starting().board)
        ('24/13', None)
        """
        wanted, raw = tuple(board), self._raw
        for i in range(len(raw)):
            if tuple(raw[i][1]) == wanted:
                return self[i]
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (PlayList, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    # Equal to lists, so unhashable like them.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        # The list it equals; evaluating it gives an equal sequence.
        return repr(list(self))


def legal_plays(position: Position, dice: Iterable[int]) -> PlayList:
    """Every distinct legal play of ``dice`` in ``position``, in a stable order.

    An empty sequence means the roll cannot be played; that is not an error.
    """
    d1, d2 = check_dice(dice)
    return PlayList(kernel.plays(position.board, d1, d2))


def _net_flow(segments: Iterable[tuple[int, int, bool]]) -> tuple[Counter[int], Counter[int]]:
    departures: Counter[int] = Counter()
    arrivals: Counter[int] = Counter()
    for src, dst, _ in segments:
        departures[src] += 1
        arrivals[dst] += 1
    net_out, net_in = departures - arrivals, arrivals - departures
    return net_out, net_in


def with_hits(position: Position, moves: Iterable[Move]) -> tuple[Move, ...]:
    """``moves``, made in turn on ``position`` (the mover's side), each with the hit the board gives it.

    A move that cannot be made ends the replay: it and those after it are
    left as given, for the checks to name.

    >>> from gammond.engine import Position
    >>> with_hits(Position.from_id("4HPwATDgc/ABMA"), [Move(13, 10), Move(10, 4)])
    (Move(from_point=13, to_point=10, hit=False), Move(from_point=10, to_point=4, hit=False))
    """
    board: Sequence[int] = position.board
    out: list[Move] = []
    given = list(moves)
    for move in given:
        src, dst = move.from_point, move.to_point
        if not (0 < src <= 25 and 0 <= dst < src) or board[src] <= 0 or (dst and board[dst] < -1):
            break
        hit = dst > 0 and board[dst] == -1
        out.append(Move(src, dst, hit))
        board = after(board, (src, dst, hit))
    return (*out, *given[len(out) :])


def parse_play(text: str, position: Position, dice: Iterable[int]) -> Play:
    """Resolve play text to the one legal play of ``dice`` it describes.

    >>> from gammond.engine import Position
    >>> format_moves(parse_play("24/18 13/11", Position.starting(), (6, 2)).moves)
    '24/18 13/11'
    >>> str(parse_play("13/7(2)", Position.starting(), (3, 3)))
    '13/7(2)'
    """
    dice = check_dice(dice)
    segments = parse_moves(text)
    marked = Counter(dst for _, dst, hit in segments if hit)
    wanted = _net_flow(segments)
    candidates = []
    for play in legal_plays(position, dice):
        steps = [(m.from_point, m.to_point, m.hit) for m in play.moves]
        if _net_flow(steps) == wanted:
            candidates.append(play)
    # Hits must be marked where they happen: "2/off" is not "2/1*/off".  Plays
    # are distinct by result, and net flow plus hit points fix the result, so
    # at most one play matches exactly.
    for play in candidates:
        if Counter(m.to_point for m in play.moves if m.hit) == marked:
            return play
    roll = "-".join(str(d) for d in dice)
    hint = f" (did you mean {' or '.join(str(p) for p in candidates)}?)" if candidates else ""
    raise IllegalPlayError(f"{excerpt(text)} is not a legal play of {roll} in {position.position_id()}{hint}")
