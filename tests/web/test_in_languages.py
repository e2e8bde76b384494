"""A whole game read in Romanian and in German: through the pages (the language chosen by the browser's
Accept-Language or by the picker's cookie), with a hook refusal, the game's PDF, and the API's error.

The expectations come from the committed catalogue itself (``scorekeeper/translations/<code>/…/messages.po``
read with Babel): each sentence is the catalogue's translation filled in with its parameters. So the
tests hold for any complete translation, and fail while a message they read is missing from the
catalogue, untranslated, or shown in English.
"""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from ..catalogue_check import catalogue_path
from .conftest import Driver, app_in, error_text
from .test_api import start
from .test_games_exact import PEGGY_TABLE, bids

HTML_LANG = re.compile(r'<html lang="([a-z]+)"')
TAG = re.compile(r"<[^>]*>")
HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
HOOK = (
    "%(player)s deals and may not bid %(forbidden)s: the bids would add up to %(cards)s, the number of cards"
)
HOOK_PARAMS = {"player": "Peggy", "forbidden": 0, "cards": 1, "dealer": True}
"""Deal 1 of the Romanian game Peggy deals: one card each, and the bids 1, 0, 0 would add up to it."""


class Translated:
    """A language's committed catalogue, read with Babel: what a page must say in that language."""

    def __init__(self, code: str) -> None:
        path = catalogue_path(code)
        if not path.is_file():
            pytest.fail(f"{path} is missing: the {code} catalogue has not been merged yet")
        with path.open("rb") as source:
            self.catalogue: Catalog = read_po(source, locale=code)
        self.code = code

    def says(self, english: str, **params: Any) -> str:
        """The translation of ``english``, filled in with ``params``; fails when it is missing or English."""
        message = self.catalogue.get(english)
        assert message is not None, f"{english!r} is not in the {self.code} catalogue"
        assert not message.fuzzy, f"{english!r} is marked fuzzy in the {self.code} catalogue"
        translated = message.string
        assert isinstance(translated, str), f"{english!r} is a plural message"
        assert translated.strip() and translated != english, f"{english!r} is not translated into {self.code}"
        return translated % params if params else translated

    def says_n(self, singular: str, plural: str, number: int, **params: Any) -> str:
        """The plural form of a count's message the language takes for ``number``, filled with ``params``."""
        message = self.catalogue.get(singular)
        assert message is not None, f"{singular!r} is not in the {self.code} catalogue"
        assert not message.fuzzy and isinstance(message.string, tuple), f"{singular!r} is no plural message"
        compiled = BytesIO()
        write_mo(compiled, self.catalogue)
        compiled.seek(0)
        translated = str(Translations(compiled).ngettext(singular, plural, number))
        return translated % params if params else translated

    def compile(self, folder: Path) -> Path:
        """The catalogue compiled where Flask-Babel reads it, under ``folder``; returns the folder."""
        target = folder / self.code / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        with (target / "messages.mo").open("wb") as compiled:
            write_mo(compiled, self.catalogue)
        return folder


@pytest.fixture(params=["ro", "de"])
def translated(request: pytest.FixtureRequest) -> Translated:
    return Translated(request.param)


@pytest.fixture
def app(tmp_path: Path, translated: Translated) -> Iterator[Flask]:
    """The app with the language's committed catalogue compiled, and no other."""
    translations = translated.compile(tmp_path / "translations")
    yield from app_in(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(translations))


def shown(page: str) -> str:
    """What a reader sees of an HTML page: its text without markup, spaces collapsed."""
    return " ".join(html.unescape(TAG.sub(" ", HIDDEN.sub(" ", page))).split())


def flat(text: str) -> str:
    return " ".join(text.split())


def read(client: FlaskClient, path: str, code: str) -> str:
    """A page, checked to be whole and to say it is in language ``code``; its visible text."""
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    page = answer.get_data(as_text=True)
    found = HTML_LANG.search(page)
    assert found is not None and found.group(1) == code, (path, found and found.group(1))
    return shown(page)


def pdf_text(answer: TestResponse, folder: Path) -> str:
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pdf = folder / "sheet.pdf"
    pdf.write_bytes(answer.get_data())
    run = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True)
    return flat(run.stdout)


def choose(client: FlaskClient, code: str, how: str) -> None:
    """The reader's language, as a phone chooses it: its browser's language, or the picker's link."""
    if how == "accept-language":
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = f"{code}-{code.upper()},{code};q=0.9,en;q=0.5"
    else:
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en-GB,en;q=0.9"
        picked = client.get(f"/language/{code}?next=/")
        assert picked.status_code == 303, f"the picker does not offer {code}"


