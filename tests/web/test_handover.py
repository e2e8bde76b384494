"""Keeping the right to edit: a phone keeps every game it started, and the scorer can hand a
game to another phone with a one-time code that never travels in an address."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.database import hash_key, utcnow
from scorekeeper.extensions import db
from scorekeeper.games import holders, store
from scorekeeper.games.models import HandoverRecord

from .conftest import HANDOVER_CODE, Driver, csrf_token, error_text, hand_over, started_game_id

LINK = re.compile(r'href="(http://localhost/games/[0-9a-f]{32}/join#[^"]+)"')


def shown_hand_over(client: FlaskClient, game_id: str) -> str:
    """The page the scorer sees after confirming: link, QR code and code."""
    asked = client.get(f"/games/{game_id}/hand-over")
    return client.post(f"/games/{game_id}/hand-over", data={"csrf_token": csrf_token(asked)}).get_data(
        as_text=True
    )


def test_a_phone_keeps_every_game_it_started(app: Flask, driver: Driver) -> None:
    app.config["RATELIMIT_CREATE"] = "100 per minute"  # more games than one minute's limit allows
    games = [driver.start("oh-hell", ["Ann", "Bob", "Cy"]) for _ in range(45)]
    for game_id in (games[0], games[20], games[-1]):
        assert driver.client.get(f"/games/{game_id}/deals/1").status_code == 200
    listed = driver.client.get("/games").get_data(as_text=True)
    assert all(game_id in listed for game_id in games)
    assert listed.index(games[-1]) < listed.index(games[0])  # the newest first
    with driver.client.session_transaction() as session:
        assert set(session) <= {"device", "device_renewed", "csrf_token", "_permanent", "_flashes"}


def test_the_game_page_offers_the_hand_over_to_its_scorer_only(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    assert "Hand over the scoring…" in driver.sheet(game_id)
    viewer = app.test_client()
    seen = viewer.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Hand over the scoring" not in seen
    assert f'href="/games/{game_id}/join">Keep score on this phone' in seen
    assert viewer.get(f"/games/{game_id}/hand-over").status_code == 403
    refused = viewer.get(f"/games/{game_id}/deals/1")
    assert refused.status_code == 403 and "ask the scorer" in refused.get_data(as_text=True)


def test_the_code_is_shown_only_after_the_scorer_confirms(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    asked = driver.client.get(f"/games/{game_id}/hand-over").get_data(as_text=True)
    assert "Show the link and QR code" in asked and not HANDOVER_CODE.search(asked)
    forged = driver.client.post(f"/games/{game_id}/hand-over")  # no CSRF token: not from our page
    assert forged.status_code == 400
    shown = driver.client.post(
        f"/games/{game_id}/hand-over",
        data={"csrf_token": csrf_token(driver.client.get("/games/new/oh-hell"))},
    )
    assert shown.status_code == 200 and shown.headers["Cache-Control"] == "no-store"
    page = shown.get_data(as_text=True)
    assert HANDOVER_CODE.search(page) and "<svg" in page and 'class="qr"' in page


def test_the_code_travels_after_the_hash_never_in_the_path_or_query(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    page = shown_hand_over(driver.client, game_id)
    link = LINK.search(page)
    assert link, "the page shows no hand-over link"
    parts = urlsplit(link.group(1))
    code = HANDOVER_CODE.search(page).group(1).replace("-", "")  # type: ignore[union-attr]
    assert parts.fragment == code and parts.path == f"/games/{game_id}/join" and parts.query == ""
    # The page that link opens carries no secret of its own and asks before anything changes.
    other = app.test_client()
    join = other.get(parts.path)
    assert join.status_code == 200 and code not in join.get_data(as_text=True)
    assert other.get(f"/games/{game_id}/deals/1").status_code == 403
    # Sent in the body of a POST, the code gives this phone the game.
    taken = other.post(parts.path, data={"csrf_token": csrf_token(join), "code": code})
    assert taken.status_code == 302
    assert other.get(f"/games/{game_id}/deals/1").status_code == 200


def test_the_old_edit_link_with_the_key_in_its_path_is_gone(app: Flask, driver: Driver) -> None:
    page = driver.client.get("/games/new/oh-hell")
    form = {"csrf_token": csrf_token(page), "players-0": "A", "players-1": "B", "players-2": "C"}
    game_id = started_game_id(driver.client.post("/games/new/oh-hell", data=form))
    record, key = _a_key_for(app, game_id)
    other = app.test_client()
    assert other.get(f"/games/{game_id}/join/{key}").status_code == 404
    assert other.get(f"/games/{game_id}/deals/1").status_code == 403
    assert record.key_matches(key)  # the key still works as the API's bearer token


def test_typed_codes_work_without_javascript_once(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    code = HANDOVER_CODE.search(shown_hand_over(driver.client, game_id)).group(1)  # type: ignore[union-attr]
    first, second = app.test_client(), app.test_client()
    typed = " " + code.lower().replace("-", " ") + " "  # as a person might type it
    join = first.get(f"/games/{game_id}/join")
    assert (
        first.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(join), "code": typed}).status_code
        == 302
    )
    join = second.get(f"/games/{game_id}/join")
    again = second.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(join), "code": code})
    assert again.status_code == 422 and "used already" in error_text(again)
    assert f'value="{code}"' in again.get_data(as_text=True)
    assert second.get(f"/games/{game_id}/deals/1").status_code == 403


def test_a_code_expires_and_a_new_code_replaces_the_old(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    old = HANDOVER_CODE.search(shown_hand_over(driver.client, game_id)).group(1)  # type: ignore[union-attr]
    new = HANDOVER_CODE.search(shown_hand_over(driver.client, game_id)).group(1)  # type: ignore[union-attr]
    other = app.test_client()
    join = other.get(f"/games/{game_id}/join")
    refused = other.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(join), "code": old})
    assert refused.status_code == 422
    with app.app_context():
        db.session.execute(
            sqlalchemy.update(HandoverRecord).values(expires_at=utcnow() - timedelta(seconds=1))
        )
        db.session.commit()
    late = other.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(join), "code": new})
    assert late.status_code == 422 and f"{holders.HANDOVER_MINUTES} minutes old" in error_text(late)
    assert other.get(f"/games/{game_id}/deals/1").status_code == 403


def test_a_code_opens_only_its_own_game(app: Flask, driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    another = driver.start("oh-hell", ["Dee", "Eve", "Fay"])
    code = HANDOVER_CODE.search(shown_hand_over(driver.client, game_id)).group(1)  # type: ignore[union-attr]
    other = app.test_client()
    join = other.get(f"/games/{another}/join")
    assert (
        other.post(f"/games/{another}/join", data={"csrf_token": csrf_token(join), "code": code}).status_code
        == 422
    )
    assert other.get(f"/games/{another}/deals/1").status_code == 403


def test_the_new_scorer_lists_the_game_and_both_phones_may_score(app: Flask, driver: Driver) -> None:
    game_id = driver.start("romanian-whist", ["Peter", "Peggy", "John"], first_dealer=1)
    other = Driver(app, app.test_client())
    assert hand_over(driver.client, other.client, game_id).status_code == 302
    assert "This phone can now enter and correct deals." in other.sheet(game_id)
    assert game_id in other.client.get("/games").get_data(as_text=True)
    assert (
        other.post_deal(game_id, 1, {"phase": "bids", "bid-0": 1, "bid-1": 1, "bid-2": 0}).status_code == 302
    )
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]
    assert driver.client.get(f"/games/{game_id}/deals/1").status_code == 200


def test_an_abandoned_game_is_not_handed_over(driver: Driver) -> None:
    game_id = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    driver.post(f"/games/{game_id}/abandon", token_from=f"/games/{game_id}/abandon")
    assert driver.client.get(f"/games/{game_id}/hand-over").status_code == 409


def test_a_cookie_with_edit_keys_from_before_keeps_its_games(app: Flask, driver: Driver) -> None:
    """A phone whose cookie still holds edit keys (as this app gave them before) keeps every game."""
    first = driver.start("oh-hell", ["Ann", "Bob", "Cy"])
    second = driver.start("oh-hell", ["Dee", "Eve", "Fay"])
    keys = {game_id: _a_key_for(app, game_id)[1] for game_id in (first, second)}
    old_phone = app.test_client()
    with old_phone.session_transaction() as session:
        session["keys"] = {**keys, "0" * 32: "a game since deleted", "f" * 32: 7}
    assert old_phone.get(f"/games/{first}/deals/1").status_code == 200
    assert old_phone.get(f"/games/{second}/deals/1").status_code == 200
    listed = old_phone.get("/games").get_data(as_text=True)
    assert first in listed and second in listed
    with old_phone.session_transaction() as session:
        assert "keys" not in session and "device" in session


def _a_key_for(app: Flask, game_id: str) -> tuple[store.StoredGame, str]:
    """Give a game a known edit key, as an old cookie or an API client would hold it."""
    key = f"test-key-{game_id}"
    with app.app_context():
        db.session.execute(
            sqlalchemy.text("UPDATE games SET edit_key_hash = :hash WHERE id = :id"),
            {"hash": hash_key(key), "id": game_id},
        )
        db.session.commit()
        record = store.find_record(game_id)
        assert record is not None
        return record, key


def test_a_deleted_game_leaves_no_right_or_code_behind(app: Flask, driver: Driver) -> None:
    """The edit right lives as long as the game: removing a game (as the cleanup command does)
    removes who held it and its hand-over codes, and the phone's list simply goes on."""
    kept, removed = (
        driver.start("oh-hell", ["Ann", "Bob", "Cy"]),
        driver.start("oh-hell", ["Dee", "Eve", "Fay"]),
    )
    shown_hand_over(driver.client, removed)
    with app.app_context():
        db.session.execute(sqlalchemy.text("DELETE FROM games WHERE id = :id"), {"id": removed})
        db.session.commit()
        left = {
            table: db.session.execute(
                sqlalchemy.text(f"SELECT count(*) FROM {table} WHERE game_id = :id"), {"id": removed}
            ).scalar()
            for table in ("device_games", "handovers")
        }
    assert left == {"device_games": 0, "handovers": 0}
    listed = driver.client.get("/games").get_data(as_text=True)
    assert kept in listed and removed not in listed
