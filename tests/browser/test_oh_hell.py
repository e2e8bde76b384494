"""Oh Hell for four at the table: bids and tricks by tapping, the hook struck live and refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import DEAL_URL, Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)

# Deal 1 (10 cards, Ann deals) is played by hand in the test; deals 2 and 3 follow.
DEAL_1_BIDS = {BOB: 3, CY: 2, DEE: 4}
HOOKED_BID = 1  # 10 - (3 + 2 + 4): Ann, dealing and bidding last, may not bid it
ANN_LEGAL_BID = 2
DEAL_1_TRICKS = {BOB: 3, CY: 2, DEE: 4, ANN: 1}
# Deal 2: 9 cards, Bob deals. Deal 3: 8 cards, Cy deals. Bids in bidding order.
DEAL_2 = ({CY: 1, DEE: 2, ANN: 3, BOB: 0}, {CY: 1, DEE: 3, ANN: 3, BOB: 2})
DEAL_3 = ({DEE: 0, ANN: 1, BOB: 2, CY: 4}, {DEE: 0, ANN: 2, BOB: 2, CY: 4})


def common_points(bid: int, took: int) -> int:
    """Oh Hell's common scoring, as RULES.md gives it: 1 a trick, and 10 more for an exact bid."""
    return took + (10 if took == bid else 0)


def running_totals(deals: list[tuple[dict[int, int], dict[int, int]]]) -> list[list[int]]:
    """Each seat's running total after each deal, worked out from the bids and tricks."""
    totals = [0] * len(PLAYERS)
    rows = []
    for bids, tricks in deals:
        totals = [total + common_points(bids[seat], tricks[seat]) for seat, total in enumerate(totals)]
        rows.append(totals)
    return rows


@pytest.mark.browser
def test_a_game_of_oh_hell_with_the_hook_refused_then_three_deals_scored(phone: Phone) -> None:
    page = phone.page
    sheet_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    expect(page.locator("section.current")).to_contain_text("Deal 1 of 19")
    expect(page.locator("section.current .hook")).to_have_text(
        "⚠ Ann deals and bids last: the bids may not add up to 10"
    )

    phone.open_next_deal(1)
    phone.tap_trump("H")
    phone.tap_bids(DEAL_1_BIDS)
    forbidden = phone.bid_chip(ANN, HOOKED_BID)
    expect(forbidden).to_have_class(re.compile(r"\bstruck\b"))
    reason = "Ann deals and may not bid 1: the bids would add up to 10, the number of cards"
    expect(page.locator("#reason-0")).to_have_text(reason)
    expect(page.locator(f"#reason-{BOB}")).to_be_hidden()
    expect(page.locator("label.chip.struck")).to_have_count(1)
    expect(page.locator("[data-summary]")).to_have_text("Bids 9 of 10 so far")

    forbidden.click()
    expect(page.locator("#entry-error")).to_have_text(reason)
    phone.shoot("hook-struck")
    refusal = phone.save()
    assert refusal.status == 422
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator("#entry-error")).to_be_visible()
    expect(page.locator("#entry-error")).to_have_text(reason)
    for seat, bid in DEAL_1_BIDS.items():
        expect(phone.bid_input(seat, bid)).to_be_checked()
    expect(forbidden).to_have_class(re.compile(r"\bstruck\b"))
    expect(page.locator("#reason-0")).to_have_text(reason)
    expect(page.locator("input[name=trump][value=H]")).to_be_checked()
    expect(page.locator("button.primary")).to_have_text("Save the bids")
    phone.shoot("hook-refused")
    # Nothing was stored: the sheet, seen from a second tab, still waits for deal 1's bids.
    second_tab = page.context.new_page()
    second_tab.goto(sheet_url)
    expect(second_tab.locator("section.current a.button.primary")).to_have_text("Enter deal 1")
    expect(second_tab.locator("#deal-1")).to_have_count(0)
    second_tab.close()

    phone.bid_chip(ANN, ANN_LEGAL_BID).click()
    expect(page.locator("#entry-error")).to_be_hidden()
    expect(page.locator("[data-summary]")).to_have_text("Bids 11 of 10 — over")
    phone.save_bids()
    expect(page.locator(".bids-done")).to_contain_text("Bob 3")
    expect(page.locator(".bids-done")).to_contain_text("Ann 2")
    phone.tap_tricks(DEAL_1_TRICKS)
    expect(page.locator("[data-tricks-left]")).to_have_text("0")
    phone.save_tricks(1)

    phone.play_deal(2, *DEAL_2)
    phone.play_deal(3, *DEAL_3)
    phone.shoot("sheet-after-three-deals")

    expected = running_totals([({**DEAL_1_BIDS, ANN: ANN_LEGAL_BID}, DEAL_1_TRICKS), DEAL_2, DEAL_3])
    for number, totals in enumerate(expected, start=1):
        phone.expect_row(number, totals)
    expect(phone.cell(1, ANN)).to_have_class("missed")
    expect(phone.cell(1, ANN).locator(".bt")).to_contain_text("2/1")
    expect(phone.cell(1, ANN).locator(".pts")).to_have_text("+1")
    expect(phone.cell(1, BOB)).to_have_class("made")
    expect(phone.cell(1, BOB).locator(".bt")).to_contain_text("3/3")
    expect(phone.cell(1, BOB).locator(".pts")).to_have_text("+13")
    expect(page.locator("#deal-1 .deal-meta")).to_have_text("10 ♥ · Ann")
    final = expected[-1]
    assert phone.standings() == dict(zip(PLAYERS, final, strict=True))
    expect(page.locator("th.leader")).to_have_text(PLAYERS[final.index(max(final))])
    expect(page.locator("section.current")).to_contain_text("Deal 4 of 19")
