"""A label set inside a sentence: lower-cased where the language does so, kept where nouns keep capitals."""

from __future__ import annotations

import pytest

from scorekeeper.words import _core, in_sentence


@pytest.mark.parametrize(
    ("language", "label", "inside"),
    [
        ("en", "Revoke", "revoke"),
        ("en", "Deal 3", "deal 3"),
        ("fr", "Renonce", "renonce"),
        ("ro", "Runda 3", "runda 3"),
        ("de", "Trumpf aufdecken", "Trumpf aufdecken"),  # German nouns keep their capitals
        ("de", "Runde 3", "Runde 3"),
    ],
)
def test_a_label_inside_a_sentence(
    monkeypatch: pytest.MonkeyPatch, language: str, label: str, inside: str
) -> None:
    monkeypatch.setattr(_core, "_locale", [lambda: language])
    assert in_sentence(label) == inside
