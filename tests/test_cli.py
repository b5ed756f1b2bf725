"""The command line, run as people and scripts run it: ``python -m gammond.engine``."""

from __future__ import annotations

import subprocess
import sys

from gammond.engine import Position, legal_plays


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gammond.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_show_draws_the_board_and_the_pips() -> None:
    out = _run("show", "4HPwATDgc/ABMA")
    assert out.returncode == 0
    assert "pips 167" in out.stdout and "|BAR|" in out.stdout


def test_plays_lists_each_play_with_its_resulting_position_id() -> None:
    out = _run("plays", "4HPwATDgc/ABMA", "31")
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 16
    assert any(line.split()[:2] == ["8/5", "6/5"] for line in lines)


def test_batch_mode_writes_sorted_result_ids_per_line_and_an_empty_line_for_no_play() -> None:
    closed = Position.from_sides([0] * 12 + [14] + [0] * 11 + [1], [2, 2, 2, 2, 2, 2] + [0] * 19)
    stdin = f"4HPwATDgc/ABMA 31\n{closed.position_id()} 65\n/woA1CACAAAAAA 13\n"
    out = _run(stdin=stdin)
    lines = out.stdout.split("\n")
    expected = sorted(p.result.position_id() for p in legal_plays(Position.starting(), (3, 1)))
    assert lines[0].split() == expected
    assert lines[1] == ""
    assert lines[2] == "/woA1EAAAAAAAA"  # only 2/1*/off


def test_batch_mode_names_the_bad_line_and_fails() -> None:
    out = _run("plays", stdin="4HPwATDgc/ABMA 31\nnot-an-id 31\n")
    assert out.returncode == 2 and "line 2" in out.stderr


def test_a_bad_roll_is_an_error_not_a_traceback() -> None:
    out = _run("plays", "4HPwATDgc/ABMA", "71")
    assert out.returncode == 2 and "71" in out.stderr and "Traceback" not in out.stderr
