"""Fuzz the JSON API from its own OpenAPI document: no generated request may cause a 5xx.

Schemathesis generates requests for every operation; about half of the game
and deal requests aim at a real game with its real edit token, so the engine
sees bodies of every shape, not only 404s.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from scorekeeper import create_app

from .conftest import database_config

FOLDER = Path(tempfile.mkdtemp(prefix="scorekeeper-fuzz-"))
# SQLite in a temporary folder, or a schema of its own on the PostgreSQL test server.
DATABASE, _DROP = database_config(FOLDER)
APP = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **DATABASE}, instance_path=str(FOLDER))
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
SENT: list[int] = []
EXAMPLES = 300


def _real_game() -> tuple[str, str]:
    client = APP.test_client()
    state = client.post(
        "/api/v1/games", json={"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"]}
    ).get_json()
    return state["id"], state["edit_token"]


GAME_ID, TOKEN = _real_game()


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_generated_request_causes_a_server_error(case: Any) -> None:
    headers = {}
    if case.path_parameters and "game_id" in case.path_parameters and hash(str(case.body)) % 2 == 0:
        case.path_parameters["game_id"] = GAME_ID
        headers["Authorization"] = f"Bearer {TOKEN}"
    response = case.call(headers=headers)
    SENT.append(response.status_code)
    assert response.status_code < 500, (case.method, case.path, case.body, response.text)
    if response.status_code >= 400:
        assert response.json()["error"], response.text


def test_the_fuzz_sent_at_least_a_thousand_requests() -> None:
    # Runs after the parametrized test above (pytest keeps file order).
    print(f"\nschemathesis sent {len(SENT)} requests; status codes seen: {sorted(set(SENT))}")
    assert len(SENT) >= 1000
    assert not [status for status in SENT if status >= 500]
