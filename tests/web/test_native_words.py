"""The card words a native player uses (issue 30), read on the pages in German, Spanish, Romanian and
Italian: the deal screen's facts line and tags, and the Bid Whist screen's calls and tricks. Each
expectation is the committed catalogue's own translation (``Translated.says``) and, beside it, the word
the language's glossary fixes — so a catalogue that drifts back to "Haken", "gancho", "strigare" or a
masculine "per ultimo" fails here as well as in ``tests/words/test_glossary.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from ..catalogue_check import glossary_path
from ..words.test_glossary import fixed_terms
from .conftest import Driver, app_in
from .test_in_languages import Translated, read

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
BID_WHIST_TABLE = {"low_beats_high": True, "bidder_gets_kitty": True}
DEAL_SCREEN_WORDS = {
    "de": ("Aufgehverbot",),
    "es": ("apuesta prohibida",),
    "ro": ("licitație interzisă", "atu: cartea întoarsă"),
    "it": ("vincolo", "chiude le dichiarazioni"),
}
"""What each language's deal screen of an Oh Hell deal with the hook must say, as the glossary fixes it."""
BID_WHIST_WORDS = {
    "de": ("Stiche",),
    "es": ("bazas",),
    "ro": ("levate", "au nevoie"),
    "it": ("prese",),
}
"""What each language's Bid Whist screen must say once the dealer is forced to call (a side takes the
plural: "Ann & Cy au nevoie")."""


@pytest.fixture(params=sorted(DEAL_SCREEN_WORDS))
def translated(request: pytest.FixtureRequest) -> Translated:
    return Translated(request.param)


@pytest.fixture
def app(tmp_path: Path, translated: Translated) -> Iterator[Flask]:
    """The app with the language's committed catalogue compiled, and no other."""
    yield from app_in(
        tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(translated.compile(tmp_path / "translations"))
    )


def ruled_out(code: str) -> list[str]:
    """The words the language's glossary rules out, which no page may show."""
    return [word for row in fixed_terms(glossary_path(code)) for word in row.never]


def filled(template: str) -> re.Pattern[str]:
    """A translated template as a pattern, each placeholder standing for any words."""
    parts = re.split(r"%\([a-z_]+\)s", template)
    return re.compile(".+?".join(re.escape(part) for part in parts))


def assert_none_ruled_out(text: str, code: str) -> None:
    for word in ruled_out(code):
        assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE), (code, word)


def test_the_deal_screen_names_the_hook_and_the_turned_trump_as_players_do(
    driver: Driver, translated: Translated
) -> None:
    code = translated.code
    driver.client.set_cookie("language", code)
    game = driver.start("oh-hell", PLAYERS[:3], first_dealer=0)
    text = read(driver.client, f"/games/{game}/deals/1", code)

    facts = " · ".join(
        (
            translated.says("%(dealer)s deals %(cards)s", dealer="Ann", cards=10),
            translated.says("turn for trump"),
            translated.says("hook"),
        )
    )
    assert facts in text
    hook = translated.says(
        "%(player)s deals and bids last: the bids may not add up to %(cards)s", player="Ann", cards=10
    )
    assert hook in text
    for word in DEAL_SCREEN_WORDS[code]:
        assert word.casefold() in text.casefold(), (code, word)
    assert_none_ruled_out(text, code)


def test_the_deal_screen_speaks_of_the_last_bidder_without_a_gender(
    driver: Driver, translated: Translated
) -> None:
    code = translated.code
    driver.client.set_cookie("language", code)
    game = driver.start("oh-hell", PLAYERS[:3], first_dealer=0)
    text = read(driver.client, f"/games/{game}/deals/1", code)
    assert translated.says("last") in text
    if code == "it":
        assert "per ultimo" not in text and "ultimo" not in translated.says("last")


def test_the_bid_whist_screen_calls_and_counts_tricks_as_players_do(
    driver: Driver, translated: Translated
) -> None:
    code = translated.code
    driver.client.set_cookie("language", code)
    game = driver.start("bid-whist", PLAYERS, options=BID_WHIST_TABLE)
    text = read(driver.client, f"/games/{game}/deals/1", code)
    assert translated.says("Save %(name)s's call", name="Bob") in text
    assert translated.says("to call") in text
    if code == "ro":
        assert "de licitat" in text and "Salvează ce a licitat Bob" in text
    assert (
        translated.says_n(
            "The kitty has %(cards)s card and counts as the bidders' first book",
            "The kitty has %(cards)s cards and counts as the bidders' first book",
            6,
            cards=6,
        )
        in text
    )
    assert_none_ruled_out(text, code)

    for made in range(1, 4):
        assert driver.post_deal(game, 1, {f"call-{n}": "pass" for n in range(made)}).status_code == 302
    calls = {"call-0": "pass", "call-1": "pass", "call-2": "pass", "call-3": "3 uptown"}
    assert driver.post_deal(game, 1, calls).status_code == 302
    text = read(driver.client, f"/games/{game}/deals/1", code)
    forced = translated.says_n(
        "%(name)s bid %(bid)s (forced): %(side)s need %(books)s book (in play: %(tricks)s)",
        "%(name)s bid %(bid)s (forced): %(side)s need %(books)s books (in play: %(tricks)s)",
        9,
    )
    assert filled(forced).search(text), (code, forced)
    assert translated.says("The high bidder") in text
    for word in BID_WHIST_WORDS[code]:
        assert word in text, (code, word)
    assert_none_ruled_out(text, code)


@pytest.fixture
def french() -> Translated:
    return Translated("fr")


def test_french_sets_a_non_breaking_space_before_the_colons_the_code_joins(
    tmp_path: Path, french: Translated
) -> None:
    """ "Jouer jusqu'à : 5", not "…: 5": a label and its value are joined by the catalogue's pattern."""
    pattern = french.says("%(label)s: %(value)s")
    assert pattern == "%(label)s\xa0: %(value)s"
    assert french.says("%(before)s; %(after)s") == "%(before)s\xa0; %(after)s"
    for app in app_in(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(french.compile(tmp_path / "translations"))):
        client = app.test_client()
        client.set_cookie("language", "fr")
        page = client.get("/rules/oh-hell").get_data(as_text=True)
        assert "\xa0: <strong>" in page and "</dt>" in page
        assert not re.search(r"\w: <strong>", page)
