"""Whist drives in the JSON API: set up, read whole, standings, and a table's hand entered with the
tables' own checks (what was seen of that table's hand, and If-Match); every refusal 4xx JSON."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .budget import examples

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def set_up(client: FlaskClient, **options: Any) -> dict[str, Any]:
    answer = client.post(
        "/api/v1/drives",
        json={"name": "Church hall", "players": NAMES, "hands": 4, "interval_after": 2, **options},
    )
    assert answer.status_code == 201, answer.get_json()
    document = answer.get_json()
    assert answer.headers["Location"].endswith(f"/api/v1/drives/{document['id']}")
    return document


def put_hand(
    client: FlaskClient, drive: dict[str, Any], hand: int, table: int, body: dict[str, Any], **headers: str
) -> Any:
    return client.put(
        f"/api/v1/drives/{drive['id']}/hands/{hand}/tables/{table}",
        json=body,
        headers={"Authorization": f"Bearer {drive['edit_token']}", **headers},
    )


def test_a_drive_is_set_up_read_and_played_through_the_api(client: FlaskClient) -> None:
    drive = set_up(client)
    assert drive["players"] == NAMES and drive["tables"] == 1 and drive["status"] == "in_progress"
    first = drive["hands_played"][0]
    assert first["trump"] == "H" and first["sitting_out"] == [4]
    seated = first["tables"][0]["players"]
    assert seated == [0, 2, 1, 3]  # N Ann, E Cat, S Bob, W Dan
    answer = put_hand(client, drive, 1, 1, {"pair": "NS", "tricks": 8, "seen": {"players": seated}})
    assert answer.status_code == 200, answer.get_json()
    state = answer.get_json()
    assert state["hands_played"][0]["tables"][0]["tricks"] == {"NS": 8, "EW": 5}
    ann = state["cards"][0]["rows"][0]
    assert ann == {
        "hand": 1,
        "trump": "H",
        "table": 1,
        "seat": "N",
        "partner": 1,
        "opponents": [2, 3],
        "sat_out": False,
        "absent": False,
        "tricks": 8,
        "running_total": 8,
    }
    assert state["cards"][0]["role"] == "lady" and state["cards"][1]["role"] == "gent"
    read = client.get(f"/api/v1/drives/{drive['id']}")
    assert read.status_code == 200 and read.headers["ETag"] == f'"{state["version"]}"'
    standings = client.get(f"/api/v1/drives/{drive['id']}/standings").get_json()
    assert [line["name"] for line in standings["standings"][:2]] == ["Ann", "Bob"]
    assert standings["standings"][0]["total"] == 8 and standings["outlook"] == []
    download = client.get(f"/api/v1/drives/{drive['id']}?download=1")
    assert "attachment" in download.headers["Content-Disposition"]


def test_a_hand_entered_with_a_stale_view_of_its_table_is_refused(client: FlaskClient) -> None:
    drive = set_up(client)
    assert put_hand(client, drive, 1, 1, {"tricks": 8}).status_code == 200
    # Entered again as if nothing had been entered: the table's hand changed since it was seen.
    again = put_hand(client, drive, 1, 1, {"tricks": 9})
    assert again.status_code == 409 and again.get_json()["field"] == "version"
    # A correction that says what it saw goes through.
    fixed = put_hand(client, drive, 1, 1, {"tricks": 9, "seen": {"north_south": 8}})
    assert fixed.status_code == 200
    assert fixed.get_json()["hands_played"][0]["tables"][0]["tricks"] == {"NS": 9, "EW": 4}
    stale = put_hand(client, drive, 1, 1, {"tricks": 10, "seen": {"north_south": 9}}, **{"If-Match": '"1"'})
    assert stale.status_code == 409 and "changed since version" in stale.get_json()["error"]


def test_the_set_up_takes_every_option_of_the_drive(client: FlaskClient) -> None:
    drive = set_up(client, format="semi_partner", winners_move=True, one_prize_each=True, trumps=["S", "NT"])
    assert drive["winners_move"] is True and drive["one_prize_each"] is True
    assert drive["format"] == "semi_partner" and drive["trumps"] == ["S", "NT"]
    assert (
        client.post("/api/v1/drives", json={"name": "x", "players": NAMES, "winners_move": "yes"}).status_code
        == 400
    )


def test_the_interval_brings_who_can_still_win(client: FlaskClient) -> None:
    drive = set_up(client)
    assert put_hand(client, drive, 1, 1, {"tricks": 8}).status_code == 200
    assert put_hand(client, drive, 2, 1, {"tricks": 4}).status_code == 200
    standings = client.get(f"/api/v1/drives/{drive['id']}/standings").get_json()
    rules = [item["prize"]["rule"] for item in standings["outlook"]]
    assert rules == ["highest_total", "lowest_total", "best_second_half"]
    assert standings["outlook"][0]["contenders"][0] == standings["standings"][0]["player"]


def test_refusals_are_json_and_store_nothing(client: FlaskClient) -> None:
    drive = set_up(client)
    url = f"/api/v1/drives/{drive['id']}/hands/1/tables/1"
    assert client.put(url, json={"tricks": 8}).status_code == 401
    wrong = client.put(url, json={"tricks": 8}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and wrong.get_json()["error"]
    assert put_hand(client, drive, 1, 1, {"tricks": 14}).status_code == 422
    assert put_hand(client, drive, 1, 1, {"tricks": "8"}).status_code == 422
    assert put_hand(client, drive, 1, 1, {"tricks": 8, "pair": "XY"}).status_code == 422
    assert put_hand(client, drive, 1, 2, {"tricks": 8}).status_code == 422  # no table 2
    assert put_hand(client, drive, 2, 1, {"tricks": 8}).status_code in (409, 422)  # not open yet
    assert put_hand(client, drive, 1, 1, {"tricks": 8, "seen": {"players": [0, 1]}}).status_code == 422
    assert put_hand(client, drive, 1, 1, {"tricks": 8, "seen": {"players": [3, 2, 1, 0]}}).status_code == 409
    assert (
        client.put(url, data="x", headers={"Authorization": f"Bearer {drive['edit_token']}"}).status_code
        == 400
    )
    assert client.get("/api/v1/drives/nope").status_code == 404
    assert client.put("/api/v1/drives/nope/hands/1/tables/1", json={"tricks": 8}).status_code == 404
    assert client.post("/api/v1/drives", json={"name": "x", "players": ["Ann"]}).status_code == 422
    assert client.post("/api/v1/drives", json={"name": "x", "players": True}).status_code == 400
    assert client.post("/api/v1/drives", json={"players": NAMES}).status_code == 400
    state = client.get(f"/api/v1/drives/{drive['id']}").get_json()
    assert state["version"] == 1 and state["hands_played"][0]["tables"][0]["tricks"] is None


def test_the_openapi_document_has_the_drive(client: FlaskClient, app: Flask) -> None:
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for path in (
        "/drives",
        "/drives/{drive_id}",
        "/drives/{drive_id}/standings",
        "/drives/{drive_id}/hands/{hand}/tables/{table}",
    ):
        assert any(key.endswith(path) for key in paths), path


def test_creating_drives_and_entering_hands_through_the_api_are_limited(tmp_path: Any) -> None:
    from .conftest import app_in

    for app in app_in(tmp_path, RATELIMIT_CREATE="2 per minute", RATELIMIT_WRITE="3 per minute"):
        client = app.test_client()
        drive = set_up(client)
        set_up(client)
        refused = client.post("/api/v1/drives", json={"name": "x", "players": NAMES})
        assert refused.status_code == 429 and refused.get_json()["error"]
        for _ in range(3):
            put_hand(client, drive, 1, 1, {"tricks": 14})
        assert put_hand(client, drive, 1, 1, {"tricks": 8}).status_code == 429


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
FIELDS = st.sampled_from(
    ["name", "players", "format", "hands", "interval_after", "trumps", "sit_out_tricks", "tie_break",
     "up_direction", "winners_move", "one_prize_each", "tricks", "pair", "seen"]
)  # fmt: skip


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(body=st.dictionaries(FIELDS, JSON_VALUES, max_size=6), seen=JSON_VALUES, players=JSON_VALUES)
def test_no_body_breaks_the_drive_api(app: Flask, body: dict[str, Any], seen: Any, players: Any) -> None:
    """Bodies of any shape, to both writes: a 4xx with a sentence, or a success, never a 5xx."""
    app.config.update(RATELIMIT_CREATE="100000 per minute", RATELIMIT_WRITE="100000 per minute")
    client = app.test_client()
    drive = DRIVE.get(app) or set_up(client)
    DRIVE[app] = drive
    for answer in (
        client.post("/api/v1/drives", json={**body, "players": players}),
        client.post("/api/v1/drives", json={"name": "Hall", "players": players, **body}),
        put_hand(client, drive, 1, 1, {**body, "seen": seen}),
        put_hand(client, drive, 1, 1, {"tricks": 8, **body}),
    ):
        assert answer.status_code < 500, (body, answer.get_data(as_text=True))
        if answer.status_code >= 400:
            assert answer.get_json()["error"]


DRIVE: dict[Flask, dict[str, Any]] = {}
