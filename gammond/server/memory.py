"""Giving freed memory back to the system after a bot search.

A search allocates and frees tens of megabytes of numpy arrays from
whichever gRPC thread ran it.  glibc keeps freed memory in per-thread
arenas and returns little of it, so a worker's RSS climbs in steps after
each peak and stays there (issue 16 measured 22-37 MB/min in a mixed soak).
Two measures keep it flat: the supervisor caps the arenas
(``MALLOC_ARENA_MAX``, see :func:`limit_arenas`) before starting workers, and
:func:`trim` hands the free pages back (``malloc_trim``) once no search is
running.  Both are no-ops where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Callable

ARENAS = "2"


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        function = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_size_t]
    function.restype = ctypes.c_int
    return function


_TRIM = _malloc_trim()


def trim() -> bool:
    """Return free heap pages to the system; False where there is no ``malloc_trim``."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True


def limit_arenas(environ: dict[str, str] | None = None) -> None:
    """Cap glibc's malloc arenas for processes started from now on (an explicit setting wins)."""
    (os.environ if environ is None else environ).setdefault("MALLOC_ARENA_MAX", ARENAS)
