"""eXtreme Gammon's XGID, both directions.

``XGID=<26 board chars>:<cube log2>:<cube owner>:<turn>:<dice>:<score X>:<score O>:<flags>:<match length>:<max cube log2>``

The board is drawn from the bottom player's side (X, upper-case letters,
moving 24 -> 1): character 0 is O's bar, 1..24 the points, 25 X's bar.  We
call X White and O Black.  ``turn`` is 1 when X is to act and -1 for O; the
dice field is two digits, ``00`` before the roll, or ``D``/``B``/``R`` while a
double, beaver or raccoon awaits an answer.  ``flags`` is the Crawford flag in
a match, and Jacoby (1) plus beavers (2) in money play.

>>> s = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
>>> s.position == Position.starting(), s.on_roll, s.dice
(True, <Player.WHITE: 0>, (5, 2))
>>> format_xgid(s)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gammond.engine.errors import NotationError, excerpt
from gammond.engine.players import Player
from gammond.engine.position import Position

_PENDING = {"D": "double", "B": "beaver", "R": "raccoon"}


@dataclass(frozen=True, slots=True)
class XgidState:
    """Everything an XGID says; ``position`` is seen from ``on_roll``."""

    position: Position
    on_roll: Player
    dice: tuple[int, int] | None = None
    pending: str | None = None
    cube_value: int = 1
    cube_owner: Player | None = None
    scores: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    max_cube: int = 1 << 10

    def position_on_roll(self) -> tuple[Position, Player]:
        """The position seen from the player on roll, and that player.

        The XGID's turn is the player who must act, not always the one on
        roll: with a double or a raccoon pending it is the doubler's opponent
        (so the player on roll is the other one); with a beaver pending it is
        the doubler, who is on roll.
        """
        if self.pending in ("double", "raccoon"):
            return self.position.flipped(), self.on_roll.opponent
        return self.position, self.on_roll


def _white_board(state: XgidState) -> tuple[int, ...]:
    return state.position.board if state.on_roll is Player.WHITE else state.position.flipped().board


def _char(count: int) -> str:
    if count == 0:
        return "-"
    return chr((ord("A") if count > 0 else ord("a")) + abs(count) - 1)


def format_xgid(state: XgidState) -> str:
    """The XGID of ``state``."""
    board = _white_board(state)
    chars = [_char(board[0])] + [_char(board[p]) for p in range(1, 25)] + [_char(board[25])]
    owner = {None: 0, Player.WHITE: 1, Player.BLACK: -1}[state.cube_owner]
    turn = 1 if state.on_roll is Player.WHITE else -1
    if state.pending:
        dice = {v: k for k, v in _PENDING.items()}[state.pending]
    elif state.dice:
        dice = f"{state.dice[0]}{state.dice[1]}"
    else:
        dice = "00"
    if state.match_length:
        flags = int(state.crawford)
    else:
        flags = int(state.jacoby) + 2 * int(state.beavers)
    fields = [
        "".join(chars),
        str(state.cube_value.bit_length() - 1),
        str(owner),
        str(turn),
        dice,
        str(state.scores[0]),
        str(state.scores[1]),
        str(flags),
        str(state.match_length),
        str(state.max_cube.bit_length() - 1),
    ]
    return "XGID=" + ":".join(fields)


def _count(char: str, text: str, index: int) -> int:
    if char == "-":
        return 0
    if "A" <= char <= "P":
        return ord(char) - ord("A") + 1
    if "a" <= char <= "p":
        return -(ord(char) - ord("a") + 1)
    raise NotationError(f"XGID {excerpt(text)}: board character {index} {char!r} is not '-', A-P or a-p")


# Longer numbers are never valid here, and int() refuses past 4,300 digits.
_MAX_DIGITS = 12


_INTEGER = re.compile(rf"[+-]?[0-9]{{1,{_MAX_DIGITS}}}")


def _int(field: str, name: str, text: str) -> int:
    # ASCII digits only: int() and str.strip() disagree on what is blank.
    number = _INTEGER.fullmatch(field.strip(" \t"))
    if number is None:
        raise NotationError(
            f"XGID {excerpt(text)}: {name} {excerpt(field)} is not an integer of at most {_MAX_DIGITS} digits"
        )
    return int(number.group())


def parse_xgid(text: str) -> XgidState:
    """Parse an XGID (the ``XGID=`` prefix is optional)."""
    if not isinstance(text, str):
        raise NotationError(f"XGID must be text, got {type(text).__name__}")
    body = text.strip()
    body = body[5:] if body.upper().startswith("XGID=") else body
    fields = body.split(":")
    if len(fields) not in (9, 10) or len(fields[0]) != 26:
        raise NotationError(f"XGID {excerpt(text)} needs a 26-character board and 8 or 9 fields after it")
    chars = fields[0]
    board = [_count(c, text, i) for i, c in enumerate(chars)]
    if board[0] > 0 or board[25] < 0:
        raise NotationError(f"XGID {excerpt(text)}: a bar holds the other player's checkers")
    cube_log = _int(fields[1], "cube", text)
    owner_code = _int(fields[2], "cube owner", text)
    turn = _int(fields[3], "turn", text)
    scores = (_int(fields[5], "score X", text), _int(fields[6], "score O", text))
    flags = _int(fields[7], "flags", text)
    length = _int(fields[8], "match length", text)
    max_log = _int(fields[9], "max cube", text) if len(fields) == 10 else 10
    if not 0 <= cube_log <= 62 or not 0 <= max_log <= 62:
        raise NotationError(f"XGID {excerpt(text)}: cube exponent out of range")
    if owner_code not in (-1, 0, 1) or turn not in (-1, 1):
        raise NotationError(f"XGID {excerpt(text)}: cube owner must be -1/0/1 and turn -1/1")
    if min(scores) < 0 or length < 0 or not 0 <= flags <= 3:
        raise NotationError(f"XGID {excerpt(text)}: negative score or length, or flags outside 0..3")
    on_roll = Player.WHITE if turn == 1 else Player.BLACK
    white_view = Position(tuple(board))
    position = white_view if on_roll is Player.WHITE else white_view.flipped()
    dice, pending = _parse_dice(fields[4], text)
    return XgidState(
        position=position,
        on_roll=on_roll,
        dice=dice,
        pending=pending,
        cube_value=1 << cube_log,
        cube_owner={0: None, 1: Player.WHITE, -1: Player.BLACK}[owner_code],
        scores=scores,
        match_length=length,
        crawford=bool(flags & 1) if length else False,
        jacoby=bool(flags & 1) if not length else False,
        beavers=bool(flags & 2) if not length else False,
        max_cube=1 << max_log,
    )


def _parse_dice(field: str, text: str) -> tuple[tuple[int, int] | None, str | None]:
    if field in _PENDING:
        return None, _PENDING[field]
    if field == "00":
        return None, None
    if len(field) == 2 and all(c in "123456" for c in field):
        return (int(field[0]), int(field[1])), None
    raise NotationError(f"XGID {excerpt(text)}: dice {field!r} are not 00, D, B, R or two digits 1-6")
