"""Chooses the implementation of the hot paths: compiled if built, else pure Python.

Set ``GAMMOND_PURE_PYTHON=1`` to force the pure-Python reference path.
``IMPLEMENTATION`` says which one is in use (``"compiled"`` or ``"python"``).
"""

from __future__ import annotations

import os

from engine import movegen

generate = movegen.generate
IMPLEMENTATION = "python"

if os.environ.get("GAMMOND_PURE_PYTHON", "") not in ("1", "true", "yes"):
    try:
        from engine import _ckernel
    except ImportError:
        pass
    else:
        generate = _ckernel.generate
        IMPLEMENTATION = "compiled"
