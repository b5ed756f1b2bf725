"""The strength benchmark's arithmetic (bench/strength.py); its runs need GNU Backgammon and take minutes."""

from __future__ import annotations

import pytest

from bench.strength import Measured, paired


def _row(*losses: float) -> Measured:
    return Measured("net", 1000 * sum(losses) / len(losses), 0.0, losses=losses)


def test_two_networks_compare_decision_by_decision() -> None:
    gap, error = paired(_row(0.010, 0.120, 0.030), _row(0.000, 0.110, 0.020))
    assert gap == pytest.approx(10.0) and error == pytest.approx(0.0)


def test_the_paired_error_is_that_of_the_gaps_not_of_the_losses() -> None:
    gap, error = paired(_row(0.0, 0.5, 0.0, 0.5), _row(0.0, 0.5, 0.002, 0.498))
    assert gap == pytest.approx(0.0, abs=1e-9) and error == pytest.approx(0.8165, rel=1e-3)


def test_rows_of_different_decisions_do_not_compare() -> None:
    with pytest.raises(ValueError):
        paired(_row(0.1, 0.2), _row(0.1))


def test_the_json_row_leaves_the_losses_out() -> None:
    assert "losses" not in _row(0.1, 0.2).figures()
