"""Starting a game: seats swapped in place by tapping two, a chosen first dealer who follows her seat,
an option under the folded summary; the game opens on deal 1's screen. Duplicate names refused with
everything kept; without JavaScript ↑/↓ move a seat with a page load; the form fits two screens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Playwright, expect

from .conftest import FIRST_DEAL_URL, VIEWPORT, Phone, check_accessibility, phone_context
from .test_table import a_table

OPTIONS_NOW = "[data-options-now]"


def swap_button(phone: Phone, seat: int) -> str:
    """The ⇅ of a seat (counted from 1, as the page says)."""
    return f"button[aria-label='Swap seat {seat}']"


@pytest.mark.browser
def test_seats_swapped_by_tapping_two_the_dealer_following_then_deal_1(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("oh-hell")
    phone.type_names(["Ann", "Bob", "Cy", "Dee"])
    phone.choose_first_dealer(3)  # Dee, in seat 4
    loads = phone.loads

    phone.tap(swap_button(phone, 3))
    expect(page.locator(swap_button(phone, 3))).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-swap-hint]")).to_be_visible()
    phone.tap(swap_button(phone, 4))
    assert phone.seat_names(4) == ["Ann", "Bob", "Dee", "Cy"]
    expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()  # Dee moved, still deals
    expect(page.locator("label[data-dealer-for='players-2']")).to_have_text("Dee")
    phone.tap(swap_button(phone, 2))
    phone.tap(swap_button(phone, 1))
    assert phone.seat_names(4) == ["Bob", "Ann", "Dee", "Cy"]
    expect(page.locator("[data-swap-hint]")).to_be_hidden()
    expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()
    assert phone.loads == loads, "seats are swapped in place, without a page load"
    expect(page.locator("button.seat-move").first).to_be_hidden()  # ↑/↓ are for pages without the script

    expect(page.locator(OPTIONS_NOW)).to_contain_text("Scoring: Common (1 a trick, +10 if exact)")
    phone.open_options()
    page.select_option("#option_scoring", "simple")
    expect(page.locator(OPTIONS_NOW)).to_contain_text("Scoring: Simple (10 + tricks if exact)")
    phone.shoot_both("new-game-swapped")
    phone.tap("button.primary")

    # The game opens where the table starts: deal 1's screen, Dee dealing.
    phone.expect_first_deal()
    expect(page.locator("main")).to_contain_text("Dee deals")
    phone.shoot("new-game-deal-1")

    # Seats now: Bob 0, Ann 1, Dee 2, Cy 3. Simple scoring: only an exact bid scores, 10 + tricks.
    phone.play_deal({3: 3, 0: 3, 1: 3, 2: 0}, {3: 3, 0: 2, 1: 4, 2: 1}, number=1)
    phone.open_sheet()
    expect(page.locator("p.lead")).to_have_text("Bob · Ann · Dee · Cy")
    expect(page.locator("p.hint").first).to_contain_text("Scoring: Simple (10 + tricks if exact)")
    expect(page.locator("table.grid thead th:not(.deal-col)")).to_have_text(["Bob", "Ann", "Dee", "Cy"])
    phone.expect_row(1, [0, 0, 0, 13])


@pytest.mark.browser
def test_a_duplicate_name_is_refused_with_the_names_and_choices_kept(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("oh-hell")
    names = ["Ann", "Bob", "ann", "Dee"]
    phone.type_names(names)
    phone.choose_first_dealer(1)
    phone.open_options()
    page.select_option("#option_scoring", "zero_bonus")

    refusal = phone.save()
    assert refusal.status == 422
    alert = page.locator(".error[role=alert]")
    expect(alert).to_have_text("Two players are called ann: give each a different name")
    expect(page).to_have_url(re.compile(r"/games/new/oh-hell$"))
    assert phone.seat_names(4) == names
    expect(page.locator("input[name=first_dealer][value='1']")).to_be_checked()
    expect(page.locator("#option_scoring")).to_have_value("zero_bonus")
    expect(page.locator(OPTIONS_NOW)).to_contain_text("Scoring: Zero bonus (exact 0: 5 + cards)")
    phone.shoot("duplicate-refused")

    page.click("a.bar-link")
    expect(page.locator("h1")).to_have_text("Your games")
    expect(page.locator(".lead")).to_contain_text("No games on this phone yet")


@pytest.mark.browser
def test_four_names_typed_with_enter_and_the_form_fits_two_screens(phone: Phone) -> None:
    page = phone.page
    phone.open_new_game("romanian-whist")  # the most options of any game: ten, folded in one summary
    expect(page.locator(".seat:visible")).to_have_count(3)  # the fewest the game takes
    phone.tap("#players-0")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        page.keyboard.type(name)
        page.keyboard.press("Enter")  # on to the next seat, never a submit
    assert phone.seat_names(4) == ["Ann", "Bob", "Cy", "Dee"]
    expect(page).to_have_url(re.compile(r"/games/new/romanian-whist$"))
    expect(page.locator(".seat:visible")).to_have_count(5)  # the four and one spare
    expect(page.locator("label[data-dealer-for]:visible")).to_have_text(["Ann", "Bob", "Cy", "Dee"])
    expect(page.locator("details[data-options]")).not_to_have_attribute("open", "")
    expect(page.locator(OPTIONS_NOW)).to_contain_text("Sequence: 1-8-1 · Seven players: Dead hand")
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 2 * VIEWPORT["height"], f"the form is {height} px high"
    start = page.locator("button.primary")
    assert start.evaluate("(node) => node.getBoundingClientRect().bottom") <= VIEWPORT["height"]
    phone.shoot_both("new-game-four-typed")
    check_accessibility(page, "the new-game form, four names")
    phone.tap(swap_button(phone, 2))
    check_accessibility(page, "the new-game form, a seat picked to swap")
    phone.tap(swap_button(phone, 2))  # tapped again: nothing picked
    phone.open_options()
    check_accessibility(page, "the new-game form, the options open")
    phone.tap("button.primary")
    phone.expect_first_deal()


@pytest.mark.browser
def test_without_javascript_arrows_move_a_seat_and_the_game_starts_on_deal_1(
    browser: Browser, playwright: Playwright, live_server: str
) -> None:
    context = phone_context(browser, playwright, live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/games/new/oh-hell")
        for slot, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
            page.fill(f"#players-{slot}", name)
        page.click("label:has(input[name=first_dealer][value='0'])")
        expect(page.locator("button[aria-label='Swap seat 1']")).to_be_hidden()
        page.click("button[aria-label='Move seat 1 down']")  # a page load: the server swaps
        expect(page.locator("#players-0")).to_have_value("Bob")
        expect(page.locator("#players-1")).to_have_value("Ann")
        expect(page.locator("input[name=first_dealer][value='1']")).to_be_checked()  # Ann still deals
        expect(page.locator("label[data-dealer-for='players-1']")).to_have_text("Seat 2: Ann")
        page.click("details[data-options] summary")
        page.select_option("#option_scoring", "simple")
        page.click("button.primary")
        expect(page).to_have_url(FIRST_DEAL_URL)
        expect(page.locator("h1")).to_contain_text("Deal 1")
    finally:
        context.close()


SHOWN_THOUGH_HIDDEN = """Array.from(document.querySelectorAll("[hidden]"))
    .filter((node) => node.getClientRects().length > 0).map((node) => node.outerHTML.slice(0, 120))"""
"""What the page marks hidden and a style shows all the same."""


@pytest.mark.browser
def test_without_javascript_a_table_s_new_game_shows_no_name_chips_only_a_script_could_seat(
    browser: Browser, playwright: Playwright, live_server: str
) -> None:
    """The chips that seat a table's player with a tap are hidden until roster.js shows the chosen
    table's: a style that showed them anyway offered every table's names, to a tap that did nothing
    (on a slow phone, until the script had run)."""
    context = phone_context(browser, playwright, live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        a_table(page, "Friday whist", ("Ana", "Bogdan", "Cristi"))
        page.select_option("#variant", "custom-oh-hell")
        page.click("button[name=seats][value=new]")
        expect(page.locator("#table-choice option:checked")).to_have_text("Friday whist")
        expect(page.locator("[data-seat-name='Ana']")).to_be_hidden()
        assert page.evaluate(SHOWN_THOUGH_HIDDEN) == []
        # The names are typed, and the server knows them for the table's players.
        for slot, name in enumerate(("Ana", "Bogdan", "Cristi")):
            page.fill(f"#players-{slot}", name)
        page.click("label:has(input[name=first_dealer][value='0'])")
        page.click("button.primary")
        expect(page).to_have_url(FIRST_DEAL_URL)
    finally:
        context.close()
