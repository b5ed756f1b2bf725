"""The packages depend one way, as docs/architecture.md draws them.

engine <- server, load <- deploy, bench, tests, training: nothing imports
upwards.  The engine knows no gRPC and no wire types; the server reaches the
engine only through its two public faces, ``gammond.engine`` and
``gammond.engine.bot``.  Read from the source with ``ast``, so an import
inside a function counts too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV_ONLY = ("deploy", "bench", "tests", "training")
PEERS = ("gnubg", "gnubg_nn", "pyspiel", "open_spiel", "bgsage")


def imports_of(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports, with its line; relative imports resolved."""
    tree = ast.parse(path.read_text(), filename=str(path))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else Path(path.name)
    package = ".".join(where.with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield node.lineno, module
            # `from gammond.engine import bot` names a submodule as much as `import gammond.engine.bot`.
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def violations(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    """``path:line imports module`` for each import under ``folder`` of a forbidden package."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for line, module in imports_of(path):
            if any(module == f or module.startswith(f + ".") for f in forbidden):
                shown = path.relative_to(ROOT if path.is_relative_to(ROOT) else folder.parent)
                found.append(f"{shown}:{line} imports {module}")
    return found


def public_names(package: str) -> set[str]:
    """The names in ``package``'s ``__all__``."""
    tree = ast.parse((ROOT / Path(*package.split(".")) / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            assert isinstance(node.value, ast.List)
            return {ast.literal_eval(element) for element in node.value.elts}
    return set()


def test_the_engine_imports_no_server_wire_grpc_or_development_code() -> None:
    forbidden = ("gammond.server", "gammond.load", "backgammon", "grpc", "google", *DEV_ONLY, *PEERS)
    assert violations(ROOT / "gammond" / "engine", forbidden) == []


def test_the_server_imports_no_load_tool_deploy_benchmark_test_or_training_code() -> None:
    assert violations(ROOT / "gammond" / "server", ("gammond.load", *DEV_ONLY, *PEERS)) == []


def test_the_server_reaches_the_engine_only_through_its_two_public_faces() -> None:
    faces = {face: public_names(face) for face in ("gammond.engine", "gammond.engine.bot")}
    found = []
    for violation in violations(ROOT / "gammond" / "server", ("gammond.engine",)):
        module = violation.rsplit(" imports ", 1)[1]
        parent, _, name = module.rpartition(".")
        if module not in faces and name not in faces.get(parent, set()):
            found.append(violation)
    assert found == []


def test_the_load_tool_imports_no_server_or_development_code() -> None:
    assert violations(ROOT / "gammond" / "load", ("gammond.server", *DEV_ONLY, *PEERS)) == []


def test_the_python_client_needs_only_the_wire_types() -> None:
    client = ROOT / "clients" / "python" / "gammond_client"
    assert violations(client, ("gammond.", "gammond", *DEV_ONLY, *PEERS)) == []


def test_a_forbidden_import_inside_a_function_is_found(tmp_path: Path) -> None:
    # The checks above must be able to fail: plant an import where one would look.
    planted = tmp_path / "engine"
    planted.mkdir()
    (planted / "module.py").write_text("def f() -> None:\n    from gammond.server import app\n")
    assert violations(planted, ("gammond.server",)) == [
        "engine/module.py:2 imports gammond.server",
        "engine/module.py:2 imports gammond.server.app",
    ]
