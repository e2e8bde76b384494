"""Starting at a table on a phone: a new table and its first 4-player game from the home page in at
most 8 taps plus the names; the next game, the same seats, in one tap; seats changed in place on the
form the table opens; each start lands on deal 1's screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import FIRST_DEAL_URL, Phone, check_accessibility
from .test_table import TABLE_URL

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def new_table_and_game(phone: Phone, table: str) -> str:
    """From the home page: a new table, then Oh Hell for the four (Ann deals first); returns the table's
    address. Every tap is counted: at most 8 to deal 1's screen."""
    page = phone.page
    page.goto("/")
    taps = phone.taps
    phone.tap(".tables-home a[href$='/tables/new']")
    phone.tap("#name")
    page.keyboard.type(table)
    phone.tap("button.primary")
    expect(page).to_have_url(TABLE_URL)
    table_url = page.url
    expect(page.locator(".flash")).to_have_text(
        f"{table} is kept on this phone. Start its first game: its players join the table."
    )
    expect(page.locator("#variant")).to_have_value("oh-hell")
    phone.tap("button[name=seats][value=new]")
    expect(page.locator("#table-choice")).to_have_value(table_url.rsplit("/", 1)[1])
    # Enter goes on to the next seat only once the form's script has run; a loaded machine may still
    # be running it when the form is drawn, and an Enter before it would send the form half filled.
    page.wait_for_load_state("load")
    expect(page.locator("form.js-seats")).to_have_count(1)
    phone.tap("#players-0")
    for name in FOUR:
        page.keyboard.type(name)
        page.keyboard.press("Enter")
    assert phone.seat_names(4) == FOUR
    phone.tap("label:has(input[name=first_dealer][value='0'])", in_reach=False)  # below the seats
    phone.tap("button.primary")
    phone.expect_first_deal()
    assert phone.taps - taps <= 8, f"{phone.taps - taps} taps from the home page to deal 1"
    expect(page.locator("main")).to_contain_text("Ann deals")
    return table_url


@pytest.mark.browser
def test_a_new_table_then_the_same_seats_again_in_one_tap(phone: Phone) -> None:
    page = phone.page
    table_url = new_table_and_game(phone, "Friday")

    page.goto(table_url)
    expect(page.locator(".last-seats")).to_contain_text("Last time: Ann, Bob, Cy, Dee")
    expect(page.locator(".last-seats")).to_contain_text("Bob deals first")
    phone.shoot_both("table-start")
    check_accessibility(page, "the table's page, its start")
    taps, loads = phone.taps, phone.loads
    phone.tap("button[name=seats][value=last]")
    phone.expect_first_deal()
    assert phone.taps - taps <= 3 and phone.loads == loads  # shown in place (static/soft.js): no page load
    expect(page.locator(".flash")).to_have_text("A new game: Bob deals first.")
    expect(page.locator("main")).to_contain_text("Bob deals")
    phone.shoot("table-start-deal-1")

    page.goto(table_url)
    expect(page.locator(".game-history li")).to_have_count(2)
    expect(page.locator(".roster li")).to_have_count(4)  # the four joined the table with its first game


@pytest.mark.browser
def test_seats_changed_in_place_on_the_form_the_table_opens(phone: Phone) -> None:
    page = phone.page
    table_url = new_table_and_game(phone, "Saturday")
    page.goto(table_url)
    phone.tap("button[name=seats][value=change]")
    expect(page).to_have_url(re.compile(r"/games/new/oh-hell\?"))
    assert phone.seat_names(4) == FOUR
    phone.choose_first_dealer(1)  # Bob
    loads = phone.loads
    phone.tap("button[aria-label='Swap seat 2']")
    phone.tap("button[aria-label='Swap seat 4']")
    assert phone.seat_names(4) == ["Ann", "Dee", "Cy", "Bob"]
    expect(page.locator("input[name=first_dealer][value='3']")).to_be_checked()  # Bob, now in seat 4
    assert phone.loads == loads
    phone.shoot_both("table-form-swapped")
    check_accessibility(page, "the new-game form at a table")
    phone.tap("button.primary")
    expect(page).to_have_url(FIRST_DEAL_URL)
    phone.expect_first_deal()
    expect(page.locator("main")).to_contain_text("Bob deals")
