"""The club's time-zone list as a German and a Portuguese reader see it: filed in their language's
order ("Ägypten" beside "Algerien", never after "Zypern"), each label once, and Portuguese in
Portugal's words ("Hora de Arménia", not Brazil's "Horário Armênia")."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import words
from scorekeeper.web.language import current_language
from scorekeeper.web.wording import day
from scorekeeper.words import collation_key

from .conftest import Driver, app_in
from .test_clubs import ClubPhone
from .test_in_languages import Translated

OPTION = re.compile(r'<option value="([^"]+)"[^>]*>([^<]*)</option>')


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    folder = tmp_path / "translations"
    for code in ("de", "pt"):
        Translated(code).compile(folder)
    yield from app_in(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(folder))


def zones(phone: ClubPhone, club_id: str) -> list[tuple[str, str]]:
    page = phone.client.get(f"/clubs/{club_id}").get_data(as_text=True)
    select = page[page.index('name="time_zone"') :]
    select = select[: select.index("</select>")]
    return [(name, html.unescape(label)) for name, label in OPTION.findall(select)]


@pytest.mark.parametrize(
    ("language", "first", "then", "locale", "word"),
    [
        ("de", "Ägypten", "Zypern", "de", "Deutschland"),
        ("pt", "Arménia", "Zâmbia", "pt_PT", "Hora de Arménia"),
    ],
)
def test_the_time_zones_read_in_the_readers_order_each_once(
    driver: Driver, language: str, first: str, then: str, locale: str, word: str
) -> None:
    phone = ClubPhone(driver)
    phone.client.set_cookie("tz", "US/Eastern")  # an old link's name, as a phone may still give it
    phone.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    club_id = phone.create("Donnerstagsrunde")
    listed = zones(phone, club_id)
    assert listed[0] == ("UTC", "UTC")
    labels = [label for _, label in listed[1:]]
    kept = labels.pop()  # the club's own old name, listed last so that it stays chosen
    assert "US/Eastern" in kept
    assert labels == sorted(labels, key=lambda label: collation_key(label, locale))
    assert len(set(labels)) == len(labels), "a label is listed twice"
    assert any(word in label for label in labels)
    firsts = [label for label in labels if first in label]
    thens = [label for label in labels if then in label]
    assert firsts and thens and labels.index(firsts[0]) < labels.index(thens[0])
    names = [name for name, _ in listed]
    assert "America/New_York" in names and names.count("US/Eastern") == 1
    page = phone.client.get(f"/clubs/{club_id}").get_data(as_text=True)
    assert f'<html lang="{language}"' in page
    assert 'value="US/Eastern" selected' in page


def test_portuguese_dates_and_numbers_are_portugals(app: Flask) -> None:
    """The reader's Portuguese is Portugal's: dates and numbers in Babel's pt_PT, not pt (Brazil's
    "7 de dez. de 2026", "12.500"), while the page still says it is in "pt"."""
    with app.test_request_context("/", headers={"Accept-Language": "pt-PT,pt;q=0.9"}):
        assert current_language() == "pt"
        assert day(date(2026, 12, 7)) == "07/12/2026"
        assert words.whole(12500) == "12\xa0500"
        assert words.gettext("Your games") == Translated("pt").says("Your games")
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert current_language() == "de" and day(date(2026, 12, 7)) == "07.12.2026"
