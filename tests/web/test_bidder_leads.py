"""Bid Whist with ``bidder_leads``: the page, the API and the rules page agree on who leads (RULES.md §6)."""

from __future__ import annotations

from tests.web.conftest import Driver
from tests.web.test_bid_whist_pages import PLAYERS, TABLE, hand
from tests.web.test_whist_pages import page_text


def test_the_auctions_winner_leads_everywhere(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options={**TABLE, "bidder_leads": True})
    before = page_text(driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True))
    assert "The high bidder leads" in before and "Bob leads" not in before

    # Ann deals; Bob passes, Cy (seat 2) bids 4 uptown, Dee and Ann pass: Cy leads.
    assert driver.post_deal(game, 1, hand("pass", "4 uptown", "pass", "pass")).status_code == 302
    page = page_text(driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True))
    assert "Cy leads, as the high bidder" in page and "Bob leads" not in page
    state = driver.client.get(f"/api/v1/games/{game}").get_json()
    assert state["deals"][0]["leader"] == 2 and state["next"]["leader"] == 2

    played = driver.post_deal(game, 1, hand("pass", "4 uptown", "pass", "pass", declaration="H", tricks=9))
    assert played.status_code == 302
    state = driver.client.get(f"/api/v1/games/{game}").get_json()
    assert state["deals"][0]["leader"] == 2 and state["deals"][0]["points"] == [4, 0]
    rules = page_text(driver.client.get(f"/games/{game}/rules").get_data(as_text=True))
    assert "The high bidder leads" in rules


def test_without_the_option_the_player_left_of_the_dealer_leads(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    assert driver.post_deal(game, 1, hand("pass", "4 uptown", "pass", "pass")).status_code == 302
    page = page_text(driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True))
    assert "Bob leads" in page and "high bidder leads" not in page
    assert driver.client.get(f"/api/v1/games/{game}").get_json()["deals"][0]["leader"] == 1
