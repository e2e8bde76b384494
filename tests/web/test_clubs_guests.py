"""Guests and friendly games through the pages: a keeper marks a visitor as a guest on their page and
a game as a friendly on the evening's page, sees them leave the ladder, and undoes both; a reader
changes nothing."""

from __future__ import annotations

import re
from datetime import date

from flask import Flask

from .conftest import Driver, csrf_token
from .test_clubs import ClubPhone, member_ids, text_of_html
from .test_clubs_ladder import first_evenings, rows_of


def ladder_of(phone: ClubPhone, club_id: str) -> dict[str, int]:
    """Each name on the ladder and what they played."""
    page = phone.client.get(f"/clubs/{club_id}/ladder").get_data(as_text=True)
    return {row[2]: row[5] for row in rows_of(page)}


def test_a_guest_leaves_the_ladder_and_comes_back(driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, _season = first_evenings(phone)
    ids = member_ids(phone.client.get(f"/clubs/{club_id}/members").get_data(as_text=True), club_id)
    eve = f"/clubs/{club_id}/members/{ids['Eve']}"
    assert phone.post(club_id, f"/members/{ids['Eve']}/guest", {"guest": "1"}, page=eve).status_code == 302  # type: ignore[attr-defined]
    page = phone.text(eve)
    assert "Eve is a guest: on no ladder, league or record." in page
    assert "Guest Their games rate the members; they are on no ladder, league or record." in page
    assert "Eve" not in ladder_of(phone, club_id)
    assert "Eve Guest · 1 game or drive" in phone.text(f"/clubs/{club_id}/members")
    assert phone.post(club_id, f"/members/{ids['Eve']}/guest", {"guest": "0"}, page=eve).status_code == 302  # type: ignore[attr-defined]
    assert "Eve is a member again, on the ladders." in phone.text(eve)
    assert ladder_of(phone, club_id)["Eve"] == 1


def test_a_friendly_game_leaves_the_ladder_and_counts_again(app: Flask, driver: Driver) -> None:
    phone = ClubPhone(driver)
    club_id, _season = first_evenings(phone)
    evening = f"/clubs/{club_id}/nights/{date.today().isoformat()}"
    body = phone.client.get(evening).get_data(as_text=True)
    friday = re.findall(r'name="outcome" value="(game:[0-9a-f]{32})"', body)[-1]  # the evening's last game
    assert body.count("A friendly: off the ladder") == 4
    path = f"/nights/{date.today().isoformat()}/friendly"
    answer = phone.post(club_id, path, {"outcome": friday, "friendly": "1"}, page=evening)
    assert answer.status_code == 302  # type: ignore[attr-defined]
    assert answer.headers["Location"].endswith(f"#{friday.replace(':', '-')}")  # type: ignore[attr-defined]
    after = phone.client.get(evening).get_data(as_text=True)
    assert "Friendly: it counts on no ladder, league or record." in text_of_html(after)
    assert "Count it on the ladder again" in after and after.count('<span class="tag">Friendly</span>') == 1
    assert ladder_of(phone, club_id) == {"Ann": 3, "Bob": 3, "Cy": 3}  # Dee and Eve played only that one
    assert phone.post(club_id, path, {"outcome": friday, "friendly": "0"}, page=evening).status_code == 302  # type: ignore[attr-defined]
    assert ladder_of(phone, club_id)["Ann"] == 4
    assert (
        phone.post(club_id, path, {"outcome": "game:" + "f" * 32, "friendly": "1"}, page=evening).status_code
        == 404
    )  # type: ignore[attr-defined]

    reader = app.test_client()
    assert "A friendly: off the ladder" not in reader.get(evening).get_data(as_text=True)
    token = csrf_token(reader.get(f"/clubs/{club_id}/join"))
    answer = reader.post(
        f"/clubs/{club_id}{path}", data={"csrf_token": token, "outcome": friday, "friendly": "1"}
    )
    assert answer.status_code == 403
