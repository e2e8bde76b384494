"""Every module of the app stays under 500 lines: past that, a module holds more than one thing and
is split by what it holds (DESIGN.md)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MOST_LINES = 500


def test_no_module_is_over_500_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE.parent)): len(path.read_text().splitlines())
        for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.parts
    }
    assert len(sizes) > 100
    assert {path: size for path, size in sizes.items() if size > MOST_LINES} == {}
