"""Secret totals through every door: begun secret on the new-game form or the API, switched from ☰, no
total (nor who leads) on the sheet, the deal screen, the live view and its fragment, the big screen, the
API or a copy kept of any of them; then the reveal, from last place to first, the leader last."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from .conftest import Driver, csrf_token, started_game_id
from .test_games_exact import PEGGY_TABLE, bids, play, tricks
from .test_pdf import pdf_text

TOTAL_MARKS = re.compile(
    r'class="tot"|class="num big-total"|strip-score"><strong>|<strong>[−\d]+</strong></li>'
)


def no_total_on(client: FlaskClient, game_id: str, number: int) -> dict[str, str]:
    """Every page that shows the game to a phone or a screen, fetched now: none shows a total."""
    pages = {
        "sheet": f"/games/{game_id}",
        "deal screen": f"/games/{game_id}/deals/{number}",
        "live": f"/games/{game_id}/live",
        "live fragment": f"/games/{game_id}/live?fragment=1",
        "big screen": f"/games/{game_id}/screen?fragment=1",
    }
    found = {}
    for name, path in pages.items():
        page = client.get(path)
        assert page.status_code == 200, (name, page.status_code)
        text = page.get_data(as_text=True)
        assert not TOTAL_MARKS.search(text), f"{name} shows a total: {TOTAL_MARKS.search(text)}"
        for mark in ('class="leader', 'class="leading', '"leading": true', "big-chance"):
            assert mark not in text, (name, text[max(0, text.find(mark) - 200) : text.find(mark) + 100])
        found[name] = text
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["secret_totals"] is True and set(state["totals"]) == {None}
    assert all(deal["totals"] is None for deal in state["deals"])
    assert any(deal["points"] for deal in state["deals"]) or not state["deals"]
    return found


def start_secret(driver: Driver) -> str:
    page = driver.client.get("/games/new/romanian-whist")
    assert "Secret totals" in page.get_data(as_text=True)
    form: dict[str, Any] = {"csrf_token": csrf_token(page), "first_dealer": "1", "secret_totals": "y"}
    form.update({f"players-{slot}": name for slot, name in enumerate(PEGGY_TABLE)})
    return started_game_id(driver.client.post("/games/new/romanian-whist", data=form))


def test_a_game_begun_secret_shows_points_but_no_total_anywhere_until_the_table_reveals_them(
    app: Flask, driver: Driver
) -> None:
    game_id = start_secret(driver)
    follower = app.test_client()
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))  # Peter +6, Peggy −1, John +5
    play(driver, game_id, 2, (0, 1, 1), (0, 1, 0))  # +5, +6, −1: 11, 5, 4
    pages = no_total_on(driver.client, game_id, 3)
    assert "The totals are secret until the end" in pages["sheet"]
    assert "+6" in pages["sheet"] and "−1" in pages["sheet"]  # each deal's points are still shown
    etag = follower.get(f"/games/{game_id}/live").headers["ETag"]
    screen_etag = follower.get(f"/games/{game_id}/screen").headers["ETag"]
    follower.get(f"/games/{game_id}")  # a follower's sheet, kept for this version

    # The scorer's ☰ leads to the switch; revealing shows the places from last to first on the phones.
    assert f"/games/{game_id}/secret" in pages["sheet"]
    asked = driver.client.get(f"/games/{game_id}/secret")
    assert "Reveal the totals now" in asked.get_data(as_text=True)
    done = driver.client.post(f"/games/{game_id}/secret", data={"csrf_token": csrf_token(asked)})
    assert done.status_code == 302
    sheet = driver.sheet(game_id)
    places = re.findall(r'class="reveal-name">([^<]+)<', sheet)
    assert places == ["John", "Peggy", "Peter"]
    assert re.findall(r'class="reveal-total">([^<]+)<', sheet) == ["4", "5", "11"]
    # Copies kept before the reveal are not served again: the version moved on.
    live = follower.get(f"/games/{game_id}/live?fragment=1", headers={"If-None-Match": etag})
    assert live.status_code == 200 and "reveal-name" in live.get_data(as_text=True)
    screen = follower.get(f"/games/{game_id}/screen?fragment=1", headers={"If-None-Match": screen_etag})
    assert (
        screen.status_code == 200
        and re.findall(r'class="reveal-name">([^<]+)<', screen.get_data(as_text=True)) == places
    )
    state = follower.get(f"/api/v1/games/{game_id}").get_json()
    assert state["totals"] == [11, 5, 4] and state["secret_totals"] is False


def test_a_switch_mid_game_hides_what_a_kept_copy_showed_and_the_end_reveals_it(
    app: Flask, driver: Driver
) -> None:
    created = driver.client.post(
        "/api/v1/games", json={"variant": "classic-whist", "players": ["Ann", "Bob", "Cy", "Dee"]}
    )
    game_id, key = created.get_json()["id"], created.get_json()["edit_token"]
    auth = {"Authorization": f"Bearer {key}"}
    assert (
        driver.client.put(f"/api/v1/games/{game_id}/deals/1", json={"tricks": 8}, headers=auth).status_code
        == 200
    )
    follower = app.test_client()
    shown = follower.get(f"/games/{game_id}")
    assert 'class="tot"' in shown.get_data(as_text=True)  # kept for this version, totals shown
    etag = follower.get(f"/games/{game_id}/live").headers["ETag"]
    secret = driver.client.post(
        f"/api/v1/games/{game_id}/events", json={"event": "secrecy", "secret": True}, headers=auth
    )
    assert secret.status_code in (200, 201), secret.get_data(as_text=True)
    assert secret.get_json()["totals"] == [None, None]
    assert follower.get(f"/games/{game_id}/live", headers={"If-None-Match": etag}).status_code == 200
    for path in (f"/games/{game_id}", f"/games/{game_id}/live", f"/games/{game_id}/screen"):
        text = follower.get(path).get_data(as_text=True)
        assert not TOTAL_MARKS.search(text), path
    assert "The totals are kept secret from the end of deal 1" in follower.get(f"/games/{game_id}").get_data(
        as_text=True
    )
    # Two more deals of 8 tricks end the game at 6–0: the end reveals the totals, the winners last.
    for number in (2, 3):
        state = driver.client.put(
            f"/api/v1/games/{game_id}/deals/{number}", json={"tricks": 8}, headers=auth
        ).get_json()
    assert state["status"] == "finished" and state["totals"] == [6, 0] and state["secret_totals"] is False
    screen = follower.get(f"/games/{game_id}/screen").get_data(as_text=True)
    assert re.findall(r'class="reveal-name">([^<]+)<', screen) == ["Bob &amp; Dee", "Ann &amp; Cy"]


def test_the_api_begins_a_game_secret_and_says_what_the_switch_takes(client: FlaskClient) -> None:
    created = client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "secret_totals": True}
    )
    assert created.status_code == 201
    state = created.get_json()
    assert state["secret_totals"] is True and state["totals"] == [None, None, None]
    refused = client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["A", "B", "C"], "secret_totals": "yes"}
    )
    assert refused.status_code in (400, 422) and refused.get_json()["field"] == "secret_totals"


def test_the_scorers_screen_at_the_end_of_a_secret_game_reveals_the_places_before_the_winner(
    driver: Driver,
) -> None:
    page = driver.client.get("/games/new/custom-oh-hell")
    form: dict[str, Any] = {"csrf_token": csrf_token(page), "first_dealer": "1", "secret_totals": "y"}
    form.update({f"players-{slot}": name for slot, name in enumerate(PEGGY_TABLE)})
    form.update(option_shape="fixed", option_start_cards="1", option_deals="2")
    started = driver.client.post("/games/new/custom-oh-hell", data=form)
    assert started.status_code == 302, started.get_data(as_text=True)[:500]
    game_id = started_game_id(started)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))
    no_total_on(driver.client, game_id, 2)
    assert driver.post_deal(game_id, 2, {"phase": "bids", **bids(0, 1, 1)}).status_code == 302
    # The last Save answers the deal screen's script in place with the reveal: the first place alone shows,
    # with the script that names the next ones (reveal.js, fetched then: no first load carries it); play
    # again and the sheet wait for the winner. The page following the game gets the same.
    screen = driver.client.get(f"/games/{game_id}/deals/2")
    assert "reveal.js" not in screen.get_data(as_text=True)
    fields = {"csrf_token": csrf_token(screen), "phase": "tricks", **bids(0, 1, 1), **tricks(0, 1, 0)}
    saved = driver.client.post(
        f"/games/{game_id}/deals/2",
        data={name: str(value) for name, value in fields.items()},
        headers={"Accept": "application/json"},
    ).get_json()
    over = driver.client.get(f"/games/{game_id}/now").get_json()
    # The same screen, but for the form token: it is stamped with the second it was made in.
    unstamped = partial(re.sub, r'name="csrf_token"[^>]*>', "")
    assert unstamped(saved["html"]) == unstamped(over["html"]) and saved["message"] == "Deal 2 saved."
    assert over["title"] == "The standings revealed" and " win" not in over["title"]
    assert 'class="stack" data-after-reveal hidden' in over["html"] and "/static/reveal.js" in over["html"]
    assert over["html"].count("data-reveal-item hidden") == 2 and "data-reveal-next>" in over["html"]
    places = re.findall(r'class="reveal-name">([^<]+)<', over["html"])
    state = driver.client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["status"] == "finished"
    by_total = sorted(range(3), key=lambda seat: (seat in state["winners"], state["totals"][seat]))
    assert (
        places == [PEGGY_TABLE[seat] for seat in by_total] and PEGGY_TABLE[state["winners"][0]] == places[-1]
    )


def test_the_pdf_keeps_everything_while_the_pages_keep_the_totals_secret(
    driver: Driver, tmp_path: Path
) -> None:
    """The score sheet's PDF is the table's record of the game, as the exports are: it keeps the running
    totals and the standings whether they are secret on the pages or not (issue 43: "The PDF and exports
    keep everything"), while the sheet itself still shows none."""
    game_id = start_secret(driver)
    play(driver, game_id, 1, (1, 1, 0), (1, 0, 0))  # Peter +6, Peggy −1, John +5
    assert not TOTAL_MARKS.search(driver.client.get(f"/games/{game_id}").get_data(as_text=True))
    secret = pdf_text(driver.client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path, layout=True)
    assert "The totals are secret" not in secret and "Running totals" in secret
    assert re.search(r"1\.\s+Peter\s+6", secret) and re.search(r"2\.\s+John\s+5", secret)
    exported = driver.client.get(f"/games/{game_id}/export.json").get_json()
    assert [deal["tricks"] for deal in exported["deals"]] == [[1, 0, 0]]
