"""Hostile bodies and names: a 4xx with the reason, never a 500, and nothing stored.

Deep nesting, numbers longer than Python converts, lone surrogates and
control characters reach the app through three doors: the JSON API, the
new-game form and the import page. Each is tried at each door.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.drives.models import DriveRecord
from scorekeeper.extensions import db
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GroupRecord

from .conftest import Driver, csrf_token, error_text, started_game_id
from .drive_pages import Organiser, text_of
from .events_driver import play, send, state_of
from .tables_driver import TablePhone
from .test_table_files import upload

DEEP = 1_000
PLAYERS = ["Ann", "Bob", "Cy"]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(GameRecord)) or 0


def start(client: FlaskClient) -> tuple[str, dict[str, str]]:
    state = client.post("/api/v1/games", json={"variant": "oh-hell", "players": PLAYERS}).get_json()
    return state["id"], {"Authorization": f"Bearer {state['edit_token']}"}


def post_raw(client: FlaskClient, url: str, body: str, **kwargs: Any) -> tuple[int, str]:
    response = client.open(url, data=body.encode(), content_type="application/json", **kwargs)
    return response.status_code, response.get_json()["error"]


def exported(players: object, **extra: object) -> str:
    """An exported game's file with these players (and any other key overridden)."""
    data = {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "oh-hell",
        "players": players,
        "first_dealer": 0,
        "options": {},
        "deals": [],
        **extra,
    }
    return json.dumps(data)


def import_file(driver: Driver, body: str) -> tuple[int, str]:
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(body.encode()), "game.json")},
        content_type="multipart/form-data",
    )
    return response.status_code, error_text(response)


# --- deep nesting and long numbers ---------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        nested(DEEP),
        nested(100_000),
        '{"variant": "oh-hell", "players": ' + nested(DEEP) + "}",
        '{"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "options": '
        + '{"a":' * DEEP
        + "1"
        + "}" * (DEEP + 1),
    ],
)
def test_deeply_nested_json_on_create_is_a_400(app: Flask, client: FlaskClient, body: str) -> None:
    status, error = post_raw(client, "/api/v1/games", body, method="POST")
    assert status == 400 and "nested more than 16 levels deep" in error
    assert game_count(app) == 0


def test_deeply_nested_json_on_a_deal_is_a_400(client: FlaskClient) -> None:
    game_id, auth = start(client)
    body = '{"bids": ' + nested(DEEP) + ', "tricks": [1, 0, 0]}'
    status, error = post_raw(client, f"/api/v1/games/{game_id}/deals/1", body, method="PUT", headers=auth)
    assert status == 400 and "nested more than 16 levels deep" in error
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []


def test_a_string_that_never_closes_full_of_escaped_quotes_is_answered_at_once(client: FlaskClient) -> None:
    """A check that went back over the rest of the body from every quote took 16 s for 64 KB: the
    body is read in one pass, so a 256 KB one is refused in a fraction of a second."""
    game_id, auth = start(client)
    body = '{"event": "adjustment", "reason": "' + '\\"' * (255 * 1024 // 2)
    assert len(body.encode()) < 256 * 1024  # under the app's limit on a request's size
    began = time.process_time()  # this process's CPU: other work on the machine does not count
    url = f"/api/v1/games/{game_id}/events/preview"
    status, _error = post_raw(client, url, body, method="POST", headers=auth)
    assert status == 400
    assert time.process_time() - began < 0.5


def test_brackets_inside_names_do_not_count_as_nesting(client: FlaskClient) -> None:
    body = json.dumps({"variant": "oh-hell", "players": ["[[[[" * 5, "{{{{" * 5, "Cy"]})
    assert client.post("/api/v1/games", data=body, content_type="application/json").status_code == 201


def test_a_number_of_more_than_4300_digits_is_a_400(client: FlaskClient) -> None:
    body = '{"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "first_dealer": ' + "7" * 5_000 + "}"
    status, error = post_raw(client, "/api/v1/games", body, method="POST")
    assert status == 400 and error == "A number in the JSON has more than 4,300 digits"
    game_id, auth = start(client)
    body = '{"bids": [' + "1" * 5_000 + ", 0, 0]}"
    status, error = post_raw(client, f"/api/v1/games/{game_id}/deals/1", body, method="PUT", headers=auth)
    assert status == 400 and error == "A number in the JSON has more than 4,300 digits"


def test_nan_and_infinity_are_not_numbers(client: FlaskClient) -> None:
    body = '{"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "first_dealer": NaN}'
    assert post_raw(client, "/api/v1/games", body, method="POST") == (400, "NaN is not a number JSON allows")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (nested(DEEP), "nested more than 16 levels deep"),
        (
            exported(PLAYERS).replace('"deals": []', '"deals": [{"bids": ' + nested(DEEP) + "}]"),
            "nested more than 16 levels deep",
        ),
        (
            # An uploaded file is measured as it streams (web/games/uploads.py): past 64 bits, refused.
            exported(PLAYERS).replace('"first_dealer": 0', '"first_dealer": ' + "9" * 5_000),
            "A number in the JSON is larger than any game holds",
        ),
        (exported(["?", "Bob", "Cy"]).replace('"?"', '"\\ud800"'), "broken character (\\ud800"),
    ],
)
def test_an_import_of_a_hostile_file_is_a_400_with_the_reason(
    app: Flask, driver: Driver, body: str, message: str
) -> None:
    status, error = import_file(driver, body)
    assert status == 400 and error.startswith("That file cannot be a game. ") and message in error
    assert game_count(app) == 0


