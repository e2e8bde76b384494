"""Hands whose rules the phone cannot check by itself, taken offline all the same: Oneonta's bids (judged
one after another in bidding order) and Bid Whist's auction (judged call by call). The phone draws each
hand from the deals the engine foresaw, checks what it can (every value among its chips, Oneonta's
tricks adding up), keeps the entry marked "not yet checked", and sends it when the connection is back;
one the server refuses comes back to its own screen with the reason and every value kept."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import TIMEOUT_MS, Phone, check_accessibility


def _controlled(page: Page) -> None:
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def _stored(page: Page, game_url: str) -> list[dict[str, object]]:
    deals = json.loads(page.request.get(f"{game_url}/export.json").text())["deals"]
    assert isinstance(deals, list)
    return deals


def _tap(phone: Phone, name: str, value: str) -> None:
    phone.tap(f"form[data-offline] label.chip:has(input[name='{name}'][value='{value}'])", in_reach=False)


def _save(phone: Phone) -> None:
    phone.tap("form[data-offline] button[data-primary]", in_reach=False)


@pytest.mark.browser
def test_oneonta_hands_offline_are_kept_unchecked_and_a_refused_one_comes_back_to_be_fixed(
    phone: Phone,
) -> None:
    page = phone.page
    # Cooperative Oneonta: seven cards each for three, and the bids must add up to the cards.
    game_url = phone.start_game("oneonta-cooperative", ["Ann", "Bob", "Cy"], first_dealer=0)
    phone.open_next_deal(1)
    _controlled(page)
    page.context.set_offline(True)
    expect(page.locator("h1 .offline-tag")).to_be_visible()
    expect(page.locator(".hint.unchecked")).to_contain_text("the server checks the rest when it is sent")
    check_accessibility(page, "Oneonta's bids drawn offline")
    _tap(phone, "trump", "S")
    for name, value in (("bid-1", "3"), ("bid-2", "2"), ("bid-0", "2")):
        _tap(phone, name, value)
    _save(phone)
    expect(page.locator("form[data-offline] button[data-primary]")).to_have_text("Save the tricks")
    # The tricks' own rule is checked on the phone: 3 + 2 + 3 is not the seven cards.
    for name, value in (("tricks-1", "3"), ("tricks-2", "2"), ("tricks-0", "3")):
        _tap(phone, name, value)
    _save(phone)
    expect(page.locator("[data-verdict]")).to_contain_text("7")
    _tap(phone, "tricks-0", "2")
    _save(phone)
    expect(page.locator("h1")).to_contain_text("Deal 2 of 9")  # drawn from the plan
    # Hand 2's bids add up to 3, not 7: a rule only the server checks. Kept, marked not yet checked.
    _tap(phone, "trump", "H")
    for name, value in (("bid-2", "1"), ("bid-0", "1"), ("bid-1", "1")):
        _tap(phone, name, value)
    _save(phone)
    waiting = page.locator("[data-waiting-list] li")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(1)).to_contain_text("not yet checked")
    print(f"screenshot: {phone.shoot('offline-oneonta-unchecked')}")

    page.context.set_offline(False)
    # Hand 1 is stored; hand 2 is refused and comes back to its own screen, every value kept.
    expect(page.locator("[role=alert], .error").first).to_be_visible(timeout=3 * TIMEOUT_MS)
    expect(page.locator("input[name='bid-2'][value='1']")).to_be_checked()
    expect(page.locator("input[name='bid-0'][value='1']")).to_be_checked()
    assert _stored(page, game_url) == [
        {
            "bids": [
                {"kind": "positive", "value": 2},
                {"kind": "positive", "value": 3},
                {"kind": "positive", "value": 2},
            ],
            "tricks": [2, 3, 2],
            "trump": "S",
        },
    ]
    check_accessibility(page, "a hand refused after it was sent")


@pytest.mark.browser
def test_a_bid_whist_hand_offline_is_sent_with_its_auction_in_calling_order(phone: Phone) -> None:
    page = phone.page
    game_url = phone.start_game("bid-whist", ["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    phone.open_next_deal(1, word="Hand")
    _controlled(page)
    page.context.set_offline(True)
    expect(page.locator("h1 .offline-tag")).to_be_visible()
    # Ann deals: Bob calls first, Ann last.
    # One caller at a time, as the server's auction shows them: each call folds its caller to their
    # name and call, and opens the next; the screen never scrolls.
    callers = page.locator("form[data-offline] details.caller")
    expect(callers.locator(".name")).to_have_text(["Bob", "Cy", "Dee", "Ann"])
    expect(page.locator("form[data-offline] details.caller:visible")).to_have_count(1)
    expect(callers.nth(0)).to_have_attribute("open", "")
    expect(callers.nth(0).locator("[data-said]")).to_have_text("to call")
    phone.shoot("offline-auction-first-caller")
    for position, (name, value) in enumerate(
        (("caller-1", "4 downtown"), ("caller-2", "pass"), ("caller-3", "5 uptown"), ("caller-0", "pass"))
    ):
        _tap(phone, name, value)
        expect(page.locator("form[data-offline] details.caller:visible")).to_have_count(min(position + 2, 4))
    expect(callers.locator("[data-said]")).to_have_text(["4 ↓", "pass", "5 ↑", "pass"])
    expect(page.locator("form[data-offline] details.caller[open]")).to_have_count(0)
    phone.shoot("offline-auction-called")
    save = page.locator("form[data-offline] button[data-primary]").bounding_box()
    assert save is not None and save["y"] + save["height"] <= page.viewport_size["height"]  # in reach
    # Changing a call clears the calls after it, as on the server's screen.
    callers.nth(1).locator("summary").click()
    _tap(phone, "caller-2", "4 uptown")
    expect(callers.locator("[data-said]")).to_have_text(["4 ↓", "4 ↑", "to call", "to call"])
    expect(page.locator("form[data-offline] details.caller:visible")).to_have_count(3)
    callers.nth(1).locator("summary").click()
    _tap(phone, "caller-2", "pass")
    _tap(phone, "caller-3", "5 uptown")
    _tap(phone, "caller-0", "pass")
    _save(phone)
    _tap(phone, "declaration", "H")
    _tap(phone, "tricks", "10")
    _save(phone)
    expect(page.locator("h1")).to_contain_text("Hand 2")
    check_accessibility(page, "Bid Whist's auction drawn offline")

    page.context.set_offline(False)
    expect(page.locator("h1 .offline-tag")).to_have_count(0, timeout=3 * TIMEOUT_MS)
    assert _stored(page, game_url) == [
        {"auction": ["4 downtown", "pass", "5 uptown", "pass"], "declaration": "H", "tricks": 10},
    ]
