"""Correcting an earlier deal from a tap on its row re-scores what follows; Undo puts the
correction back, Redo makes it again, both at the top of the sheet with no page to confirm. A deal
played before a player arrived is corrected with the players who played it, and tricks that do not
add up say so where the phone shows them, in red beside the Save they hold back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import DEAL_URL, SHEET_URL, Phone, printed
from .test_table_events import confirm, open_event

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)

# Oh Hell, common scoring. Deal 1: 10 cards, Ann deals. Deal 2: 9 cards, Bob deals.
DEAL_1_BIDS = {BOB: 3, CY: 2, DEE: 4, ANN: 2}
DEAL_1_TRICKS = {BOB: 3, CY: 2, DEE: 4, ANN: 1}
DEAL_1_CORRECTED = {BOB: 2, CY: 2, DEE: 4, ANN: 2}  # Bob's third trick was really Ann's
DEAL_2_BIDS = {CY: 1, DEE: 2, ANN: 3, BOB: 0}
DEAL_2_TRICKS = {CY: 1, DEE: 3, ANN: 3, BOB: 2}


def common_points(bids: dict[int, int], tricks: dict[int, int]) -> list[int]:
    """Each seat's points for a deal: 1 a trick, and 10 more for an exact bid."""
    return [tricks[seat] + (10 if tricks[seat] == bids[seat] else 0) for seat in range(len(PLAYERS))]


def add(first: list[int], second: list[int]) -> list[int]:
    return [a + b for a, b in zip(first, second, strict=True)]


