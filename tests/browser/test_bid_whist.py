"""Bid Whist on the phone: the auction call by call, refused calls struck with the engine's reason."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from .conftest import DEAL_URL, Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)
STRUCK = re.compile(r"\bstruck\b")
# Ann deals: the calls go Bob, Cy, Dee, then Ann; the sides are Ann & Cy against Bob & Dee.
BOB_FIRST, CY_SECOND, DEE_THIRD, ANN_LAST = range(4)
NOT_HIGHER = "3 uptown does not beat 3 downtown: bid higher or pass"
FORCED = "Everyone passed to Ann, the dealer, who must bid at least 3"


def start_with_ann_dealing(phone: Phone) -> None:
    """Start Bid Whist for four with Ann dealing the first hand, every option at its default."""
    phone.start_game("bid-whist", PLAYERS, first_dealer=ANN)


def call_chip(phone: Phone, position: int, call: str) -> Locator:
    """The chip to tap for the ``position``-th call of the auction ("pass", "3 uptown", "4 NT")."""
    return phone.page.locator(f"label.chip.call:has(input[name='call-{position}'][value='{call}'])")


def caller(phone: Phone, position: int) -> Locator:
    """The caller's fold in the auction: their name, what they said, their chips and reason line."""
    return phone.page.locator(f"details.caller[data-position='{position}']")


def tap_call(phone: Phone, position: int, call: str, *, said: str) -> None:
    """Tap a call and wait until the caller's line shows it (``said``: "pass", "3 ↓", …)."""
    call_chip(phone, position, call).click()
    expect(caller(phone, position).locator("[data-said]")).to_have_text(said)


def reason_line(phone: Phone, position: int) -> Locator:
    """The line under a caller's chips where the engine's reason is shown."""
    return phone.page.locator(f"#reason-{position}")


def save_hand(phone: Phone, number: int) -> None:
    """Tap "Save the hand" and see the next hand's screen, in place, then go to the sheet."""
    expect(phone.page.locator("button[data-primary]")).to_have_text("Save the hand")
    phone.save_tricks(number, word="Hand")
    phone.open_sheet()


