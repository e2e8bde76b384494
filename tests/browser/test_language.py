"""The language picker at the foot of a page, on a phone: one tap, the same page, in that language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone


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
