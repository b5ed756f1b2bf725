"""The Jellyfish ``.mat`` match format, as GNU Backgammon writes it (``export match mat``).

Layout::

    ; [Player 1 "White"]
    ; [Player 2 "Black"]

     7 point match

     Game 1
     White : 0                          Black : 0
      1) 52: 13/8 13/11                 31: 8/5 6/5
      2)  Doubles => 2                   Takes
      3) 64: 24/18 13/9                 43:
          Wins 1 point

White ("Player 1") is the left column, Black the right; each play is in
its mover's own numbering, a roll with no legal play is just its dice.
Each line holds one turn of each player, so the columns simply alternate:
a double is the doubler's turn, the answer the opponent's, and the doubler
rolls in their own column on the next line.

:func:`format_mat` writes a :class:`MatchRecord`.  :func:`parse_mat` reads
one back, replaying every game through the game flow as it reads, so a file
that breaks a rule (an illegal play, a double in the Crawford game, a
wrong score) is refused with a :class:`RecordError` naming its line.  It
reads what other programs write too: comment lines (``;`` or ``#``), blank
lines anywhere, ``bar``/``25`` and ``off``/``0``, unmarked hits, ``Passes``
for ``Drops``, "Wins N points and the match", tabs, CRLF line ends.

What a ``.mat`` file cannot say, and an export therefore drops: opening
roll ties, rejected resignations, a roll not yet played.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from gammond.engine.errors import EngineError, IllegalPlayError, NotationError, RecordError
from gammond.engine.flow import (
    MAX_LOG,
    Action,
    ActionKind,
    DiceSource,
    Game,
    LogEntry,
    Phase,
    apply_action,
    new_game,
    next_game,
)
from gammond.engine.match import MatchState
from gammond.engine.notation import parse_moves, parse_play
from gammond.engine.play import Move, legal_plays
from gammond.engine.players import Player
from gammond.engine.records.model import DEFAULT_NAMES, MAX_GAMES, MAX_NAME, MatchRecord
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd

# Bounds on what a file may make us read: a real match file is a few
# hundred lines; these stop junk from turning into unbounded work.
MAX_MAT_TEXT = 500_000
MAX_LINE = 4096
MAX_LENGTH = 64
_COLUMN = 28  # width of the left column after "%3d) ", as GNU Backgammon writes it
_RIGHT_COLUMN = 18  # an item starting this far past the line's start is in the right column


# -- writing -------------------------------------------------------------------------------


def format_play(moves: tuple[Move, ...]) -> str:
    """A play as one ``from/to`` per die, hits marked, the bar 25 and off 0, as GNU Backgammon writes it."""
    return " ".join(f"{m.from_point}/{m.to_point}{'*' if m.hit else ''}" for m in moves)


@dataclass(frozen=True, slots=True)
class _Item:
    player: Player
    text: str


def _items(game: Game) -> tuple[list[_Item], _Item | None]:
    """A game's turns as ``.mat`` items, and its win line."""
    items: list[_Item] = []
    log = game.log
    index = 0
    played: set[int] = set()  # PLAY entries already written with their roll
    while index < len(log):
        entry = log[index]
        index += 1
        if index - 1 in played:
            continue
        if entry.kind is ActionKind.ROLL and entry.dice is not None:
            if entry.player is None:
                white, black = entry.dice
                if white == black:
                    continue  # a tie: the .mat format has no place for it
                mover = Player.WHITE if white > black else Player.BLACK
                dice = (max(white, black), min(white, black))
            else:
                mover, dice = entry.player, entry.dice
            moves: tuple[Move, ...] = ()
            # A resignation offered and rejected after the roll may stand between it and its play.
            after = index
            while after < len(log) and (log[after].kind, log[after].player) in (
                (ActionKind.RESIGN, mover),
                (ActionKind.REJECT, mover.opponent),
            ):
                after += 1
            if after < len(log) and log[after].kind is ActionKind.PLAY and log[after].player is mover:
                moves = log[after].moves
                played.add(after)
            elif after > index and after < len(log) and log[after].kind is ActionKind.ACCEPT:
                continue  # resigned after rolling: the win line says it all
            elif after == len(log) and game.phase in (
                Phase.MOVING,
                Phase.RESIGNATION_OFFERED,
                Phase.GAME_OVER,
                Phase.MATCH_OVER,
            ):
                continue  # rolled, not yet played: nothing to write
            high, low = max(dice), min(dice)
            items.append(_Item(mover, f"{high}{low}: {format_play(moves)}".rstrip()))
        elif entry.player is not None and entry.kind in _CUBE_WORDS:
            text = _CUBE_WORDS[entry.kind]
            if entry.kind is ActionKind.DOUBLE:
                text = f"{text} => {2 * _cube_before(game, log[: index - 1])}"
            items.append(_Item(entry.player, f" {text}"))
    result = game.result
    win = None
    if result is not None:
        win = _Item(result.winner, f"Wins {result.points} point{'s' if result.points != 1 else ''}")
    return items, win


