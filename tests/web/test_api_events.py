"""Table events through the JSON API: each event, each refusal (4xx, a reason naming the player and
the rule, nothing stored), version checks, undo, and export and import with events."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games import store

from .conftest import Driver, csrf_token
from .test_api import start

OH_HELL = {"variant": "oh-hell", "players": ["Ann", "Bob", "Cy", "Dee"]}
CLASSIC = {"variant": "classic-whist", "players": ["Ann", "Bob", "Cy", "Dee"]}
ROMANIAN = {"variant": "romanian-whist", "players": ["Peter", "Peggy", "John"], "first_dealer": 1}


def neutral_deal(state: dict[str, Any]) -> dict[str, Any]:
    """Everyone in the next deal bids 0 and the first bidder takes every trick."""
    upcoming = state["next"]
    seats = len(state["players"])
    bids: list[int | None] = [None] * seats
    tricks: list[int | None] = [None] * seats
    for seat in upcoming["bidding_order"]:
        bids[seat] = tricks[seat] = 0
    tricks[upcoming["bidding_order"][0]] = upcoming["cards"]
    return {"bids": bids, "tricks": tricks}


def play(client: FlaskClient, game_id: str, auth: dict[str, str], deals: int) -> dict[str, Any]:
    """Record ``deals`` neutral deals; the last game state."""
    state: dict[str, Any] = client.get(f"/api/v1/games/{game_id}").get_json()
    for _ in range(deals):
        number = state["next"]["number"]
        response = client.put(
            f"/api/v1/games/{game_id}/deals/{number}", json=neutral_deal(state), headers=auth
        )
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
    return state


def post_event(client: FlaskClient, game_id: str, auth: dict[str, str], body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/games/{game_id}/events", json=body, headers=auth)


def test_a_misdeal_after_the_bids_drops_them_and_a_substitute_keeps_them(
    client: FlaskClient, driver: Driver
) -> None:
    """RULES.md §9, settled December 2026: the bids of the deal under way are dropped by a misdeal (the
    same dealer deals it again) and kept by a substitute, who plays the rest of it."""
    game_id, auth, _ = start(client, OH_HELL)
    state = play(client, game_id, auth, 1)
    bids = neutral_deal(state)["bids"]
    client.put(f"/api/v1/games/{game_id}/deals/2", json={"bids": bids}, headers=auth)
    response = post_event(client, game_id, auth, {"event": "misdeal"})
    assert response.status_code == 201, response.get_json()
    state = response.get_json()
    assert len(state["deals"]) == 1 and state["next"]["number"] == 2 and state["next"]["dealer"] == 1
    assert driver.stored(game_id)[-1] == {"event": "misdeal"}
    client.put(f"/api/v1/games/{game_id}/deals/2", json={"bids": bids}, headers=auth)
    response = post_event(client, game_id, auth, {"event": "substitute", "seat": 3, "name": "Sue"})
    assert response.status_code == 201, response.get_json()
    state = response.get_json()
    assert state["players"][3] == "Sue" and state["deals"][1]["bids"] == bids
    assert [item.get("event") for item in driver.stored(game_id)] == [None, "misdeal", "substitute", None]


def test_a_game_without_events_looks_as_it_always_did(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    state = play(client, game_id, auth, 2)
    assert not {"events", "seats", "ring"} & set(state)
    assert not {"misdeals", "revoke"} & set(state["deals"][0])
    assert state["players"] == OH_HELL["players"]


def test_an_arrival_takes_a_new_seat_and_replans_the_deals(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, ROMANIAN)
    play(client, game_id, auth, 2)
    response = post_event(client, game_id, auth, {"event": "arrival", "name": "Mary", "left_of": 2})
    assert response.status_code == 201
    assert response.headers["Location"] == f"/api/v1/games/{game_id}/events/1"
    assert response.headers["ETag"] == '"4"'
    state = response.get_json()
    assert state["players"] == ["Peter", "Peggy", "John", "Mary"]
    assert state["totals"][3] == 0 and len(state["totals"]) == 4
    assert state["ring"] == [0, 1, 2, 3] and state["deal_count"] == 24
    event = state["events"][0]
    assert event["event"] == "arrival" and event["seat"] == 3 and event["after_deal"] == 2
    assert event["plan"] == {
        "first_deal": 3,
        "players": [3, 4],
        "before": [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1],
        "after": [1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1],
    }
    assert "Mary joins after deal 2 at the left of John" in event["text"]
    assert state["seats"][3] == {
        "seat": 3,
        "names": ["Mary"],
        "joined_after_deal": 2,
        "start": 0,
        "left_after_deal": None,
    }
    assert client.get(f"/api/v1/games/{game_id}/events/1").get_json() == event
    state = play(client, game_id, auth, 1)
    assert len(state["deals"][2]["bids"]) == 4 and len(state["deals"][1]["bids"]) == 3


def test_departure_substitute_sit_out_and_adjustment(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, {**OH_HELL, "players": [*OH_HELL["players"], "Eve"]})
    play(client, game_id, auth, 1)
    for body in (
        {"event": "departure", "seat": 4},
        {"event": "substitute", "seat": 1, "name": "Sue"},
        {"event": "sit_out", "seat": 2},
        {"event": "adjustment", "side": 0, "points": -5, "reason": "late to the table"},
    ):
        assert post_event(client, game_id, auth, body).status_code == 201
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["players"] == ["Ann", "Sue", "Cy", "Dee", "Eve"]
    assert state["next"]["sitting_out"] == [2, 4] and state["next"]["bidding_order"] == [3, 0, 1]
    assert state["totals"][0] == 5 and state["seats"][4]["left_after_deal"] == 1
    assert [event["event"] for event in state["events"]] == [
        "departure",
        "substitute",
        "sit_out",
        "adjustment",
    ]
    assert state["events"][3]["text"] == "Ann −5 after deal 1: late to the table"


def test_a_misdeal_and_a_revoke_mark_their_deals(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, CLASSIC)
    state = post_event(client, game_id, auth, {"event": "misdeal"}).get_json()
    assert state["next"]["dealer"] == 1
    state = client.put(f"/api/v1/games/{game_id}/deals/1", json={"tricks": 8}, headers=auth).get_json()
    assert state["deals"][0]["misdeals"] == [0]
    state = post_event(client, game_id, auth, {"event": "revoke", "seats": [0]}).get_json()
    assert state["deals"][0]["revoke"] == {
        "seats": [0],
        "dealt_again": False,
        "penalty": None,
        "text": "Ann revoked in deal 1: 3 tricks go to Bob and Dee, "
        "and Ann and Cy cannot reach 5 on this deal",
    }
    assert state["deals"][0]["tricks"] == 8  # as entered; the revoke moves three when scoring
    assert state["totals"] == [0, 2]


def test_classic_whist_s_revoke_takes_the_other_side_s_choice(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, CLASSIC)
    client.put(f"/api/v1/games/{game_id}/deals/1", json={"tricks": 8}, headers=auth)
    body = {"event": "revoke", "seats": [0], "penalty": "points"}
    state = post_event(client, game_id, auth, body).get_json()
    assert state["totals"] == [2, 3]  # the tricks stand (2); Bob and Dee add 3 points
    assert state["deals"][0]["revoke"]["text"] == (
        "Ann revoked in deal 1: Bob and Dee add 3 points to their score, and Ann and Cy cannot reach 5 "
        "on this deal"
    )
    listed = client.get(f"/api/v1/games/{game_id}/events").get_json()
    assert listed["events"][0]["penalty"] == "points"
    schema = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["RevokeEvent"]
    assert schema["properties"]["penalty"]["enum"] == ["tricks", "points"]


def test_a_revoke_penalty_and_stopping_early(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    deal = {"bids": [1, 3, 3, 2], "tricks": [2, 3, 3, 2]}
    client.put(f"/api/v1/games/{game_id}/deals/1", json=deal, headers=auth)
    state = post_event(client, game_id, auth, {"event": "revoke", "seats": [2]}).get_json()
    assert state["deals"][0]["points"] == [2, 13, 3, 12]
    assert state["deals"][0]["revoke"]["penalty"] == [0, 0, 10, 0]
    state = post_event(client, game_id, auth, {"event": "stop"}).get_json()
    assert state["status"] == "finished" and state["next"] is None and state["winners"] == [1]
    assert state["notes"] == ["Stopped after deal 1 of 19: the standings then are final"]


@pytest.mark.parametrize(
    ("table", "deals", "body", "status", "message"),
    [
        (
            CLASSIC,
            0,
            {"event": "arrival", "name": "Eve", "left_of": 0},
            422,
            "Eve cannot join: Classic Whist is played by exactly four players, two partnerships. "
            "Eve can take over a seat as a substitute",
        ),
        (
            {**OH_HELL, "players": ["Ann", "Bob", "Cy"]},
            1,
            {"event": "departure", "seat": 1},
            422,
            "Bob cannot leave: Oh Hell needs at least 3 players, and without Bob the table would have 2. "
            "A substitute can take over Bob's seat",
        ),
        (
            {"variant": "bid-whist", "players": ["Ann", "Bob", "Cy", "Dee"]},
            0,
            {"event": "sit_out", "seat": 3},
            422,
            "Dee cannot sit out: in Bid Whist every player plays every hand. A substitute can take over "
            "Dee's seat",
        ),
        (
            {**OH_HELL, "players": ["Ann", "Bob", "Cy"]},
            1,
            {"event": "sit_out", "seat": 0},
            422,
            "Ann cannot sit deal 2 out: at least 3 players must play each deal of Oh Hell, "
            "and it would have only 2",
        ),
        (OH_HELL, 1, {"event": "arrival", "name": "Cy", "left_of": 0}, 422, "Cy already has a seat"),
        (OH_HELL, 1, {"event": "substitute", "seat": 0, "name": "Dee"}, 422, "Dee already has a seat"),
        (
            OH_HELL,
            -1,
            {"event": "adjustment", "side": 0, "points": 1, "reason": "x"},
            422,
            "Deal 1 is under way: finish it",
        ),
        (OH_HELL, 0, {"event": "revoke", "seats": [1]}, 422, "A revoke is recorded right after the deal"),
        (OH_HELL, 0, {"event": "stop"}, 422, "Nothing has been played yet"),
        (OH_HELL, 1, {"event": "party"}, 422, "An event is one of misdeal, revoke, arrival"),
        (
            OH_HELL,
            1,
            {"event": "revoke", "seats": [1], "penalty": "points"},
            422,
            "In Oh Hell a revoke costs what the laws say, with no choice for the other side",
        ),
        (
            CLASSIC,
            1,
            {"event": "revoke", "seats": [1], "penalty": "cards"},
            422,
            'is one of "tricks", "points", not \'cards\'',
        ),
        (OH_HELL, 1, {"event": "adjustment", "side": 9, "points": 1, "reason": "x"}, 422, "from 0 to 3"),
    ],
)
def test_an_impossible_event_is_refused_with_the_reason_and_nothing_stored(
    client: FlaskClient,
    driver: Driver,
    table: dict[str, Any],
    deals: int,
    body: dict[str, Any],
    status: int,
    message: str,
) -> None:
    game_id, auth, _ = start(client, table)
    if deals < 0:  # the first deal's bids only: a deal under way
        client.put(f"/api/v1/games/{game_id}/deals/1", json={"bids": [0, 0, 0, 0]}, headers=auth)
    elif deals:
        if table["variant"] == "classic-whist":
            client.put(f"/api/v1/games/{game_id}/deals/1", json={"tricks": 7}, headers=auth)
        else:
            play(client, game_id, auth, deals)
    stored, version = driver.stored(game_id), driver.version(game_id)
    response = post_event(client, game_id, auth, body)
    assert response.status_code == status
    assert message in response.get_json()["error"]
    assert driver.stored(game_id) == stored and driver.version(game_id) == version
    preview = client.post(f"/api/v1/games/{game_id}/events/preview", json=body)
    assert preview.status_code == status and message in preview.get_json()["error"]


def test_events_need_the_edit_token_and_the_current_version(client: FlaskClient, driver: Driver) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    play(client, game_id, auth, 1)
    body = {"event": "misdeal"}
    assert client.post(f"/api/v1/games/{game_id}/events", json=body).status_code == 401
    assert post_event(client, game_id, {"Authorization": "Bearer nope"}, body).status_code == 403
    stale = {**auth, "If-Match": '"1"'}
    response = post_event(client, game_id, stale, body)
    assert response.status_code == 409 and response.get_json()["field"] == "version"
    assert post_event(client, game_id, {**auth, "If-Match": '"2"'}, body).status_code == 201
    for method, url in (
        ("put", f"/api/v1/games/{game_id}/events/1"),
        ("delete", f"/api/v1/games/{game_id}/events/1"),
        ("post", f"/api/v1/games/{game_id}/undo"),
    ):
        response = getattr(client, method)(url, json=body, headers=stale)
        assert response.status_code == 409, (method, url)
    assert driver.version(game_id) == 3 and len(driver.stored(game_id)) == 2


def test_an_event_is_corrected_and_undone(client: FlaskClient, driver: Driver) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    play(client, game_id, auth, 1)
    post_event(client, game_id, auth, {"event": "adjustment", "side": 1, "points": 5, "reason": "bonus"})
    state = play(client, game_id, auth, 1)
    assert state["totals"] == [20, 25, 19, 20]
    body = {"event": "adjustment", "side": 2, "points": -5, "reason": "late"}
    state = client.put(f"/api/v1/games/{game_id}/events/1", json=body, headers=auth).get_json()
    assert state["totals"] == [20, 20, 14, 20]
    assert driver.stored(game_id)[1] == body
    assert client.put(f"/api/v1/games/{game_id}/events/2", json=body, headers=auth).status_code == 404
    # Deal 2 follows the event: the event cannot be removed, the deal can.
    response = client.delete(f"/api/v1/games/{game_id}/events/1", headers=auth)
    assert response.status_code == 409 and "Deal 2 was recorded after event 1" in response.get_json()["error"]
    assert client.delete(f"/api/v1/games/{game_id}/deals/2", headers=auth).status_code == 200
    state = client.delete(f"/api/v1/games/{game_id}/events/1", headers=auth).get_json()
    assert "events" not in state and state["totals"] == [10, 10, 10, 10]
    assert len(driver.stored(game_id)) == 1


def test_a_deal_with_an_event_after_it_is_not_removed_until_the_event_is(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    play(client, game_id, auth, 1)
    post_event(client, game_id, auth, {"event": "misdeal"})
    response = client.delete(f"/api/v1/games/{game_id}/deals/1", headers=auth)
    assert response.status_code == 409
    assert response.get_json()["error"].startswith("Event 1 (misdeal) was recorded after deal 1")
    state = client.post(f"/api/v1/games/{game_id}/undo", headers=auth).get_json()
    assert "events" not in state and len(state["deals"]) == 1
    state = client.post(f"/api/v1/games/{game_id}/undo", headers=auth).get_json()
    assert state["deals"] == []
    response = client.post(f"/api/v1/games/{game_id}/undo", headers=auth)
    assert response.status_code == 409 and "nothing to undo" in response.get_json()["error"]


def test_the_api_lists_the_events_possible_now_and_previews_one(client: FlaskClient, driver: Driver) -> None:
    game_id, auth, _ = start(client, ROMANIAN)
    play(client, game_id, auth, 3)
    listing = client.get(f"/api/v1/games/{game_id}/events").get_json()
    assert listing["events"] == [] and listing["version"] == 4
    possible = {choice["event"]: choice for choice in listing["possible"]}
    assert possible["sit_out"] == {
        "event": "sit_out",
        "allowed": False,
        "reason": "Peter cannot sit deal 4 out: at least 3 players must play each deal of Romanian Whist, "
        "and it would have only 2",
        "seats": [],
        "sides": [],
    }
    assert possible["arrival"]["allowed"] and possible["arrival"]["seats"] == [0, 1, 2]
    assert not possible["departure"]["allowed"]
    stored = driver.stored(game_id)
    seen = client.post(
        f"/api/v1/games/{game_id}/events/preview", json={"event": "arrival", "name": "Mary", "left_of": 0}
    ).get_json()
    assert seen["event"]["text"].startswith("Mary joins after deal 3 at the left of Peter, starting on 0")
    assert seen["state"]["players"][-1] == "Mary" and seen["state"]["deal_count"] == 24
    assert driver.stored(game_id) == stored and driver.version(game_id) == 4


def test_abandoned_games_take_no_events(app: Flask, client: FlaskClient, driver: Driver) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    play(client, game_id, auth, 1)
    with app.app_context():
        store.abandon(store.load_record(game_id))
    for url in (f"/api/v1/games/{game_id}/events", f"/api/v1/games/{game_id}/events/preview"):
        response = client.post(url, json={"event": "misdeal"}, headers=auth)
        assert response.status_code == 409 and "abandoned" in response.get_json()["error"]
    assert client.get(f"/api/v1/games/{game_id}/events").get_json()["possible"] == []
    assert driver.version(game_id) == 3


def test_export_and_import_carry_the_events_exactly(client: FlaskClient, driver: Driver) -> None:
    game_id, auth, _ = start(client, ROMANIAN)
    play(client, game_id, auth, 2)
    post_event(client, game_id, auth, {"event": "arrival", "name": "Mary", "left_of": 2, "start": "average"})
    post_event(client, game_id, auth, {"event": "misdeal"})
    play(client, game_id, auth, 1)
    post_event(client, game_id, auth, {"event": "revoke", "seats": [3]})
    post_event(client, game_id, auth, {"event": "substitute", "seat": 0, "name": "Pam"})
    original = client.get(f"/api/v1/games/{game_id}").get_json()
    exported = client.get(f"/games/{game_id}/export.json")
    data = json.loads(exported.get_data())
    assert data["format_version"] == 2 and len(data["deals"]) == 3
    assert data["events"] == [
        {"after_deal": 2, "event": "arrival", "name": "Mary", "left_of": 2, "start": "average"},
        {"after_deal": 2, "event": "misdeal"},
        {"after_deal": 3, "event": "revoke", "seats": [3]},
        {"after_deal": 3, "event": "substitute", "seat": 0, "name": "Pam"},
    ]
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(exported.get_data()), "game.json")},
    )
    assert response.status_code == 302
    imported_id = response.headers["Location"].rsplit("/", 1)[1]
    imported = client.get(f"/api/v1/games/{imported_id}").get_json()
    same = ("players", "deals", "totals", "events", "seats", "ring", "next", "deal_count")
    assert {key: imported[key] for key in same} == {key: original[key] for key in same}
    assert driver.stored(imported_id) == driver.stored(game_id)
    again = json.loads(driver.client.get(f"/games/{imported_id}/export.json").get_data())
    assert again["deals"] == data["deals"] and again["events"] == data["events"]


def test_an_import_with_events_out_of_order_is_refused(driver: Driver) -> None:
    body = {
        "format": "scorekeeper/game",
        "format_version": 2,
        "variant": "oh-hell",
        "players": ["Ann", "Bob", "Cy"],
        "deals": [],
        "events": [{"after_deal": 3, "event": "misdeal"}],
    }
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(json.dumps(body).encode()), "game.json")},
    )
    assert response.status_code == 422
    body["events"] = [{"after_deal": 0, "event": "stop"}]
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(json.dumps(body).encode()), "game.json")},
    )
    assert response.status_code == 422
    assert "Event 1: Nothing has been played yet" in response.get_data(as_text=True)


def test_the_csv_has_a_row_for_each_event(client: FlaskClient) -> None:
    game_id, auth, _ = start(client, OH_HELL)
    play(client, game_id, auth, 1)
    post_event(client, game_id, auth, {"event": "adjustment", "side": 2, "points": -5, "reason": "late"})
    post_event(client, game_id, auth, {"event": "arrival", "name": "Eve", "left_of": 3, "start": 4})
    play(client, game_id, auth, 1)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv").get_data(as_text=True))))
    assert rows[0][-1] == "note" and len(rows[0]) == 10
    assert rows[5] == ["1", "", "", "", "Cy", "", "", "-5", "", "Cy −5 after deal 1: late"]
    assert rows[6][4] == "Eve" and rows[6][7] == "4" and rows[6][9].startswith("Eve joins after deal 1")
    assert [row[4] for row in rows[7:]] == ["Ann", "Bob", "Cy", "Dee", "Eve"]


def test_the_pages_still_answer_for_a_game_with_events(client: FlaskClient) -> None:
    # A game whose events came through the API: every page answers, and undo takes back the last event.
    game_id, auth, state = start(client, ROMANIAN)
    with client.session_transaction() as session:  # a cookie that holds the game's edit key
        session["keys"] = {game_id: state["edit_token"]}
    play(client, game_id, auth, 2)
    post_event(client, game_id, auth, {"event": "arrival", "name": "Mary", "left_of": 0})
    state = play(client, game_id, auth, 1)
    post_event(client, game_id, auth, {"event": "sit_out", "seat": 1})
    for url in (
        f"/games/{game_id}",
        f"/games/{game_id}/live",
        f"/games/{game_id}/sheet.pdf",
        f"/games/{game_id}/deals/1",
        f"/games/{game_id}/deals/4",
        f"/games/{game_id}/deals/1/explain",
        f"/games/{game_id}/deals/3/trick",
        "/games",
    ):
        assert client.get(url).status_code == 200, url
    page = client.get(f"/games/{game_id}/deals/4").get_data(as_text=True)
    assert "Mary" in page
    sheet = client.get(f"/games/{game_id}")
    assert 'aria-label="Undo the sit-out"' in sheet.get_data(as_text=True)
    undone = client.post(f"/games/{game_id}/undo", data={"csrf_token": csrf_token(sheet), "back": "sheet"})
    assert undone.status_code == 302
    assert "Taken back: Peggy sits deal 4 out." in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["events"]) == 1
