"""The packages depend one way, as docs/architecture.md draws them.

engine <- server, load <- deploy, bench, tests, training: nothing imports
upwards.  The engine knows no gRPC and no wire types; the server reaches the
engine only through its two public faces, ``gammond.engine`` and
``gammond.engine.bot``.  Inside the engine the modules form layers: no
import circle runs through them.  Read from the source with ``ast``, so an
import inside a function counts too.
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


def module_name(path: Path, base: Path) -> str:
    """The dotted name of the module in ``path`` (``__init__.py`` names its package), from ``base``."""
    parts = path.relative_to(base).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(folder: Path, base: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package ``folder`` (named from ``base``) and the modules of that package it imports.

    ``from a import b`` imports the module ``a.b`` when there is one (a ``.py``
    file, or the ``.pyi`` stub of a compiled module), else ``a`` itself, so
    a package's ``__init__`` is a module like the others.
    """
    paths = sorted(folder.rglob("*.py"))
    modules = {module_name(path, base) for path in [*paths, *folder.rglob("*.pyi")]}
    graph: dict[str, set[str]] = {module: set() for module in modules}  # a compiled module imports none
    for path in paths:
        name = module_name(path, base)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    above = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    module = f"{above}.{module}" if module else above
                for alias in node.names:
                    submodule = f"{module}.{alias.name}"
                    imported.add(submodule if submodule in modules else module)
        graph[name] = {module for module in imported if module in modules and module != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules of each import circle in ``graph`` (its strongly connected components), sorted."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(graph.get(module, ()))
        reach[start] = seen
    circles: list[list[str]] = []
    for module in sorted(graph):
        if module in reach[module] and not any(module in circle for circle in circles):
            circles.append(sorted(other for other in reach[module] if module in reach[other]))
    return circles


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


def test_the_engine_s_modules_form_layers_with_no_import_circle() -> None:
    engine = import_graph(ROOT / "gammond" / "engine")
    assert "gammond.engine.position" in engine["gammond.engine.play"]  # the graph is read
    assert import_circles(engine) == []


def test_an_import_circle_through_a_function_or_a_package_is_found(tmp_path: Path) -> None:
    # The check above must be able to fail: plant circles where one would look.
    planted = tmp_path / "pkg"
    (planted / "sub").mkdir(parents=True)
    modules = {
        "__init__.py": "from pkg.sub import helper\n",
        "low.py": "import os\n",
        "a.py": "from pkg import low\nfrom pkg.b import thing\n",
        "b.py": "def f() -> None:\n    from pkg import a\n",
        "sub/__init__.py": "from pkg.sub.helper import name\n",
        "sub/helper.py": "def g() -> None:\n    from . import name\n",
        "top.py": "import pkg.a\nfrom pkg import sub\n",
    }
    for path, text in modules.items():
        (planted / path).write_text(text)
    assert import_circles(import_graph(planted, tmp_path)) == [
        ["pkg.a", "pkg.b"],
        ["pkg.sub", "pkg.sub.helper"],
    ]
