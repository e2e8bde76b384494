"""The big screen of a game: reached from ☰ by its link and QR, following the game by its ETag (an
unchanged game answers 304 before any replay), with who can still win and the odds beside the totals."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask

from .conftest import Driver, csrf_token, started_game_id
from .test_games_exact import PEGGY_TABLE, play, romanian
from .test_pdf import pdf_text


def test_the_menu_leads_to_the_big_screen_by_its_link_and_qr(driver: Driver) -> None:
    game_id = romanian(driver)
    sheet = driver.sheet(game_id)
    assert f'href="/games/{game_id}/screen/open"' in sheet
    opened = driver.client.get(f"/games/{game_id}/screen/open")
    page = opened.get_data(as_text=True)
    assert opened.status_code == 200
    assert f"http://localhost/games/{game_id}/screen" in page
    assert re.search(r"<svg[^>]*qr", page) and "QR code of the big screen" in page


def test_the_big_screen_follows_the_game_and_answers_304_while_it_is_unchanged(
    app: Flask, driver: Driver
) -> None:
    game_id = romanian(driver)
    screen = app.test_client()
    first = screen.get(f"/games/{game_id}/screen")
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and "Deal 1 of 21" in page
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    same = screen.get(f"/games/{game_id}/screen?fragment=1", headers={"If-None-Match": etag})
    assert same.status_code == 304
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    changed = screen.get(f"/games/{game_id}/screen?fragment=1", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    fragment = changed.get_data(as_text=True)
    assert "<html" not in fragment and "Deal 2 of 21" in fragment
    # The standings from the highest total, each with the last deal's points, the total and the chance.
    names = re.findall(r'class="big-name">([^<]+)<', fragment)
    assert names == ["Peter", "John", "Peggy"]
    assert re.findall(r'class="num big-total">([^<]+)<', fragment) == ["6", "5", "−1"]
    chances = [int(value) for value in re.findall(r'class="num big-chance">(\d+)%<', fragment)]
    assert len(chances) == 3 and chances[0] >= chances[2] and 97 <= sum(chances) <= 103


def test_the_sheet_and_the_live_view_give_each_players_chance_beside_the_standings(
    app: Flask, driver: Driver
) -> None:
    game_id = romanian(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    for page in (
        driver.sheet(game_id),
        app.test_client().get(f"/games/{game_id}/live").get_data(as_text=True),
    ):
        standings = page[page.index('<ol class="standings">') :]
        names = re.findall(r"<li[^>]*><span>([A-Za-z]+)", standings)[:3]
        chances = [int(value) for value in re.findall(r'class="chance"[^>]*>(\d+)%<', standings)]
        assert names == ["Peter", "John", "Peggy"] and len(chances) == 3 and 97 <= sum(chances) <= 103


def test_the_finish_screen_and_the_pdf_chart_everyones_chance_over_the_game(
    driver: Driver, tmp_path: Path
) -> None:
    created = driver.client.post(
        "/api/v1/games", json={"variant": "classic-whist", "players": ["Ann", "Bob", "Cy", "Dee"]}
    )
    game_id, key = created.get_json()["id"], created.get_json()["edit_token"]
    auth = {"Authorization": f"Bearer {key}"}
    sheet = driver.sheet(game_id)
    assert "Chances of winning" not in sheet  # not before the end
    for number in (1, 2, 3):
        driver.client.put(f"/api/v1/games/{game_id}/deals/{number}", json={"tricks": 8}, headers=auth)
    sheet = driver.sheet(game_id)
    assert "Chances of winning" in sheet
    figures = sheet[sheet.index('id="chances-title"') :]
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th><td>([^<]+)</td><td>([^<]+)</td></tr>", figures)
    # Before the first deal, after each of the three: Ann & Cy's chance rises to a certain win.
    assert [row[0] for row in rows[:4]] == ["0", "1", "2", "3"]
    ann_and_cy = [int(row[1].rstrip("%")) for row in rows[:4]]
    assert ann_and_cy == sorted(ann_and_cy) and ann_and_cy[-1] == 100 and 30 <= ann_and_cy[0] <= 70
    assert [int(row[2].rstrip("%")) for row in rows[:4]][-1] == 0
    # The PDF draws the same chart at its own size, each side's last chance in its legend.
    pdf = driver.client.get(f"/games/{game_id}/sheet.pdf")
    assert pdf.status_code == 200
    printed = pdf_text(pdf.data, tmp_path)
    assert "Chances of winning" in printed and "Running totals" in printed
    assert re.search(r"Ann & Cy\s+100%", printed) and re.search(r"Bob & Dee\s+0%", printed)


def test_the_big_screen_says_in_words_who_can_no_longer_win(app: Flask, driver: Driver) -> None:
    """The chance column says in words that a player can no longer win (a bare "out" read as sitting out)."""
    page = driver.client.get("/games/new/custom-oh-hell")
    form: dict[str, Any] = {"csrf_token": csrf_token(page), "first_dealer": "1"}
    form.update({f"players-{slot}": name for slot, name in enumerate(PEGGY_TABLE)})
    form.update(option_shape="fixed", option_start_cards="1", option_deals="3")
    game_id = started_game_id(driver.client.post("/games/new/custom-oh-hell", data=form))
    for number in (1, 2):
        play(driver, game_id, number, (1, 1, 0), (1, 0, 0))
    fragment = app.test_client().get(f"/games/{game_id}/screen?fragment=1").get_data(as_text=True)
    # Two deals of 1 card left Peggy 22 behind with one deal of at most 11 to come: said in words.
    rows = re.findall(r'class="big-name">([^<]+)<.*?class="num big-chance">(.*?)</td>', fragment, re.S)
    assert [name for name, _ in rows] == ["Peter", "John", "Peggy"]
    assert rows[2][1] == '<span class="big-out">can\'t win</span>'
    assert all(chance.endswith("%") for _, chance in rows[:2])
