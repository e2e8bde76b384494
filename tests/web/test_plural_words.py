"""The tricks a side took, spoken in every language with the right plural form (issue 30): the Classic
Whist deal screen's chips read "1 Stich" / "2 Stiche", "1 presa" / "2 prese" — the catalogue's singular
and plural, chosen by the language's own plural rule — and never the plural after 1."""

from __future__ import annotations

from collections.abc import Iterator
from gettext import c2py
from pathlib import Path

import pytest
from flask import Flask

from ..catalogue_check import TRANSLATED_LANGUAGES
from .conftest import Driver, app_in
from .test_in_languages import Translated

TRICKS = ("%(count)s trick", "%(count)s tricks")


@pytest.fixture(params=TRANSLATED_LANGUAGES)
def translated(request: pytest.FixtureRequest) -> Translated:
    return Translated(request.param)


@pytest.fixture
def app(tmp_path: Path, translated: Translated) -> Iterator[Flask]:
    """The app with the language's committed catalogue compiled, and no other."""
    yield from app_in(
        tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(translated.compile(tmp_path / "translations"))
    )


def form(translated: Translated, count: int) -> str:
    """The catalogue's form of the tricks count for ``count``, by the language's plural rule."""
    message = translated.catalogue.get(TRICKS[0])
    assert message is not None and isinstance(message.string, tuple)
    index = c2py(translated.catalogue.plural_expr)(count)
    return message.string[index] % {"count": count}


def test_one_trick_and_two_tricks_on_the_whist_deal_screen(driver: Driver, translated: Translated) -> None:
    driver.client.set_cookie("language", translated.code)
    game = driver.start("whist", ["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    one, two = form(translated, 1), form(translated, 2)
    assert one != two, "the singular and the plural read the same"
    assert f'aria-label="{one}"' in page and f'aria-label="{two}"' in page
    assert one.split()[-1] != two.split()[-1]
