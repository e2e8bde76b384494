"""The JSON API of API.md: shapes, every refusal as 4xx JSON, nothing stored on refusal."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import VARIANTS

SEED = {
    "variant": "romanian-whist",
    "players": ["Peter", "Peggy", "John"],
    "first_dealer": 1,
    "options": {"sequence": "1-8-1"},
}


def start(
    client: FlaskClient, body: dict[str, Any] | None = None
) -> tuple[str, dict[str, str], dict[str, Any]]:
    response = client.post("/api/v1/games", json=body or SEED)
    assert response.status_code == 201, response.get_json()
    state = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{state['id']}"
    return state["id"], {"Authorization": f"Bearer {state['edit_token']}"}, state


def test_variants_list_every_code_with_players_and_options(client: FlaskClient) -> None:
    variants = client.get("/api/v1/variants").get_json()["variants"]
    codes = [variant["code"] for variant in variants]
    assert codes == [variant.code for variant in VARIANTS]
    assert set(codes) == {
        "oh-hell",
        "oh-well",
        "contract-whist",
        "up-and-down-the-river",
        "oh-pshaw",
        "british-oh-hell",
        "nomination-whist",
        "romanian-whist",
        "custom-oh-hell",
        "oneonta-solitaire",
        "oneonta-edd-allard",
        "oneonta",
        "oneonta-cooperative",
        "oneonta-beat-the-game",
        "classic-whist",
        "bid-whist",
        "german-whist",
    }
    romanian = next(variant for variant in variants if variant["code"] == "romanian-whist")
    assert romanian["players"] == {"min": 3, "max": 7}
    sequence = romanian["options"][0]
    assert sequence["name"] == "sequence" and sequence["type"] == "choice"
    assert sequence["choices"] == ["1-8-1", "8-1-8"] and sequence["default"] == "1-8-1" and sequence["help"]


def test_the_seed_game_state_has_the_contract_shape(client: FlaskClient) -> None:
    game_id, auth, state = start(client)
    assert state["variant"] == "romanian-whist" and state["players"] == ["Peter", "Peggy", "John"]
    assert state["options"]["sequence"] == "1-8-1" and state["options"]["promotions"] is False
    assert state["status"] == "in_progress" and state["deals"] == [] and state["winners"] == []
    assert state["next"]["number"] == 1 and state["next"]["dealer"] == 1
    assert state["next"]["bidding_order"] == [2, 0, 1] and state["next"]["trump"] is None
    assert state["totals"] == [0, 0, 0] and state["version"] == 1
    response = client.put(
        f"/api/v1/games/{game_id}/deals/1",
        json={"bids": [1, 1, 0], "tricks": [1, 0, 0], "trump": "H"},
        headers=auth,
    )
    assert response.status_code == 200
    state = response.get_json()
    deal = state["deals"][0]
    assert {
        k: deal[k]
        for k in (
            "number",
            "cards",
            "dealer",
            "trump",
            "bidding_order",
            "bids",
            "tricks",
            "points",
            "totals",
            "complete",
        )
    } == {
        "number": 1,
        "cards": 1,
        "dealer": 1,
        "trump": "H",
        "bidding_order": [2, 0, 1],
        "bids": [1, 1, 0],
        "tricks": [1, 0, 0],
        "points": [6, -1, 5],
        "totals": [6, -1, 5],
        "complete": True,
    }
    assert state["next"] == {
        **state["next"],
        "number": 2,
        "cards": 1,
        "dealer": 2,
        "bidding_order": [0, 1, 2],
        "trump": None,
    }
    assert state["totals"] == [6, -1, 5] and state["version"] == 2
    assert client.get(f"/api/v1/games/{game_id}").get_json() == state


def test_bids_alone_record_the_bidding_before_play(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    state = client.put(f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 0]}, headers=auth).get_json()
    deal = state["deals"][0]
    assert deal["complete"] is False and deal["tricks"] is None and deal["points"] is None
    assert state["next"]["number"] == 1


def test_the_hook_is_refused_with_the_dealer_and_the_number(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    response = client.put(f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 0, 0]}, headers=auth)
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Peggy deals and may not bid 0: the bids would add up to 1, the number of cards",
        "field": "bids",
        "code": "hook",
        "params": {"player": "Peggy", "dealer": True, "forbidden": 0, "cards": 1},
        "seat": 1,
    }
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == 1


def test_the_dead_hand_has_null_bids_and_points(client: FlaskClient) -> None:
    body = {"variant": "romanian-whist", "players": list("ABCDEFG")}
    game_id, auth, state = start(client, body)
    assert state["next"]["sitting_out"] == [0]
    deal = {"bids": [None, 0, 0, 0, 0, 0, 0], "tricks": [None, 1, 0, 0, 0, 0, 0]}
    state = client.put(f"/api/v1/games/{game_id}/deals/1", json=deal, headers=auth).get_json()
    assert state["deals"][0]["points"] == [None, -1, 5, 5, 5, 5, 5]


def test_correcting_an_earlier_deal_rescores_the_later_ones(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    client.put(
        f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers=auth
    )
    client.put(
        f"/api/v1/games/{game_id}/deals/2", json={"bids": [0, 0, 0], "tricks": [0, 1, 0]}, headers=auth
    )
    state = client.put(
        f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 0], "tricks": [0, 1, 0]}, headers=auth
    ).get_json()
    assert state["deals"][1]["totals"] == [4, 5, 10] and state["version"] == 4


def test_undo_removes_the_last_deal_and_no_other(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    client.put(
        f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers=auth
    )
    client.put(
        f"/api/v1/games/{game_id}/deals/2", json={"bids": [0, 0, 0], "tricks": [0, 1, 0]}, headers=auth
    )
    assert client.delete(f"/api/v1/games/{game_id}/deals/1", headers=auth).status_code == 409
    state = client.delete(f"/api/v1/games/{game_id}/deals/2", headers=auth).get_json()
    assert len(state["deals"]) == 1 and state["next"]["number"] == 2


def test_changes_need_the_edit_token(client: FlaskClient) -> None:
    game_id, _auth, _ = start(client)
    url = f"/api/v1/games/{game_id}/deals/1"
    missing = client.put(url, json={"bids": [1, 1, 0]})
    assert missing.status_code == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert "error" in missing.get_json()
    wrong = client.put(url, json={"bids": [1, 1, 0]}, headers={"Authorization": "Bearer not-it"})
    assert wrong.status_code == 403 and "error" in wrong.get_json()
    assert client.delete(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []


def test_a_stale_version_is_a_conflict(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    url = f"/api/v1/games/{game_id}/deals/1"
    ok = client.put(url, json={"bids": [1, 1, 0]}, headers={**auth, "If-Match": "1"})
    assert ok.status_code == 200 and ok.headers["ETag"] == '"2"'
    stale = client.put(url, json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers={**auth, "If-Match": "1"})
    assert stale.status_code == 409 and stale.get_json()["field"] == "version"
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"][0]["complete"] is False
    fresh = client.put(
        url, json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers={**auth, "If-Match": '"2"'}
    )
    assert fresh.status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"variant": "bridge", "players": ["A", "B", "C"]}, 422, "variant"),
        ({"variant": "oh-hell", "players": ["A", "B"]}, 422, "players"),
        ({"variant": "oh-hell", "players": "ABC"}, 400, "players"),
        ({"variant": "oh-hell"}, 400, "players"),
        ({"variant": 7, "players": ["A", "B", "C"]}, 400, "variant"),
        ({"variant": "oh-hell", "players": ["A", "B", "C"], "first_dealer": "1"}, 400, "first_dealer"),
        ({"variant": "oh-hell", "players": ["A", "B", "C"], "first_dealer": 5}, 422, "first_dealer"),
        ({"variant": "oh-hell", "players": ["A", "B", 3]}, 422, "players"),
        ({"variant": "oh-hell", "players": ["A", "B", "C"], "options": {"colour": "red"}}, 422, "options"),
        (
            {"variant": "oh-hell", "players": ["A", "B", "C"], "options": {"scoring": ["common"]}},
            422,
            "options",
        ),
        ({"variant": "oh-hell", "players": ["A", "B", "C"], "options": []}, 400, "options"),
    ],
)
def test_bad_games_are_refused_with_a_sentence(
    client: FlaskClient, body: dict[str, Any], status: int, field: str
) -> None:
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == status
    assert response.get_json()["field"] == field and response.get_json()["error"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"bids": [1, 1]}, 422),
        ({"bids": [1, 1, "0"]}, 422),
        ({"bids": [1, 1, 0], "tricks": [1, 0]}, 422),
        ({"bids": [1, 1, 0], "tricks": [5, 0, 0]}, 422),
        ({"bids": [1, 1, 0], "trump": 3}, 422),
        ({"bids": [1, 1, 0], "bogus": 1}, 422),
        ({"bids": {"0": 1}}, 422),
        ([1, 1, 0], 400),
    ],
)
def test_bad_deals_are_refused_and_nothing_stored(client: FlaskClient, body: Any, status: int) -> None:
    game_id, auth, _ = start(client)
    response = client.put(f"/api/v1/games/{game_id}/deals/1", json=body, headers=auth)
    assert response.status_code == status and response.get_json()["error"]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == 1


def test_malformed_json_and_skipped_deals(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    url = f"/api/v1/games/{game_id}/deals/"
    bad = client.put(url + "1", data="{bids", headers={**auth, "Content-Type": "application/json"})
    assert bad.status_code == 400 and bad.get_json()["error"]
    ahead = client.put(url + "3", json={"bids": [0, 0, 0]}, headers=auth)
    assert ahead.status_code == 409 and "the next deal is 1" in ahead.get_json()["error"]
    assert client.get("/api/v1/games/" + "f" * 32).status_code == 404
    assert client.get("/api/v1/games/" + "f" * 32).get_json()["error"]


def test_a_finished_game_lists_its_winners(client: FlaskClient) -> None:
    body = {
        "variant": "custom-oh-hell",
        "players": ["Ann", "Bob", "Cy"],
        "options": {"shape": "fixed", "start_cards": 1, "deals": 1},
    }
    game_id, auth, _ = start(client, body)
    state = client.put(
        f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers=auth
    ).get_json()
    assert state["status"] == "finished" and state["winners"] == [0] and state["next"] is None
    refused = client.put(f"/api/v1/games/{game_id}/deals/2", json={"bids": [1, 1, 0]}, headers=auth)
    assert refused.status_code == 409


def test_partnership_games_report_points_per_team(client: FlaskClient) -> None:
    body = {"variant": "classic-whist", "players": ["Ann", "Bob", "Cy", "Dee"]}
    game_id, auth, state = start(client, body)
    assert state["teams"] == [[0, 2], [1, 3]] and state["totals"] == [0, 0]
    state = client.put(f"/api/v1/games/{game_id}/deals/1", json={"tricks": 8}, headers=auth).get_json()
    assert state["deals"][0]["points"] == [2, 0] and state["totals"] == [2, 0]


def test_the_openapi_document_describes_every_endpoint(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    paths = document["paths"]
    assert set(paths) == {
        "/variants",
        "/games",
        "/games/{game_id}",
        "/games/{game_id}/deals/{number}",
        "/games/{game_id}/events",
        "/games/{game_id}/events/preview",
        "/games/{game_id}/events/{number}",
        "/games/{game_id}/undo",
        "/drives",
        "/drives/{drive_id}",
        "/drives/{drive_id}/standings",
        "/drives/{drive_id}/hands/{hand}/tables/{table}",
        "/drives/{drive_id}/hands/{hand}/tables/{table}/confirmation",
        "/drives/{drive_id}/arrivals",
        "/drives/{drive_id}/departures",
        "/drives/{drive_id}/tables/{table}",
        "/drives/{drive_id}/prizes",
        "/drives/{drive_id}/announcement",
        "/clubs/{club_id}",
        "/clubs/{club_id}/standings",
        "/clubs/{club_id}/nights/{day}",
    }
    assert set(paths["/games/{game_id}/events/{number}"]) == {"get", "put", "delete"}
    events = document["components"]["schemas"]["TableEvent"]["oneOf"]
    assert len(events) == 8
    deal = paths["/games/{game_id}/deals/{number}"]
    assert set(deal) == {"put", "delete"}
    assert {"401", "403", "409", "422"} <= set(deal["put"]["responses"])
    bodies = deal["put"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    assert len(bodies) == len({variant.engine.input_kind for variant in VARIANTS})