_CUBE_WORDS = {
    ActionKind.DOUBLE: "Doubles",
    ActionKind.TAKE: "Takes",
    ActionKind.DROP: "Drops",
    ActionKind.BEAVER: "Beavers",
    ActionKind.RACCOON: "Raccoons",
}


def _cube_before(game: Game, log: tuple[LogEntry, ...]) -> int:
    """The cube's value after ``log`` (the entries before a double)."""
    value = 1
    ties = 0
    for entry in log:
        if (
            entry.kind is ActionKind.ROLL
            and entry.player is None
            and entry.dice
            and entry.dice[0] == entry.dice[1]
        ):
            ties += 1
        elif entry.kind in (ActionKind.TAKE, ActionKind.BEAVER, ActionKind.RACCOON):
            value *= 2
    if game.rules.max_automatic_doubles:
        value <<= min(ties, game.rules.max_automatic_doubles)
    return value


def _left(text: str | None) -> str:
    """The left column, padded; a play too long for it still ends with a space before the right one."""
    text = text or ""
    return f"{text:<{_COLUMN}}" if len(text) < _COLUMN else f"{text} "


def _lines(items: list[_Item], win: _Item | None) -> Iterator[str]:
    number = 0
    pending: str | None = None  # the left column of the line being built
    for position, item in enumerate(items):
        if item.player is Player.WHITE:
            if pending is not None:
                number += 1
                yield f"{number:3d}) {pending}"
            pending = item.text
        else:
            if pending is None and position and items[position - 1].player is Player.BLACK:
                pending = ""
            number += 1
            yield f"{number:3d}) {_left(pending)}{item.text}"
            pending = None
    if win is not None and pending is not None and win.player is Player.BLACK:
        # The winner's slot on this line is free (after a drop, say): GNU Backgammon writes it there.
        yield f"{number + 1:3d}) {_left(pending)}{win.text}"
        return
    if pending is not None:
        number += 1
        yield f"{number:3d}) {pending}"
    if win is not None:
        indent = " " * 6 if win.player is Player.WHITE else " " * (5 + _COLUMN + 1)
        yield f"{indent}{win.text}"


def format_mat(record: MatchRecord) -> str:
    """``record`` as ``.mat`` text (see the module docstring)."""
    lines = [f'; [Player 1 "{record.names[0]}"]', f'; [Player 2 "{record.names[1]}"]']
    lines += [f'; [{key} "{value}"]' for key, value in record.meta if key not in ("Player 1", "Player 2")]
    lines += ["", f" {record.rules.match_length} point match", ""]
    for game in record.games:
        white, black = game.score.scores
        lines.append(f" Game {game.number}")
        left = f"{record.names[0]} : {white}"
        lines.append(f" {left:<31}{record.names[1]} : {black}")
        lines.extend(_lines(*_items(game)))
        lines.append("")
    return "\n".join(lines) + "\n"


# -- reading -------------------------------------------------------------------------------

_META = re.compile(r'^\[\s*(?P<key>[^"\]]+?)\s+"(?P<value>[^"]*)"\s*\]$')
_LENGTH = re.compile(r"^(?P<length>\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^Game\s+(?P<number>\d+)\s*$", re.IGNORECASE)
_SCORES = re.compile(r"^(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s+(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_NUMBER = re.compile(r"^(\s*\d+\))")
_ITEM = re.compile(
    r"(?<![\w/])(?:[1-6][1-6]:|(?:Doubles|Beavers|Raccoons)\s*=>\s*\d+|Takes|Drops|Passes|Wins\s+\d+\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE,
)
_NO_PLAY = {"", "(no play)", "(no move)", "no move", "no play", "cannot move", "can't move", "????"}


