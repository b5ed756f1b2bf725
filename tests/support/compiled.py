"""The compiled kernel for tests that compare it with the Python reference, or a skip."""

from __future__ import annotations

from types import ModuleType

import pytest

from gammond.engine import kernel


def compiled_kernel_in_use(function: str, instead: str) -> ModuleType:
    """``gammond.engine._ckernel`` when it is built and ``kernel.<function>`` is its; else skip.

    ``instead`` says what runs without it (with ``GAMMOND_PURE_PYTHON=1`` the
    module may be built but unused).
    """
    module: ModuleType = pytest.importorskip("gammond.engine._ckernel")
    if getattr(kernel, function) is None:
        pytest.skip(f"GAMMOND_PURE_PYTHON=1: {instead}")
    return module