@pytest.mark.browser
def test_correcting_deal_one_rescores_deal_two_then_undo_and_redo_the_correction(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    phone.play_deal(DEAL_2_BIDS, DEAL_2_TRICKS, number=2)
    phone.open_sheet()
    deal_2 = common_points(DEAL_2_BIDS, DEAL_2_TRICKS)
    as_entered = common_points(DEAL_1_BIDS, DEAL_1_TRICKS)
    phone.expect_row(2, add(as_entered, deal_2))
    expect(page.locator("#deal-1 .deal-col a")).to_have_attribute("aria-label", "Correct deal 1")
    expect(page.locator("tr#deal-1")).to_have_class(re.compile(r"\btappable\b"))
    phone.shoot_both("sheet-rows-to-tap")

    # A tap anywhere on the row that is not a link opens the deal for correcting.
    page.locator(f"#deal-1 td >> nth={CY}").locator(".tot").click()
    expect(page).to_have_url(DEAL_URL)
    expect(page.locator("h1")).to_have_text("Deal 1 of 19")
    expect(page.locator("button[data-primary]")).to_have_text("Save the correction")
    for seat in range(len(PLAYERS)):
        expect(phone.bid_input(seat, DEAL_1_BIDS[seat])).to_be_checked()
        expect(phone.tricks_input(seat, DEAL_1_TRICKS[seat])).to_be_checked()
    phone.tricks_chip(BOB, DEAL_1_CORRECTED[BOB]).click()
    expect(page.locator("[data-tricks-left]")).to_have_text("1")
    phone.tricks_chip(ANN, DEAL_1_CORRECTED[ANN]).click()
    expect(page.locator("[data-tricks-left]")).to_have_text("0")
    phone.shoot("correcting-deal-1")
    with page.expect_navigation():
        page.click("button[data-primary]")
    expect(page).to_have_url(re.compile(r"#deal-1$"))
    expect(page.locator(".flash")).to_have_text("Deal 1 corrected.")

    corrected = common_points(DEAL_1_BIDS, DEAL_1_CORRECTED)
    assert corrected != as_entered
    phone.expect_row(1, corrected)
    phone.expect_row(2, add(corrected, deal_2))
    expect(phone.cell(1, ANN)).to_have_class("made")
    expect(phone.cell(1, BOB)).to_have_class("missed")
    assert phone.standings() == dict(zip(PLAYERS, add(corrected, deal_2), strict=True))

    # Undo, at the top of the sheet, puts the correction back; nothing to confirm, Redo is there.
    undo = page.locator("button[data-undo]")
    expect(undo).to_have_attribute("aria-label", "Undo the correction of deal 1")
    undo.click()
    expect(page).to_have_url(SHEET_URL)
    expect(page.locator(".flash")).to_have_text("The correction of deal 1 is taken back.")
    phone.expect_row(1, as_entered)
    phone.expect_row(2, add(as_entered, deal_2))
    redo = page.locator("button[data-redo]")
    expect(redo).to_have_attribute("aria-label", "Redo the change to deal 1")
    phone.shoot("sheet-after-undo")
    redo.click()
    expect(page.locator(".flash")).to_have_text("Deal 1 entered again.")
    phone.expect_row(1, corrected)
    expect(page.locator("button[data-redo]")).to_be_disabled()
    assert phone.standings() == dict(zip(PLAYERS, add(corrected, deal_2), strict=True))


# Whether a message can be read where it is: on the screen, and not under anything drawn over it
# (the sticky Save bar above all), at its middle and at both ends of its first line.
READABLE = """(node) => {
  const box = node.getBoundingClientRect();
  const off = box.height === 0 || box.top < 0 || box.bottom > innerHeight;
  if (off) return `off the screen: ${box.top}–${box.bottom}`;
  for (const x of [box.left + 4, (box.left + box.right) / 2, box.right - 4]) {
    for (const y of [box.top + 4, (box.top + box.bottom) / 2, box.bottom - 4]) {
      const top = document.elementFromPoint(x, y);
      const under = top !== null && top !== node && !node.contains(top);
      if (under) return `covered by ${top.outerHTML.slice(0, 60)}`;
    }
  }
  return "readable";
}"""


@pytest.mark.browser
def test_a_refused_correction_after_an_arrival_says_why_where_the_thumb_is(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    phone.open_next_deal(1)
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    phone.play_deal(DEAL_2_BIDS, DEAL_2_TRICKS, number=2)
    # Elena arrives after deal 2: deal 1 was played by four, and is corrected as a four-player deal.
    open_event(phone, "arrival")
    page.fill("input[name=name]", "Elena")
    phone.tap("button[value=check]", in_reach=False)
    confirm(phone, "Elena joins after deal 2")
    phone.open_sheet()
    page.locator("#deal-1 .deal-col a").click()
    expect(page.locator("h1")).to_have_text("Deal 1 of 19")
    bid_rows = page.locator("form[data-save] .rows").first.locator(".line[data-seat]")
    expect(bid_rows).to_have_count(len(PLAYERS))
    expect(page.locator("form[data-save]")).not_to_contain_text("Elena")

    # Bob's third trick is taken away and given to no one: ten cards make nine tricks. The count says so in
    # red beside Save, where it can be read wherever the thumb left the page, and Save stays off.
    phone.tap(phone.tricks_chip(BOB, 2), in_reach=False)
    message = page.locator("form[data-save] [data-tally].wrong [data-tally-wrong]")
    expect(message).to_have_text("9 tricks entered, 10 played")
    expect(message).to_be_visible()
    assert page.locator("form[data-save] [data-tally]").evaluate(READABLE) == "readable"
    expect(page.locator("button[data-primary]")).to_be_in_viewport()
    expect(page.locator("button[data-primary]")).to_be_disabled()
    phone.shoot("refused-correction")

    # Given to Ann instead, it saves: back to deal 1's row, re-scored.
    phone.tap(phone.tricks_chip(ANN, DEAL_1_CORRECTED[ANN]), in_reach=False)
    with page.expect_navigation():
        page.click("button[data-primary]")
    expect(page).to_have_url(re.compile(r"#deal-1$"))
    expect(page.locator(".flash")).to_have_text("Deal 1 corrected.")
    for seat, total in enumerate(common_points(DEAL_1_BIDS, DEAL_1_CORRECTED)):
        expect(phone.cell(1, seat).locator(".tot")).to_have_text(printed(total))
    expect(phone.cell(1, len(PLAYERS))).to_have_attribute("aria-label", "not yet at the table")