# --- lone surrogates and NUL ---------------------------------------------------------------


def test_a_lone_surrogate_in_a_name_is_a_400_from_the_api(app: Flask, client: FlaskClient) -> None:
    body = '{"variant": "oh-hell", "players": ["\\ud800", "Bob", "Cy"]}'
    status, error = post_raw(client, "/api/v1/games", body, method="POST")
    assert status == 400 and "broken character (\\ud800, half of a surrogate pair)" in error
    body = '{"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "options": {"\\udfff": 1}}'
    assert post_raw(client, "/api/v1/games", body, method="POST")[0] == 400
    assert game_count(app) == 0


def test_a_lone_surrogate_in_a_deal_is_a_400(client: FlaskClient) -> None:
    game_id, auth = start(client)
    body = '{"bids": [1, 0, 0], "trump": "\\ud83d"}'
    status, _ = post_raw(client, f"/api/v1/games/{game_id}/deals/1", body, method="PUT", headers=auth)
    assert status == 400


def test_a_nul_in_a_name_is_refused_from_the_api(app: Flask, client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={"variant": "oh-hell", "players": ["A\x00nn", "Bob", "Cy"]})
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Player 1's name has a character that cannot be seen (U+0000): "
        "type the name again without it",
        "field": "players",
        "code": "name_unseen",
        "params": {"position": 1, "character": "U+0000"},
    }
    assert game_count(app) == 0


def test_a_nul_or_a_control_character_in_a_name_is_refused_from_the_form(app: Flask, driver: Driver) -> None:
    for name, code in [("A\x00nn", "U+0000"), ("Ann\x1b[2J", "U+001B"), ("\u202eAnn", "U+202E")]:
        page = driver.client.get("/games/new/oh-hell")
        form = {"csrf_token": csrf_token(page), "first_dealer": "0", "players-0": name}
        form.update({"players-1": "Bob", "players-2": "Cy"})
        response = driver.client.post("/games/new/oh-hell", data=form)
        assert response.status_code == 422
        assert f"Player 1's name has a character that cannot be seen ({code})" in error_text(response)
    assert game_count(app) == 0


def test_a_nul_in_a_name_is_refused_from_an_import(app: Flask, driver: Driver) -> None:
    status, error = import_file(driver, exported(["A\x00nn", "Bob", "Cy"]))
    assert status == 422 and "Player 1's name has a character that cannot be seen (U+0000)" in error
    assert game_count(app) == 0


def test_names_are_compared_after_normalising_at_every_door(app: Flask, driver: Driver) -> None:
    response = driver.client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["Jos\u00e9", "Jose\u0301", "Cy"]}
    )
    assert response.status_code == 422 and "Two players are called" in response.get_json()["error"]
    status, error = import_file(driver, exported(["Ann", "Ann\u200b", "Cy"]))
    assert status == 422 and "cannot be seen (U+200B)" in error
    page = driver.client.get("/games/new/oh-hell")
    form = {"csrf_token": csrf_token(page), "first_dealer": "0"}
    form.update({"players-0": "Jose\u0301", "players-1": "Bob", "players-2": "Cy"})
    created = driver.client.post("/games/new/oh-hell", data=form)
    assert created.status_code == 302
    game_id = started_game_id(created)
    assert driver.client.get(f"/api/v1/games/{game_id}").get_json()["players"][0] == "Jos\u00e9"


def test_a_game_stored_before_the_name_check_still_opens(app: Flask, client: FlaskClient) -> None:
    """Names an older, laxer check let in ("Ann" twice, one with a zero-width space) are kept."""
    created = client.post("/api/v1/games", json={"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"]})
    game_id = created.get_json()["id"]
    with app.app_context():
        db.session.execute(
            db.text("UPDATE seats SET name = :name WHERE game_id = :game AND seat = 1"),
            {"name": "Ann\u200b", "game": game_id},
        )
        # A new version, so no worker answers from the replay it kept of the clean names.
        bump = db.text("UPDATE games SET version = version + 1 WHERE id = :game")
        db.session.execute(bump, {"game": game_id})
        db.session.commit()
    state = client.get(f"/api/v1/games/{game_id}")
    assert state.status_code == 200 and state.get_json()["players"] == ["Ann", "Ann\u200b", "Cy"]
    assert client.get(f"/games/{game_id}").status_code == 200


# --- characters that cannot be seen, in every name and reason a player types --------------------

