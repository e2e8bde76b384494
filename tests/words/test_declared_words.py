"""What the variants declare in English is in the catalogue, and is worded in the reader's language:
names, summaries, families, options, choices, and the word for a deal with its plural forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules.variant import HAND
from scorekeeper.rules.variants import VARIANTS
from scorekeeper.words import _core, deal_words, declared

POT = Path(__file__).resolve().parent.parent.parent / "scorekeeper" / "translations" / "messages.pot"


def catalogue() -> set[str]:
    with POT.open("rb") as source:
        return {message.id for message in read_po(source) if isinstance(message.id, str) and message.id}


def declarations() -> set[str]:
    found = set()
    for variant in VARIANTS:
        found.update((variant.name, variant.summary, variant.family))
        found.update((variant.deal_word.singular, variant.deal_word.plural))
        for spec in variant.options:
            found.update((spec.label, spec.help, *spec.choice_labels.values()))
    return {text for text in found if any(char.isalpha() for char in text)}  # "♥ ♣ ♦ ♠" has no words


def test_every_word_a_variant_declares_is_in_the_catalogue() -> None:
    """A declaration written without its N_ marker would reach the pages in English."""
    assert declarations() - catalogue() == set()


def speak(monkeypatch: pytest.MonkeyPatch, words: dict[str, str], plurals: dict[str, list[str]]) -> None:
    """Word through a small catalogue: ``plurals`` gives the forms of a plural message, chosen as
    Romanian chooses them (one; a few; twenty and more)."""

    def plural(singular: str, many: str, number: int) -> str:
        forms = plurals.get(singular)
        if forms is None:
            return singular if number == 1 else many
        return forms[0 if number == 1 else 1 if number < 20 else 2]

    monkeypatch.setattr(_core, "_translations", [(lambda message: words.get(message, message), plural)])


def test_the_word_for_a_deal_takes_the_readers_language_and_its_plural_forms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    speak(
        monkeypatch,
        {"hand": "mână", "hands": "mâini", "Bid Whist": "Whist cu licitație"},
        {"%(number)s hand": ["%(number)s mână", "%(number)s mâini", "%(number)s de mâini"]},
    )
    said = deal_words(HAND)
    assert (said.singular, said.plural, said.title, said.titles) == ("mână", "mâini", "Mână", "Mâini")
    assert [said.count(number) for number in (1, 3, 20)] == ["1 mână", "3 mâini", "20 de mâini"]
    assert declared("Bid Whist") == "Whist cu licitație" and declared("") == ""
    assert HAND.singular == "hand"  # the engine keeps its English
