"""XGID both ways, checked against GNU Backgammon's own reading where it is installed."""

from __future__ import annotations

import random

import pytest

from gammond.engine import Player, Position
from gammond.engine.xgid import XgidState, format_xgid, parse_xgid
from tests.support.peers import require_peer

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_the_starting_xgid_is_the_starting_position_with_white_to_roll() -> None:
    state = parse_xgid(START)
    assert state.position == Position.starting()
    assert state.on_roll is Player.WHITE and state.dice is None and state.cube_owner is None


def test_an_xgid_with_black_on_roll_is_seen_from_black() -> None:
    state = parse_xgid("XGID=-a-BBaCAB----B--Acbcc--AA-:1:1:-1:52:0:1:0:5:10")
    assert state.on_roll is Player.BLACK
    assert state.position.position_id() == "bK7BCChwtwNACA"  # as GNU Backgammon reads it
    assert state.cube_value == 2 and state.cube_owner is Player.WHITE
    assert state.scores == (0, 1) and state.match_length == 5 and state.dice == (5, 2)


@pytest.mark.parametrize(
    "text",
    [
        START,
        "XGID=-a-BBaCAB----B--Acbcc--AA-:1:1:-1:52:0:1:0:5:10",
        "XGID=-a-BBaCAB----B--Acbcc--AA-:2:-1:1:D:3:1:1:5:8",
        "XGID=-b----E-C---eE---c-e----B-:1:0:1:B:0:0:3:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:R:0:0:2:0:10",
    ],
)
def test_xgids_round_trip_exactly(text: str) -> None:
    assert format_xgid(parse_xgid(text)) == text


def test_the_prefix_is_optional() -> None:
    assert parse_xgid(START[5:]) == parse_xgid(START)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "26-character"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10", "turn"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube"),
        ("XGID=-b----E-C---eE---c-e----B!:0:0:1:00:0:0:0:0:10", "'!'"),
        ("XGID=-P----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "15"),
    ],
)
def test_malformed_xgids_are_refused_with_the_reason(text: str, names: str) -> None:
    with pytest.raises(ValueError, match=names):
        parse_xgid(text)


def test_random_positions_agree_with_gnubg_on_the_position_id() -> None:
    gnubg = require_peer("gnubg")
    gnubg.command("set display off")
    rng = random.Random(11)
    for _ in range(30):
        board = [0] * 26
        for sign in (1, -1):
            for _ in range(15):
                point = rng.randint(1, 24)
                if board[point] * sign >= 0:
                    board[point] += sign
        white_view = Position(tuple(board))
        for on_roll in (Player.WHITE, Player.BLACK):
            position = white_view if on_roll is Player.WHITE else white_view.flipped()
            text = format_xgid(XgidState(position=position, on_roll=on_roll, dice=(3, 1)))
            gnubg.setgnubgid(text)
            assert gnubg.position_id() == position.position_id(), text
