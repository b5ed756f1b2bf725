"""Applying a full play: validate it, pass the turn, notice the end of the game.

>>> from gammond.engine import Position
>>> applied = apply_play(Position.starting(), (3, 1), "8/5 6/5")
>>> applied.next_position.position_id()
'sGfwATDgc/ABMA'
>>> applied.next_position.flipped().mine(5)
2
>>> applied.result is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gammond.engine.errors import IllegalPlayError
from gammond.engine.movegen import after
from gammond.engine.notation import parse_play
from gammond.engine.play import Move, Play, check_dice, legal_plays
from gammond.engine.position import Position
from gammond.engine.result import ResultKind, classify_win

PlayLike = Play | Sequence[Move] | str | Position


@dataclass(frozen=True, slots=True)
class AppliedPlay:
    """A validated play and what follows it.

    ``next_position`` is seen from the opponent, who is on roll next;
    ``result`` is set when the play bore off the mover's last checker.
    """

    play: Play
    next_position: Position
    result: ResultKind | None

    @property
    def is_game_over(self) -> bool:
        return self.result is not None


def find_play(position: Position, dice: Sequence[int], play: PlayLike) -> Play:
    """The legal play that ``play`` names, given as moves, text or result.

    An empty play is legal only when the roll cannot be played at all.
    """
    d1, d2 = check_dice(dice)
    roll = f"{d1}-{d2}"
    if isinstance(play, str):
        if play.strip().lower() in ("", "(no play)", "none"):
            return _no_play(position, (d1, d2))
        return parse_play(play, position, (d1, d2))
    plays = legal_plays(position, (d1, d2))
    if isinstance(play, Position):
        for candidate in plays:
            if candidate.result == play:
                return candidate
        if not plays and play == position:
            return Play((), position)
        raise IllegalPlayError(
            f"no legal play of {roll} in {position.position_id()} leads to {play.position_id()}"
        )
    if isinstance(play, Play):
        play = play.moves
    moves = tuple(play)
    if not moves:
        return _no_play(position, (d1, d2))
    target = _replay(position, moves, roll)
    for candidate in plays:
        if candidate.result.board == target:
            return candidate
    text = " ".join(str(m) for m in moves)
    raise IllegalPlayError(f"{text} is not a legal play of {roll} in {position.position_id()}")


def _no_play(position: Position, dice: tuple[int, int]) -> Play:
    if legal_plays(position, dice):
        roll = f"{dice[0]}-{dice[1]}"
        raise IllegalPlayError(f"{roll} can be played in {position.position_id()}: passing is illegal")
    return Play((), position)


def _replay(position: Position, moves: Sequence[Move], roll: str) -> tuple[int, ...]:
    """Make the moves on a copy of the board, checking only that each is possible."""
    board = position.board
    for move in moves:
        src, dst = move.from_point, move.to_point
        if not (0 < src <= 25 and 0 <= dst < src) or board[src] <= 0:
            raise IllegalPlayError(f"move {move} is not possible in {position.position_id()} ({roll})")
        if dst and board[dst] < -1:
            raise IllegalPlayError(f"move {move} lands on point {dst}, held by the opponent")
        board = after(board, (src, dst, dst > 0 and board[dst] == -1))
    return board


def apply_play(position: Position, dice: Sequence[int], play: PlayLike) -> AppliedPlay:
    """Validate ``play`` for ``dice`` in ``position`` and pass the turn."""
    chosen = find_play(position, dice, play)
    result = classify_win(chosen.result) if chosen.result.off == 15 else None
    return AppliedPlay(chosen, chosen.result.flipped(), result)
