"""Bounded waits for what the server writes a moment after it answers.

A call's log line and metrics are written in batches (gammond.server.calls),
up to a few tens of milliseconds after the answer; a test reads them once
they have settled, and gives up after a bound.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def settled(read: Callable[[], T], expected: T, timeout_s: float = 10.0) -> T:
    """``read()`` once it returns ``expected``, or its last value after ``timeout_s``."""
    return _until(read, lambda value: value == expected, timeout_s)


def appeared(read: Callable[[], T], timeout_s: float = 10.0) -> T:
    """``read()`` once it returns something truthy, or its last value after ``timeout_s``."""
    return _until(read, bool, timeout_s)


def _until(read: Callable[[], T], done: Callable[[T], bool], timeout_s: float) -> T:
    deadline = time.monotonic() + timeout_s
    value = read()
    while not done(value) and time.monotonic() < deadline:
        time.sleep(0.01)
        value = read()
    return value