UNSEEN = ["\x00", "\x07", "\x1b", "\u202e"]


def count_of(app: Flask, record: type) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(record)) or 0


@pytest.mark.parametrize("character", UNSEEN)
def test_a_drive_or_prize_name_with_a_character_that_cannot_be_seen_is_refused(
    app: Flask, client: FlaskClient, character: str
) -> None:
    organiser = Organiser(app, client)
    refused = organiser.set_up(8, name=f"St Mary{character}s")
    assert refused.status_code == 422 and "cannot be seen" in error_text(refused)
    assert count_of(app, DriveRecord) == 0
    assert organiser.set_up(8).status_code == 303
    typed_prize = {"name": f"Raf{character}fle", "rule": "place", "place": "2"}
    prize = organiser.form_post(f"{organiser.url}/prizes", typed_prize)
    assert prize.status_code == 422 and "cannot be seen" in error_text(prize)
    assert "Raf" not in text_of(client.get(organiser.url))


@pytest.mark.parametrize("character", UNSEEN)
def test_a_table_name_with_a_character_that_cannot_be_seen_is_refused_typed_or_imported(
    app: Flask, client: FlaskClient, character: str
) -> None:
    page = client.get("/tables/new")
    named = {"csrf_token": csrf_token(page), "name": f"Thurs{character}day"}
    typed = client.post("/tables/new", data=named)
    assert typed.status_code == 422 and "cannot be seen" in error_text(typed)
    assert count_of(app, GroupRecord) == 0
    group_id = TablePhone(Driver(app, client)).create("Thursday")
    exported = client.get(f"/tables/{group_id}/export.json").get_json()
    exported["name"] = f"Fri{character}day"
    answer = upload(client, json.dumps(exported).encode())
    assert answer.status_code in (400, 422) and "cannot be seen" in error_text(answer)
    assert count_of(app, GroupRecord) == 1


@pytest.mark.parametrize("character", UNSEEN)
def test_an_events_reason_with_a_character_that_cannot_be_seen_is_refused_by_the_api_and_the_form(
    driver: Driver, character: str
) -> None:
    game_id, auth = start(driver.client)
    body = {"event": "adjustment", "side": 0, "points": 5, "reason": f"late{character}"}
    answer = driver.client.post(f"/api/v1/games/{game_id}/events", json=body, headers=auth)
    assert answer.status_code == 422 and answer.get_json()["code"] == "event_reason_unseen"
    game_id = driver.start("oh-hell", PLAYERS)
    play(driver, game_id, 1)
    refused = send(driver, game_id, "adjustment", {"side": "0", "points": "5", "reason": f"late{character}"})
    assert refused.status_code == 422 and "cannot be seen" in error_text(refused)
    assert state_of(driver, game_id).life is None


# --- numbers and dates: ASCII digits within a range, dates a game can have been played on -------

NOT_NUMBERS = ["²", "٣", "7" * 4_400, "-1", "1e3"]


@pytest.mark.parametrize("raw", NOT_NUMBERS)
def test_a_number_that_is_not_plain_ascii_digits_is_never_a_500(client: FlaskClient, raw: str) -> None:
    """Python's int() takes "٣" and str.isdigit() is true for "²": the home page's ?players=, the
    blank sheet's ?count=, ?rows= and ?first_dealer= answered 500 with them."""
    assert client.get("/", query_string={"players": raw}).status_code == 200
    for query in ({"count": raw}, {"count": "4", "rows": raw}, {"count": "4", "first_dealer": raw}):
        answer = client.get("/sheets/blank/oh-hell", query_string=query)
        assert answer.status_code in (200, 422), (query, answer.status_code)


@pytest.mark.parametrize("raw", NOT_NUMBERS)
def test_a_tables_history_takes_only_plain_numbers_and_real_dates(driver: Driver, raw: str) -> None:
    phone = TablePhone(driver)
    group_id = phone.create("Thursday")
    history = f"/tables/{group_id}/games"
    assert driver.client.get(history, query_string={"page": raw}).status_code == 200
    assert driver.client.get(history, query_string={"player": raw}).status_code == 404
    for since, until in (("0001-01-01", "9999-12-31"), ("2026-02-30", ""), ("２０２６-01-01", "")):
        answer = driver.client.get(history, query_string={"since": since, "until": until})
        assert answer.status_code == 400


def test_a_table_file_from_the_year_9999_is_refused_and_stores_nothing(
    app: Flask, client: FlaskClient
) -> None:
    group_id = TablePhone(Driver(app, client)).create("Thursday")
    exported = client.get(f"/tables/{group_id}/export.json").get_json()
    for late in ("9999-12-31T23:00:00-05:00", "1066-10-14T09:00:00+00:00"):
        exported["created_at"] = late
        answer = upload(client, json.dumps(exported).encode())
        assert answer.status_code == 422
        assert "not a time this table could have played at" in error_text(answer)
    assert count_of(app, GroupRecord) == 1
