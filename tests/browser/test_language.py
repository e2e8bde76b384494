"""The language picker at the foot of a page, on a phone: one tap, the same page, in that language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Playwright, expect

from ..catalogue_check import catalogue_path
from .conftest import Phone, phone_context, serve_app


@pytest.mark.browser
def test_a_tap_on_a_language_keeps_the_page_and_the_choice(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("romanian-whist")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    deutsch = page.locator("nav.languages a[lang=de]")
    deutsch.scroll_into_view_if_needed()
    box = deutsch.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb's target
    phone.shoot("picker")
    deutsch.click()
    expect(page).to_have_url(phone.page.url.split("/games/")[0] + "/games/new/romanian-whist")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("nav.languages a[aria-current]")).to_have_text("Deutsch")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("nav.languages").scroll_into_view_if_needed()
    phone.shoot_both("picker-chosen")



@pytest.fixture(scope="module")
def french_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app with the committed French catalogue compiled (and no other), on a free port."""
    folder = tmp_path_factory.mktemp("french_server")
    target = folder / "translations" / "fr" / "LC_MESSAGES"
    target.mkdir(parents=True)
    with catalogue_path("fr").open("rb") as po, (target / "messages.mo").open("wb") as mo:
        write_mo(mo, read_po(po, locale="fr"))
    yield from serve_app(folder, folder / "translations", "french")


@pytest.mark.browser
def test_what_the_scripts_write_as_label_and_value_is_punctuated_as_the_language_does(
    browser: Browser, playwright: Playwright, french_server: str, tmp_path: Path
) -> None:
    """French sets a non-breaking space before a colon: the options' summary that seats.js writes
    as the choices change reads "Séquence\u00a0: …", as the server's own pages write it."""
    context = phone_context(browser, playwright, french_server, locale="fr-FR")
    phone = Phone(context.new_page(), tmp_path)
    page = phone.page
    page.goto("/games/new/romanian-whist")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    sent = page.locator("[data-options-now]").inner_text()  # as the server wrote it
    phone.open_options()
    page.locator("details[data-options] select").first.select_option(index=1)
    expect(page.locator("[data-options-now]")).not_to_have_text(sent)
    written = page.locator("[data-options-now]").inner_text()  # as seats.js wrote it
    assert "\u00a0: " in sent and "\u00a0: " in written, (sent, written)
    assert written.count(":") == written.count("\u00a0:"), written
    context.close()
