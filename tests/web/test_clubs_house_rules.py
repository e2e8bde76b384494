"""House rules, named and shared: saved from a game's rules page (a refusal stores nothing), held by a
club whose table offers them first, started from their link on another phone, and named on the
rules page of every game that plays them."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from sqlalchemy import func, select

from scorekeeper.clubs.models import HouseRulesRecord
from scorekeeper.extensions import db

from .conftest import Driver, csrf_token, error_text
from .tables_driver import SHORT, TablePhone
from .test_clubs import ClubPhone, text_of_html

RULES_URL = re.compile(r"/house-rules/([0-9a-f]{32})$")


def saved(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(HouseRulesRecord)) or 0


def test_house_rules_saved_from_a_game_are_offered_first_at_the_club_s_table(
    app: Flask, driver: Driver
) -> None:
    phone = ClubPhone(driver)
    group_id = phone.tables.create("Thursday")
    club_id = phone.create()
    phone.post(club_id, "/tables", {"table": group_id})
    game_id = phone.tables.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    rules_page = phone.text(f"/games/{game_id}/rules")
    assert "Save this game's options as house rules" in rules_page and "This game plays" not in rules_page

    form = phone.client.get(f"/house-rules/new?game={game_id}")
    body = text_of_html(form.get_data(as_text=True))
    assert "Number of deals (fixed shape) 3 (default 10)" in body  # the options it sets, and the defaults
    assert f'<option value="{club_id}" selected>' in form.get_data(as_text=True)  # the table's club first
    refused = phone.client.post(
        "/house-rules/new",
        data={"csrf_token": csrf_token(form), "game": game_id, "name": " ", "club": club_id},
    )
    assert (
        refused.status_code == 422
        and error_text(refused) == "Give the house rules a name, such as “Thursday Oh Hell”"
    )
    assert saved(app) == 0
    answer = phone.client.post(
        "/house-rules/new",
        data={"csrf_token": csrf_token(form), "game": game_id, "name": "Thursday short", "club": club_id},
    )
    assert answer.status_code == 302
    found = RULES_URL.search(answer.headers["Location"])
    assert found
    rules_id = found.group(1)
    page = phone.text(f"/house-rules/{rules_id}")
    assert "Thursday short House rules of Custom Oh Hell · Thursday Whist Club" in page
    assert "Thursday short" in phone.text(f"/clubs/{club_id}")  # the club lists them

    table = phone.client.get(f"/tables/{group_id}").get_data(as_text=True)
    offered = re.search(r'<a class="button" href="([^"]+)">Thursday short', table)
    assert offered, "the table's page offers the club's house rules"
    query = parse_qs(urlsplit(html.unescape(offered.group(1))).query)
    assert query["table"] == [group_id] and query["option_deals"] == ["3"] and query["players-0"] == ["Ann"]
    assert phone.client.get(html.unescape(offered.group(1))).status_code == 200

    second = phone.tables.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    assert "This game plays the house rules Thursday short" in phone.text(f"/games/{second}/rules")
    other = phone.tables.start_game(
        group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options={**SHORT, "deals": 4}
    )
    assert "This game plays the house rules" not in phone.text(f"/games/{other}/rules")


def test_house_rules_by_their_link_alone(app: Flask, driver: Driver) -> None:
    phone = TablePhone(driver)
    group_id = phone.create("Kitchen")
    game_id = phone.start_game(group_id, "custom-oh-hell", ["Ann", "Bob", "Cy"], options=SHORT)
    form = phone.client.get(f"/house-rules/new?game={game_id}")
    assert 'name="club"' not in form.get_data(as_text=True)  # this phone keeps no club
    answer = phone.client.post(
        "/house-rules/new", data={"csrf_token": csrf_token(form), "game": game_id, "name": "Kitchen rules"}
    )
    rules_url = answer.headers["Location"]
    friend = app.test_client()  # the link, sent to a friend
    page = friend.get(rules_url)
    assert page.status_code == 200 and "Start a game with these rules" in page.get_data(as_text=True)
    assert 'class="qr-box"' in page.get_data(as_text=True)
    start = re.search(r'<a class="button primary" href="([^"]+)">Start a game', page.get_data(as_text=True))
    assert start and "option_deals=3" in html.unescape(start.group(1))
    friend_driver = Driver(app, friend)
    mine = friend_driver.start("custom-oh-hell", ["Dee", "Eve", "Fay"], options=SHORT)
    assert "This game plays the house rules Kitchen rules" in text_of_html(
        friend.get(f"/games/{mine}/rules").get_data(as_text=True)
    )
    token = csrf_token(friend.get("/clubs/new"))  # no form of its own here: it keeps no club
    assert friend.post(f"{rules_url}/club", data={"csrf_token": token, "club": "f" * 32}).status_code == 403
    assert friend.get("/house-rules/" + "0" * 32).status_code == 404
