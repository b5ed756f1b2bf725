"""Match records: .mat export and import round trips, what real files contain, and malformed files."""

from __future__ import annotations

import pytest

from gammond.engine.errors import InvalidGameError, RecordError
from gammond.engine.flow import Action, ActionKind, DiceSource, Game, Phase, apply_action, new_game
from gammond.engine.notation import parse_moves
from gammond.engine.players import Player
from gammond.engine.records import MatchRecord, format_mat, parse_mat, record_of
from gammond.engine.records.cli import selfplay_match
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions
from tests.support.records import differences, our_summary


@pytest.fixture(scope="module")
def matches() -> list[MatchRecord]:
    """Two seeded bot-against-bot matches through the game flow (1 and 3 points)."""
    return [record_of(selfplay_match(length, seed)) for length, seed in ((1, 11), (3, 12))]


def test_an_exported_match_imports_as_the_same_games(matches: list[MatchRecord]) -> None:
    for record in matches:
        back = parse_mat(format_mat(record))
        assert differences(our_summary(back), our_summary(record)) == []
        for ours, theirs in zip(record.games, back.games):
            assert (theirs.board, theirs.cube, theirs.result, theirs.score) == (
                ours.board,
                ours.cube,
                ours.result,
                ours.score,
            )
        assert format_mat(back) == format_mat(record)


def test_the_export_has_gnubgs_layout(matches: list[MatchRecord]) -> None:
    text = format_mat(matches[1])
    lines = text.splitlines()
    assert " 3 point match" in lines
    assert " Game 1" in lines
    assert lines[lines.index(" Game 1") + 1].startswith(" White : 0")
    assert any(line.startswith("  1) ") for line in lines)
    assert "Wins" in text


def _variant(text: str) -> str:
    """The same match as other programs write it: CRLF, tabs, comments, bar/off, no hit marks, Passes."""
    out = ["# written by hand", ""]
    for line in text.splitlines():
        words = [w.replace("25/", "bar/").replace("*", "") for w in line.split(" ")]
        line = " ".join(w[:-2] + "/off" if w.endswith("/0") else w for w in words)
        out += [line.replace("Drops", "Passes"), ""]
    last = max(i for i, line in enumerate(out) if "Wins" in line)
    out[last] += " and the match"
    return "\r\n".join(out).replace("        ", "\t")


def test_files_from_other_programs_read_the_same(matches: list[MatchRecord]) -> None:
    for record in matches:
        assert differences(our_summary(parse_mat(_variant(format_mat(record)))), our_summary(record)) == []


def test_an_eXtreme_Gammon_style_header_is_read() -> None:
    text = """; [Site "eXtreme Gammon"]
; [Match ID "1234"]
; [Player 1 "Alice"]
; [Player 2 "Bob"]
; [EventDate "2026.12.01"]

1 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5                  Doubles => 2
"""
    with pytest.raises(RecordError, match="line 11"):
        # A 1-point match is a Crawford-free match where doubling is pointless; the dead cube forbids it.
        parse_mat(text)
    record = parse_mat(text.replace("Doubles => 2", "64: 24/18 13/9"))
    assert record.names == ("Alice", "Bob")
    assert ("Site", "eXtreme Gammon") in record.meta
    assert record.games[0].phase is Phase.BEFORE_ROLL


def _with_line(text: str, find: str, replace: str) -> str:
    assert find in text
    return text.replace(find, replace, 1)


BASE = """ 3 point match

 Game 1
 White : 0                      Black : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2) 61: 13/7 8/7                 Doubles => 2
  3)  Drops
                                  Wins 1 point

 Game 2
 White : 0                      Black : 1
  1)                             52: 13/8 13/11
"""


def test_the_base_file_of_the_malformed_cases_is_itself_valid() -> None:
    record = parse_mat(BASE)
    assert [g.result is not None for g in record.games] == [True, False]
    assert record.games[0].result is not None and record.games[0].result.winner is Player.BLACK


