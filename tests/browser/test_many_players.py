"""Five, six and seven players fit a 390 px phone (issue 27): every bid up to 8 in reach for six players
without a sideways row, the sheet's six columns without a sideways scroll, names whole where there is room,
and Bid Whist's books 10 to 13 and its made-or-set line never under the sticky Save."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import REACHABLE, Phone
from .test_bid_whist import call_chip, tap_call
from .test_events_in_place import DEAL_1_BIDS, DEAL_1_TRICKS

SIX = ["Anastasia", "Bogdan", "Cristina", "Dumitru", "Elena", "Florin"]
FOUR = ["Anastasia", "Bogdan", "Cristina", "Dumitru"]
WHOLE = "(node) => node.scrollWidth <= node.clientWidth + 1"


@pytest.mark.browser
def test_six_players_reach_every_bid_and_see_every_column(phone: Phone) -> None:
    page = phone.page
    phone.start_game("oh-hell", SIX, first_dealer=0)
    phone.open_next_deal(1)
    expect(page.locator(".screen-top h1")).to_contain_text("Deal 1")
    cards = int(page.locator("input[name='bid-1']").last.get_attribute("value") or "0")
    assert cards == 8  # six players share 48 cards: deal 1 has 8 each, bids 0 to 8
    for seat in range(6):
        for value in range(cards + 1):
            chip = phone.bid_chip(seat, value)
            assert chip.evaluate(REACHABLE) or _below_the_fold_only(chip), (seat, value)
    # Each bid is tapped where it is, with no sideways swipe: Bogdan 8, the others 0, the dealer 1.
    bids = {1: 8, 2: 0, 3: 0, 4: 0, 5: 0, 0: 1}
    for seat, value in bids.items():
        chip = phone.bid_chip(seat, value)
        chip.scroll_into_view_if_needed()
        assert chip.evaluate(REACHABLE), (seat, value)
        phone.tap(chip)
    phone.shoot("six-players-bids")
    phone.save_bids()
    tricks = {1: 8, 2: 0, 3: 0, 4: 0, 5: 0, 0: 0}
    phone.tap(phone.tricks_chip(1, 8), in_reach=False)
    phone.expect_tricks(tricks)
    phone.save_tricks(1)

    # The sheet: six columns on the phone's width, nothing to swipe sideways; the names not cut.
    phone.open_sheet()
    grid = page.locator(".sheet-view .grid-wrap")
    expect(grid).to_be_visible()
    assert grid.evaluate(WHOLE), "the sheet scrolls sideways"
    phone.shoot("six-players-sheet")


def _below_the_fold_only(chip) -> bool:  # type: ignore[no-untyped-def]
    """A chip only below the screen's foot (reached by the page's own scroll), never hidden in its row."""
    return bool(
        chip.evaluate(
            """(node) => {
              const box = node.getBoundingClientRect();
              if (box.left < 0 || box.right > innerWidth) return false;
              for (let up = node.parentElement; up; up = up.parentElement) {
                const style = getComputedStyle(up);
                if (/(auto|scroll|hidden)/.test(style.overflowX)) {
                  const clip = up.getBoundingClientRect();
                  if (box.left < clip.left - 1 || box.right > clip.right + 1) return false;
                }
              }
              return true;
            }"""
        )
    )


@pytest.mark.browser
def test_bid_whists_thirteen_books_and_its_verdict_are_above_the_save_bar(phone: Phone) -> None:
    page = phone.page
    phone.start_game("bid-whist", ["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    phone.open_next_deal(1, word="Hand")
    tap_call(phone, 0, "4 downtown", said="4 ↓")
    for position in (1, 2, 3):
        call_chip(phone, position, "pass").click()
        phone.settle()
    play = page.locator("[data-play]")
    expect(play).to_be_visible()
    play.locator("label[data-declaration='H']").click()
    chips = play.locator("label.chip.books")
    most = chips.count() - 1
    assert most >= 12
    for tricks in range(most - 3, most + 1):  # the last four: 10 to 13 books with the kitty's
        chip = play.locator(f"label.chip.books:has(input[name=tricks][value='{tricks}'])")
        chip.scroll_into_view_if_needed()
        assert chip.evaluate(REACHABLE), tricks
    phone.tap(play.locator(f"label.chip.books:has(input[name=tricks][value='{most}'])"), in_reach=False)
    verdict = page.locator("[data-summary]")
    expect(verdict).to_contain_text("made")
    assert verdict.evaluate(REACHABLE) or verdict.evaluate(
        "(node) => { const b = node.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }"
    )
    phone.shoot("bid-whist-thirteen")


@pytest.mark.browser
def test_four_long_names_are_whole_in_the_standings_and_beside_their_bids(phone: Phone) -> None:
    """Nine cards: bids 0 to 9 on two lines of five leave the names' column room for "Anastasia"."""
    page = phone.page
    phone.start_game("oh-hell", FOUR, first_dealer=0)
    phone.open_next_deal(1)
    phone.play_deal(DEAL_1_BIDS, DEAL_1_TRICKS, number=1)
    for names in (
        page.locator(".strip-name"),
        page.locator("form[data-save] .rows .line .name, form[data-save] .rows .line a.who-menu"),
    ):
        assert names.count() >= 4
        for index in range(names.count()):
            assert names.nth(index).evaluate(WHOLE), names.nth(index).inner_text()
    phone.shoot("four-long-names")