@dataclass(slots=True)
class _Reader:
    """The state of one parse: the record so far and the game being replayed."""

    rules: RuleOptions | None = None
    names: tuple[str, str] = DEFAULT_NAMES
    meta: tuple[tuple[str, str], ...] = ()
    games: tuple[Game, ...] = ()
    game: Game | None = None
    # The player whose column the next item is in (None: not known yet this game).
    next_player: Player | None = None
    names_from_scores: bool = False


def _lines_of(text: str) -> Iterator[tuple[int, str]]:
    if not isinstance(text, str):
        raise RecordError(0, f"a .mat record must be text, got {type(text).__name__}")
    if len(text) > MAX_MAT_TEXT:
        raise RecordError(0, f"the record is {len(text)} characters long: at most {MAX_MAT_TEXT} are read")
    if "\x00" in text:
        raise RecordError(text[: text.index("\x00")].count("\n") + 1, "binary data (a NUL byte) in the text")
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if len(raw) > MAX_LINE:
            raise RecordError(number, f"the line is {len(raw)} characters long: at most {MAX_LINE}")
        line = raw.expandtabs(8).rstrip()
        bad = next((ch for ch in line if not ch.isprintable()), None)
        if bad is not None:
            raise RecordError(number, f"unreadable character {bad!r}: not a .mat text line")
        yield number, line


def parse_mat(text: str) -> MatchRecord:
    """The match record of ``.mat`` text; :class:`RecordError` naming the line if it cannot be read."""
    reader = _Reader()
    last = 0
    for number, line in _lines_of(text):
        last = number
        stripped = line.strip()
        if not stripped:
            continue
        try:
            _read_line(reader, number, line, stripped)
        except RecordError:
            raise
        except EngineError as exc:
            raise RecordError(number, str(exc)) from None
    if reader.rules is None:
        raise RecordError(last, "no 'N point match' line: this is not a .mat match record")
    _close_game(reader, last)
    if not reader.games:
        raise RecordError(last, "the record has no games")
    return MatchRecord(reader.rules, reader.games, reader.names, reader.meta)


def _read_line(reader: _Reader, number: int, line: str, stripped: str) -> None:
    if stripped[0] in ";#":
        _read_comment(reader, stripped[1:].strip())
        return
    if reader.rules is None:
        found = _LENGTH.match(stripped)
        if not found:
            raise RecordError(number, f"expected the match header 'N point match', got {stripped[:60]!r}")
        length = int(found["length"])
        if length > MAX_LENGTH:
            raise RecordError(number, f"match length {length} is outside 0..{MAX_LENGTH}")
        # Length 0 is a money session, as GNU Backgammon writes one (cube, no Jacoby rule).
        reader.rules = RuleOptions.match(length) if length else RuleOptions.money()
        return
    game_line = _GAME.match(stripped)
    if game_line:
        _start_game(reader, number, int(game_line["number"]))
        return
    if reader.game is None:
        raise RecordError(number, f"expected 'Game N', got {stripped[:60]!r}")
    scores = _SCORES.match(stripped)
    if scores and not _ITEM.search(stripped) and not reader.game.log and reader.next_player is None:
        _read_scores(reader, number, scores)
        return
    _read_items(reader, number, line)


def _read_comment(reader: _Reader, comment: str) -> None:
    found = _META.match(comment)
    if not found:
        return  # a free comment: kept by nobody, harmful to nobody
    key, value = found["key"].strip(), found["value"]
    if key in ("Player 1", "Player 2") and value.strip():
        index = 0 if key == "Player 1" else 1
        name = " ".join(value.split())[:MAX_NAME].replace(":", " ")
        names = list(reader.names)
        names[index] = name
        reader.names = (names[0], names[1])
    elif len(reader.meta) < 64:
        reader.meta = (*reader.meta, (key, value))


