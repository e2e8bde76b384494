"""Every API error body carries a stable ``code`` and its ``params`` beside the English ``error``.

The additions are the same refusal as data: worded again from ``code`` and ``params``
(``scorekeeper.words``), they give back exactly the ``error`` the body carries, so a client
that words refusals in its own language has everything the sentence names.
"""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.rules.text import Param, Text
from scorekeeper.words import english

from .test_api import start

CODE = re.compile(r"^[a-z][a-z0-9_]*$")


def _param(value: Any) -> Param:
    """A JSON parameter back as the engine gave it: {code, params} a nested text, a list a tuple."""
    if isinstance(value, dict):
        return Text(value["code"], **{key: _param(item) for key, item in value["params"].items()})
    if isinstance(value, list):
        return tuple(_param(item) for item in value)
    assert value is None or isinstance(value, (str, int, bool)), value
    return value  # type: ignore[no-any-return]


def assert_coded(response: TestResponse, status: int, code: str | None = None) -> dict[str, Any]:
    """The body of a refusal: its code names it, and its params word back to its sentence."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert isinstance(body["error"], str) and body["error"]
    assert CODE.match(body["code"]), body
    assert isinstance(body["params"], dict)
    if code is not None:
        assert body["code"] == code
    worded = english(Text(body["code"], **{key: _param(value) for key, value in body["params"].items()}))
    assert worded == body["error"]
    return body


def test_a_rule_refusal_names_its_code_and_everything_its_sentence_says(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    url = f"/api/v1/games/{game_id}/deals/"
    body = assert_coded(client.put(url + "1", json={"bids": [1, 0, 0]}, headers=auth), 422, "hook")
    assert body["field"] == "bids" and body["params"]["player"] == "Peggy"
    ahead = assert_coded(client.put(url + "3", json={"bids": [0, 0, 0]}, headers=auth), 409)
    assert ahead["field"] == "number"
    assert_coded(client.put(url + "1", json={"bids": [1, 1, "0"]}, headers=auth), 422)
    assert_coded(client.put(url + "1", json={"bids": [1, 1, 0], "bogus": 1}, headers=auth), 422)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == 1


def test_bad_games_and_bodies_carry_codes(client: FlaskClient) -> None:
    assert_coded(client.post("/api/v1/games", json={"variant": "bridge", "players": ["A", "B", "C"]}), 422)
    assert_coded(client.post("/api/v1/games", json={"variant": "oh-hell", "players": ["A", "B"]}), 422)
    assert_coded(client.post("/api/v1/games", json={"variant": "oh-hell", "players": "ABC"}), 400)
    options = {"variant": "oh-hell", "players": ["A", "B", "C"], "options": {"colour": "red"}}
    assert assert_coded(client.post("/api/v1/games", json=options), 422)["field"] == "options"
    game_id, auth, _ = start(client)
    malformed = client.put(
        f"/api/v1/games/{game_id}/deals/1", data="{bids", headers={**auth, "Content-Type": "application/json"}
    )
    assert_coded(malformed, 400)


def test_http_errors_of_the_api_carry_codes(client: FlaskClient) -> None:
    game_id, auth, _ = start(client)
    url = f"/api/v1/games/{game_id}/deals/1"
    assert_coded(client.put(url, json={"bids": [1, 1, 0]}), 401)
    assert_coded(client.put(url, json={"bids": [1, 1, 0]}, headers={"Authorization": "Bearer not-it"}), 403)
    assert_coded(client.get("/api/v1/games/" + "f" * 32), 404)
    assert_coded(client.get("/api/v1/nothing-here"), 404)
    assert_coded(client.patch(url, json={}, headers=auth), 405)
    too_large = client.post("/api/v1/games", data="[" * (300 * 1024), content_type="application/json")
    assert_coded(too_large, 413)
    client.put(url, json={"bids": [1, 1, 0]}, headers={**auth, "If-Match": "1"})
    stale = client.put(url, json={"bids": [1, 1, 0], "tricks": [1, 0, 0]}, headers={**auth, "If-Match": "1"})
    assert assert_coded(stale, 409)["field"] == "version"


def test_the_openapi_document_requires_the_code_and_params(client: FlaskClient) -> None:
    error = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"error", "code", "params"}
    assert error["properties"]["params"]["type"] == "object"
