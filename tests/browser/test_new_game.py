"""Starting a game: seats reordered with ↑/↓, a chosen first dealer, an option; duplicate names refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SHEET_URL, Phone


@pytest.mark.browser
def test_reordered_seats_a_chosen_dealer_and_simple_scoring_start_the_game(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("oh-hell")
    phone.type_names(["Ann", "Bob", "Cy", "Dee"])

    page.click("button[aria-label='Move seat 1 down']")
    expect(page.locator("#players-0")).to_have_value("Bob")
    assert phone.seat_names(4) == ["Bob", "Ann", "Cy", "Dee"]
    page.click("button[aria-label='Move seat 4 up']")
    expect(page.locator("#players-3")).to_have_value("Cy")
    assert phone.seat_names(4) == ["Bob", "Ann", "Dee", "Cy"]
    expect(page.locator("button[aria-label='Move seat 1 up']")).to_be_disabled()

    dee_deals = page.locator("label:has(input[name=first_dealer][value='2'])")
    expect(dee_deals).to_have_text(re.compile(r"Seat 3: Dee"))
    phone.choose_first_dealer(2)
    page.select_option("#option_scoring", "simple")
    phone.shoot("new-game-filled")
    page.click("button.primary")
    expect(page).to_have_url(SHEET_URL)

    expect(page.locator("p.lead")).to_have_text("Bob · Ann · Dee · Cy")
    expect(page.locator("p.hint").first).to_contain_text("Scoring: Simple (10 + tricks if exact)")
    current = page.locator("section.current")
    expect(current.locator(".facts div", has_text="Dealer").locator("dd")).to_have_text("Dee")
    expect(current.locator(".facts div", has_text="Bidding").locator("dd")).to_have_text(
        "Cy → Bob → Ann → Dee"
    )
    phone.shoot("new-game-sheet")

    # Seats now: Bob 0, Ann 1, Dee 2, Cy 3. Simple scoring: only an exact bid scores, 10 + tricks.
    phone.open_next_deal(1)
    phone.play_deal({3: 3, 0: 3, 1: 3, 2: 0}, {3: 3, 0: 2, 1: 4, 2: 1}, number=1)
    phone.open_sheet()
    expect(page.locator("table.grid thead th:not(.deal-col)")).to_have_text(["Bob", "Ann", "Dee", "Cy"])
    phone.expect_row(1, [0, 0, 0, 13])


@pytest.mark.browser
def test_a_duplicate_name_is_refused_with_the_names_and_choices_kept(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("oh-hell")
    names = ["Ann", "Bob", "ann", "Dee"]
    phone.type_names(names)
    phone.choose_first_dealer(1)
    page.select_option("#option_scoring", "zero_bonus")

    refusal = phone.save()
    assert refusal.status == 422
    alert = page.locator(".error[role=alert]")
    expect(alert).to_have_text("Two players are called ann: give each a different name")
    expect(page).to_have_url(re.compile(r"/games/new/oh-hell$"))
    assert phone.seat_names(4) == names
    expect(page.locator("input[name=first_dealer][value='1']")).to_be_checked()
    expect(page.locator("#option_scoring")).to_have_value("zero_bonus")
    phone.shoot("duplicate-refused")

    page.click("a.bar-link")
    expect(page.locator("h1")).to_have_text("Your games")
    expect(page.locator(".lead")).to_contain_text("No games on this phone yet")
