"""Bid Whist through the pages: the auction call by call, the declaration, the tricks, the sheet."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Driver, error_text
from tests.web.test_whist_pages import checked, page_text, row_text, standings

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
# The new-game form posts an unticked box as off, so the defaults that are on are ticked here.
TABLE = {"low_beats_high": True, "bidder_gets_kitty": True}


def hand(*calls: str, declaration: str | None = None, tricks: int | None = None) -> dict[str, Any]:
    """The form fields of a hand: the calls in order, then the declaration and tricks if given."""
    fields: dict[str, Any] = {f"call-{position}": call for position, call in enumerate(calls)}
    if declaration is not None:
        fields["declaration"] = declaration
    if tricks is not None:
        fields["tricks"] = tricks
    return fields


def test_a_game_to_seven_call_by_call_with_a_forced_dealer_and_a_refused_call(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    text = page_text(page)
    assert "The kitty has 6 cards and counts as the bidders' first book" in text
    assert "The high bidder takes the kitty and discards 6 cards" in text
    assert "Save Bob's call" in text

    # Without JavaScript the calls are saved one at a time; the hand stays open in between.
    for made in range(1, 4):
        response = driver.post_deal(game, 1, hand(*["pass"] * made))
        assert response.status_code == 302
        assert response.headers["Location"].endswith(f"/games/{game}/deals/1")
    assert driver.stored(game) == [{"auction": ["pass", "pass", "pass"]}]
    assert row_text(driver.sheet(game), 1) == "1 Ann bidding: pass, pass, pass · ·"
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    forced = "Everyone passed to Ann, the dealer, who must bid at least 3"
    assert "Save Ann's call" in page and forced in page
    assert 'class="chip call struck" title="' + forced in page

    refused = driver.post_deal(game, 1, hand("pass", "pass", "pass", "pass"))
    assert refused.status_code == 422 and error_text(refused) == forced
    assert driver.stored(game) == [{"auction": ["pass", "pass", "pass"]}]

    assert driver.post_deal(game, 1, hand("pass", "pass", "pass", "3 uptown")).status_code == 302
    page = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert "Ann bid 3 ↑ (forced): Ann &amp; Cy need 9 books (in play: 8)" in page
    assert 'data-declaration="S" >' in page and 'data-declaration="uptown" hidden' in page
    made = driver.post_deal(game, 1, hand("pass", "pass", "pass", "3 uptown", declaration="S", tricks=9))
    assert made.status_code == 302
    sheet = driver.sheet(game)
    assert row_text(sheet, 1) == "1 Ann 3 ↑ ♠ by Ann & Cy (forced) 10 of 9 books ✓ made +4 4 — 0"

    # Hand 2, all at once: Bob deals, Cy calls first; a no-trump bid that is set.
    assert (
        driver.post_deal(
            game, 2, hand("pass", "4 downtown", "4 NT", "pass", declaration="uptown", tricks=8)
        ).status_code
        == 302
    )
    # Hand 3: a refused call first, then Dee makes five uptown in clubs.
    refused = driver.post_deal(game, 3, hand("3 downtown", "3 uptown"))
    assert refused.status_code == 422
    assert error_text(refused) == "3 uptown does not beat 3 downtown: bid higher or pass"
    page = refused.get_data(as_text=True)
    assert checked(page, "call-0") == ["3 downtown"] and checked(page, "call-1") == ["3 uptown"]
    assert 'title="3 uptown does not beat 3 downtown: bid higher or pass">' in page
    assert len(driver.stored(game)) == 2
    assert (
        driver.post_deal(
            game, 3, hand("5 uptown", "pass", "pass", "pass", declaration="C", tricks=11)
        ).status_code
        == 302
    )
    sheet = driver.sheet(game)
    assert row_text(sheet, 2) == "2 Bob 4 NT ↑ by Ann & Cy 9 of 10 books ✗ set −4 0 — 0"
    assert row_text(sheet, 3) == "3 Cy 5 ↑ ♣ by Bob & Dee 12 of 11 books ✓ made — 0 +6 6"
    assert standings(sheet) == {"Bob & Dee": 6, "Ann & Cy": 0}

    assert (
        driver.post_deal(
            game, 4, hand("pass", "3 downtown", "pass", "pass", declaration="D", tricks=8)
        ).status_code
        == 302
    )
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Bob & Dee": 9, "Ann & Cy": 0}
    text = page_text(sheet)
    assert "★ Bob & Dee win" in text and "Bob and Dee reached 9: Bob and Dee win 9 to 0" in text
    assert driver.client.get(f"/games/{game}/deals/5").status_code == 409


def test_the_declaration_must_suit_the_bid(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    refused = driver.post_deal(game, 1, hand("4 NT", "pass", "pass", "pass", declaration="S", tricks=9))
    assert refused.status_code == 422
    assert error_text(refused) == "Bob bid 4 no trump: say uptown or downtown, not a trump suit"
    page = refused.get_data(as_text=True)
    assert checked(page, "tricks") == ["9"] and checked(page, "call-0") == ["4 NT"]
    assert driver.stored(game) == []

    # The declaration alone keeps the hand open until the tricks are in.
    assert (
        driver.post_deal(game, 1, hand("4 NT", "pass", "pass", "pass", declaration="downtown")).status_code
        == 302
    )
    sheet = driver.sheet(game)
    assert row_text(sheet, 1) == "1 Ann 4 NT ↓ by Bob & Dee playing · ·"


def test_the_table_options_reach_the_reminders(driver: Driver) -> None:
    options = {**TABLE, "jokers": 0, "sport_the_kitty": "always", "bidder_leads": True}
    game = driver.start("bid-whist", PLAYERS, options=options)
    text = page_text(driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True))
    assert "The kitty has 4 cards" in text
    assert "Show the kitty to everyone" in text and "The high bidder leads" in text


def test_a_correction_rescores_the_later_hands(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    assert (
        driver.post_deal(
            game, 1, hand("4 uptown", "pass", "pass", "pass", declaration="H", tricks=10)
        ).status_code
        == 302
    )
    assert (
        driver.post_deal(
            game, 2, hand("pass", "pass", "5 downtown", "pass", declaration="S", tricks=9)
        ).status_code
        == 302
    )
    assert standings(driver.sheet(game)) == {"Bob & Dee": 5, "Ann & Cy": -5}

    correction = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert "Save the correction" in correction and checked(correction, "tricks") == ["10"]
    assert '<section class="play stack" data-play  aria-label' in correction
    assert "Bob bid 4 ↑: Bob &amp; Dee need 10 books (in play: 9)" not in correction
    assert "11 books of 10: made · Bob &amp; Dee +5 · totals Ann &amp; Cy 0, Bob &amp; Dee 5" in correction
    assert (
        driver.post_deal(
            game, 1, hand("4 uptown", "pass", "pass", "pass", declaration="H", tricks=7)
        ).status_code
        == 302
    )
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Bob & Dee": -4, "Ann & Cy": -5}
    assert row_text(sheet, 2).endswith("set −5 −5 — −4")
    assert driver.stored(game)[0]["tricks"] == 7


def test_the_live_check_follows_the_auction(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    url, token_from = f"/games/{game}/deals/1/check", f"/games/{game}/deals/1"
    result = driver.post(url, hand("pass", "pass", "pass"), token_from=token_from).get_json()
    assert result["due"] == 3 and result["due_name"] == "Ann" and result["won"] is False
    assert {
        "position": 3,
        "value": "pass",
        "reason": "Everyone passed to Ann, the dealer, who must bid at least 3",
    } in (result["struck"])
    result = driver.post(url, hand("5 NT", "pass", "pass", "pass"), token_from=token_from).get_json()
    assert result["won"] is True and result["due"] is None
    assert result["declarations"] == ["uptown", "downtown"]
    assert result["summary"] == "Bob bid 5 NT: Bob & Dee need 11 books (in play: 10)"
    result = driver.post(
        url, hand("5 NT", "pass", "pass", "pass", declaration="uptown", tricks=11), token_from=token_from
    ).get_json()
    assert result["error"] is None
    assert result["summary"] == "12 books of 11: made · Bob & Dee +6 · totals Ann & Cy 0, Bob & Dee 6"


def test_a_refused_call_stops_the_auction_at_its_caller(driver: Driver) -> None:
    game = driver.start("bid-whist", PLAYERS, options=TABLE)
    url, token_from = f"/games/{game}/deals/1/check", f"/games/{game}/deals/1"
    result = driver.post(url, hand("3 downtown", "3 uptown"), token_from=token_from).get_json()
    assert result["error"] == "3 uptown does not beat 3 downtown: bid higher or pass"
    assert result["due"] == 1 and result["due_name"] == "Cy"
    assert result["summary"] == "Cy must change that call"
    # Dee has not called: her choices are not judged against Cy's refused call.
    assert not [item for item in result["struck"] if item["position"] == 2]
    page = driver.post(f"/games/{game}/deals/1", hand("3 downtown", "3 uptown"), token_from=token_from)
    assert page.status_code == 422 and "Save Cy" in page.get_data(as_text=True)
    assert driver.stored(game) == []
