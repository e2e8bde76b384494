"""A label opened with a capital, its other letters as written (issue 27): Python's ``str.capitalize`` and
Jinja's ``capitalize`` lower-case the rest ("Die niedrigste summe"), so neither is used on words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.words import capitalised

ROOT = Path(__file__).resolve().parents[2]
LOWERING = re.compile(r"\.capitalize\(\)|\|\s*capitalize\b")


@pytest.mark.parametrize(
    ("label", "opened"),
    [
        ("die niedrigste Summe", "Die niedrigste Summe"),
        ("der Durchschnitt, abgerundet", "Der Durchschnitt, abgerundet"),
        ("the lowest total", "The lowest total"),
        ("¡la media!", "¡La media!"),
        ("[ťĥé ľöŵéšţ ţöţáľ ~~]", "[Ťĥé ľöŵéšţ ţöţáľ ~~]"),
        ("Runde 12 von 25", "Runde 12 von 25"),
        ("3 Karten an Bogdan", "3 Karten an Bogdan"),
        ("", ""),
    ],
)
def test_only_the_first_letter_becomes_a_capital(label: str, opened: str) -> None:
    assert capitalised(label) == opened


def test_nothing_capitalises_words_by_lower_casing_the_rest() -> None:
    sources = [*ROOT.joinpath("scorekeeper").rglob("*.py"), *ROOT.joinpath("templates").rglob("*.html")]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if LOWERING.search(line)
    ]
    assert found == []
