"""Punctuation the code joins goes through the catalogue (issue 30): a label and its value, the clauses of
an explanation, and the sheet's minus sign. French puts a non-breaking space before ":" and ";", which a
colon written in code could never give it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper import words
from scorekeeper.words import _core

FRENCH = {
    "%(label)s: %(value)s": "%(label)s\xa0: %(value)s",
    "%(before)s; %(after)s": "%(before)s\xa0; %(after)s",
}


@pytest.fixture
def french() -> Iterator[None]:
    """The two patterns as the French catalogue has them; English again afterwards."""
    before = _core._translations[0]
    words.use_translations(lambda message: FRENCH.get(message, message), before[1])
    yield
    _core._translations[0] = before


def test_a_label_and_its_value_in_english() -> None:
    assert words.labelled("Play to", 5) == "Play to: 5"


def test_clauses_in_english() -> None:
    assert words.clauses(["took 8: 8 − 6 = +2", "+2 for the deal"]) == "took 8: 8 − 6 = +2; +2 for the deal"
    assert words.clauses(["alone"]) == "alone" and words.clauses([]) == ""


def test_french_gets_its_non_breaking_spaces(french: None) -> None:
    assert words.labelled("Jouer jusqu'à", 5) == "Jouer jusqu'à\xa0: 5"
    assert words.clauses(["a", "b", "c"]) == "a\xa0; b\xa0; c"


def test_the_sheet_and_the_explanations_share_one_minus_sign() -> None:
    assert [words.signed(n) for n in (8, 0, -2)] == ["+8", "0", "\u22122"]
    assert [words.total(n) for n in (8, 0, -2)] == ["8", "0", "\u22122"]
