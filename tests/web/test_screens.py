"""Every input kind the engine declares has an entry screen, with templates that exist."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from scorekeeper.rules import VARIANTS
from scorekeeper.web.games.entry import SCREENS

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STATIC = Path(__file__).resolve().parents[2] / "static"


def test_every_variant_has_an_entry_screen(app: Flask) -> None:
    kinds = {variant.engine.input_kind for variant in VARIANTS}
    assert kinds <= set(SCREENS), f"no screen for {sorted(kinds - set(SCREENS))}"
    for kind in kinds:
        screen = SCREENS[kind]
        assert (TEMPLATES / screen.form_template).is_file()
        assert (TEMPLATES / screen.sheet_template).is_file()
        assert (STATIC / screen.script).is_file()
        assert screen.stylesheet is None or (STATIC / screen.stylesheet).is_file()
