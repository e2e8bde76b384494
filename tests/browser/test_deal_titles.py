"""A deal's title stays on one line on a phone (issue 27): "Runde 12 von 24", "Smazzata 12 di 24" and the
pseudo-locale's "[[Ďéáľ ~~] 12 öƒ 24 ~~~~]" at 390 px, on the deal's screen beside the way back and undo
and redo, and at the top of the sheet — read in every language's committed catalogue, and in the
pseudo-locale (about 40 % longer than English)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, Playwright

from ..catalogue_check import TRANSLATED_LANGUAGES, catalogue_path
from .conftest import PHONE_MODEL, TIMEOUT_MS, VIEWPORT, serve_app
from .test_longer_words import new_game, play

NUMBER = 12
"""The deal whose title is read: two digits of two (Romanian Whist for four has 24 deals)."""

# The title's text on one line, whole (not cut, not spilling), on the screen, in reach of nothing on top.
ONE_LINE = """(node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0)
    .map((box) => Math.round(box.bottom)));
  const box = node.getBoundingClientRect();
  const problems = [];
  if (lines.size !== 1) problems.push(`${lines.size} lines`);
  if (node.scrollWidth > node.clientWidth + 1) {
    problems.push(`cut: ${node.scrollWidth} in ${node.clientWidth}`);
  }
  if (box.left < 0 || box.right > innerWidth) problems.push(`off the screen: ${box.left}–${box.right}`);
  if (parseFloat(getComputedStyle(node).fontSize) < 11) problems.push("too small to read");
  return problems.join(", ");
}"""


@pytest.fixture(scope="module")
def translated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with every committed catalogue compiled, on a free port."""
    folder = tmp_path_factory.mktemp("titles_server")
    for code in TRANSLATED_LANGUAGES:
        target = folder / "translations" / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        with catalogue_path(code).open("rb") as po, (target / "messages.mo").open("wb") as mo:
            write_mo(mo, read_po(po, locale=code))
    yield from serve_app(folder, folder / "translations", "titles")


def game_at_the_deal(page: Page) -> str:
    """A Romanian Whist game for four at deal ``NUMBER``: its id."""
    game = new_game(page.context.request, "romanian-whist", ["Ann", "Bogdan", "Cristina", "Dee"])
    play(page.context.request, game, NUMBER - 1)
    return game


def titles_read(page: Page, game: str, language: str, server: str) -> dict[str, str]:
    """``game`` at its deal read in ``language``: each title's problems, by where it is."""
    page.context.add_cookies([{"name": "language", "value": language, "url": server}])
    found = {}
    page.goto(f"/games/{game}/deals/{NUMBER}")
    assert page.locator("html").get_attribute("lang") == language
    page.screenshot(path=Path("/tmp/longer-words") / f"title-{language}.png")
    found[f"{language} deal screen"] = page.locator(".screen-top h1").evaluate(ONE_LINE)
    page.goto(f"/games/{game}")
    found[f"{language} sheet"] = page.locator("section.current h2").evaluate(ONE_LINE)
    return {where: problem for where, problem in found.items() if problem}


def phone_at(browser: Browser, playwright: Playwright, server: str) -> Page:
    profile = dict(playwright.devices[PHONE_MODEL])
    profile.pop("default_browser_type", None)
    profile.update(viewport=VIEWPORT, screen=VIEWPORT)
    context = browser.new_context(**profile, base_url=server)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.browser
def test_deal_titles_stay_on_one_line_in_every_language(
    browser: Browser, playwright: Playwright, translated_server: str
) -> None:
    Path("/tmp/longer-words").mkdir(exist_ok=True)
    page = phone_at(browser, playwright, translated_server)
    try:
        game = game_at_the_deal(page)  # one game, read in each language (the reader's cookie)
        problems: dict[str, str] = {}
        for language in ("en", *TRANSLATED_LANGUAGES):
            problems |= titles_read(page, game, language, translated_server)
    finally:
        page.context.close()
    assert problems == {}


@pytest.mark.browser
def test_deal_titles_stay_on_one_line_in_the_pseudo_locale(
    browser: Browser, playwright: Playwright, live_server: str
) -> None:
    Path("/tmp/longer-words").mkdir(exist_ok=True)
    page = phone_at(browser, playwright, live_server)
    try:
        # The live server files the pseudo-locale's catalogue under German's code.
        problems = titles_read(page, game_at_the_deal(page), "de", live_server)
    finally:
        page.context.close()
    assert problems == {}
