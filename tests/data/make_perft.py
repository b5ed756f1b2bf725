"""Writes perft.tsv: hand-built positions, a roll, and the number of distinct legal plays.

Each case below is a small board set up by hand with the count worked out
by hand; the reasoning goes into the table.  This script only turns the
setups into Position IDs, so the counts are never taken from the engine
under test.  ``tests/test_perft.py`` checks every row against gammond and
GNU Backgammon.

Setups are written from the player on roll (X): ``mine`` maps X's points
(1..24, or ``"bar"``) to checker counts, and ``theirs`` the opponent's (O's)
checkers on the *same* numbering.  Checkers not listed are borne off.

Run from the repository root: ``python -m tests.data.make_perft``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gammond.engine.position import Position

Setup = dict[int | str, int]
CLOSED: Setup = {point: 2 for point in range(19, 25)}
FIVE_CLOSED: Setup = {point: 2 for point in range(19, 24)}  # 24 (O's 1-point) left open
START_X: Setup = {24: 2, 13: 5, 8: 3, 6: 5}
START_O: Setup = {1: 2, 12: 5, 17: 3, 19: 5}


@dataclass(frozen=True)
class Case:
    group: str
    mine: Setup
    theirs: Setup
    roll: str
    plays: int
    reasoning: str

    def position(self) -> Position:
        board = [0] * 26
        for point, count in self.mine.items():
            board[25 if point == "bar" else int(point)] += count
        for point, count in self.theirs.items():
            if point == "bar":
                board[0] -= count
            else:
                assert board[int(point)] == 0, f"point {point} set for both sides"
                board[int(point)] -= count
        return Position(tuple(board))

    def setup(self) -> str:
        def side(name: str, points: Setup) -> str:
            return name + " " + " ".join(f"{p}x{n}" for p, n in points.items())

        return side("X", self.mine) + " / " + side("O", self.theirs)


def case(group: str, mine: Setup, theirs: Setup, roll: str, plays: int, reasoning: str) -> Case:
    return Case(group, mine, theirs, roll, plays, reasoning)


CASES = [
    # -- bar entry ------------------------------------------------------------------
    case(
        "bar_entry",
        {"bar": 1, 6: 2},
        {10: 2},
        "3-1",
        3,
        "enter on 22 or 24; then the other die: 22/21 or 6/5, 24/21 or 6/3; bar/21 twice",
    ),
    case(
        "bar_entry",
        {"bar": 2, 6: 2},
        {10: 2},
        "4-2",
        1,
        "both checkers must enter: bar/21 bar/23 uses both dice",
    ),
    case(
        "bar_entry",
        {"bar": 2, 6: 2},
        {21: 2, 10: 2},
        "4-2",
        1,
        "the 4 cannot enter (21 held); bar/23; the other checker stays on the bar, the 4 is lost",
    ),
    case(
        "bar_entry",
        {"bar": 1, 6: 2},
        {22: 1, 10: 2},
        "3-5",
        4,
        "bar/22*/17, bar/22* 6/1, bar/20/17 (no hit: a different board), bar/20 6/3",
    ),
    case(
        "bar_entry",
        {"bar": 1, 13: 2, 6: 2},
        {19: 2},
        "6-4",
        2,
        "the 6 cannot enter (19 held); bar/21 then the 6: 21/15 or 13/7 (no bear-off, 21 is out)",
    ),
    case(
        "bar_entry",
        {"bar": 1},
        {21: 2, 16: 2},
        "5-4",
        1,
        "the 4 cannot enter; bar/20; the 4 from 20 lands on held 16 and there is no other checker",
    ),
    case(
        "bar_entry",
        {"bar": 1, 8: 2},
        {10: 2},
        "6-1",
        3,
        "bar/19 then 19/18 or 8/7; bar/24 then 24/18 (same as bar/18) or 8/2",
    ),
    case("bar_entry", {"bar": 3, 13: 1}, {10: 2}, "4-4", 2, "three enter on 21; the fourth 4: 21/17 or 13/9"),
    case(
        "bar_entry",
        {"bar": 1, 6: 1},
        {10: 2},
        "2-2",
        3,
        "bar/23, three 2s left; the 6-checker can take at most two (no bear-off while 23 is out): "
        "23 moves 1, 2 or 3 more times",
    ),
    case("bar_entry", {"bar": 4}, {19: 2}, "3-3", 1, "all four enter: bar/22(4)"),
    case(
        "bar_entry",
        {"bar": 1, 1: 2},
        {10: 2},
        "6-1",
        1,
        "bar/19/18 and bar/24/18 are one board; the 1-point checkers cannot bear off with 19 out",
    ),
    case(
        "bar_entry",
        {"bar": 1, 6: 2},
        {24: 1, 10: 2},
        "1-2",
        4,
        "bar/24*/22, bar/24* 6/4, bar/23/22 (24 not hit: different), bar/23 6/5",
    ),
    case(
        "bar_entry",
        {"bar": 1},
        {14: 2, 15: 2},
        "6-5",
        1,
        "either die enters, then the other lands on 14 (held); either but not both: the larger, bar/19",
    ),
    # -- blocked entry: closed and partly closed boards -------------------------------
    case(
        "blocked_entry", {"bar": 1, 6: 2}, CLOSED, "6-5", 0, "closed board: no entry, nothing else may move"
    ),
    case("blocked_entry", {"bar": 1, 6: 2}, CLOSED, "1-1", 0, "closed board: doubles do not help"),
    case("blocked_entry", {"bar": 1, 6: 2}, CLOSED, "4-3", 0, "closed board"),
    case("blocked_entry", {"bar": 1, 6: 3}, FIVE_CLOSED, "6-5", 0, "only 24 is open, which needs a 1"),
    case(
        "blocked_entry",
        {"bar": 1, 6: 3},
        FIVE_CLOSED,
        "2-1",
        1,
        "bar/24 with the 1; the 2: 24/22 held, so 6/4",
    ),
    case(
        "blocked_entry",
        {"bar": 1, 6: 3},
        FIVE_CLOSED,
        "1-1",
        3,
        "bar/24, 24/23 held; three 1s shared by the three 6-point checkers: 3, 2+1 or 1+1+1",
    ),
    case(
        "blocked_entry",
        {"bar": 2, 6: 2},
        FIVE_CLOSED,
        "3-1",
        1,
        "one enters on 24 with the 1; the 3 cannot enter and a checker is still on the bar",
    ),
    case(
        "blocked_entry",
        {"bar": 2, 6: 2},
        FIVE_CLOSED,
        "1-1",
        2,
        "both enter on 24 (24/23 held); two 1s for the 6-point checkers: 6/4 or 6/5(2)",
    ),
    case(
        "blocked_entry",
        {"bar": 1, 6: 2},
        {**FIVE_CLOSED, 24: 1},
        "4-1",
        1,
        "bar/24* with the 1; the 4: 24/20 held, so 6/2",
    ),
    case(
        "blocked_entry",
        {"bar": 1, 13: 2},
        {19: 2},
        "6-6",
        0,
        "19 held and nothing may move while a checker is on the bar",
    ),
    case(
        "blocked_entry",
        {"bar": 1, 6: 2},
        {22: 2, 23: 2},
        "3-2",
        0,
        "22 and 23 held; the 5-point (20) cannot be reached by adding the dice",
    ),
    # -- partial plays and the larger-die rule ----------------------------------------
    case(
        "partial",
        {20: 1},
        {9: 2},
        "6-5",
        1,
        "20/14 or 20/15 alone; the other die then lands on held 9; either but not both: 20/14",
    ),
    case(
        "partial",
        {20: 1},
        {14: 2, 9: 2},
        "6-5",
        1,
        "the 6 is blocked (14); 20/15, then the 6 lands on 9: only the smaller die, 20/15",
    ),
    case(
        "partial",
        {10: 1, 9: 1},
        {4: 2, 3: 2, 2: 2, 1: 2},
        "6-2",
        2,
        "no 6 (4 and 3 held, and after 10/8 or 9/7 the 6 lands on 2 or 1): only the 2, 10/8 or 9/7",
    ),
    case(
        "partial",
        {13: 1, 6: 1},
        {8: 2, 7: 2},
        "6-5",
        1,
        "13/7 and 13/8 held, no bear-off with 13 out; 6/1 with the 5 and no 6 after it",
    ),
    case(
        "partial",
        {13: 1},
        {7: 2},
        "6-5",
        1,
        "the 6 first lands on 7 (held), but 13/8/2 uses both dice: 13/2 is forced",
    ),
    case("partial", {13: 1}, {7: 2, 8: 2}, "6-5", 0, "both first stops held"),
    case("partial", {24: 2}, {18: 2}, "6-6", 0, "24/18 held"),
    case(
        "partial",
        {20: 1, 3: 2},
        {9: 2},
        "6-5",
        1,
        "the 3s cannot bear off with 20 out; 20/14 or 20/15 then 9 held: larger die, 20/14",
    ),
    case(
        "partial",
        {13: 1},
        {11: 2, 7: 2},
        "4-2",
        1,
        "the 2 is blocked (11) and after 13/9 lands on 7: only 13/9",
    ),
    # -- doubles ---------------------------------------------------------------------
    case("doubles", {13: 1}, {5: 2}, "4-4", 1, "13/9, then 9/5 held: one of four"),
    case("doubles", {13: 1}, {1: 2}, "4-4", 1, "13/9/5, then 5/1 held: two of four, 13/5"),
    case("doubles", {17: 1}, {1: 2}, "4-4", 1, "17/13/9/5, then 5/1 held: three of four, 17/5"),
    case(
        "doubles", {20: 1, 18: 1}, {15: 2, 3: 2}, "5-5", 1, "20/15 held; 18/13/8, 8/3 held: two of four, 18/8"
    ),
    case(
        "doubles",
        {6: 2},
        {19: 2},
        "1-1",
        3,
        "four 1s over two checkers on 6 (no bear-off reachable): 4+0, 3+1, 2+2",
    ),
    case(
        "doubles",
        {"bar": 1, 13: 1},
        {10: 2},
        "4-4",
        3,
        "bar/21, three 4s: the entered checker moves 0..3; 21/13 13/9 and 21/9 are one board",
    ),
    case("doubles", {13: 2}, {9: 2}, "2-2", 1, "13/11 each, 11/9 held: 13/11(2), two of four"),
    case(
        "doubles",
        {9: 1, 1: 2},
        {3: 2},
        "2-2",
        1,
        "9/7/5, 5/3 held; the 1s cannot bear off with a 2 while 5 is higher: 9/5",
    ),
    case(
        "doubles",
        {3: 3},
        {20: 2},
        "6-6",
        1,
        "three off from the highest point; the game is won, the fourth 6 is not needed",
    ),
    case("doubles", {24: 1}, {12: 2}, "3-3", 1, "24/21/18/15, 15/12 held: three of four"),
    case(
        "doubles",
        {6: 1, 5: 1},
        {20: 2},
        "2-2",
        2,
        "6/4/2/off 5/3, or 6/2 5/1; 5/1/off needs the 1 to be highest, but 6/4 is above it",
    ),
    # -- bear-off --------------------------------------------------------------------
    case("bear_off", {3: 1, 2: 1}, {20: 2}, "6-5", 1, "each die exceeds the highest point: 3/off 2/off"),
    case(
        "bear_off",
        {5: 1, 4: 1},
        {20: 2},
        "6-2",
        2,
        "6 takes the 5 off, then 4/2; or 5/3 then the 6 takes the 4 (now highest): {2} or {3}",
    ),
    case(
        "bear_off",
        {6: 1, 4: 1},
        {20: 2},
        "5-3",
        2,
        "the 5 cannot take the 4 off while 6 is higher: 6/1 4/1; or 6/3 then the 5 takes the 4",
    ),
    case(
        "bear_off",
        {4: 1, 1: 1},
        {20: 2},
        "6-1",
        2,
        "4/off 1/off, or 4/3 with the 1 then 3/off with the 6 (the rule text's example)",
    ),
    case(
        "bear_off",
        {5: 1, 3: 1},
        {20: 2},
        "3-2",
        2,
        "3/off 5/3 (or 5/2/off) leaves {3}; moving inside instead, 5/2 3/1, leaves {2,1}",
    ),
    case(
        "bear_off",
        {7: 1, 2: 1},
        {20: 2},
        "6-1",
        2,
        "7/6 then 6/off (moved in, then off) or 7/1 1/off leave {2}; 7/1 2/1 leaves {1,1}",
    ),
    case(
        "bear_off",
        {8: 1, 1: 1},
        {20: 2},
        "6-5",
        1,
        "8/2 then the 5 takes the 2 (highest), or 8/3 then the 6 takes it: 8/off, the 1 stays",
    ),
    case("bear_off", {6: 2, 5: 1}, {20: 2}, "6-5", 2, "6/off 5/off leaves {6}; 6/off 6/1 leaves {5,1}"),
    case("bear_off", {4: 2}, {20: 2}, "6-5", 1, "4/off(2)"),
    case(
        "bear_off",
        {5: 1, 2: 1},
        {20: 2},
        "4-3",
        2,
        "5/1 then the 3 takes the 2 (highest) leaves {1}; 5/2 then the 4 takes a 2 leaves {2}",
    ),
    case("bear_off", {6: 1, 1: 1}, {20: 2}, "6-6", 1, "6/off, then 1/off as the highest"),
    case(
        "bear_off",
        {6: 1, 2: 1},
        {20: 2},
        "4-2",
        1,
        "6/2 2/off, 6/4/off and 2/off 6/2 all leave one checker on 2",
    ),
    case(
        "bear_off", {2: 1}, {1: 1, 20: 2}, "2-1", 1, "2/off uses one die; 2/1*/off uses both, so it is forced"
    ),
    case(
        "bear_off",
        {6: 1, 3: 1},
        {4: 1, 20: 2},
        "2-1",
        5,
        "6/4* 3/2, 6/5 3/1, 6/4*/3 (hit on the stop), 6/5/3 (no hit), 3/off: five boards",
    ),
    # -- plain middle game -----------------------------------------------------------
    case(
        "middle_game",
        START_X,
        START_O,
        "3-1",
        16,
        "12 two-checker pairs (1s from 24,8,6 x 3s from 24,13,8,6) + 24/20 13/9 8/4 6/2",
    ),
    case("middle_game", START_X, START_O, "2-1", 15, "12 pairs + 24/21 13/10 8/5 6/3, less 8/6 6/5 = 8/5"),
    case(
        "middle_game",
        START_X,
        START_O,
        "6-5",
        7,
        "6 pairs (6s from 24,13,8 x 5s from 13,8) + 24/13 13/2, less 13/8 8/2 = 13/2",
    ),
    case("middle_game", START_X, START_O, "4-2", 18, "16 pairs + 24/18 13/7 8/2, less 8/6 6/2 = 8/2"),
    case(
        "middle_game",
        START_X,
        START_O,
        "5-2",
        8,
        "8 pairs (5s from 13,8 x 2s from 24,13,8,6) + 13/6, less 13/8 8/6 = 13/6; 24/17 and 6/1 held",
    ),
    case(
        "middle_game",
        START_X,
        START_O,
        "6-4",
        14,
        "12 pairs (6s from 24,13,8 x 4s from 24,13,8,6) + 24/14 13/3",
    ),
    case(
        "middle_game",
        {13: 1},
        {7: 1, 20: 2},
        "6-2",
        2,
        "13/7*/5 hits on the intermediate stop; 13/11/5 does not",
    ),
    case("middle_game", {13: 1}, {7: 1, 11: 2}, "6-2", 1, "13/11 held, so only 13/7*/5"),
    case("middle_game", {13: 1}, {10: 1, 7: 1, 20: 2}, "3-3", 1, "one checker, four 3s: 13/10*/7*/4/1"),
    case("middle_game", {13: 2}, {20: 2}, "4-3", 2, "13/9 13/10, or one checker 13/6"),
    case(
        "middle_game",
        {13: 1, 8: 1},
        {20: 2},
        "5-3",
        2,
        "13/8 8/5 and 13/5 both leave {8,5}; 8/3 13/10 leaves {10,3}",
    ),
    case(
        "middle_game",
        {13: 1},
        {7: 1, 11: 1, 20: 2},
        "6-2",
        2,
        "13/7*/5 and 13/11*/5: both hit on the way, on different points",
    ),
]

TRAP = (
    "bear_off",
    "/woA1CACAAAAAA",
    "1-3",
    1,
    "X 2x1 / O 1x1 and others",
    "the known trap: 2/off alone is illegal because 2/1*/off uses both dice",
)


def rows() -> list[tuple[str, str, str, int, str, str]]:
    table = [(c.group, c.position().position_id(), c.roll, c.plays, c.setup(), c.reasoning) for c in CASES]
    table.append(TRAP)
    return table


def main() -> None:
    out = Path(__file__).with_name("perft.tsv")
    lines = ["group\tposition_id\troll\tplays\tsetup\treasoning"]
    lines += ["\t".join(str(field) for field in row) for row in rows()]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines) - 1} rows to {out}")


if __name__ == "__main__":
    main()
