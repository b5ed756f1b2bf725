"""GNU Backgammon's Position ID and Match ID, both directions.

A Position ID is an 80-bit key in base64 (14 characters, no padding).  The
key lists the opponent's 25 slots and then the player on roll's, each on its
owner's numbering (points 1..24, then the bar): a slot with ``n`` checkers
is ``n`` one-bits and a zero-bit.  Bits fill each byte from the lowest up.

A Match ID is a 66-bit record (67 with the Jacoby extension) in base64 (12 characters) holding the cube,
who is on roll and whose turn it is, the dice, the match length and scores.

The codecs work on boards, below :class:`~gammond.engine.position.Position`:
this is the pure-Python reference, :mod:`gammond.engine.kernel` picks it or
the compiled one, and ``Position.from_id`` / ``Position.position_id`` use
what it picked.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from gammond.engine.errors import NotationError, excerpt


def _b64decode(text: str, length: int, what: str) -> bytes:
    if not isinstance(text, str) or len(text) != length:
        raise NotationError(f"{what} must be {length} characters, got {excerpt(text)}")
    padded = text + "=" * (-len(text) % 4)
    try:
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise NotationError(f"{what} {excerpt(text)} is not base64: {exc}") from None


def encode_position_id(board: Sequence[int]) -> str:
    """The Position ID of a valid 26-slot board.

    >>> encode_position_id((0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0))
    '4HPwATDgc/ABMA'
    """
    key = 0
    bit = 0
    theirs = [max(-board[25 - p], 0) for p in range(1, 25)] + [-board[0]]
    mine = [max(board[p], 0) for p in range(1, 25)] + [board[25]]
    for side in (theirs, mine):
        for count in side:
            key |= ((1 << count) - 1) << bit
            bit += count + 1
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii").rstrip("=")


def decode_position_id(position_id: str) -> tuple[int, ...]:
    """The valid 26-slot board of a Position ID; raise :class:`NotationError` naming the problem.

    Pure Python, the reference the compiled decoder matches check for check.
    """
    raw = _b64decode(position_id, 14, "Position ID")
    key = int.from_bytes(raw, "little")
    sides: list[list[int]] = [[], []]
    bit = 0
    for side in sides:
        while len(side) < 25:
            count = 0
            while bit < 80 and key >> bit & 1:
                count += 1
                bit += 1
            if bit >= 80:
                raise NotationError(f"Position ID {excerpt(position_id)} runs out of bits")
            bit += 1
            side.append(count)
    if key >> bit:
        raise NotationError(f"Position ID {excerpt(position_id)} has stray bits after both sides")
    theirs, mine = sides
    for name, side in (("opponent", theirs), ("player on roll", mine)):
        if sum(side) > 15:
            raise NotationError(f"Position ID {excerpt(position_id)} gives the {name} {sum(side)} checkers")
    # Both sides on the board as :meth:`Position.from_sides` lays them out; with at most
    # 15 checkers a side, a point both sides hold is all that can be wrong.
    board = [0] * 26
    board[25] = mine[24]
    board[0] = -theirs[24]
    for point in range(1, 25):
        own, other = mine[point - 1], theirs[24 - point]
        if own and other:
            raise NotationError(
                f"Position ID {excerpt(position_id)}: point {point} holds checkers of both players"
                f" ({own} and {other})"
            )
        board[point] = own if own else -other
    return tuple(board)


class GameState(IntEnum):
    """The game-state field of a Match ID."""

    NO_GAME = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True, slots=True)
class MatchId:
    """The fields of a GNU Backgammon Match ID.

    Players are 0 and 1 as GNU Backgammon numbers them; ``cube_owner`` is
    ``None`` when the cube is centred; ``dice`` is ``(0, 0)`` before a roll;
    ``match_length`` is 0 for money play.  ``jacoby`` is bit 66, which
    current GNU Backgammon sets when the Jacoby rule is *not* in force; IDs
    from before that extension leave it clear and so read as Jacoby on.

    >>> m = MatchId.from_id("QYkqASAAIAAA")
    >>> m.cube_value, m.cube_owner, m.dice, m.match_length, m.scores
    (2, 0, (5, 2), 9, (2, 4))
    >>> m.match_id()
    'QYkqASAAIAAA'
    """

    cube_value: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    scores: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        value = self.cube_value
        if value < 1 or value & (value - 1) or value > 1 << 15:
            raise NotationError(f"cube value {value} is not a power of two from 1 to 32768")
        if self.cube_owner not in (None, 0, 1):
            raise NotationError(f"cube owner {self.cube_owner!r} is not None, 0 or 1")
        for name in ("on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                raise NotationError(f"{name} {getattr(self, name)!r} is not 0 or 1")
        if not 0 <= self.resignation <= 3:
            raise NotationError(f"resignation {self.resignation} is not 0..3")
        if any(not 0 <= d <= 6 for d in self.dice):
            raise NotationError(f"dice {self.dice} are not 0..6")
        if not 0 <= self.match_length < 1 << 15:
            raise NotationError(f"match length {self.match_length} is not 0..32767")
        if any(not 0 <= s < 1 << 15 for s in self.scores):
            raise NotationError(f"scores {self.scores} are not 0..32767")

    def match_id(self) -> str:
        """Encode as a 12-character Match ID."""
        owner = 3 if self.cube_owner is None else self.cube_owner
        fields = (
            (self.cube_value.bit_length() - 1, 4),
            (owner, 2),
            (self.on_roll, 1),
            (int(self.crawford), 1),
            (int(self.game_state), 3),
            (self.turn, 1),
            (int(self.double_offered), 1),
            (self.resignation, 2),
            (self.dice[0], 3),
            (self.dice[1], 3),
            (self.match_length, 15),
            (self.scores[0], 15),
            (self.scores[1], 15),
            # Current GNU Backgammon sets bit 66 unless the Jacoby rule is in force.
            (int(not self.jacoby), 1),
        )
        key, bit = 0, 0
        for value, width in fields:
            key |= value << bit
            bit += width
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def from_id(cls, match_id: str) -> MatchId:
        """Parse a 12-character Match ID."""
        key = int.from_bytes(_b64decode(match_id, 12, "Match ID"), "little")
        widths = (4, 2, 1, 1, 3, 1, 1, 2, 3, 3, 15, 15, 15, 1)
        values = []
        for width in widths:
            values.append(key & ((1 << width) - 1))
            key >>= width
        if key:
            raise NotationError(f"Match ID {excerpt(match_id)} has bits past the 67 it may use")
        (
            cube_log,
            owner,
            on_roll,
            crawford,
            state,
            turn,
            doubled,
            resign,
            d1,
            d2,
            length,
            s0,
            s1,
            no_jacoby,
        ) = values
        if owner == 2:
            raise NotationError(f"Match ID {excerpt(match_id)} has cube owner code 2, which is unused")
        if state > 4:
            raise NotationError(f"Match ID {excerpt(match_id)} has game state {state}, not 0..4")
        if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
            raise NotationError(f"Match ID {excerpt(match_id)} has impossible dice {d1}-{d2}")
        return cls(
            cube_value=1 << cube_log,
            cube_owner=None if owner == 3 else owner,
            on_roll=on_roll,
            crawford=bool(crawford),
            game_state=GameState(state),
            turn=turn,
            double_offered=bool(doubled),
            resignation=resign,
            dice=(d1, d2),
            match_length=length,
            scores=(s0, s1),
            jacoby=not no_jacoby,
        )
