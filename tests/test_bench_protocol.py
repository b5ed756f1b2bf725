"""bench.protocol at a tiny size: its ratios and each method's answering-thread CPU come out of one run."""

from __future__ import annotations

import re

import pytest

from bench import protocol


def test_a_small_run_prints_the_ratios_and_each_methods_cpu_a_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    protocol.main(["--calls", "40", "--states", "12", "--concurrency", "4"])
    out = capsys.readouterr().out
    for name in ("ListActions", "Act", "Act in a flow"):
        assert re.search(rf"^{name} vs ListLegalPlays: \d+\.\d\d$", out, re.M), name
    line = next(line for line in out.splitlines() if line.startswith("answering thread's CPU a call"))
    figures = dict(re.findall(r"(ListLegalPlays|ListActions|Act \(in a flow\)|Act) (\d+) us", line))
    assert set(figures) == {"ListLegalPlays", "ListActions", "Act", "Act (in a flow)"}
    # Every timed call ran on an answering thread: each method cost some CPU.
    assert all(int(us) > 0 for us in figures.values()), figures
