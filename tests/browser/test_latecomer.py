"""A latecomer at a table, on a phone: the arrival's form offers the table's players as name chips,
a tap fills the name, and once the game is over she is on the podium, in the bids made, and in the
table's history and statistics."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SHEET_URL, Phone, check_accessibility
from .test_table import a_table, short_game_options
from .test_table_events import confirm, open_event, play_neutral


@pytest.mark.browser
def test_a_latecomer_chosen_from_the_roster_counts_at_the_table(phone: Phone) -> None:
    page = phone.page
    table_url = a_table(page, "Friday whist", ("Ana", "Bogdan", "Cristi", "Elena"))

    page.select_option("#variant", "custom-oh-hell")
    page.click("button[name=seats][value=new]")
    for slot, name in enumerate(("Ana", "Bogdan", "Cristi")):
        page.click(f"[data-seat-name='{name}']")
        expect(page.locator(f"#players-{slot}")).to_have_value(name)
    short_game_options(phone)
    phone.choose_first_dealer(0)
    page.click("button.primary")
    sheet_url = phone.expect_first_deal()
    play_neutral(phone, 1)

    # The arrival's form: Elena, the one player of the table not in the game, as a chip.
    open_event(phone, "arrival")
    chips = page.locator("[data-newcomer-chips]")
    expect(chips).to_be_visible()
    expect(chips.locator("button")).to_have_text(["Elena"])
    check_accessibility(page, "the arrival's form with the table's names")
    phone.tap(chips.locator("button", has_text="Elena"), in_reach=False)
    expect(page.locator("input[name=name]")).to_have_value("Elena")
    phone.tap("button[value=check]", in_reach=False)
    expect(page.locator(".preview")).to_contain_text(
        "Elena is a player of Friday whist: this game counts in their statistics."
    )
    confirm(phone, "Elena joins after deal 1")
    play_neutral(phone, 2)
    # The last deal: everyone bids 0 and Ana takes both tricks; its Save goes to the finished sheet.
    phone.tap_bids({seat: 0 for seat in range(4)})
    phone.save_bids()
    phone.tap(phone.tricks_chip(0, 2))
    phone.tap("button[data-primary]", in_reach=True)
    expect(page).to_have_url(SHEET_URL)

    # The finish screen: four on the podium, Elena's bids made; the table counts her game.
    page.goto(sheet_url)
    expect(page.locator(".podium li")).to_have_count(4)
    expect(page.locator(".podium")).to_contain_text("joined after deal 1")
    expect(page.locator(".made-shares")).to_contain_text("Elena: ")
    phone.shoot("latecomer-finish")
    page.goto(table_url)
    # Every side's final score, Elena's among them, by place.
    expect(page.locator(".game-history .results")).to_contain_text(re.compile(r"Elena \d+"))
    expect(page.locator(".game-history .result")).to_have_count(4)
    page.goto(table_url + "/stats")
    expect(page.locator("table.figures").first).to_contain_text(re.compile(r"Elena\s*\d+ · \d+%"))