def _start_game(reader: _Reader, number: int, game_number: int) -> None:
    assert reader.rules is not None
    _close_game(reader, number)
    expected = len(reader.games) + 1
    if game_number != expected:
        raise RecordError(number, f"game {game_number} where game {expected} was expected")
    if expected > MAX_GAMES:
        raise RecordError(number, f"more than {MAX_GAMES} games")
    if reader.games:
        previous = reader.games[-1]
        if previous.phase is Phase.MATCH_OVER:
            raise RecordError(number, f"game {game_number} after the match was won")
        reader.game = next_game(previous)
    else:
        reader.game = new_game(reader.rules)
    reader.game = replace(reader.game, dice_source=DiceSource.CLIENT)
    reader.next_player = None


def _close_game(reader: _Reader, number: int) -> None:
    game = reader.game
    if game is None:
        return
    reader.games = (*reader.games, game)
    reader.game = None


def _read_scores(reader: _Reader, number: int, found: re.Match[str]) -> None:
    game = reader.game
    assert game is not None
    scores = (int(found["sa"]), int(found["sb"]))
    if scores != game.score.scores:
        raise RecordError(
            number,
            f"game {game.number} starts at {scores[0]}-{scores[1]}, but the games before it "
            f"make the score {game.score.scores[0]}-{game.score.scores[1]}",
        )
    if not reader.names_from_scores:
        names = [found["a"].strip() or reader.names[0], found["b"].strip() or reader.names[1]]
        reader.names = (names[0][:MAX_NAME], names[1][:MAX_NAME])
        reader.names_from_scores = True


def _column(line: str, start: int) -> Player:
    numbered = _NUMBER.match(line)
    offset = start - (numbered.end() if numbered else 0)
    return Player.BLACK if offset >= _RIGHT_COLUMN else Player.WHITE


def _read_items(reader: _Reader, number: int, line: str) -> None:
    body_start = 0
    numbered = _NUMBER.match(line)
    if numbered:
        body_start = numbered.end()
    starts = [m for m in _ITEM.finditer(line, body_start)]
    if not starts:
        raise RecordError(number, f"no roll, cube action or result in {line.strip()[:60]!r}")
    junk = line[body_start : starts[0].start()].strip()
    if junk:
        raise RecordError(number, f"{junk[:40]!r} is not a roll like '52:', a cube action or a result")
    for index, found in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(line)
        item = line[found.start() : end].strip()
        column = _column(line, found.start())
        _read_item(reader, number, item, column)


def _read_item(reader: _Reader, number: int, item: str, column: Player) -> None:
    game = reader.game
    assert game is not None
    word = re.match(r"[a-z]*", item.lower())[0]  # type: ignore[index]
    if not item[0].isdigit():
        whole = _ITEM.match(item)
        if whole is None or item[whole.end() :].strip():
            raise RecordError(number, f"{item!r} is not a cube action or result (junk after it)")
    if word == "wins":
        _read_win(reader, number, item, column)
        return
    if game.over:
        raise RecordError(number, f"{item!r} after game {game.number} was over")
    player = reader.next_player if reader.next_player is not None else column
    reader.next_player = player.opponent
    if len(game.log) >= MAX_LOG:
        raise RecordError(number, f"game {game.number} goes on past {MAX_LOG} log entries")
    if item[0].isdigit():
        _read_roll(reader, number, item, player)
        return
    kind = {
        "doubles": ActionKind.DOUBLE,
        "takes": ActionKind.TAKE,
        "drops": ActionKind.DROP,
        "passes": ActionKind.DROP,
        "beavers": ActionKind.BEAVER,
        "raccoons": ActionKind.RACCOON,
    }[word]
    before = game.cube.value
    reader.game, _ = apply_action(game, Action(kind, player))
    if kind is ActionKind.DOUBLE:
        offered = int(item.split("=>")[1])
        if offered != 2 * before:
            raise RecordError(number, f"'{item}': the cube is at {before}, so a double offers {2 * before}")


