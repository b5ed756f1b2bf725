"""GNU Backgammon reads our .mat exports as played, and we read its exports as it played them (dev-only peer).

A bounded slice of ``python -m bench.mat_roundtrip`` (which runs 200
matches): ``GAMMOND_MAT_MATCHES`` matches (default 2) through the API.
"""

from __future__ import annotations

import os

from bench.mat_roundtrip import run
from tests.support.peers import require_peer


def test_gnubg_and_gammond_read_each_others_mat_files_identically() -> None:
    require_peer("gnubg")
    ours, theirs = run(int(os.environ.get("GAMMOND_MAT_MATCHES", "2")), first_seed=1)
    assert ours.failures == [] and theirs.failures == []
    assert ours.identical == ours.tried >= 1
    assert theirs.identical == theirs.tried >= 1
