"""Romanian Whist for seven: the dealer sits each deal out (the dead hand)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import Phone, printed

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
ANN, BOB, CY, DEE, EVE, FAY, GUS = range(7)

# One card each in the opening deals. Deal 1: Ann deals and sits out, Gus (her right) bids last.
DEAL_1_EARLIER_BIDS = {BOB: 0, CY: 0, DEE: 0, EVE: 0, FAY: 0}
DEAL_1_LAST = (GUS, 0)  # 1 is hooked: the bids would add up to the one card
DEAL_1_TRICKS = {BOB: 1, CY: 0, DEE: 0, EVE: 0, FAY: 0, GUS: 0}
# Deal 2: Bob deals and sits out, Ann bids last.
DEAL_2_BIDS = {CY: 1, DEE: 0, EVE: 0, FAY: 0, GUS: 0, ANN: 1}
DEAL_2_TRICKS = {CY: 0, DEE: 0, EVE: 0, FAY: 0, GUS: 0, ANN: 1}


def romanian_points(bid: int, took: int) -> int:
    """RULES.md §3: an exact bid scores 5 + the bid; a miss costs a point a trick off."""
    return 5 + bid if took == bid else -abs(took - bid)


def deal_points(bids: dict[int, int], tricks: dict[int, int]) -> list[int]:
    """Each seat's points for a deal; the dead hand scores nothing."""
    return [romanian_points(bids[seat], tricks[seat]) if seat in bids else 0 for seat in range(len(PLAYERS))]


def expect_dead_hand_deal_screen(phone: Phone, dealer: int, last_bidder: int) -> None:
    """The deal screen shows the dealer sitting out with no chips, the last bidder carrying the hook."""
    page = phone.page
    dealer_name, last_name = PLAYERS[dealer], PLAYERS[last_bidder]
    expect(page.locator(".facts-line summary")).to_have_text(
        f"{dealer_name} deals 1, sits out · turn for trump · hook"
    )
    page.click(".facts-line summary")  # the deal's full card opens from its line
    expect(page.locator(".facts div", has_text="Sits out").locator("dd")).to_have_text(dealer_name)
    expect(page.locator(".facts div", has_text="Dealer").locator("dd")).to_have_text(dealer_name)
    expect(page.locator(".reminders")).to_contain_text(
        f"{dealer_name} deals to the other six and sits this deal out (the dead hand)"
    )
    expect(page.locator(".hook")).to_have_text(f"⚠ {last_name} bids last: the bids may not add up to 1")
    page.click(".facts-line summary")
    expect(page.locator(f"input[name='bid-{dealer}']")).to_have_count(0)
    expect(page.locator(f"input[name='tricks-{dealer}']")).to_have_count(0)
    rows = page.locator(".rows[aria-label=Bids] .line[data-seat]")
    expect(rows).to_have_count(len(PLAYERS) - 1)
    expect(rows.locator(".who .name", has_text=dealer_name)).to_have_count(0)
    expect(page.locator(f".line[data-seat='{last_bidder}'] .who .tags")).to_have_text("last")
    expect(rows.last).to_have_attribute("data-seat", str(last_bidder))


@pytest.mark.browser
def test_seven_players_the_dealer_sits_out_and_the_last_bidder_carries_the_hook(phone: Phone) -> None:
    page = phone.page
    phone.start_game("romanian-whist", PLAYERS, first_dealer=ANN)
    expect(page.locator("section.current")).to_contain_text("Sits out")

    phone.open_next_deal(1)
    expect_dead_hand_deal_screen(phone, dealer=ANN, last_bidder=GUS)
    phone.tap_bids(DEAL_1_EARLIER_BIDS)
    hooked = phone.bid_chip(GUS, 1)
    expect(hooked).to_have_class(re.compile(r"\bstruck\b"))
    expect(page.locator(f"#reason-{GUS}")).to_have_text(
        "Gus bids last and may not bid 1: the bids would add up to 1, the number of cards"
    )
    phone.shoot("dead-hand-deal-1")
    last_seat, last_bid = DEAL_1_LAST
    phone.tap(phone.bid_chip(last_seat, last_bid))
    phone.save_bids()
    expect(page.locator(f"input[name='tricks-{ANN}']")).to_have_count(0)
    phone.tap(phone.tricks_chip(BOB, 1))  # Bob took the one trick: everyone else took none
    phone.expect_tricks(DEAL_1_TRICKS)
    phone.save_tricks(1)

    deal_1 = deal_points({**DEAL_1_EARLIER_BIDS, last_seat: last_bid}, DEAL_1_TRICKS)
    expect_dead_hand_deal_screen(phone, dealer=BOB, last_bidder=ANN)
    assert phone.strip() == dict(zip(PLAYERS, deal_1, strict=True))
    phone.tap_bids(DEAL_2_BIDS)
    expect(phone.bid_chip(ANN, 0)).to_have_class(re.compile(r"\bstruck\b"))
    expect(phone.bid_chip(ANN, 1)).not_to_have_class(re.compile(r"\bstruck\b"))
    phone.save_bids()
    phone.tap_tricks(DEAL_2_TRICKS)
    phone.save_tricks(2)
    phone.shoot_both("deal-3-for-seven")
    phone.open_sheet()
    phone.shoot("sheet-after-two-dead-hands")

    deal_2 = deal_points(DEAL_2_BIDS, DEAL_2_TRICKS)
    totals = [first + second for first, second in zip(deal_1, deal_2, strict=True)]
    phone.expect_row(1, [None, *deal_1[1:]])
    phone.expect_row(2, [totals[ANN], None, *totals[CY:]])
    standings = phone.standings()
    assert standings == dict(zip(PLAYERS, totals, strict=True))
    # Bob sat deal 2 out: his total on the standings is still the one deal 1 left him.
    expect(phone.cell(1, BOB).locator(".tot")).to_have_text(printed(standings["Bob"]))
    # Seven players fit a phone: the sheet shows totals only, every one of them without scrolling sideways.
    expect(page.locator("#compact")).to_be_checked()
    wrap = page.locator(".grid-wrap")
    assert wrap.evaluate("(node) => node.scrollWidth <= node.clientWidth")
    for total in page.locator("#deal-2 .tot").all():
        box = total.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    expect(page.locator("table.grid thead th[data-short]")).to_have_count(len(PLAYERS))
    phone.shoot_both("seven-players-totals-only")
    # The details are one tap away, and then the sheet scrolls sideways with the deal column kept.
    page.click("label:has(#compact)")
    assert wrap.evaluate("(node) => node.scrollWidth > node.clientWidth")
    expect(page.locator("#deal-2 .bt").first).to_be_visible()