def _read_roll(reader: _Reader, number: int, item: str, player: Player) -> None:
    game = reader.game
    assert game is not None
    dice = (int(item[0]), int(item[1]))
    text = item[3:].strip()
    if game.phase is Phase.OPENING_ROLL:
        if dice[0] == dice[1]:
            raise RecordError(number, f"'{item}': an opening roll cannot be doubles ({dice[0]}-{dice[1]})")
        high, low = max(dice), min(dice)
        opening = (high, low) if player is Player.WHITE else (low, high)
        game, _ = apply_action(game, Action(ActionKind.ROLL, Player.WHITE, dice=opening))
    else:
        game, _ = apply_action(game, Action(ActionKind.ROLL, player, dice=dice))
    if game.phase is not Phase.MOVING or game.turn is not player:
        if text.lower() not in _NO_PLAY:
            raise RecordError(
                number, f"'{item}': {dice[0]}-{dice[1]} cannot be played here, yet a play is given"
            )
        reader.game = game
        return
    if text.lower() in _NO_PLAY:
        raise RecordError(number, f"'{item}': {dice[0]}-{dice[1]} must be played here, but no play is given")
    moves = _resolve(number, item, text, game)
    reader.game, _ = apply_action(game, Action(ActionKind.PLAY, player, steps=moves))


def _resolve(number: int, item: str, text: str, game: Game) -> tuple[Move, ...]:
    assert game.dice is not None
    position = game.turn_position()
    try:
        # A play spelled die by die names the path: that settles an unmarked hit on the way.
        steps = Counter((m.from_point, m.to_point) for m in parse_moves(text))
        for play in legal_plays(position, game.dice):
            if Counter((m.from_point, m.to_point) for m in play.moves) == steps:
                return play.moves
        return parse_play(text, position, game.dice).moves
    except NotationError as exc:
        raise RecordError(number, f"'{item}': {exc}") from None
    except IllegalPlayError as exc:
        # Some programs leave hits unmarked: accept the one legal play with the same checker moves.
        wanted = _net(parse_moves(text))
        found = [p for p in legal_plays(position, game.dice) if _net(p.moves) == wanted]
        if len(found) == 1:
            return found[0].moves
        raise RecordError(number, f"'{item}' is illegal: {exc}") from None


def _net(moves: list[Move] | tuple[Move, ...]) -> tuple[Counter[int], Counter[int]]:
    out = Counter(m.from_point for m in moves)
    into = Counter(m.to_point for m in moves)
    return out - into, into - out


def _read_win(reader: _Reader, number: int, item: str, column: Player) -> None:
    game = reader.game
    assert game is not None
    points = int(item.split()[1])
    if not game.over:
        game = _resign(number, game, column, points)
    assert game.result is not None
    if game.result.winner is not column:
        raise RecordError(
            number,
            f"'{item}' is in {column.name}'s column, but {game.result.winner.name} won game {game.number}",
        )
    if game.result.points != points:
        raise RecordError(
            number,
            f"'{item}': game {game.number} was won for {game.result.points} point"
            f"{'s' if game.result.points != 1 else ''} ({game.result.kind.name.lower()} on cube {game.result.cube_value})",
        )
    reader.game = game
    reader.next_player = None


def _resign(number: int, game: Game, winner: Player, points: int) -> Game:
    """A game that ends with a win line but no last play: the loser resigned it."""
    loser = winner.opponent
    value = game.cube.value
    if points % value or not 1 <= points // value <= 3:
        raise RecordError(number, f"'Wins {points}' cannot be a resignation on cube {value}")
    kind = ResultKind(points // value)
    if game.phase is Phase.CUBE_OFFERED:
        raise RecordError(number, f"game {game.number} ends while a double waits for its answer")
    if game.turn is not loser:
        # Only the player to act may resign in our flow; the file says the other one did.
        raise RecordError(number, f"{loser.name} resigns game {game.number} while {winner.name} is to act")
    game, _ = apply_action(game, Action(ActionKind.RESIGN, loser, resign=kind))
    game, _ = apply_action(game, Action(ActionKind.ACCEPT, winner))
    if game.result is None or game.result.ended is not GameEnd.RESIGNED:
        raise RecordError(number, f"game {game.number} could not be resigned for {points} points")
    return game


def match_state(record: MatchRecord) -> MatchState:
    """The score after the record's last finished game (the score of the game in progress, if any)."""
    last = record.games[-1]
    after = last.score_after()
    return last.score if after is None else after
