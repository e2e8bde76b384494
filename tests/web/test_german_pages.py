"""German Whist through the pages: one player's counted tricks, the sheet per player, the target."""

from __future__ import annotations

from tests.web.conftest import Driver, error_text
from tests.web.test_whist_pages import checked, page_text, row_text, standings

PLAYERS = ["Ann", "Bob"]


def test_a_game_to_the_target_with_an_extension(driver: Driver) -> None:
    game = driver.start("german-whist", PLAYERS, options={"target": 25})
    entry = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert 'name="tricks" value="13"' in entry and 'name="tricks" value="14"' not in entry
    assert "Only the 13 tricks of stage two count" in entry

    hands = [{"tricks": 7}, {"tricks": 7, "side": 1}, {"tricks": 6}, {"tricks": 7, "side": 1}]
    for number, fields in enumerate(hands, start=1):
        assert driver.post_deal(game, number, fields).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann": 25, "Bob": 27}
    assert "Both reached 25: the target is now 35." in page_text(sheet)
    assert "The first player to 35 wins" in page_text(sheet)
    assert row_text(sheet, 4) == "4 Bob 6 tricks +6 25 7 tricks ✓ +7 27"

    assert driver.post_deal(game, 5, {"tricks": 10, "trump": "C"}).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann": 35, "Bob": 30}
    assert "★ Ann wins" in page_text(sheet) and "Ann wins 35 to 30" in page_text(sheet)
    assert row_text(sheet, 5).startswith("5 ♣ Ann 10 tricks ✓ +10 35")
    assert driver.client.get(f"/games/{game}/deals/6").status_code == 409


def test_all_tricks_count_a_drawn_hand_and_a_refusal(driver: Driver) -> None:
    game = driver.start("german-whist", PLAYERS, options={"count_all_tricks": True, "scoring": "difference"})
    entry = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert 'name="tricks" value="26"' in entry and "of 26" in entry

    refused = driver.post_deal(game, 1, {"tricks": 27, "side": 1, "trump": "H"})
    assert refused.status_code == 422
    assert error_text(refused) == "Bob took 27 tricks, but all 26 tricks count: enter 0 to 26"
    page = refused.get_data(as_text=True)
    assert checked(page, "side") == ["1"] and checked(page, "trump") == ["H"]
    assert driver.stored(game) == []

    assert driver.post_deal(game, 1, {"tricks": 13}).status_code == 302
    assert driver.post_deal(game, 2, {"tricks": 16, "side": 1}).status_code == 302
    sheet = driver.sheet(game)
    assert "A drawn hand." in page_text(sheet)
    assert row_text(sheet, 2) == "2 Bob 10 tricks 0 0 16 tricks ✓ +6 6"
    assert standings(sheet) == {"Bob": 6, "Ann": 0}


def test_a_correction_rescores_the_later_hands(driver: Driver) -> None:
    game = driver.start("german-whist", PLAYERS)
    for number, tricks in enumerate([9, 4, 7], start=1):
        assert driver.post_deal(game, number, {"tricks": tricks}).status_code == 302
    assert standings(driver.sheet(game)) == {"Ann": 20, "Bob": 19}
    assert driver.post_deal(game, 2, {"tricks": 12}).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann": 28, "Bob": 11}
    assert row_text(sheet, 3) == "3 Ann 7 tricks ✓ +7 28 6 tricks +6 11"
    assert driver.stored(game)[1] == {"tricks": 12}


def test_the_live_check_shows_the_other_player_and_the_hand(driver: Driver) -> None:
    game = driver.start("german-whist", PLAYERS)
    result = driver.post(
        f"/games/{game}/deals/1/check", {"side": "1", "tricks": "8"}, token_from=f"/games/{game}/deals/1"
    ).get_json()
    assert result["error"] is None
    assert result["summary"] == "Ann took 5 · Bob wins the hand · Ann +5, Bob +8 · 5–8, playing to 50"
