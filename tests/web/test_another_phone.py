"""Another phone keeps score (issue 38): from ☰ or the table's events, in the sheet over the deal — the
table's own link and QR code where the game is played at a table this phone keeps (every game of the
table), the game's one-time code otherwise — and the other phone then scores the game."""

from __future__ import annotations

import html
import re

from flask import Flask

from .conftest import Driver, csrf_token
from .events_driver import text_of
from .tables_driver import TablePhone

JSON = {"Accept": "application/json"}
PLAYERS = ["Ann", "Bob", "Cy"]


def ask(driver: Driver, game_id: str, **fields: str) -> dict[str, str]:
    """The menu's "Another phone keeps score", as the deal screen's sheet asks for it (its "This game
    only" posted); its answer."""
    if fields:
        token = csrf_token(driver.client.get(f"/games/{game_id}/deals/1"))
        url = f"/games/{game_id}/another-phone"
        answer = driver.client.post(url, data={"csrf_token": token, **fields}, headers=JSON)
    else:
        answer = driver.client.get(f"/games/{game_id}/another-phone", headers=JSON)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.headers["Cache-Control"] == "no-store"  # it holds a secret
    body: dict[str, str] = answer.get_json()
    return body


def link_in(dialog: str) -> str:
    found = re.search(r'class="handover-link" href="([^"]+)"', dialog)
    assert found, dialog
    return html.unescape(found.group(1))


def test_the_menu_and_the_events_offer_it_to_the_scorer_only(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", PLAYERS)
    screen = driver.client.get(f"/games/{game_id}/deals/1").get_data(as_text=True)
    assert f'<a href="/games/{game_id}/another-phone" data-sheet>Another phone keeps score</a>' in screen
    events = driver.client.get(f"/games/{game_id}/events").get_data(as_text=True)
    assert f'href="/games/{game_id}/another-phone">Another phone keeps score' in events
    follower = app.test_client()
    assert "another-phone" not in follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert follower.get(f"/games/{game_id}/another-phone", headers=JSON).status_code == 403


def test_a_game_without_a_table_gives_its_one_time_code(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", PLAYERS)
    answer = ask(driver, game_id)
    assert answer["title"] == "Another phone keeps score"
    dialog = answer["dialog"]
    assert 'id="sheet-title"' in dialog and "data-sheet-close" in dialog and "<svg" in dialog
    link = link_in(dialog)
    assert f"/games/{game_id}/join#" in link
    code = link.split("#", 1)[1]
    other = app.test_client()
    page = other.get(f"/games/{game_id}/join")
    joined = other.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(page), "code": code})
    assert joined.status_code == 302
    assert other.get(f"/games/{game_id}/deals/1").status_code == 200  # it scores the game now
    # Without the script, a plain link asks first, as the hand-over always did.
    assert driver.client.get(f"/games/{game_id}/another-phone").headers["Location"].endswith(
        f"/games/{game_id}/hand-over"
    )


def test_a_game_at_a_table_gives_the_table_s_own_link_opening_the_game(app: Flask, driver: Driver) -> None:
    phone = TablePhone(driver)
    group_id = phone.create()
    game_id = phone.start_game(group_id, "oh-hell", PLAYERS)
    dialog = ask(driver, game_id)["dialog"]
    said = text_of(dialog)
    assert "it keeps Thursday whist from then on" in said and "every game of the table" in said
    link = link_in(dialog)
    assert f"/tables/{group_id}/join?game={game_id}#" in link
    key = link.split("#", 1)[1]
    other = app.test_client()
    page = other.get(f"/tables/{group_id}/join?game={game_id}")
    joined = other.post(
        f"/tables/{group_id}/join?game={game_id}", data={"csrf_token": csrf_token(page), "key": key}
    )
    assert joined.status_code == 302 and joined.headers["Location"] == f"/games/{game_id}"
    assert other.get(f"/games/{game_id}/deals/1").status_code == 200
    # This game only: a one-time code instead.
    only = ask(driver, game_id, only="game")["dialog"]
    assert f"/games/{game_id}/join#" in link_in(only)
    # The hand-over page names the table's link too.
    asked = text_of(driver.client.get(f"/games/{game_id}/hand-over"))
    assert "the table's own link gives another phone this game and every other game of the table" in asked
