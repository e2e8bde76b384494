"""Every page, as a phone shows it, passes axe-core with no violation in light and dark mode, and every
button, chip and switch is at least 44 px a side (tests/browser/conftest.py: check_accessibility)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone, check_accessibility

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
ANN, BOB, CY, DEE = range(4)


@pytest.mark.browser
def test_the_pages_around_a_game_are_accessible(phone: Phone) -> None:
    page = phone.page
    for url in (
        "/",
        "/games",
        "/rules",
        "/rules/oh-hell",
        "/referee",
        "/sheets/blank",
        "/sheets/blank/oh-hell",
        "/games/import",
        "/offline",
        "/nowhere",
    ):
        page.goto(url)
        check_accessibility(page, url)
    phone.open_new_game("oh-hell")
    page.click("button.primary")  # no names: refused, with the reason
    expect(page.locator(".error")).to_be_visible()
    check_accessibility(page, "a refused new game")

    game_url = phone.start_game("oh-hell", PLAYERS, first_dealer=ANN)
    check_accessibility(page, "the sheet before the first deal")
    phone.open_next_deal(1)
    check_accessibility(page, "the bids")
    phone.tap_bids({BOB: 3, CY: 2, DEE: 4})  # the hook strikes Ann's 1
    check_accessibility(page, "the bids, the hook struck")
    phone.tap_bids({ANN: 2})
    phone.save_bids()
    check_accessibility(page, "the tricks")
    phone.tap_tricks({BOB: 3, CY: 2, DEE: 3})
    phone.save_tricks(1)
    check_accessibility(page, "the next deal, with the standings")
    game_id = game_url.rsplit("/", 1)[1]
    for url in (
        f"/games/{game_id}",
        f"/games/{game_id}/live",
        f"/games/{game_id}/rules",
        f"/games/{game_id}/deals/1/explain",
        f"/games/{game_id}/deals/2/trick",
        f"/games/{game_id}/hand-over",
        f"/games/{game_id}/abandon",
        f"/games/{game_id}/deals/1",
    ):
        page.goto(url)
        check_accessibility(page, url)


@pytest.mark.browser
@pytest.mark.parametrize(
    ("code", "players"),
    [
        ("classic-whist", PLAYERS),
        ("german-whist", ["Ann", "Bob"]),
        ("bid-whist", PLAYERS),
        ("oneonta", ["Ann", "Bob", "Cy"]),
        ("oneonta-solitaire", ["Ann"]),
        ("romanian-whist", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]),
    ],
)
def test_every_family_s_screens_are_accessible(phone: Phone, code: str, players: list[str]) -> None:
    phone.open_new_game(code)
    check_accessibility(phone.page, f"the new game of {code}")
    phone.start_game(code, players, first_dealer=0)
    check_accessibility(phone.page, f"the sheet of {code}")
    phone.page.click("section.current a.button.primary")
    phone.page.wait_for_load_state("load")
    check_accessibility(phone.page, f"the first deal of {code}")
