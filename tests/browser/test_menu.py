"""One tap to what people look for (issue 27): the menu at the top of every game page holds the score sheet as
a PDF and the languages; a language chosen on a deal screen that swapped in place keeps the deal shown now."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone, check_accessibility
from .test_events_in_place import DEAL_1_BIDS, DEAL_1_TRICKS

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
MENU = "details[data-menu]"


@pytest.mark.browser
def test_the_pdf_and_the_languages_are_one_tap_from_the_top_of_a_deal_screen(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", PLAYERS, first_dealer=0)
    sheet_url = page.url
    phone.open_next_deal(1)
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    expect(page.locator("h1")).to_contain_text("Deal 2")  # swapped in place: the address moved on with it
    loads = phone.loads

    # One tap opens the menu, at the top, with the sheet's PDF and the languages in reach.
    phone.tap(f"{MENU} > summary")
    expect(page.locator(MENU)).to_have_attribute("open", "")
    pdf = page.locator(f"{MENU} a[href$='/sheet.pdf']")
    expect(pdf).to_have_text("Score sheet (PDF)")
    expect(pdf).to_be_in_viewport()
    deutsch = page.locator(f"{MENU} a[lang=de]")
    expect(deutsch).to_be_in_viewport()
    check_accessibility(page, "the menu open on a deal screen")
    phone.shoot_both("menu")
    answer = page.request.get(pdf.get_attribute("href") or "")
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"

    # A tap elsewhere closes it; nothing was loaded.
    page.mouse.click(20, 780)
    expect(page.locator(MENU)).not_to_have_attribute("open", "")
    assert phone.loads == loads

    # German, from the menu: the same deal, the one shown now, in German.
    phone.tap(f"{MENU} > summary")
    phone.tap(deutsch)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(sheet_url.split("/deals/")[0] + "/deals/2")
    expect(page.locator("h1")).to_contain_text("2")
