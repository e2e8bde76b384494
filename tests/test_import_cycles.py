"""No import cycle in ``scorekeeper/`` at run time.

A cycle among the imports a module makes when it is loaded (at its top level,
not inside a function, not under ``TYPE_CHECKING``) works or fails by the order
modules happen to be imported in: the second module of the cycle finds the
first half-built. This reads every module's top-level imports from its source,
as Python runs them, and fails on any cycle (import-linter's ``acyclic_siblings``
contract, run by ``bin/test``, holds the rooms of each package too, counting
every import).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


def module_files(package: Path) -> dict[str, Path]:
    """Every module of ``package`` by its dotted name (a package by its ``__init__.py``)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if "migrations" in parts:
            continue  # Alembic's scripts are run by Alembic, not imported by the app
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _top_level_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements Python runs when the module is loaded: at its top level, and inside
    top-level ``if``/``try``/``with`` blocks, but not under ``if TYPE_CHECKING:``."""
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        statement = pending.pop(0)
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement
        elif isinstance(statement, ast.If):
            test = statement.test
            if isinstance(test, ast.Name | ast.Attribute) and ast.unparse(test).endswith("TYPE_CHECKING"):
                pending.extend(statement.orelse)
            else:
                pending.extend([*statement.body, *statement.orelse])
        elif isinstance(statement, ast.Try):
            pending.extend([*statement.body, *statement.orelse, *statement.finalbody])
            for handler in statement.handlers:
                pending.extend(handler.body)
        elif isinstance(statement, ast.With):
            pending.extend(statement.body)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules makes Python load at import time.

    Loading ``a.b.c`` first runs the packages ``a`` and ``a.b``: those that are
    not already the importer's own packages (being initialised, so in
    ``sys.modules``) count as imported too.
    """
    modules = module_files(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        own_package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        ancestors = {".".join(name.split(".")[:size]) for size in range(1, name.count(".") + 1)}
        ancestors.add(name)
        targets: set[str] = set()
        for statement in _top_level_imports(ast.parse(path.read_text(), str(path))):
            if isinstance(statement, ast.Import):
                targets.update(alias.name for alias in statement.names)
                continue
            if statement.level:
                base = own_package.split(".")
                base = base[: len(base) - (statement.level - 1)]
                source = ".".join([*base, statement.module] if statement.module else base)
            else:
                source = statement.module or ""
            targets.add(source)
            targets.update(f"{source}.{alias.name}" for alias in statement.names)
        for target in targets:
            parts = target.split(".")
            for size in range(1, len(parts) + 1):
                loaded = ".".join(parts[:size])
                if loaded in modules and loaded not in ancestors:
                    graph[name].add(loaded)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module, or of a module importing itself
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = lowest[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = lowest[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    lowest[node] = min(lowest[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowest[parent] = min(lowest[parent], lowest[node])
            if lowest[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph[node]:
                    found.append(sorted(group))
    return found


def test_no_module_of_the_app_imports_itself_back_at_run_time() -> None:
    graph = import_graph(PACKAGE)
    assert len(graph) > 100, "the app's modules were not found"
    assert "scorekeeper.web.games.view" in graph["scorekeeper.web.games"]  # the package's exports
    assert "scorekeeper.web.games.pages" not in graph["scorekeeper.web.games"]  # registered when called
    assert cycles(graph) == []


def test_the_check_finds_a_cycle_through_a_package_but_not_under_type_checking(tmp_path: Path) -> None:
    app = tmp_path / "app"
    (app / "inner").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "inner" / "__init__.py").write_text("from . import low\n")
    (app / "inner" / "low.py").write_text("import os\n")
    (app / "high.py").write_text("from .inner.low import something\n")
    (app / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .high import x\n"
        "def later():\n    from .high import y\n"
    )
    assert cycles(import_graph(app)) == []
    # low -> high -> inner (the package, loaded first) -> low: a cycle by way of a package's __init__.
    (app / "inner" / "low.py").write_text(
        "try:\n    from ..high import thing\nexcept ImportError:\n    pass\n"
    )
    assert cycles(import_graph(app)) == [["app.high", "app.inner", "app.inner.low"]]
