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

from gammond.engine.cube import CubeState
from gammond.engine.errors import (
    CubeOfferPendingError,
    GameNotOverError,
    GameOverError,
    IllegalPlayError,
    InvalidPositionError,
)
from gammond.engine.movegen import after
from gammond.engine.play import Move, Play, PlayList, check_dice, legal_plays, parse_play
from gammond.engine.players import Player
from gammond.engine.position import CHECKERS, Position
from gammond.engine.result import ResultKind, classify_win
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameOutcome

PlayLike = Play | Sequence[Move] | str | Position


@dataclass(frozen=True, slots=True)
class AppliedPlay:
    """A validated play and what follows it.

    ``next_position`` is seen from the opponent, who is on roll next;
    ``result`` is set when the play bore off the mover's last checker, and
    ``outcome`` (the scored game) too when the mover was named.
    """

    play: Play
    next_position: Position
    result: ResultKind | None
    outcome: GameOutcome | None = None

    def is_game_over(self) -> bool:
        return self.result is not None


def require_game_on(position: Position) -> None:
    """Refuse to play on once a side has borne off all its checkers.

    >>> require_game_on(Position.starting())
    """
    if position.is_game_over():
        raise GameOverError("the game is over: a side has borne off all 15 checkers")


def turn_plays(position: Position, dice: Sequence[int]) -> PlayList:
    """The legal plays of a roll in a game that is still on (:func:`legal_plays` on any board)."""
    require_game_on(position)
    return legal_plays(position, dice)


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
    found = plays.leading_to(_replay(position, moves, roll))
    if found is not None:
        return found
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


def apply_play(
    position: Position,
    dice: Sequence[int],
    play: PlayLike,
    *,
    turn: Player | None = None,
    cube: CubeState | None = None,
    options: RuleOptions | None = None,
) -> AppliedPlay:
    """Validate ``play`` for ``dice`` in ``position`` and pass the turn.

    With the mover ``turn`` named, a winning play is scored on ``cube``
    (default: centred on 1) under ``options`` (default: money play).  A
    checker play is refused while a cube offer waits for its answer.
    """
    require_game_on(position)
    if cube is not None and cube.pending is not None:
        raise CubeOfferPendingError(f"a {cube.pending.value} awaits an answer before any checker play")
    chosen = find_play(position, dice, play)
    result = classify_win(chosen.result) if chosen.result.off == CHECKERS else None
    outcome = None
    if result is not None and turn is not None:
        stake = cube or CubeState()
        rules = options or RuleOptions()
        outcome = GameOutcome.played_out(turn, result, stake.value, rules, cube_turned=stake.turned)
    return AppliedPlay(chosen, chosen.result.flipped(), result, outcome)


def score_game(
    position: Position, turn: Player, cube: CubeState | None = None, options: RuleOptions | None = None
) -> GameOutcome:
    """The result and points of a game that was played out; ``turn`` is on roll in ``position``.

    >>> done = Position.from_sides([3] + [0] * 24, [0] * 25)  # the opponent has borne off
    >>> score_game(done, Player.BLACK)
    GameOutcome(winner=Player.WHITE, kind=ResultKind.SINGLE, cube_value=1, ended=GameEnd.PLAYED_OUT, points=1)
    """
    if position.off == CHECKERS and position.opponent_off == CHECKERS:
        raise InvalidPositionError("both players have borne off all 15 checkers")
    if not position.is_game_over():
        raise GameNotOverError("the game is not over: neither side has borne off all 15 checkers")
    winner, after_play = (turn, position) if position.off == CHECKERS else (turn.opponent, position.flipped())
    stake = cube or CubeState()
    return GameOutcome.played_out(
        winner, classify_win(after_play), stake.value, options or RuleOptions(), cube_turned=stake.turned
    )
