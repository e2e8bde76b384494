"""Classic Whist through the pages: one side's tricks and honours, the sheet by team, the rubber."""

from __future__ import annotations

import html
import re

from tests.web.conftest import Driver, error_text

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def standings(page: str) -> dict[str, int]:
    """The standings list of a sheet page: side name → total."""
    block = page[
        page.index('<ol class="standings">') : page.index("</ol>", page.index('<ol class="standings">'))
    ]
    rows = re.findall(r"<span>(.*?)</span><strong>([-−]?\d+)</strong>", block)
    # The sheet prints a negative total with a real minus sign ("−5").
    return {html.unescape(name): int(total.replace("−", "-")) for name, total in rows}


def row_text(page: str, number: int) -> str:
    """The text of one deal's row on the sheet, without markup."""
    start = page.index(">", page.index(f'id="deal-{number}"')) + 1
    row = page[start : page.index("</tr>", start)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split())


def page_text(page: str) -> str:
    """A whole page's text without markup."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def checked(page: str, name: str) -> list[str]:
    """The values of the checked radios called ``name``."""
    return re.findall(rf'name="{name}" value="([^"]*)"[^>]*\bchecked\b', page)


def test_a_game_to_five_with_honours_scores_tricks_before_honours(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS, options={"honours": True})
    entry = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert "Ann &amp; Cy" in entry and "Bob &amp; Dee" in entry
    assert 'name="honours" value="4"' in entry and 'name="tricks" value="13"' in entry
    assert 'name="trump" value="S"' in entry

    assert driver.post_deal(game, 1, {"side": 0, "tricks": 8, "honours": 2, "trump": "H"}).status_code == 302
    assert driver.post_deal(game, 2, {"side": 1, "tricks": 8, "honours": 1}).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann & Cy": 4, "Bob & Dee": 2}
    assert "5 tricks · 3 hon. +2 (honours +2) 4" in row_text(sheet, 2)

    # Ann & Cy reach 5 on tricks: their opponents' four honours are not scored.
    assert driver.post_deal(game, 3, {"side": 0, "tricks": 7, "honours": 0}).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann & Cy": 5, "Bob & Dee": 2}
    text = page_text(sheet)
    assert "Ann and Cy reached 5 on tricks: honours are not scored" in text
    assert "★ Ann & Cy win" in text and "Ann & Cy win 5–2" in text
    assert driver.client.get(f"/games/{game}/deals/4").status_code == 409
    assert driver.stored(game) == [
        {"tricks": 8, "honours": 2, "trump": "H"},
        {"tricks": 8, "honours": 1, "side": 1},
        {"tricks": 7, "honours": 0},
    ]


def test_a_refused_deal_keeps_the_values_and_stores_nothing(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS, options={"honours": True})
    refused = driver.post_deal(game, 1, {"side": 1, "tricks": 9})
    assert refused.status_code == 422
    assert error_text(refused) == "Enter how many trump honours (A, K, Q, J) Bob and Dee were dealt"
    page = refused.get_data(as_text=True)
    assert checked(page, "side") == ["1"] and checked(page, "tricks") == ["9"]

    refused = driver.post_deal(game, 1, {"side": 0, "tricks": "eight", "honours": 3, "trump": "D"})
    assert refused.status_code == 422
    assert error_text(refused) == "The tricks must be a whole number, not 'eight'"
    page = refused.get_data(as_text=True)
    assert checked(page, "honours") == ["3"] and checked(page, "trump") == ["D"]
    assert driver.stored(game) == []


def test_without_honours_only_the_tricks_are_asked(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS)
    entry = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert 'name="honours"' not in entry
    refused = driver.post_deal(game, 1, {"tricks": 14})
    assert refused.status_code == 422
    assert error_text(refused) == "Ann and Cy took 14 tricks, but a deal has 13: enter 0 to 13"
    assert driver.post_deal(game, 1, {"side": 1, "tricks": 6}).status_code == 302
    assert standings(driver.sheet(game)) == {"Ann & Cy": 1, "Bob & Dee": 0}


def test_a_correction_rescores_the_later_deals(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS, options={"play_to": 7})
    for number, tricks in enumerate([8, 9, 4], start=1):
        assert driver.post_deal(game, number, {"tricks": tricks}).status_code == 302
    assert standings(driver.sheet(game)) == {"Ann & Cy": 5, "Bob & Dee": 3}
    correction = driver.client.get(f"/games/{game}/deals/1").get_data(as_text=True)
    assert checked(correction, "tricks") == ["8"] and "Save the correction" in correction

    assert driver.post_deal(game, 1, {"tricks": 5}).status_code == 302
    sheet = driver.sheet(game)
    assert standings(sheet) == {"Ann & Cy": 3, "Bob & Dee": 5}
    assert row_text(sheet, 3) == "3 Cy 4 tricks — 3 9 tricks +3 5"
    assert driver.stored(game)[0] == {"tricks": 5}


def test_the_rubber_shows_each_game_and_the_standing_between_games(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS, options={"rubber": True})
    for number, tricks in enumerate([5, 13, 8], start=1):
        assert driver.post_deal(game, number, {"tricks": tricks}).status_code == 302
    sheet = driver.sheet(game)
    text = page_text(sheet)
    assert "Game 1" in text and "Game 2" in text
    assert "Ann & Cy win game 1 7–2." in text
    assert "Rubber: games won Ann and Cy 1, Bob and Dee 0; game points 2–0." in text
    assert row_text(sheet, 3) == "3 Cy 8 tricks +2 2 5 tricks — 0"
    assert standings(sheet) == {"Ann & Cy": 2, "Bob & Dee": 0}


def test_the_live_check_shows_the_other_side_and_the_score(driver: Driver) -> None:
    game = driver.start("classic-whist", PLAYERS, options={"honours": True})
    url = f"/games/{game}/deals/1/check"
    token_from = f"/games/{game}/deals/1"
    result = driver.post(url, {"side": "0", "tricks": "9", "honours": "1"}, token_from=token_from).get_json()
    assert result["error"] is None
    assert result["summary"] == "Bob & Dee took 4 and hold 3 honours · Ann & Cy +3, Bob & Dee +2 · game 3–2"
    result = driver.post(url, {"side": "0", "tricks": "9"}, token_from=token_from).get_json()
    assert result["error"] == "Enter how many trump honours (A, K, Q, J) Ann and Cy were dealt"
    assert result["summary"] == "Not scored yet: the deal is incomplete"