def play_to_the_end(driver: Driver, game_id: str) -> int:
    """Every deal through the pages, none refused: the first seat bids all the cards and takes them all,
    another bids one (so the bids never add up to the cards); the first seat wins. Returns the deals
    played."""
    number = 1
    while True:
        page = driver.client.get(f"/games/{game_id}/deals/{number}")
        if page.status_code == 409:  # the game is over: there is no next deal
            return number - 1
        assert page.status_code == 200 and number < 60, (number, page.status_code)
        text = page.get_data(as_text=True)
        seats = sorted(set(re.findall(r'name="bid-(\d+)"', text)))
        cards = max(int(value) for value in re.findall(rf'name="bid-{seats[0]}" value="(\d+)"', text))
        bid = {f"bid-{seat}": 0 for seat in seats} | {f"bid-{seats[0]}": cards, f"bid-{seats[1]}": 1}
        took = {f"tricks-{seat}": 0 for seat in seats} | {f"tricks-{seats[0]}": cards}
        assert driver.post_deal(game_id, number, {"phase": "bids", **bid}).status_code == 302
        answer = driver.post_deal(game_id, number, {"phase": "tricks", **bid, **took})
        assert answer.status_code == 302, (number, error_text(answer))
        number += 1


@pytest.mark.parametrize("how", ["accept-language", "picker"])
def test_a_whole_game_reads_in_the_readers_language(
    driver: Driver, translated: Translated, how: str, tmp_path: Path
) -> None:
    code, client = translated.code, driver.client
    choose(client, code, how)
    home = read(client, "/", code)
    assert translated.says("Your games") in home and "Your games" not in home
    read(client, "/games/new/romanian-whist", code)
    game_id = driver.start("romanian-whist", PEGGY_TABLE, first_dealer=1)
    deal = read(client, f"/games/{game_id}/deals/1", code)
    bids_last = "%(player)s deals and bids last: the bids may not add up to %(cards)s"
    assert translated.says(bids_last, player="Peggy", cards=1) in deal
    assert "Peggy deals and bids last" not in deal

    # The hook: refused in the reader's language, the values kept, nothing stored.
    version = driver.version(game_id)
    refused = driver.post_deal(game_id, 1, {"phase": "bids", **bids(1, 0, 0)})
    assert refused.status_code == 422
    assert HTML_LANG.search(refused.get_data(as_text=True)).group(1) == code  # type: ignore[union-attr]
    assert error_text(refused) == translated.says(HOOK, **HOOK_PARAMS)
    assert (HOOK % HOOK_PARAMS) not in shown(refused.get_data(as_text=True))
    assert driver.stored(game_id) == [] and driver.version(game_id) == version

    played = play_to_the_end(driver, game_id)
    assert played == 21  # 1-8-1 for three: 1, 1, 1, 2 … 7, 8, 8, 8, 7 … 2, 1, 1, 1
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["status"] == "finished" and state["winners"] == [0], state
    winner, english_winner = translated.says("%(name)s wins", name="Peter"), "Peter wins"
    for path in (f"/games/{game_id}", f"/games/{game_id}/live"):
        page = read(client, path, code)
        assert winner in page and english_winner not in page, path
    sheet = read(client, f"/games/{game_id}", code)
    assert translated.says("Score sheet") in sheet

    paper = pdf_text(client.get(f"/games/{game_id}/sheet.pdf"), tmp_path)
    for english in ("Final standings", "Running totals", "Score sheet"):
        assert flat(translated.says(english)) in paper and english not in paper, english
    assert flat(winner) in paper and english_winner not in paper


def test_the_api_words_its_error_in_the_language_asked_for_and_in_english_otherwise(
    client: FlaskClient, translated: Translated
) -> None:
    game_id, auth, _ = start(client)  # Romanian Whist, Peggy deals the first deal of one card
    url = f"/api/v1/games/{game_id}/deals/1"
    as_before = client.put(url, json={"bids": [1, 0, 0]}, headers=auth)
    assert as_before.status_code == 422
    english = as_before.get_json()
    assert english == {
        "error": HOOK % HOOK_PARAMS,
        "field": "bids",
        "seat": 1,
        "code": "hook",
        "params": HOOK_PARAMS,
    }
    asked = client.put(url, json={"bids": [1, 0, 0]}, headers={**auth, "Accept-Language": translated.code})
    assert asked.status_code == 422
    body = asked.get_json()
    assert body["error"] == translated.says(HOOK, **HOOK_PARAMS)
    assert {key: value for key, value in body.items() if key != "error"} == {
        key: value for key, value in english.items() if key != "error"
    }
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == 1
