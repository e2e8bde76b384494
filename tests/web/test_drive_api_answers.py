"""The drive API's answers (issue 41, item 4) and the drive's evening in the API (issue 39, item 8):
bad bodies answered 422 naming the field whatever the version; If-Match checked in the write's own
transaction (exactly one of several corrections from one version goes on); confirmations, arrivals,
departures, a table removed, prizes and the prize-giving; an ETag on creation; words that name drives."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.drives import store

from .test_races import race

NAMES = [f"Player {number}" for number in range(1, 21)]  # five tables


def set_up(client: FlaskClient, **options: Any) -> dict[str, Any]:
    answer = client.post("/api/v1/drives", json={"name": "Hall", "players": NAMES, "hands": 4, **options})
    assert answer.status_code == 201, answer.get_json()
    assert answer.headers["ETag"] == '"1"'  # as every read of it says
    return {**answer.get_json(), "headers": {"Authorization": f"Bearer {answer.get_json()['edit_token']}"}}


def url(drive: dict[str, Any], rest: str = "") -> str:
    return f"/api/v1/drives/{drive['id']}{rest}"


def write(
    client: FlaskClient, method: str, drive: dict[str, Any], rest: str, body: Any = None, **headers: str
) -> Any:
    return client.open(url(drive, rest), method=method, json=body, headers={**drive["headers"], **headers})


def play_hand(client: FlaskClient, drive: dict[str, Any], hand: int) -> dict[str, Any]:
    """The organiser enters every table's N–S tricks for ``hand`` (table t takes 5 + t)."""
    document = client.get(url(drive)).get_json()
    answer = None
    for table in document["table_numbers"]:
        answer = write(client, "PUT", drive, f"/hands/{hand}/tables/{table}", {"tricks": 5 + table})
        assert answer.status_code == 200, answer.get_json()
    assert answer is not None
    return dict(answer.get_json())


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"tricks": 14}, "tricks"),
        ({"tricks": -1}, "tricks"),
        ({"tricks": 10**30}, "tricks"),
        ({"tricks": True}, "tricks"),
        ({"tricks": "8"}, "tricks"),
        ({}, "tricks"),
        ({"tricks": 8, "pair": None}, "pair"),
        ({"tricks": 8, "pair": "XY"}, "pair"),
        ({"tricks": 8, "extra": 1}, "extra"),
        ({"tricks": 8, "seen": {"players": [0, 1]}}, "seen"),
        ({"tricks": 8, "seen": {"north_south": 99}}, "seen"),
    ],
)
def test_a_bad_hand_body_is_422_naming_the_field_whatever_the_version(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    drive = set_up(client)
    for if_match in ({}, {"If-Match": '"1"'}, {"If-Match": '"99"'}):  # current, and stale
        answer = write(client, "PUT", drive, "/hands/1/tables/1", body, **if_match)
        assert answer.status_code == 422, (body, if_match, answer.get_json())
        assert answer.get_json()["field"] == field and answer.get_json()["error"]
    assert client.get(url(drive)).get_json()["version"] == 1  # nothing stored


def test_the_words_of_a_refusal_name_drives(client: FlaskClient) -> None:
    missing = client.get("/api/v1/drives/nope")
    assert missing.status_code == 404 and missing.get_json()["error"] == "There is no drive with this id"
    assert client.get("/api/v1/drives/nope/standings").get_json()["error"] == "There is no drive with this id"
    drive = set_up(client)
    anonymous = client.put(url(drive, "/hands/1/tables/1"), json={"tricks": 8})
    assert anonymous.status_code == 401 and "organiser key" in anonymous.get_json()["error"]
    assert "drive" in anonymous.get_json()["error"] and anonymous.headers["WWW-Authenticate"]
    wrong = client.post(url(drive, "/arrivals"), json={"name": "Mia"}, headers={"Authorization": "Bearer x"})
    assert wrong.status_code == 403 and "organiser key of this drive" in wrong.get_json()["error"]


def test_one_if_match_lets_exactly_one_of_five_concurrent_corrections_through(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five tables' corrections sent at once with the same If-Match: all five pass every check, then
    claim the version together (a barrier holds them): one is stored, four are refused with the
    version that won."""
    client = app.test_client()
    drive = set_up(client)
    version = play_hand(client, drive, 1)["version"]
    barrier = threading.Barrier(5, timeout=10)
    claim = store._claim_and

    def claiming_together(*args: Any, **kwargs: Any) -> bool:
        barrier.wait()
        return claim(*args, **kwargs)

    monkeypatch.setattr(store, "_claim_and", claiming_together)
    headers = {**drive["headers"], "If-Match": f'"{version}"'}
    answers = race(
        *(
            lambda table=table: app.test_client().put(
                url(drive, f"/hands/1/tables/{table}"), json={"tricks": 2}, headers=headers
            )
            for table in range(1, 6)
        )
    )
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200, 409, 409, 409, 409], [answer.get_json() for answer in answers]
    stored = client.get(url(drive)).get_json()
    assert stored["version"] == version + 1
    for answer in answers:
        if answer.status_code == 409:
            assert answer.get_json()["field"] == "version"
            assert answer.get_json()["params"]["version"] == version + 1
    corrected = [table for table in stored["hands_played"][0]["tables"] if table["tricks"]["NS"] == 2]
    assert len(corrected) == 1


def test_a_stale_if_match_on_an_event_is_409_and_stores_nothing(client: FlaskClient) -> None:
    drive = set_up(client)
    play_hand(client, drive, 1)
    for method, rest, body in (
        ("POST", "/arrivals", {"name": "Mia", "role": "lady"}),
        ("POST", "/departures", {"player": 0}),
        ("DELETE", "/tables/2", None),
        ("PUT", "/prizes", {"prizes": []}),
        ("POST", "/announcement", {"shown": 1}),
        ("POST", "/hands/1/tables/1/confirmation", {"player": 2}),
    ):
        answer = write(client, method, drive, rest, body, **{"If-Match": '"1"'})
        assert answer.status_code == 409, (rest, answer.get_json())
        assert answer.get_json()["field"] == "version"
    assert client.get(url(drive)).get_json()["version"] == 6  # the five tables' entries, nothing more


def test_the_evening_through_the_api(client: FlaskClient) -> None:
    """Arrivals with a role, a departure with a substitute, a table removed, a result confirmed by the
    other pair, the organiser's prizes and the prize-giving; the results kept back from readers until
    announced."""
    drive = set_up(client, interval_after=2, one_prize_each=True)
    document = play_hand(client, drive, 1)
    # Hand 2 is called ("move now"): the arrival waits (sits out), nobody told a seat moves.
    seats = [table["players"] for table in document["hands_played"][1]["tables"]]
    mia = write(client, "POST", drive, "/arrivals", {"name": "Mia", "role": "gent", "start": "lowest"})
    assert mia.status_code == 201, mia.get_json()
    after = mia.get_json()
    assert after["roles"][20] == "gent" and after["hands_played"][1]["sitting_out"] == [20]
    assert [table["players"] for table in after["hands_played"][1]["tables"]] == seats
    assert after["roster"][-1] == {
        "hand": 2,
        "kind": "arrive",
        "player": 20,
        "start": "lowest",
        "role": "gent",
    }
    where = next(
        (table["table"], table["players"].index(0))
        for table in after["hands_played"][1]["tables"]
        if 0 in table["players"]
    )
    substitute = write(client, "POST", drive, "/departures", {"player": 0, "substitute": "Zed"}).get_json()
    table = next(table for table in substitute["hands_played"][1]["tables"] if table["table"] == where[0])
    assert table["players"][where[1]] == 21 and substitute["roles"][21] == "lady"
    gone = write(client, "DELETE", drive, "/tables/3").get_json()
    assert gone["table_numbers"] == [1, 2, 4, 5] and set(seats[2]) <= set(
        gone["hands_played"][1]["sitting_out"]
    )
    assert write(client, "DELETE", drive, "/tables/3").status_code == 422  # gone already
    prizes = write(
        client, "PUT", drive, "/prizes", {"prizes": [{"rule": "ladies_highest", "name": "Ladies"}]}
    ).get_json()
    assert prizes["prizes"][-1]["name"] == "Ladies"
    bad = write(client, "PUT", drive, "/prizes", {"prizes": [{"rule": "best_dressed", "name": "x"}]})
    assert bad.status_code == 422 and bad.get_json()["field"] == "prizes[0]"
    # A table's phone enters its own result: the other pair confirms it through the API.
    assert write(client, "POST", drive, "/hands/2/tables/1/confirmation", {"player": 1}).status_code == 422
    for hand in (2, 3, 4):
        play_hand(client, drive, hand)
    reader = client.get(url(drive)).get_json()
    assert reader["status"] == "finished" and reader["results_withheld"]
    assert reader["standings"] == [] and all(prize["winners"] == [] for prize in reader["prizes"])
    assert all(row["running_total"] is None for card in reader["cards"] for row in card["rows"])
    assert all(table["tricks"] is None for table in reader["hands_played"][3]["tables"])
    organiser = client.get(url(drive), headers=drive["headers"]).get_json()
    assert organiser["standings"] and not organiser["results_withheld"]
    booby = write(client, "POST", drive, "/announcement", {"shown": 1}).get_json()
    assert booby["announced"] == 1
    reader = client.get(url(drive, "/standings")).get_json()
    shown = [prize for prize in reader["prizes"] if not prize["withheld"]]
    assert [prize["rule"] for prize in shown] == ["lowest_total"] and shown[0]["winners"]
    assert write(client, "POST", drive, "/announcement", {"shown": "nope"}).get_json()["field"] == "shown"
    write(client, "POST", drive, "/announcement", {"shown": "all"})
    reader = client.get(url(drive, "/standings")).get_json()
    assert not reader["results_withheld"] and len(reader["standings"]) == 22
    left = next(line for line in reader["standings"] if line["player"] == 0)
    assert left["left_after"] == 1
    winners = [player for prize in reader["prizes"] for player in prize["winners"]]
    assert 0 not in winners and len(winners) == len(set(winners))


def test_a_partner_drive_takes_a_late_pair_and_a_leaving_pair_in_the_api(client: FlaskClient) -> None:
    drive = set_up(client, format="partner", players=NAMES[:18])
    play_hand(client, drive, 1)
    assert write(client, "POST", drive, "/arrivals", {"name": "Solo"}).status_code == 422
    pair = write(client, "POST", drive, "/arrivals", {"name": "Mia", "partner_name": "Ned"}).get_json()
    assert pair["table_numbers"] == [1, 2, 3, 4, 5] and pair["roles"][18:] == ["lady", "gent"]
    leaving = write(client, "POST", drive, "/departures", {"player": 0}).get_json()
    assert leaving["roster"][-2:] == [
        {"hand": 2, "kind": "leave", "player": 0},
        {"hand": 2, "kind": "leave", "player": 1},
    ]


def test_the_openapi_document_has_every_drive_change_with_its_errors(client: FlaskClient) -> None:
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    changes = {
        "/drives/{drive_id}/hands/{hand}/tables/{table}/confirmation": "post",
        "/drives/{drive_id}/arrivals": "post",
        "/drives/{drive_id}/departures": "post",
        "/drives/{drive_id}/tables/{table}": "delete",
        "/drives/{drive_id}/prizes": "put",
        "/drives/{drive_id}/announcement": "post",
        "/drives/{drive_id}/hands/{hand}/tables/{table}": "put",
    }
    for path, method in changes.items():
        key = next(key for key in paths if key.endswith(path))
        operation = paths[key][method]
        assert {"401", "403", "404", "409", "422"} <= set(operation["responses"]), path
        assert "drive" in operation["responses"]["404"]["description"]
    created = paths[next(key for key in paths if key.endswith("/drives"))]["post"]["responses"]["201"]
    assert {"Location", "ETag"} <= set(created["headers"])
