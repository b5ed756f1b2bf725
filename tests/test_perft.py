"""Perft: hand-counted numbers of distinct legal plays, checked against gammond and GNU Backgammon.

The table is tests/data/perft.tsv (written by tests/data/make_perft.py from
hand-built setups); each row carries the reasoning behind its count.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import pytest

from gammond.engine import Position, legal_plays
from gammond.engine.movegen import generate
from tests.support.peers import gnubg_results, require_peer

TABLE = Path(__file__).parent / "data" / "perft.tsv"
GROUPS = {"bar_entry", "blocked_entry", "partial", "bear_off", "doubles", "middle_game"}


@dataclass(frozen=True)
class Row:
    group: str
    position_id: str
    dice: tuple[int, int]
    plays: int
    setup: str
    reasoning: str

    @property
    def position(self) -> Position:
        return Position.from_id(self.position_id)


def _rows() -> list[Row]:
    with TABLE.open(encoding="utf-8", newline="") as handle:
        records = list(csv.DictReader(handle, delimiter="\t"))
    rows = []
    for record in records:
        d1, d2 = (int(d) for d in record["roll"].split("-"))
        rows.append(
            Row(
                record["group"],
                record["position_id"],
                (d1, d2),
                int(record["plays"]),
                record["setup"],
                record["reasoning"],
            )
        )
    return rows


ROWS = _rows()
IDS = [f"{row.group}-{i}-{row.dice[0]}{row.dice[1]}" for i, row in enumerate(ROWS)]


def test_the_table_has_at_least_60_rows_covering_every_group() -> None:
    assert len(ROWS) >= 60
    assert {row.group for row in ROWS} == GROUPS
    assert all(row.reasoning.strip() for row in ROWS)


def test_the_table_includes_the_bear_off_trap_with_exactly_one_play() -> None:
    trap = [row for row in ROWS if row.position_id == "/woA1CACAAAAAA" and set(row.dice) == {1, 3}]
    assert [row.plays for row in trap] == [1]


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_gammond_finds_the_hand_counted_number_of_plays(row: Row) -> None:
    assert len(legal_plays(row.position, row.dice)) == row.plays, row.reasoning


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_the_pure_python_generator_finds_the_same_number(row: Row) -> None:
    assert len(generate(row.position.board, *row.dice)) == row.plays, row.reasoning


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_gnubg_finds_the_hand_counted_number_of_plays(row: Row) -> None:
    require_peer("gnubg_nn")
    assert len(gnubg_results(row.position, row.dice)) == row.plays, row.reasoning


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_gammond_and_gnubg_reach_the_same_boards(row: Row) -> None:
    require_peer("gnubg_nn")
    ours = {play.result for play in legal_plays(row.position, row.dice)}
    assert ours == gnubg_results(row.position, row.dice), row.reasoning
