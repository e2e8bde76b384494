"""The engine stays pure: no web framework, database or form library under scorekeeper/rules."""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper.rules

FORBIDDEN = {"flask", "flask_sqlalchemy", "flask_wtf", "flask_migrate", "sqlalchemy", "wtforms", "weasyprint"}
ENGINE = Path(scorekeeper.rules.__file__).parent


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_engine_module_imports_web_or_database_libraries() -> None:
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) > 10
    offenders = {str(p.relative_to(ENGINE)): _imported_roots(p) & FORBIDDEN for p in modules}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_purity_check_itself_catches_an_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from flask import current_app\nimport sqlalchemy.orm\n")
    assert _imported_roots(sneaky) & FORBIDDEN == {"flask", "sqlalchemy"}
