"""Oneonta Whist solitaire on the phone: a null with a stake, overtricks, a double refused then made."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from .conftest import Phone, printed

ANN = 0
NOT_A_MAXIMUM_DOUBLE = "Ann may double only a bid of 9 or a null of 9, not 5"


def start_solitaire_with_doubling(phone: Phone) -> None:
    """Start a solitaire game for Ann with the Doubling switch on (conftest's helper only sets selects)."""
    phone.open_new_game("oneonta-solitaire")
    phone.type_names(["Ann"])
    phone.choose_first_dealer(ANN)
    phone.open_options()
    phone.page.check("#option_doubling")
    phone.page.click("button.primary")
    phone.expect_first_deal()  # a game starts on deal 1's screen; this test begins on the sheet
    phone.open_sheet()


def bid_chip(phone: Phone, value: str) -> Locator:
    """Ann's chip for a bid as the form names it: "5" for five tricks, "N4" for a null staking 4."""
    return phone.page.locator(f"label.chip:has(input[name='bid-{ANN}'][value='{value}'])")


def double_switch(phone: Phone) -> Locator:
    """Ann's Double chip (the label the player taps)."""
    return phone.page.locator(f"label.chip.double:has(input[name='double-{ANN}'])")


def bid_then_tricks(phone: Phone, number: int, bid: str, took: int, *, doubled: bool = False) -> None:
    """On the deal's screen: turn spades, tap the bid (and Double), save, tap the tricks, save."""
    phone.tap_trump("S")
    phone.tap(bid_chip(phone, bid))
    if doubled:
        phone.tap(double_switch(phone))
    phone.save_bids()
    phone.tap(phone.tricks_chip(ANN, took))
    phone.save_tricks(number)


def expect_ann(phone: Phone, number: int, bid_and_tricks: str, points: str, total: int) -> None:
    """Ann's cell in a deal's row: bid/tricks with the mark, the deal's points, the running total."""
    cell = phone.cell(number, ANN)
    expect(cell.locator(".bt")).to_have_text(bid_and_tricks)
    expect(cell.locator(".pts")).to_have_text(points)
    expect(cell.locator(".tot")).to_have_text(printed(total))


@pytest.mark.browser
def test_a_null_stake_then_overtricks_then_a_double_refused_below_the_maximum_and_made_at_it(
    phone: Phone,
) -> None:
    page = phone.page
    start_solitaire_with_doubling(phone)
    expect(page.locator("p.hint").first).to_contain_text("Doubling")

    # Deal 1, ONS-4: a null staking 4, no tricks taken → +4.
    phone.open_next_deal(1)
    expect(page.locator(".line.bidder")).to_have_count(1)
    expect(page.locator(f"input[name='bid-{ANN}']")).to_have_count(18)  # 1…9 and N1…N9
    phone.tap_trump("S")
    phone.tap(bid_chip(phone, "N4"))
    expect(page.locator(f"input[name='bid-{ANN}'][value='N4']")).to_be_checked()
    expect(page.locator("[data-summary]")).to_have_text("Tricks bid: 0 of 9")
    phone.shoot_both("null-4-tapped")
    phone.save_bids()
    expect(page.locator("#who-t0 .tags")).to_have_text("bid null 4")
    expect(page.locator("[data-tricks-text]")).to_have_text("The dummy takes 9 of 9")
    phone.tap(phone.tricks_chip(ANN, 0))
    expect(page.locator("[data-tricks-text]")).to_have_text("The dummy takes 9 of 9")
    phone.save_tricks(1)
    assert phone.strip() == {"Ann": 4}

    # Deal 2, ONS-2: bid 5, took 7 → 5 − 2 = +3; the total is 7.
    bid_then_tricks(phone, 2, "5", 7)
    assert phone.strip() == {"Ann": 7}

    # Deal 3: Double a bid of 5 — only a maximum may be doubled; the engine says so before saving.
    phone.tap_trump("H")
    expect(double_switch(phone).locator("input")).to_have_attribute(
        "aria-label", "Ann doubles (only 9 or null 9)"
    )
    phone.tap(bid_chip(phone, "5"))
    phone.tap(double_switch(phone))
    expect(page.locator("[data-verdict]")).to_have_text(NOT_A_MAXIMUM_DOUBLE)
    phone.shoot("double-of-5-explained")
    refusal = phone.save()
    assert refusal.status == 422
    expect(page.locator("[data-verdict]")).to_have_text(NOT_A_MAXIMUM_DOUBLE)
    expect(page.locator(f"input[name='bid-{ANN}'][value='5']")).to_be_checked()
    expect(page.locator(f"input[name='double-{ANN}']")).to_be_checked()
    phone.shoot_both("double-of-5-refused")

    # Another bid that cannot be doubled: the Double goes with it, and its explanation too.
    phone.tap(bid_chip(phone, "N2"))
    expect(page.locator(f"input[name='double-{ANN}']")).not_to_be_checked()
    expect(page.locator("[data-verdict]")).to_have_text("")
    expect(page.locator("#entry-error")).to_be_hidden()
    phone.tap(bid_chip(phone, "5"))
    phone.tap(double_switch(phone))
    expect(page.locator("[data-verdict]")).to_have_text(NOT_A_MAXIMUM_DOUBLE)

    # ONS-6: the maximum, 9 doubled, made → +14; the total is 21. The Double stays with the 9.
    phone.tap(bid_chip(phone, "9"))
    expect(page.locator(f"input[name='double-{ANN}']")).to_be_checked()
    expect(page.locator("[data-verdict]")).to_have_text("")
    expect(page.locator("label.struck")).to_have_count(0)
    phone.save_bids()
    expect(page.locator("#who-t0 .tags")).to_have_text("bid 9 doubled")
    phone.tap(phone.tricks_chip(ANN, 9))
    expect(page.locator("[data-tricks-text]")).to_have_text("The dummy takes 0 of 9")
    phone.save_tricks(3)
    assert phone.strip() == {"Ann": 21}
    phone.open_sheet()
    expect_ann(phone, 1, "N4/0✓", "+4", 4)
    expect(page.locator("#deal-1 td.dummy-col")).to_have_text(re.compile(r"took\s*9"))
    expect_ann(phone, 2, "5/7↑2", "+3", 7)
    expect(phone.cell(2, ANN)).to_have_class("over")
    expect_ann(phone, 3, "9×/9✓", "+14", 21)
    assert phone.standings() == {"Ann": 21}
    expect(page.locator("section.current h2")).to_have_text("Deal 4 of 9")
    phone.shoot("sheet-after-the-double")
