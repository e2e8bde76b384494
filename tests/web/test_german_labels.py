"""German labels keep their nouns' capitals (issue 27): the arrival form's starting totals read "Die
niedrigste Summe", the catalogue's "die niedrigste Summe" opened with a capital, not "Die niedrigste
summe"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from .conftest import Driver, app_in
from .test_in_languages import Translated, read


@pytest.fixture
def german() -> Translated:
    return Translated("de")


@pytest.fixture
def app(tmp_path: Path, german: Translated) -> Iterator[Flask]:
    """The app with the committed German catalogue compiled, and no other."""
    yield from app_in(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(german.compile(tmp_path / "translations")))


def test_the_arrival_forms_starting_totals_keep_the_nouns_capitals(
    driver: Driver, german: Translated
) -> None:
    driver.client.set_cookie("language", "de")
    game = driver.start("oh-hell", ["Ann", "Bob", "Cy"], first_dealer=0)
    text = read(driver.client, f"/games/{game}/events/new/arrival", "de")
    for english in ("the lowest total", "the average, rounded down"):
        label = german.says(english)
        assert label[0].islower() and any(char.isupper() for char in label[1:]), label
        opened = label[0].upper() + label[1:]
        assert opened in text and label.capitalize() not in text


def test_an_empty_wording_is_never_the_catalogues_header(app: Flask) -> None:
    """gettext("") answers a catalogue's header (its Project-Id, its plural rule): a refusal worded as
    nothing must say nothing in German too, not the header."""
    from scorekeeper.rules.text import Text
    from scorekeeper.web.wording import say

    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert say(Text("constraint_broken")) == ""
