"""A game as text for a terminal: the board from White's side, and what each answer's events say.

The user plays White (``X``, home board 1..6 at the bottom right), the bot
Black (``O``). The wire's fixed numbering is White's own, so point N is
drawn where White counts it. Everything drawn is read from the ``Game``
message; the notation of plays comes from the server (a listed or played
``Action``'s ``notation``), never worked out here.

>>> from gammond_client.requests import STARTING_POINTS
>>> board = board_pb2.Board(points=STARTING_POINTS)
>>> pips(board)
(167, 167)
>>> print(draw(game_pb2.Game(board=board, cube=game_pb2.GameCube(value=1))))
 13 14 15 16 17 18        19 20 21 22 23 24
+------------------+---+------------------+
| X           O    |   | O              X |   O  bot   pips 167  off 0
| X           O    |   | O              X |
| X           O    |   | O                |
| X                |   | O                |
| X                |   | O                |
|                  |BAR|                  |   cube 1, centred
| O                |   | X                |   money game: you 0, bot 0
| O                |   | X                |
| O           X    |   | X                |
| O           X    |   | X              O |
| O           X    |   | X              O |   X  you   pips 167  off 0
+------------------+---+------------------+
 12 11 10  9  8  7         6  5  4  3  2  1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from backgammon.v1 import board_pb2, game_pb2, rules_pb2

WHITE = board_pb2.COLOR_WHITE
BLACK = board_pb2.COLOR_BLACK
ROWS = 5  # checkers drawn per point; a taller stack shows its count in the last row
_TOP = (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24)
_BOTTOM = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_KINDS = {
    rules_pb2.RESULT_KIND_SINGLE: "a single game",
    rules_pb2.RESULT_KIND_GAMMON: "a gammon",
    rules_pb2.RESULT_KIND_BACKGAMMON: "a backgammon",
}


def who(player: int) -> str:
    return "you" if player == WHITE else "the bot"


def subject(player: int) -> str:
    """``who`` at the start of a sentence."""
    return "You" if player == WHITE else "The bot"


def pips(board: board_pb2.Board) -> tuple[int, int]:
    """White's and Black's pip counts: what each still has to travel (a checker on the bar, 25)."""
    white = sum(n * (i + 1) for i, n in enumerate(board.points) if n > 0) + 25 * board.white_bar
    black = sum(-n * (24 - i) for i, n in enumerate(board.points) if n < 0) + 25 * board.black_bar
    return white, black


def roll_text(dice: board_pb2.Dice) -> str:
    return f"{max(dice.die1, dice.die2)}-{min(dice.die1, dice.die2)}"


def _cell(count: int, mark: str, row: int) -> str:
    """Row ``row`` (0 at the edge) of a stack of ``count`` checkers, three characters wide.

    >>> [_cell(7, "X", row) for row in range(ROWS)]
    [' X ', ' X ', ' X ', ' X ', ' 7 ']
    """
    if count > ROWS and row == ROWS - 1:
        return f"{count:>2} "
    return f" {mark} " if count > row else "   "


def _point(board: board_pb2.Board, point: int, row: int) -> str:
    count = board.points[point - 1]
    return _cell(abs(count), "X" if count > 0 else "O", row)


def _half(board: board_pb2.Board, points: Sequence[int], row: int, bar: str) -> str:
    left = "".join(_point(board, p, row) for p in points[:6])
    right = "".join(_point(board, p, row) for p in points[6:])
    return f"|{left}|{bar}|{right}|"


def cube_text(state: game_pb2.Game) -> str:
    cube = state.cube
    if state.rules.cubeless:
        return "no cube"
    owner = {rules_pb2.CUBE_OWNER_WHITE: "yours", rules_pb2.CUBE_OWNER_BLACK: "the bot's"}
    text = f"cube {cube.value or 1}, {owner.get(cube.owner, 'centred')}"
    if cube.HasField("pending"):
        text += f" ({who(cube.pending.offered_by)} offered {2 * (cube.value or 1)})"
    return text


def score_text(score: game_pb2.MatchScore, length: int) -> str:
    scores = f"you {score.white_score}, bot {score.black_score}"
    if not length:
        return f"money game: {scores}"
    return f"match to {length}: {scores}" + (", Crawford game" if score.crawford else "")


def turn_text(state: game_pb2.Game) -> str:
    """Whose turn it is and, while moving, the dice.

    >>> turn_text(game_pb2.Game(phase=game_pb2.PHASE_MOVING, turn=WHITE, dice=board_pb2.Dice(die1=2, die2=6)))
    'you to play 6-2'
    """
    phase, player = state.phase, who(state.turn)
    if phase == game_pb2.PHASE_MOVING:
        return f"{player} to play {roll_text(state.dice)}"
    if phase == game_pb2.PHASE_BEFORE_ROLL:
        return f"{player} to roll or double"
    if phase == game_pb2.PHASE_CUBE_OFFERED:
        return f"{who(WHITE if state.cube.pending.offered_by == BLACK else BLACK)} to take or pass"
    if phase == game_pb2.PHASE_RESIGNATION_OFFERED:
        return f"{who(WHITE if state.resignation.by == BLACK else BLACK)} to accept or reject"
    return "opening roll" if phase == game_pb2.PHASE_OPENING_ROLL else ""


def draw(state: game_pb2.Game) -> str:
    """The board now (after the moves made so far), with pips, cube and score beside it."""
    board = state.board_now if state.HasField("board_now") else state.board
    white_pips, black_pips = pips(board)
    side = {
        0: f"O  bot   pips {black_pips}  off {board.black_off}"
        + (f"  bar {board.black_bar}" if board.black_bar else ""),
        5: cube_text(state),
        6: score_text(
            state.score_after if state.HasField("score_after") else state.score, state.rules.match_length
        ),
        8: turn_text(state),
        10: f"X  you   pips {white_pips}  off {board.white_off}"
        + (f"  bar {board.white_bar}" if board.white_bar else ""),
    }
    lines = [" " + " ".join(f"{p:>2}" for p in _TOP[:6]) + "        " + " ".join(f"{p:>2}" for p in _TOP[6:])]
    lines.append("+------------------+---+------------------+")
    rows = [_half(board, _TOP, r, _cell(board.black_bar, "O", ROWS - 1 - r)) for r in range(ROWS)]
    rows.append("|                  |BAR|                  |")
    rows += [
        _half(board, _BOTTOM, r, _cell(board.white_bar, "X", ROWS - 1 - r)) for r in reversed(range(ROWS))
    ]
    lines += [row + (f"   {side[i]}" if side.get(i) else "") for i, row in enumerate(rows)]
    lines.append("+------------------+---+------------------+")
    lines.append(
        " " + " ".join(f"{p:>2}" for p in _BOTTOM[:6]) + "        " + " ".join(f"{p:>2}" for p in _BOTTOM[6:])
    )
    return "\n".join(lines)


def narrate(
    events: Iterable[game_pb2.Event], bot_actions: Iterable[game_pb2.Action], length: int
) -> list[str]:
    """One line for each event worth telling, the bot's plays in notation (from its actions)."""
    plays = [a.notation for a in bot_actions if a.kind == game_pb2.ACTION_KIND_PLAY]
    told: list[str] = []
    for event in events:
        kind, player = event.kind, event.player
        if kind == game_pb2.EVENT_KIND_OPENING_TIE:
            told.append(f"Opening roll: you {event.dice.die1}, the bot {event.dice.die2}: a tie, again.")
        elif kind == game_pb2.EVENT_KIND_AUTOMATIC_DOUBLE:
            told.append(f"The cube turns to {event.cube_value} (automatic double).")
        elif kind == game_pb2.EVENT_KIND_OPENING_ROLL:
            told.append(
                f"Opening roll: you {event.dice.die1}, the bot {event.dice.die2}: "
                f"{who(player)} {'move' if player == WHITE else 'moves'} first with {roll_text(event.dice)}."
            )
        elif kind == game_pb2.EVENT_KIND_ROLLED:
            told.append(f"{subject(player)} rolled {roll_text(event.dice)}.")
        elif kind == game_pb2.EVENT_KIND_TURN_PASSED:
            told.append(f"{subject(player)} cannot move.")
        elif kind == game_pb2.EVENT_KIND_TURN_ENDED and player == BLACK and plays:
            told.append(f"The bot plays {plays.pop(0)}.")
        elif kind in _CUBE_EVENTS:
            verbs, says_value = _CUBE_EVENTS[kind]
            verb = verbs[0] if player == WHITE else verbs[1]
            told.append(f"{subject(player)} {verb}" + (f" {event.cube_value}." if says_value else "."))
        elif kind == game_pb2.EVENT_KIND_RESIGNED:
            told.append(
                f"{subject(player)} {'offer' if player == WHITE else 'offers'} to resign {_KINDS[event.resign_kind]}."
            )
        elif kind == game_pb2.EVENT_KIND_RESIGNATION_ACCEPTED:
            told.append(f"{subject(player)} {'accept' if player == WHITE else 'accepts'} the resignation.")
        elif kind == game_pb2.EVENT_KIND_RESIGNATION_REJECTED:
            told.append(f"{subject(player)} {'reject' if player == WHITE else 'rejects'} the resignation.")
        elif kind == game_pb2.EVENT_KIND_GAME_WON:
            outcome = event.outcome
            points = "point" if outcome.points == 1 else "points"
            told.append(
                f"{subject(player)} {'win' if player == WHITE else 'wins'} {_KINDS[outcome.kind]}, {outcome.points} {points}."
            )
            told.append(f"Score: {score_text(event.score, length).replace('money game: ', '')}.")
        elif kind == game_pb2.EVENT_KIND_MATCH_WON:
            high, low = sorted((event.score.white_score, event.score.black_score), reverse=True)
            told.append(f"{subject(player)} {'win' if player == WHITE else 'wins'} the match, {high}-{low}.")
    return told


# Cube events: (what White does, what Black does), and whether the sentence ends on the cube's value.
_CUBE_EVENTS: dict[int, tuple[tuple[str, str], bool]] = {
    game_pb2.EVENT_KIND_DOUBLED: (("double to", "doubles to"), True),
    game_pb2.EVENT_KIND_TOOK: (("take: the cube is at", "takes: the cube is at"), True),
    game_pb2.EVENT_KIND_DROPPED: (("pass", "passes"), False),
    game_pb2.EVENT_KIND_BEAVERED: (("beaver to", "beavers to"), True),
    game_pb2.EVENT_KIND_RACCOONED: (("raccoon to", "raccoons to"), True),
}
