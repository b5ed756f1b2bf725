"""Our match equity table against a published one, and the free drop after the Crawford game."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gammond.engine.bot import met
from tests.support.peers import require_peer

# The published table we check against: Kazaross-XG2, built from rollouts,
# as GNU Backgammon installs it (a dev-only peer, read here, never shipped).
TOLERANCE = 0.005


def _kazaross() -> tuple[list[list[float]], list[float]]:
    gnubg = require_peer("gnubg")
    path = Path(gnubg.__file__).parent / "data" / "met" / "Kazaross-XG2.xml"
    root = ET.parse(path).getroot()
    pre_rows = root.find("pre-crawford-table")
    post_rows = root.find("post-crawford-table")
    assert pre_rows is not None and post_rows is not None
    pre = [[float(me.text or "") for me in row.findall("me")] for row in pre_rows.findall("row")]
    post = [float(me.text or "") for me in post_rows.findall("row")[0].findall("me")]
    return pre, post


def test_every_entry_before_the_crawford_game_is_within_half_a_percent_of_kazaross_xg2() -> None:
    pre, _ = _kazaross()
    off = {
        (a, b): round(met.table(a, b) - pre[a - 1][b - 1], 4)
        for a in range(1, met.MAX_AWAY + 1)
        for b in range(1, met.MAX_AWAY + 1)
        if abs(met.table(a, b) - pre[a - 1][b - 1]) > TOLERANCE
    }
    assert off == {}


def test_every_post_crawford_entry_is_within_half_a_percent_of_kazaross_xg2() -> None:
    # The published row is the trailer's chance, 1..25 away, against a leader 1 away.
    _, post = _kazaross()
    ours = [met.post_crawford(n, 1) for n in range(1, met.MAX_AWAY + 1)]
    assert ours == pytest.approx(post, abs=TOLERANCE)


def test_the_leaders_free_drop_leaves_two_away_under_half_after_the_crawford_game() -> None:
    trailer = met.post_crawford(2, 1)
    assert 0.48 < trailer < 0.495
    assert trailer + met.post_crawford(1, 2) == pytest.approx(1.0)


def test_the_free_drop_is_the_spread_of_chances_above_one_half() -> None:
    # At 2-away the trailer's double is taken only when the leader is the favourite.
    spread = met.OPENING_SPREAD
    expected = sum(min(p, 0.5) for p in spread) / len(spread)
    assert met.post_crawford(2, 1) == pytest.approx(expected)


def test_the_opening_spread_is_centred_on_even_chances() -> None:
    spread = met.OPENING_SPREAD
    assert list(spread) == sorted(spread)
    assert sum(spread) / len(spread) == pytest.approx(0.5, abs=0.005)