MALFORMED = [
    ("empty", "", "no 'N point match'"),
    ("binary junk", "\x00\x01\x02PK\x03\x04", "line 1: binary data"),
    ("control characters", " 3 point match\n\x07\x1b[31m", "line 2: unreadable character"),
    ("no header", " Game 1\n White : 0   Black : 0\n", "line 1: expected the match header"),
    ("match length 99", " 99 point match\n", "line 1: match length 99"),
    ("truncated inside a play", BASE[: BASE.index("8/4 6/4") + 3], "line 5:"),
    ("wrong scores", _with_line(BASE, "Black : 1", "Black : 2"), "line 11: game 2 starts at 0-2"),
    ("illegal move", _with_line(BASE, "13/7 8/7", "13/7 8/6"), "line 6: '61: 13/7 8/6' is illegal"),
    ("a die of 7", _with_line(BASE, "42: 8/4 6/4", "72: 8/1 6/4"), "line 5:"),
    ("wrong win", _with_line(BASE, "Wins 1 point", "Wins 2 points"), "line 8: 'Wins 2 points'"),
    ("wrong cube", _with_line(BASE, "Doubles => 2", "Doubles => 4"), "line 6: 'Doubles => 4'"),
    ("game out of order", _with_line(BASE, " Game 2", " Game 3"), "line 10: game 3 where game 2"),
    (
        "no play for a playable roll",
        _with_line(BASE, "42: 8/4 6/4", "42:"),
        "line 5: '42:': 4-2 must be played",
    ),
    ("a take without a double", _with_line(BASE, " Drops", " Takes\n  4)  Takes"), "line 8:"),
    ("moves after the win", BASE.replace("Wins 1 point", "Wins 1 point\n  4) 31: 8/5 6/5"), "line 9:"),
    ("a line too long", BASE + "  2) 31: " + "8/5 " * 2000, "at most 4096"),
    (
        "text that is not a record",
        "Hello, world!\nThis is not backgammon.\n",
        "line 1: expected the match header",
    ),
]


@pytest.mark.parametrize(("name", "text", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_file_is_refused_with_its_line(name: str, text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_mat(text)
    assert message in str(caught.value), str(caught.value)


def test_random_junk_never_crashes_the_reader() -> None:
    import random

    rng = random.Random(5)
    pieces = [
        " Game 1",
        " 3 point match",
        "  1) ",
        "31:",
        " 8/5",
        " 6/5",
        " Doubles => 2",
        " Takes",
        "Wins 1 point",
        "\n",
        " ",
        ":",
        "25/",
        "bar",
        "*",
        "99",
    ]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 40)))
        try:
            parse_mat(text)
        except RecordError:
            pass


def test_a_record_refuses_games_that_do_not_follow_each_other(matches: list[MatchRecord]) -> None:
    games = matches[1].games
    assert len(games) >= 2
    with pytest.raises(InvalidGameError, match=r"games\[1\]"):
        record_of((games[0], games[0]))
    with pytest.raises(InvalidGameError, match=r"games\[0\]"):
        record_of(games[1:])


def test_an_unfinished_game_exports_what_was_played() -> None:
    game: Game = new_game(RuleOptions.match(3), dice_source=DiceSource.CLIENT)
    game, _ = apply_action(game, Action(ActionKind.ROLL, Player.WHITE, dice=(3, 1)))
    back = parse_mat(format_mat(record_of([game])))
    # Rolled but not yet played: written as the roll alone (gnubg reads it as the dice set), read back so.
    assert (back.games[0].phase, back.games[0].turn, back.games[0].dice) == (
        Phase.MOVING,
        Player.WHITE,
        (3, 1),
    )


def _acted(game: Game, *steps: Action) -> Game:
    for action in steps:
        game, _ = apply_action(game, action)
    return game


def test_a_resignation_after_rolling_exports_as_the_win() -> None:
    game = _acted(
        new_game(RuleOptions.match(5), dice_source=DiceSource.CLIENT),
        Action(ActionKind.ROLL, Player.WHITE, dice=(3, 1)),
        Action(ActionKind.PLAY, Player.WHITE, steps=tuple(parse_moves("8/5 6/5"))),
        Action(ActionKind.ROLL, Player.BLACK, dice=(6, 5)),
        Action(ActionKind.RESIGN, Player.BLACK, resign=ResultKind.GAMMON),
        Action(ActionKind.ACCEPT, Player.WHITE),
    )
    back = parse_mat(format_mat(record_of([game])))
    assert differences(our_summary(back), our_summary(record_of([game]))) == []
    assert back.games[0].result == game.result


def test_a_money_session_round_trips() -> None:
    game = _acted(
        new_game(RuleOptions.money(), dice_source=DiceSource.CLIENT),
        Action(ActionKind.ROLL, Player.WHITE, dice=(2, 4)),
        Action(ActionKind.PLAY, Player.BLACK, steps=tuple(parse_moves("8/4 6/4"))),
        Action(ActionKind.DOUBLE, Player.WHITE),
        Action(ActionKind.DROP, Player.BLACK),
    )
    text = format_mat(record_of([game]))
    assert " 0 point match" in text
    back = parse_mat(text)
    assert back.rules.match_length == 0 and back.games[0].result == game.result
