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

Items are read by column, as GNU Backgammon reads them.  What the format
has no words for is written where gnubg skips it (docs/api.md, RecordService):
the money rules and opening-roll ties as header tags (``; [Beaver "On"]``,
``; [Opening ties "game 2: 33"]``), resignations as ``Resigns gammon``
items (``, rejected`` when turned down; ``after rolling 44`` when offered
after a roll and accepted, since gnubg has no roll without its play; gnubg
ignores items starting with "Resign"); a game lost on time (a table's turn clock) as ``Resigns gammon
on time``, so gnubg reads it as the resignation accepted at the value it
scored.  Beavers and raccoons are written as gnubg writes them
(``Beavers => 4``, the take left out when the roll follows).  The only loss
left is a roll's order: ``52:`` for 2-5 too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from gammond.engine.cube import CubeAction
from gammond.engine.errors import EngineError, IllegalPlayError, InvalidRulesError, NotationError, RecordError
from gammond.engine.flow import (
    MAX_LOG,
    Action,
    ActionKind,
    DiceSource,
    Game,
    LogEntry,
    Phase,
    apply_action,
    fresh,
    new_game,
    next_game,
)
from gammond.engine.match import MatchState
from gammond.engine.notation import parse_moves
from gammond.engine.play import Move, legal_plays, parse_play
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


_RESIGN_WORDS = {
    ResultKind.SINGLE: "single",
    ResultKind.GAMMON: "gammon",
    ResultKind.BACKGAMMON: "backgammon",
}
_WORD_RESIGNS = {word: kind for kind, word in _RESIGN_WORDS.items()}


def _action_of(entry: LogEntry, state: Game) -> Action:
    """The action that made ``entry`` (as :func:`~gammond.engine.flow.replay` rebuilds it)."""
    if entry.kind is ActionKind.ROLL:
        player = Player.WHITE if state.phase is Phase.OPENING_ROLL else entry.player
        return Action(ActionKind.ROLL, player, dice=entry.dice)
    if entry.kind is ActionKind.PLAY:
        return Action(ActionKind.PLAY, entry.player, steps=entry.moves)
    return Action(entry.kind, entry.player, resign=entry.resign)


def _items(game: Game) -> tuple[list[_Item], _Item | None, tuple[int, ...]]:
    """A game's turns as ``.mat`` items, its win line, and the dice of its tied opening rolls.

    The game is replayed as it is written, so every cube value is the one
    the game had.  Beavers and raccoons are written as GNU Backgammon
    writes them: ``Beavers => N`` (a raccoon too), the take of a beaver or
    raccoon left out when the roll follows at once (gnubg then takes it).
    """
    items: list[_Item] = []
    ties: list[int] = []
    log = game.log
    state = replace(fresh(game), dice_source=DiceSource.CLIENT)
    index = 0

    def step(count: int) -> None:
        nonlocal state, index
        for entry in log[index : index + count]:
            state, _ = apply_action(state, _action_of(entry, state))
        index += count

    while index < len(log):
        entry = log[index]
        player = entry.player
        if entry.kind is ActionKind.ROLL and entry.dice is not None:
            if player is None:
                white, black = entry.dice
                if white == black:
                    ties.append(white)  # the .mat body has no place for it: a header tag carries it
                    step(1)
                    continue
                player = Player.WHITE if white > black else Player.BLACK
            after = index + 1
            # Resignations offered after this roll and rejected, before its play.
            rejected: list[str] = []
            while (
                after + 1 < len(log)
                and (log[after].kind, log[after].player) == (ActionKind.RESIGN, player)
                and log[after + 1].kind is ActionKind.REJECT
            ):
                rejected.append(_RESIGN_WORDS[log[after].resign or ResultKind.SINGLE])
                after += 2
            moves: tuple[Move, ...] = ()
            if after < len(log) and (log[after].kind, log[after].player) == (ActionKind.PLAY, player):
                moves = log[after].moves
                after += 1
            items += [_Item(player, f" Resigns {word} after the roll, rejected") for word in rejected]
            high, low = max(entry.dice), min(entry.dice)
            if (
                not moves
                and entry.player is not None  # an opening roll gnubg reads as "63:" then the offer
                and after + 1 < len(log)
                and (log[after].kind, log[after].player) == (ActionKind.RESIGN, player)
                and log[after + 1].kind is ActionKind.ACCEPT
            ):
                # Rolled, then resigned and accepted: one item.  gnubg has no roll without its play
                # (mid-game it read "44:" then the resignation as a win of the other side), so the
                # roll is kept in the resignation's words, which it skips.
                word = _RESIGN_WORDS[log[after].resign or ResultKind.SINGLE]
                items.append(_Item(player, f" Resigns {word} after rolling {high}{low}"))
                step(after + 1 - index)
                continue
            items.append(_Item(player, f"{high}{low}: {format_play(moves)}".rstrip()))
            step(after - index)
            continue
        assert player is not None
        value = state.cube.value
        if entry.kind is ActionKind.DOUBLE:
            items.append(_Item(player, f" Doubles => {2 * value}"))
        elif entry.kind in (ActionKind.BEAVER, ActionKind.RACCOON):
            # GNU Backgammon writes a raccoon as a beaver too: the stakes offered say which.  One
            # that is dropped is written as the redouble it is: gnubg, reading "Beavers", takes
            # it at the next roll, the next game's first (and loses that game's rolls).
            dropped = index + 1 < len(log) and log[index + 1].kind is ActionKind.DROP
            items.append(_Item(player, f" {'Doubles' if dropped else 'Beavers'} => {4 * value}"))
        elif entry.kind is ActionKind.TAKE:
            implicit = state.cube.pending in (CubeAction.BEAVER, CubeAction.RACCOON) and (
                index + 1 < len(log) and log[index + 1].kind is ActionKind.ROLL
            )
            if not implicit:
                items.append(_Item(player, " Takes"))
        elif entry.kind is ActionKind.DROP:
            items.append(_Item(player, " Drops"))
        elif entry.kind is ActionKind.RESIGN:
            word = _RESIGN_WORDS[entry.resign or ResultKind.SINGLE]
            if index + 1 < len(log) and log[index + 1].kind is ActionKind.REJECT:
                items.append(_Item(player, f" Resigns {word}, rejected"))
                step(2)
                continue
            items.append(_Item(player, f" Resigns {word}"))
        elif entry.kind is ActionKind.TIME_OUT and game.result is not None:
            items.append(_Item(player, f" Resigns {_RESIGN_WORDS[game.result.kind]} on time"))
        step(1)
    result = game.result
    win = None
    if result is not None:
        win = _Item(result.winner, f"Wins {result.points} point{'s' if result.points != 1 else ''}")
    return items, win, tuple(ties)


def _left(text: str | None) -> str:
    """The left column, padded; a play too long for it still ends with two spaces before the right one
    (GNU Backgammon splits a line with one roll at the first double space)."""
    text = text or ""
    return f"{text:<{_COLUMN}}" if len(text) < _COLUMN - 1 else f"{text}  "


def _lines(items: list[_Item], win: _Item | None) -> Iterator[str]:
    # A line with the left column only is padded to the right column: GNU Backgammon misreads a
    # short one after a beaver (" 18)  Takes" then gets a phantom redouble by the beaverer,
    # taken at the next roll); ImportMatch strips the padding.
    number = 0
    pending: str | None = None  # the left column of the line being built
    for position, item in enumerate(items):
        if item.player is Player.WHITE:
            if pending is not None:
                number += 1
                yield f"{number:3d}) {_left(pending)}"
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
        yield f"{number:3d}) {_left(pending)}"
    if win is not None:
        indent = " " * 6 if win.player is Player.WHITE else " " * (5 + _COLUMN + 1)
        yield f"{indent}{win.text}"


# Header tags for the rules the .mat format has no place for.  GNU Backgammon
# skips every header comment (it discards [Jacoby] and [Beaver], keeps the
# others as the match's comment); ImportMatch reads them back.
_JACOBY, _BEAVER, _RACCOON, _AUTOMATIC = "Jacoby", "Beaver", "Raccoon", "Automatic doubles"
_CUBELESS, _HOLLAND, _DEAD_CUBE, _TIES = "Cubeless", "Holland", "Dead cube", "Opening ties"
_RULE_TAGS = (_JACOBY, _BEAVER, _RACCOON, _AUTOMATIC, _CUBELESS, _HOLLAND, _DEAD_CUBE, _TIES)


def _on(flag: bool) -> str:
    return "On" if flag else "Off"


def _rule_tags(rules: RuleOptions) -> list[tuple[str, str]]:
    tags: list[tuple[str, str]] = []
    if rules.cubeless:
        tags.append((_CUBELESS, "On"))
    if not rules.is_match() and not rules.cubeless:
        tags += [(_JACOBY, _on(rules.jacoby)), (_BEAVER, _on(rules.beavers))]
        if rules.raccoons:
            tags.append((_RACCOON, "On"))
        if rules.max_automatic_doubles:
            tags.append((_AUTOMATIC, str(rules.max_automatic_doubles)))
    if rules.holland:
        tags.append((_HOLLAND, "On"))
    if rules.is_match() and not rules.dead_cube:
        tags.append((_DEAD_CUBE, "Off"))
    return tags


def format_mat(record: MatchRecord) -> str:
    """``record`` as ``.mat`` text (see the module docstring)."""
    lines = [f'; [Player 1 "{record.names[0]}"]', f'; [Player 2 "{record.names[1]}"]']
    skipped = ("Player 1", "Player 2", *_RULE_TAGS)
    lines += [f'; [{key} "{value}"]' for key, value in record.meta if key not in skipped]
    lines += [f'; [{key} "{value}"]' for key, value in _rule_tags(record.rules)]
    body: list[str] = []
    for game in record.games:
        items, win, ties = _items(game)
        if ties:
            lines.append(f'; [{_TIES} "game {game.number}: {" ".join(f"{d}{d}" for d in ties)}"]')
        white, black = game.score.scores
        body.append(f" Game {game.number}")
        left = f"{record.names[0]} : {white}"
        body.append(f" {left:<31}{record.names[1]} : {black}")
        body.extend(_lines(items, win))
        body.append("")
    lines += ["", f" {record.rules.match_length} point match", "", *body]
    return "\n".join(lines) + "\n"


# -- reading -------------------------------------------------------------------------------

_META = re.compile(r'^\[\s*(?P<key>[^"\]]+?)\s+"(?P<value>[^"]*)"\s*\]$')
_LENGTH = re.compile(r"^(?P<length>\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^Game\s+(?P<number>\d+)\s*$", re.IGNORECASE)
_SCORES = re.compile(r"^(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s+(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_NUMBER = re.compile(r"^(\s*\d+\))")
_ITEM = re.compile(
    r"(?<![\w/])(?:[1-6][1-6]:|(?:Doubles|Beavers|Raccoons)\s*=>\s*\d+|Takes|Drops|Passes"
    r"|Resigns\s+(?:single|gammon|backgammon)(?:\s+on\s+time|\s+after\s+rolling\s+[1-6][1-6]"
    r"|(?:\s+after\s+the\s+roll)?(?:\s*,\s*rejected)?)"
    r"|Wins\s+\d+\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE,
)
_TIES_VALUE = re.compile(r"^\s*game\s+(?P<number>\d+)\s*:\s*(?P<dice>(?:[1-6][1-6]\s*)+)$", re.IGNORECASE)
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
    # Rule tags from the header (see _rule_tags), and each game's tied opening rolls.
    tags: dict[str, str] = field(default_factory=dict)
    ties: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # Resignations offered after the next roll and rejected, before its play.
    after_roll: list[ResultKind] = field(default_factory=list)
    # A roll read without its play (line, item): only a resignation may follow it.
    unplayed: tuple[int, str] | None = None


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
        _read_comment(reader, stripped[1:].strip(), number)
        return
    if reader.rules is None:
        found = _LENGTH.match(stripped)
        if not found:
            raise RecordError(number, f"expected the match header 'N point match', got {stripped[:60]!r}")
        length = int(found["length"])
        if length > MAX_LENGTH:
            raise RecordError(number, f"match length {length} is outside 0..{MAX_LENGTH}")
        # Length 0 is a money session, as GNU Backgammon writes one (cube, no Jacoby rule
        # unless the header's tags say otherwise).
        reader.rules = _rules_of(number, length, reader.tags)
        return
    game_line = _GAME.match(stripped)
    if game_line:
        _start_game(reader, number, int(game_line["number"]))
        return
    if reader.game is None:
        raise RecordError(number, f"expected 'Game N', got {stripped[:60]!r}")
    scores = _SCORES.match(stripped)
    if (
        scores
        and not _ITEM.search(stripped)
        and reader.game.phase is Phase.OPENING_ROLL
        and reader.next_player is None
    ):
        _read_scores(reader, number, scores)
        return
    _read_items(reader, number, line)


def _flag(number: int, tags: dict[str, str], key: str, default: bool) -> bool:
    value = tags.get(key)
    if value is None:
        return default
    if value.strip().lower() not in ("on", "off"):
        raise RecordError(number, f'[{key} "{value}"]: expected "On" or "Off"')
    return value.strip().lower() == "on"


def _rules_of(number: int, length: int, tags: dict[str, str]) -> RuleOptions:
    """The rules of a ``length`` match (0: money) with the header's rule tags."""
    automatic = tags.get(_AUTOMATIC, "0").strip()
    if not automatic.isdigit() or int(automatic) > 64:
        raise RecordError(number, f'[{_AUTOMATIC} "{automatic}"]: expected a count 0..64')
    cubeless = _flag(number, tags, _CUBELESS, False)
    try:
        if length:
            return RuleOptions.match(
                length,
                cubeless=cubeless,
                holland=_flag(number, tags, _HOLLAND, False),
                dead_cube=_flag(number, tags, _DEAD_CUBE, True),
            )
        return RuleOptions.money(
            cubeless=cubeless,
            jacoby=_flag(number, tags, _JACOBY, False),
            beavers=_flag(number, tags, _BEAVER, False),
            raccoons=_flag(number, tags, _RACCOON, False),
            max_automatic_doubles=int(automatic),
        )
    except InvalidRulesError as exc:
        raise RecordError(number, f"the header's rules: {exc}") from None


def _read_comment(reader: _Reader, comment: str, number: int = 0) -> None:
    found = _META.match(comment)
    if not found:
        return  # a free comment: kept by nobody, harmful to nobody
    key, value = found["key"].strip(), found["value"]
    if key == _TIES:
        ties = _TIES_VALUE.match(value)
        if ties is None:
            raise RecordError(number, f'[{_TIES} "{value}"]: expected "game N: 33 55 ..."')
        dice = tuple(int(d[0]) for d in ties["dice"].split())
        if any(d[0] != d[1] for d in ties["dice"].split()) or len(dice) > 64:
            raise RecordError(number, f'[{_TIES} "{value}"]: a tie is a double like "33", at most 64')
        reader.ties[int(ties["number"])] = dice
    elif key in _RULE_TAGS:
        if reader.rules is not None:
            raise RecordError(number, f"[{key}]: rule tags belong in the header, before 'N point match'")
        reader.tags[key] = value
    elif key in ("Player 1", "Player 2") and value.strip():
        index = 0 if key == "Player 1" else 1
        name = " ".join(value.split())[:MAX_NAME].replace(":", " ")
        names = list(reader.names)
        names[index] = name
        reader.names = (names[0], names[1])
    elif len(reader.meta) < 64:
        reader.meta = (*reader.meta, (key, value))


def _start_game(reader: _Reader, number: int, game_number: int) -> None:
    assert reader.rules is not None
    if reader.unplayed is not None:
        line, roll = reader.unplayed
        raise RecordError(line, f"'{roll}': {roll[0]}-{roll[1]} must be played here, but no play is given")
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
    reader.after_roll = []
    for die in reader.ties.get(game_number, ()):
        reader.game, _ = apply_action(reader.game, Action(ActionKind.ROLL, Player.WHITE, dice=(die, die)))


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
    if reader.unplayed is not None:
        line, roll = reader.unplayed
        if word not in ("wins", "resigns"):
            raise RecordError(
                line, f"'{roll}': {roll[0]}-{roll[1]} must be played here, but no play is given"
            )
        reader.unplayed = None
    if word == "wins":
        _read_win(reader, number, item, column)
        return
    if game.over:
        raise RecordError(number, f"{item!r} after game {game.number} was over")
    # Each item is in its player's column (GNU Backgammon reads the columns so too).
    player = column
    reader.next_player = player.opponent
    if len(game.log) >= MAX_LOG:
        raise RecordError(number, f"game {game.number} goes on past {MAX_LOG} log entries")
    if item[0].isdigit() or word == "resigns":
        # A beaver or raccoon the roll (or a resignation) follows was taken: gnubg leaves the take out.
        game = reader.game = _take_animal(game)
    if item[0].isdigit():
        _read_roll(reader, number, item, player)
        return
    if word == "resigns":
        _read_resign(reader, number, item, player)
        return
    kind = {
        "doubles": ActionKind.DOUBLE,
        "takes": ActionKind.TAKE,
        "drops": ActionKind.DROP,
        "passes": ActionKind.DROP,
        "beavers": ActionKind.BEAVER,
        "raccoons": ActionKind.RACCOON,
    }[word]
    if kind in (ActionKind.DOUBLE, ActionKind.BEAVER) and game.phase is Phase.CUBE_OFFERED:
        # A redouble while an offer waits is a beaver, or a raccoon after a beaver (GNU
        # Backgammon writes a raccoon as another beaver).
        kind = ActionKind.RACCOON if game.cube.pending is CubeAction.BEAVER else ActionKind.BEAVER
    before = game.cube.value
    reader.game, _ = apply_action(game, Action(kind, player))
    if kind in (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.RACCOON):
        offered = int(item.split("=>")[1])
        expected = 2 * before if kind is ActionKind.DOUBLE else 4 * before
        if offered != expected:
            raise RecordError(number, f"'{item}': the cube is at {before}, so this offers {expected}")


def _take_animal(game: Game) -> Game:
    """``game`` with a pending beaver or raccoon taken (nothing else changes)."""
    if game.phase is Phase.CUBE_OFFERED and game.cube.pending in (CubeAction.BEAVER, CubeAction.RACCOON):
        responder = game.cube.responder
        assert responder is not None
        game, _ = apply_action(game, Action(ActionKind.TAKE, responder))
    return game


def _read_resign(reader: _Reader, number: int, item: str, player: Player) -> None:
    game = reader.game
    assert game is not None
    words = item.lower().replace(",", " ").split()
    kind = _WORD_RESIGNS[words[1]]
    if "time" in words:
        game, _ = apply_action(game, Action(ActionKind.TIME_OUT, player))
        if game.result is None or game.result.kind is not kind:
            lost = "no" if game.result is None else f"a {game.result.kind.name.lower()}"
            raise RecordError(number, f"'{item}': on this board the time out loses {lost}")
        reader.game = game
        return
    if "rolling" in words:
        # "Resigns gammon after rolling 44": the roll (and any rejected offers after it), then the offer.
        _read_roll(reader, number, f"{words[-1]}: ", player)
        if reader.unplayed is None:
            raise RecordError(number, f"'{item}': {words[-1][0]}-{words[-1][1]} cannot be played here")
        reader.unplayed = None
        game = reader.game
        assert game is not None
    elif "after" in words:
        reader.after_roll.append(kind)  # applied once the next roll is read
        return
    game, _ = apply_action(game, Action(ActionKind.RESIGN, player, resign=kind))
    if "rejected" in words:
        game, _ = apply_action(game, Action(ActionKind.REJECT, player.opponent))
    reader.game = game


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
    moving = game.phase is Phase.MOVING and game.turn is player
    if reader.after_roll:
        if not moving:
            raise RecordError(
                number, f"'{item}': a resignation after the roll, but {dice[0]}-{dice[1]} cannot be played"
            )
        for kind in reader.after_roll:
            game, _ = apply_action(game, Action(ActionKind.RESIGN, player, resign=kind))
            game, _ = apply_action(game, Action(ActionKind.REJECT, player.opponent))
        reader.after_roll = []
    if not moving:
        if text.lower() not in _NO_PLAY:
            raise RecordError(
                number, f"'{item}': {dice[0]}-{dice[1]} cannot be played here, yet a play is given"
            )
        reader.game = game
        return
    if text.lower() in _NO_PLAY:
        # Rolled and not played: the player resigns after the roll (or the record stops here).
        reader.game = game
        reader.unplayed = (number, item)
        return
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
    if game.phase is Phase.RESIGNATION_OFFERED and game.resignation is not None:
        if game.resignation.by is column:
            raise RecordError(number, f"'{item}': {column.name} cannot win their own resignation")
        game, _ = apply_action(game, Action(ActionKind.ACCEPT, column))
    elif not game.over:
        game = _resign(number, _take_animal(game), column, points)
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
