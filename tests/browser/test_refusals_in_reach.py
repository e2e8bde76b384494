"""Every kind of refusal on the deal screen is read where the thumb is (issue 27): inside the viewport and
never under the sticky Save bar — next to the player it concerns (brought into view when that row is low
on a seven-player screen), in red beside Save for a count of tricks that cannot stand, and in the sheet
over the deal for a table event. A refusal never names a player who was tapped."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from .conftest import Phone
from .test_correction import READABLE
from .test_events_in_place import SHEET, kind, sheet_tap

SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def readable(message: Locator, text: str) -> None:
    """The refusal says ``text``, on the screen, and nothing (the Save bar included) covers it."""
    expect(message).to_contain_text(text)
    assert message.evaluate(READABLE) == "readable", text


def save_refused(phone: Phone) -> None:
    """Tap Save and see the server refuse it (422): nothing stored."""
    answer = phone.save()
    assert answer.status == 422, answer.status


@pytest.mark.browser
def test_a_refusal_at_a_players_row_low_on_a_seven_player_screen_is_brought_into_view(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", SEVEN, first_dealer=0)
    phone.open_next_deal(1)
    # Ann deals seven cards: Bob bids first and Ann, the dealer, last, on the lowest row. Everyone bids 0.
    for seat in (*range(1, 7), 0):
        phone.tap(phone.bid_chip(seat, 0), in_reach=False)
    phone.save_bids()
    # Bob, Cy, Dee, Eve and Fay took none; Gus and Ann are not tapped, and the one trick left is one of
    # theirs: Save is refused, and the refusal names one of them where it is read, whatever the scroll.
    for seat in range(1, 6):
        phone.tap(phone.tricks_chip(seat, 0), in_reach=False)
    page.evaluate("() => window.scrollTo(0, 0)")
    save_refused(phone)
    refusal = page.locator("form[data-save] .refused")
    expect(refusal).to_have_count(1)
    readable(refusal, "Enter how many tricks")
    said = refusal.inner_text()
    assert "Gus" in said or "Ann" in said, said
    assert not any(name in said for name in SEVEN[1:6]), said  # nobody who was tapped is named
    phone.shoot("refused-at-a-low-row")

    # Gus took all seven (Ann, then, none); then Bob is given one too: eight tricks of seven. The count says
    # so in red beside Save, which waits; what was tapped stays, and no refusal names anyone.
    phone.tap(phone.tricks_chip(6, 7), in_reach=False)
    expect(phone.tricks_input(0, 0)).to_be_checked()
    phone.tap(phone.tricks_chip(1, 1), in_reach=False)
    count = page.locator("form[data-save] [data-tally].wrong")
    readable(count, "8 tricks entered, 7 played")
    expect(page.locator("button[data-primary]")).to_be_disabled()
    expect(page.locator("form[data-save] .refused")).to_have_count(0)
    expect(phone.tricks_input(1, 1)).to_be_checked()
    expect(phone.tricks_input(6, 7)).to_be_checked()
    phone.shoot("tricks-that-cannot-stand")

    # Bob's trick taken back: right again, and Save comes back.
    phone.tap(phone.tricks_chip(1, 0), in_reach=False)
    expect(page.locator("form[data-save] [data-tally]")).not_to_have_class("wrong")
    expect(page.locator("button[data-primary]")).to_be_enabled()
    phone.save_tricks(1)


@pytest.mark.browser
def test_an_event_the_rules_refuse_is_said_in_the_sheet_over_the_deal(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", FOUR, first_dealer=0)
    phone.open_next_deal(1)
    sheet_tap(phone, "a.events-link")
    sheet_tap(phone, kind("arrival"))
    page.keyboard.type("Dee")
    sheet_tap(phone, ".table-sheet [data-check]")
    alert = page.locator(".table-sheet [role=alert]:not([hidden])").first
    readable(alert, "Dee already has a seat at this table")
    expect(page.locator(SHEET)).to_have_attribute("open", "")
    phone.shoot("refused-event")