@pytest.mark.browser
def test_a_call_that_does_not_beat_the_high_call_is_struck_then_four_downtown_makes_eleven_books(
    phone: Phone,
) -> None:
    page = phone.page
    start_with_ann_dealing(phone)
    phone.open_next_deal(1, word="Hand")
    expect(caller(phone, BOB_FIRST).locator(".who")).to_have_text("Bob")
    expect(caller(phone, BOB_FIRST)).to_have_attribute("open", "")
    expect(caller(phone, CY_SECOND)).to_be_hidden()
    expect(page.locator("[data-summary]")).to_have_text("Bob to call")

    tap_call(phone, BOB_FIRST, "3 downtown", said="3 ↓")
    expect(caller(phone, CY_SECOND)).to_be_visible()
    expect(page.locator("[data-summary]")).to_have_text("Cy to call")
    expect(call_chip(phone, CY_SECOND, "3 uptown")).to_have_class(STRUCK)
    expect(call_chip(phone, CY_SECOND, "3 uptown")).to_have_attribute("title", NOT_HIGHER)
    expect(call_chip(phone, CY_SECOND, "3 NT")).not_to_have_class(STRUCK)

    # Cy taps the struck call anyway: the reason shows under Cy's chips, and saving refuses it in place.
    call_chip(phone, CY_SECOND, "3 uptown").click()
    expect(reason_line(phone, CY_SECOND)).to_have_text(NOT_HIGHER)
    expect(page.locator("[data-verdict]")).to_have_text(NOT_HIGHER)
    phone.shoot("three-uptown-struck")
    refusal = phone.save()
    assert refusal.status == 422
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator("[data-verdict]")).to_have_text(NOT_HIGHER)
    expect(page.locator("#entry-error")).to_be_hidden()
    expect(reason_line(phone, CY_SECOND)).to_have_text(NOT_HIGHER)
    expect(page.locator("input[name='call-0'][value='3 downtown']")).to_be_checked()
    expect(page.locator("input[name='call-1'][value='3 uptown']")).to_be_checked()
    phone.shoot("three-uptown-refused")

    # Cy bids higher; Dee and Ann pass: Cy wins at 4 downtown and names hearts.
    tap_call(phone, CY_SECOND, "4 downtown", said="4 ↓")
    expect(reason_line(phone, CY_SECOND)).to_have_text("")
    expect(page.locator("[data-verdict]")).to_have_text("")
    tap_call(phone, DEE_THIRD, "pass", said="pass")
    tap_call(phone, ANN_LAST, "pass", said="pass")
    expect(page.locator("[data-summary]")).to_have_text(
        "Cy bid 4 ↓: Ann & Cy need 10 books (in play: 9)"
    )
    play = page.locator("[data-play]")
    expect(play).to_be_visible()
    expect(play.locator("[data-bidding-side]")).to_have_text("Ann & Cy")
    expect(play.locator("label[data-declaration='uptown']")).to_be_hidden()
    play.locator("label[data-declaration='H']").click()
    # BW-1: 10 tricks in play and the kitty make 11 books of 10 → +5.
    play.locator("label.chip.books:has(input[name=tricks][value='10'])").click()
    expect(page.locator("[data-summary]")).to_have_text(
        "11 books of 10: made · Ann & Cy +5 · totals Ann & Cy 5, Bob & Dee 0"
    )
    phone.shoot("four-downtown-declared")
    save_hand(phone, 1)

    contract = page.locator("#deal-1 td.contract")
    expect(contract.locator(".bid")).to_have_text("4 ↓ ♥")
    expect(contract.locator(".who")).to_have_text("by Ann & Cy")
    expect(contract).to_contain_text("11 of 10 books")
    expect(contract).to_have_class(re.compile(r"\bmade\b"))
    ann_and_cy, bob_and_dee = page.locator("#deal-1 td:not(.contract)").all()
    expect(ann_and_cy.locator(".pts")).to_have_text("+5")
    expect(ann_and_cy.locator(".tot")).to_have_text("5")
    expect(bob_and_dee.locator(".pts")).to_have_text("—")
    expect(bob_and_dee.locator(".tot")).to_have_text("0")
    assert phone.standings() == {"Ann & Cy": 5, "Bob & Dee": 0}
    phone.shoot("sheet-after-four-downtown")


@pytest.mark.browser
def test_three_passes_force_the_dealer_whose_pass_is_struck_with_the_reason(phone: Phone) -> None:
    page = phone.page
    start_with_ann_dealing(phone)
    phone.open_next_deal(1, word="Hand")
    tap_call(phone, BOB_FIRST, "pass", said="pass")
    tap_call(phone, CY_SECOND, "pass", said="pass")
    tap_call(phone, DEE_THIRD, "pass", said="pass")

    dealer = caller(phone, ANN_LAST)
    expect(dealer).to_be_visible()
    expect(dealer.locator(".who")).to_contain_text("Ann")
    expect(call_chip(phone, ANN_LAST, "pass")).to_have_class(STRUCK)
    expect(call_chip(phone, ANN_LAST, "pass")).to_have_attribute("title", FORCED)
    expect(reason_line(phone, ANN_LAST)).to_have_text(FORCED)
    expect(call_chip(phone, ANN_LAST, "3 uptown")).not_to_have_class(STRUCK)
    phone.shoot("dealer-forced")

    call_chip(phone, ANN_LAST, "pass").click()
    expect(page.locator("[data-verdict]")).to_have_text(FORCED)
    refusal = phone.save()
    assert refusal.status == 422
    expect(page.locator("[data-verdict]")).to_have_text(FORCED)
    expect(reason_line(phone, ANN_LAST)).to_have_text(FORCED)
    phone.shoot("dealer-pass-refused")

    tap_call(phone, ANN_LAST, "3 uptown", said="3 ↑")
    expect(page.locator("[data-summary]")).to_have_text(
        "Ann bid 3 ↑ (forced): Ann & Cy need 9 books (in play: 8)"
    )
    page.locator("label[data-declaration='S']").click()
    page.locator("label.chip.books:has(input[name=tricks][value='9'])").click()
    save_hand(phone, 1)
    expect(page.locator("#deal-1 td.contract .who")).to_have_text("by Ann & Cy (forced)")
    assert phone.standings() == {"Ann & Cy": 4, "Bob & Dee": 0}
