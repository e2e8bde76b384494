"""The reader's language: from Accept-Language, changed with the picker on every page, kept in a
cookie; ``<html lang>`` says which; the words go through Flask-Babel's gettext for that language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.web import language

from .. import pseudo_locale
from .conftest import Driver, app_in, error_text
from .databases import database_config
from .test_games_exact import bids, romanian

HTML_LANG = re.compile(r'<html lang="([a-z]+)">')


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app with a catalogue for each of its languages (the pseudo-locale's messages, filed
    under each code): every language is offered."""
    translations = tmp_path / "translations"
    for code in language.LANGUAGES:
        if code != language.DEFAULT_LANGUAGE:
            pseudo_locale.build(translations, code)
    yield from app_in(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(translations))


def test_a_language_without_its_catalogue_is_not_offered(tmp_path: Path) -> None:
    """Until a language's catalogue is compiled its readers get English, and the page says so."""
    config, drop = database_config(tmp_path)
    translations = pseudo_locale.build(tmp_path / "translations", "de")
    app = create_app(
        {"TESTING": True, "BABEL_TRANSLATION_DIRECTORIES": str(translations), **config},
        instance_path=str(tmp_path / "instance"),
    )
    client = app.test_client()
    assert lang_of(client, **{"Accept-Language": "ro-RO,ro;q=0.9"}) == "en"
    assert lang_of(client, **{"Accept-Language": "ro,de;q=0.5"}) == "de"
    links = re.findall(r'<a href="/language/([a-z]+)\?', client.get("/").get_data(as_text=True))
    assert links == ["en", "de"] * 2  # in the menu at the top, and at the foot
    assert client.get("/language/ro?next=/").status_code == 404
    client.set_cookie("language", "ro")
    assert lang_of(client) == "en"
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    drop()


def lang_of(client: FlaskClient, path: str = "/", **headers: str) -> str:
    page = client.get(path, headers=headers)
    assert page.status_code == 200
    found = HTML_LANG.search(page.get_data(as_text=True))
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    ("accept", "chosen"),
    [
        ("ro-RO,ro;q=0.9,en;q=0.5", "ro"),
        ("de-DE", "de"),
        ("fr-CA,fr;q=0.8", "fr"),
        ("ja,es;q=0.7", "es"),
        ("pt-BR", "pt"),
        ("it", "it"),
        ("ja", "en"),
        ("", "en"),
    ],
)
def test_the_browser_language_is_chosen_when_it_is_one_of_ours(
    client: FlaskClient, accept: str, chosen: str
) -> None:
    assert lang_of(client, **({"Accept-Language": accept} if accept else {})) == chosen


def test_the_picker_is_on_every_page_and_keeps_the_choice_in_a_cookie(driver: Driver) -> None:
    game_id = romanian(driver)
    client = driver.client
    for path in ("/", "/games/new", f"/games/{game_id}", f"/games/{game_id}/live", "/rules/oh-hell"):
        page = client.get(path).get_data(as_text=True)
        links = re.findall(r'<a href="/language/([a-z]+)\?next=([^"]*)" lang="\1"', page)
        assert [code for code, _ in links] == list(language.LANGUAGES) * 2, path  # the menu, and the foot
        assert all(back.startswith("/") for _, back in links)
    picked = client.get(f"/language/de?next=/games/{game_id}")
    assert picked.status_code == 303 and picked.headers["Location"] == f"/games/{game_id}"
    cookie = picked.headers["Set-Cookie"]
    assert cookie.startswith("language=de;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    # The cookie wins over the browser's language, on every page.
    assert lang_of(client, f"/games/{game_id}", **{"Accept-Language": "ro"}) == "de"
    page = client.get("/").get_data(as_text=True)
    chosen = (
        '<a href="/language/de?next=/" lang="de" hreflang="de" data-language aria-current="true">Deutsch</a>'
    )
    assert chosen in page


def test_an_unknown_language_or_a_foreign_return_address_goes_nowhere_else(client: FlaskClient) -> None:
    assert client.get("/language/xx?next=/").status_code == 404
    for target in ("//evil.example/", "https://evil.example/", "evil", ""):
        answer = client.get("/language/fr", query_string={"next": target})
        assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_pages_say_they_vary_by_language(client: FlaskClient) -> None:
    vary = client.get("/").headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_the_api_answers_in_english_as_before_and_in_the_language_asked_for(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"variant": "oh-hell", "players": ["A", "B"]})
    assert created.get_json()["error"] == "Oh Hell is played by 3 to 7 players, not 2"
    asked_in_romanian = client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["A", "B"]}, headers={"Accept-Language": "ro"}
    ).get_json()
    # This app's "ro" catalogue is the pseudo-locale's: the same sentence, accented and bracketed, and
    # the game called by its name in that language (the API's own fields keep the declared English).
    worded = asked_in_romanian["error"]
    assert worded.startswith("[" + pseudo_locale.pseudo("Oh Hell") + " ") and worded.endswith("~]")
    assert "7" in worded and "2" in worded
    assert {key: value for key, value in asked_in_romanian.items() if key != "error"} == {
        key: value for key, value in created.get_json().items() if key != "error"
    }


class Bracketed:
    """A stand-in catalogue that marks every message it translates, to see which words go through it."""

    def gettext(self, message: str) -> str:
        return f"[{message}]"

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return f"[{singular if number == 1 else plural}]"


def test_refusals_are_worded_through_the_catalogue_of_the_language(
    app: Flask, driver: Driver, monkeypatch: Any
) -> None:
    game_id = romanian(driver)
    monkeypatch.setattr(language, "get_translations", Bracketed)
    response = driver.post_deal(game_id, 1, {"phase": "bids", "trump": "S", **bids(1, 0, 0)})
    assert response.status_code == 422
    assert (
        error_text(response)
        == "[Peggy deals and may not bid 0: the bids would add up to 1, the number of cards]"
    )
    assert driver.stored(game_id) == []
