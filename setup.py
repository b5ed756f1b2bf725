"""Builds the optional compiled kernel, ``gammond.engine._ckernel``.

Everything else about the package lives in pyproject.toml.  The extension
is optional: when no C compiler is found, or the build fails, the install
carries on without it and the engine uses the pure-Python move generator.
"""

from __future__ import annotations

import sys
from pathlib import Path

# setuptools ships no type information here; the ignores go quiet once it does.
from setuptools import Extension, setup  # type: ignore[import-untyped,unused-ignore]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped,unused-ignore]
from setuptools.errors import (  # type: ignore[import-untyped,unused-ignore]
    CCompilerError,
    CompileError,
    ExecError,
    LinkError,
    PlatformError,
)

_SOURCES = [
    "module.c",
    "search.c",
    "posid.c",
    "features.c",
    "net.c",
    "ply.c",
    "wire.c",
    "turn.c",
    "limits.c",
    "flow.c",
    "flowgame.c",
    "pbwire.c",
    "sha256.c",
]
_FALLBACK = "gammond: C compiler not found/failed, using the pure-Python move generator"
# A failed compile or link, or no compiler at all, surfaces as one of these.
_BUILD_ERRORS = (CCompilerError, CompileError, ExecError, LinkError, PlatformError, OSError)


class OptionalBuildExt(build_ext):  # type: ignore[misc,unused-ignore]
    """build_ext that reports a failed build and carries on without it."""

    def run(self) -> None:
        try:
            super().run()
        except _BUILD_ERRORS as exc:
            self._give_up(exc)

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "unix":
            ext.extra_compile_args = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
        try:
            super().build_extension(ext)
        except _BUILD_ERRORS as exc:
            self._give_up(exc)

    @staticmethod
    def _give_up(exc: Exception) -> None:
        print(f"{_FALLBACK} ({exc})", file=sys.stderr)


# Not gammond/engine/_ckernel/: without the built extension, a directory of that name
# would import as an empty namespace package in its place.
_HERE = Path("gammond") / "engine" / "_ckernel_src"

setup(
    ext_modules=[
        Extension(
            "gammond.engine._ckernel",
            sources=[str(_HERE / name) for name in _SOURCES],
            depends=[str(_HERE / "kernel.h"), str(_HERE / "flow.h")],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
