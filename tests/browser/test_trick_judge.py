"""The trick judge on a phone: tap the cards in the order played, read who won and why."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone

SMALL_PHONE = {"width": 360, "height": 780}


def tap_cards(phone: Phone, codes: list[str]) -> None:
    for code in codes:
        phone.page.click(f"#card-grid button.card[data-code='{code}']")


@pytest.mark.browser
def test_a_downtown_trick_with_a_joker_is_judged_on_a_phone(phone: Phone) -> None:
    page = phone.page
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/")
    page.click("a[href='/referee']")
    page.click("a[href='/referee?variant=bid-whist']")
    expect(page.locator("h1")).to_have_text("Trick judge")
    grid = page.locator("#card-grid")
    expect(grid).to_be_visible()
    expect(grid.locator("button.card")).to_have_count(54)
    for box in [button.bounding_box() for button in grid.locator("button.card").all()]:
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]

    page.click("label.chip:has(input[name=trump][value='H'])")
    page.click("label.chip:has(input[name=order][value='downtown'])")
    tap_cards(phone, ["KH", "2H", "JK2", "AH"])
    expect(page.locator("#card-1")).to_have_value("KH")
    expect(page.locator("#card-3")).to_have_value("JK2")
    expect(grid.locator("button[data-code='JK2']")).to_have_attribute("data-place", "3")
    tap_cards(phone, ["2H"])  # a second tap takes the card back out; the later ones move up
    expect(page.locator("#card-2")).to_have_value("JK2")
    expect(page.locator("#card-4")).to_have_value("")
    tap_cards(phone, ["3H"])
    phone.shoot("tapped")
    page.click("button.primary")
    expect(page.locator(".verdict .winner")).to_have_text("Black Joker wins")
    expect(page.locator(".verdict .why")).to_contain_text("second only to the Red Joker")
    phone.shoot("judged")

    page.click("#clear-trick")
    tap_cards(phone, ["AS", "KS"])
    page.click("button.primary")
    refusal = "A trick has 4 cards, one from each player: 2 were chosen"
    expect(page.locator("#judge-error")).to_have_text(refusal)


@pytest.mark.browser
def test_a_trick_from_a_deal_names_the_player_who_takes_it(phone: Phone) -> None:
    page = phone.page
    phone.start_game("german-whist", ["Ann", "Bob"], first_dealer=0)
    page.click("section.current a.button.primary")
    page.click(".facts-line summary")  # the deal's line opens into its card, with the trick judge
    page.click("a:has-text('Trick judge')")
    expect(page.locator("h1")).to_have_text("Trick judge: hand 1")
    page.click("label.chip:has(input[name=trump][value='S'])")
    page.select_option("#leader", label="Bob")
    tap_cards(phone, ["AH", "2S"])
    page.click("button.primary")
    expect(page.locator(".verdict .winner")).to_have_text("2♠ wins: Ann takes the trick")
    expect(page.locator(".verdict .why")).to_contain_text("it is the only trump played")
