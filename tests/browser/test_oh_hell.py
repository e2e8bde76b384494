"""Oh Hell for four at the table, on one screen a deal: the hook struck and disabled with its reason,
bids tapped in any order, a refusal shown next to the player with every value kept, the last
tricks filled in, and three deals scored without a page load."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import ExactEntry, Game

from .conftest import DEAL_URL, Phone

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)

# Deal 1 (10 cards, Ann deals): Bob bids first, Ann last with the hook.
DEAL_1_BIDS = {BOB: 3, CY: 2, DEE: 4}
HOOKED_BID = 1  # 10 - (3 + 2 + 4): Ann, dealing and bidding last, may not bid it
ANN_LEGAL_BID = 2
DEAL_1_TRICKS = {BOB: 3, CY: 2, DEE: 4, ANN: 1}
HOOK_REASON = "Ann deals and may not bid 1: the bids would add up to 10, the number of cards"
# Deal 2: 9 cards, Bob deals. Deal 3: 8 cards, Cy deals.
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
def test_a_game_of_oh_hell_with_the_hook_struck_then_three_deals_scored_in_place(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    expect(page.locator("section.current")).to_contain_text("Deal 1 of 19")
    expect(page.locator("section.current .hook")).to_have_text(
        "⚠ Ann deals and bids last: the bids may not add up to 10"
    )
    phone.open_next_deal(1)
    loads = phone.loads
    expect(page.locator(".facts-line summary")).to_have_text("Ann deals 10 · turn for trump · hook")
    phone.tap_trump("H")
    phone.tap_bids(DEAL_1_BIDS)
    forbidden = phone.bid_chip(ANN, HOOKED_BID)
    expect(forbidden).to_have_class(re.compile(r"\bstruck\b"))
    expect(phone.bid_input(ANN, HOOKED_BID)).to_be_disabled()
    expect(page.locator("#reason-0")).to_have_text(HOOK_REASON)
    expect(page.locator(f"#reason-{BOB}")).to_be_hidden()
    expect(page.locator("label.chip.struck")).to_have_count(1)
    expect(page.locator("[data-summary]")).to_have_text("Bids 9 of 10 so far")
    phone.shoot_both("hook-struck-and-disabled")

    phone.tap(phone.bid_chip(ANN, ANN_LEGAL_BID))
    expect(page.locator("[data-summary]")).to_have_text("Bids 11 of 10 — over")
    expect(page.locator("label.chip.struck")).to_have_count(1)  # still struck, Ann chose another
    phone.save_bids()
    expect(page.locator("#who-t1 .tags")).to_have_text("bid 3")
    expect(page.locator("#who-t0 .tags")).to_have_text("bid 2")
    # Three players' tricks tapped: the fourth's are filled in, marked, and can be changed.
    phone.tap_tricks({BOB: 3, CY: 2, DEE: 4})
    expect(phone.tricks_input(ANN, 1)).to_be_checked()
    expect(page.locator(f".line[data-seat='{ANN}'][data-tricks-row]")).to_have_class(
        re.compile(r"\bfilled\b")
    )
    expect(page.locator("[data-tricks-left]")).to_have_text("0")
    phone.shoot_both("last-tricks-filled-in")
    phone.save_tricks(1)
    assert phone.strip() == {"Ann": 1, "Bob": 13, "Cy": 12, "Dee": 14}

    phone.play_deal(*DEAL_2, number=2)
    phone.play_deal(*DEAL_3, number=3)
    assert phone.loads == loads, "three deals entered without loading a page"
    expect(page).to_have_url(re.compile(r"/deals/4$"))
    phone.shoot_both("deal-4-with-the-standings")

    phone.open_sheet()
    expected = running_totals([({**DEAL_1_BIDS, ANN: ANN_LEGAL_BID}, DEAL_1_TRICKS), DEAL_2, DEAL_3])
    for number, totals in enumerate(expected, start=1):
        phone.expect_row(number, totals)
    expect(phone.cell(1, ANN)).to_have_class("missed")
    expect(phone.cell(1, ANN).locator(".bt")).to_contain_text("2/1")
    expect(phone.cell(1, BOB).locator(".pts")).to_have_text("+13")
    expect(page.locator("#deal-1 .deal-meta")).to_have_text("10 ♥ · Ann")
    final = expected[-1]
    assert phone.standings() == dict(zip(PLAYERS, final, strict=True))
    expect(page.locator("th.leader")).to_have_text(PLAYERS[final.index(max(final))])
    expect(page.locator("section.current")).to_contain_text("Deal 4 of 19")


@pytest.mark.browser
def test_bids_out_of_order_and_a_hook_refusal_shown_next_to_the_last_bidder_with_values_kept(
    phone: Phone,
) -> None:
    page = phone.page
    sheet_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    loads = phone.loads
    # The table called fast: Ann's 1 (she deals and bids last) was heard first, then Dee, Bob and Cy.
    phone.tap_bids({ANN: HOOKED_BID, DEE: 4, BOB: 3})
    expect(page.locator("label.chip.struck")).to_have_count(0)  # Cy has not bid: nothing is known yet
    expect(page.locator(f".line.due[data-seat='{CY}']")).to_have_count(1)  # Cy is the one missing
    phone.tap(phone.bid_chip(CY, 2))
    # The bids add up to the cards: the hook binds Ann, whoever was tapped last; her bid is struck.
    expect(page.locator("#reason-0")).to_have_text(HOOK_REASON)
    expect(phone.bid_chip(ANN, HOOKED_BID)).to_have_class(re.compile(r"\bstruck\b"))
    expect(phone.bid_input(ANN, HOOKED_BID)).to_be_checked()
    refusal = phone.save()
    assert refusal.status == 422
    assert refusal.json()["seat"] == ANN
    expect(page.locator("#reason-0")).to_have_text(HOOK_REASON)
    expect(page.locator("#entry-error")).to_be_hidden()
    for seat, bid in {ANN: HOOKED_BID, DEE: 4, BOB: 3, CY: 2}.items():
        expect(phone.bid_input(seat, bid)).to_be_checked()
    expect(page).to_have_url(DEAL_URL)
    phone.shoot_both("hook-refused-next-to-ann")
    # Nothing was stored: the sheet, seen from a second tab, still waits for deal 1's bids.
    second_tab = page.context.new_page()
    second_tab.goto(sheet_url)
    expect(second_tab.locator("section.current a.button.primary")).to_have_text("Enter deal 1")
    second_tab.close()

    phone.tap(phone.bid_chip(ANN, ANN_LEGAL_BID))
    expect(page.locator("#reason-0")).to_have_text(HOOK_REASON)  # the reason stays, for the struck 1
    phone.save_bids()
    assert phone.loads == loads


@pytest.mark.browser
def test_everyone_made_their_bid_in_one_tap_where_the_bids_add_up(phone: Phone) -> None:
    page = phone.page
    # A custom game without the hook, so that the bids may add up: five cards each, every deal.
    phone.open_new_game("custom-oh-hell")
    phone.type_names(PLAYERS[:3])
    phone.choose_first_dealer(ANN)
    phone.open_options()
    page.select_option("#option_shape", "fixed")
    page.select_option("#option_start_cards", "5")
    page.uncheck("#option_hook")
    page.click("button.primary")
    phone.expect_first_deal()
    bids = {BOB: 3, CY: 1, ANN: 1}
    phone.tap_bids(bids)
    phone.save_bids()
    everyone = page.locator("button[data-everyone]")
    expect(everyone).to_be_visible()
    phone.tap(everyone)
    phone.expect_tricks(bids)
    expect(page.locator(".line.filled")).to_have_count(0)  # chosen by the player, not guessed
    phone.shoot("everyone-made-their-bid")
    phone.save_tricks(1)
    game = Game.start(
        "custom-oh-hell", PLAYERS[:3], options={"shape": "fixed", "start_cards": 5, "hook": False}
    ).record(ExactEntry(number=1, bids=(1, 3, 1), tricks=(1, 3, 1)))
    assert phone.strip() == dict(zip(PLAYERS, game.state.totals, strict=False))
