"""The most deals a game takes, through every door: the API, the deal page, an import, the rules page."""

from __future__ import annotations

import io
import json

from flask import Flask

from scorekeeper.games import store
from scorekeeper.rules.ending import MOST_DEALS

from .conftest import Driver, csrf_token, error_text

SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
# Ann and Bob make the same score every deal: level at the top, the game never ends.
TIED = {"bids": [3, 3, 0, 0, 0, 0, 0], "tricks": [3, 3, 1, 0, 0, 0, 0], "trump": "S"}
REFUSAL = (
    f"A game has at most {MOST_DEALS} deals, so deal {MOST_DEALS + 1} cannot be entered: "
    "no table plays one game that long. Start a new game to play on."
)


def endless(app: Flask, holder: str | None = None) -> tuple[str, str]:
    """An Oh! Well game for seven, still level at the top after the most deals a game takes;
    ``holder`` is the device id of a phone that keeps its score."""
    with app.app_context():
        record, _game, key = store.create_game(
            "oh-well", SEVEN, first_dealer=0, options={}, log=[TIED] * MOST_DEALS, holder=holder
        )
    return record.id, key


def test_the_api_refuses_the_deal_past_the_limit_and_stores_nothing(app: Flask, driver: Driver) -> None:
    game_id, key = endless(app)
    state = driver.client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["status"] != "finished" and len(state["deals"]) == MOST_DEALS
    response = driver.client.put(
        f"/api/v1/games/{game_id}/deals/{MOST_DEALS + 1}",
        json=TIED,
        headers={"Authorization": f"Bearer {key}"},
    )
    assert response.status_code == 409
    assert response.get_json() == {
        "error": REFUSAL,
        "field": "number",
        "code": "deal_limit",
        "params": {"number": MOST_DEALS + 1, "most": MOST_DEALS},
    }
    assert len(driver.stored(game_id)) == MOST_DEALS and driver.version(game_id) == 1


def test_the_deal_page_refuses_it_with_the_reason(app: Flask, driver: Driver) -> None:
    with driver.client.session_transaction() as session:
        session["device"] = "the-scorers-phone"
    game_id, _key = endless(app, holder="the-scorers-phone")
    fields = {"phase": "tricks", "trump": "S"}
    fields.update({f"bid-{seat}": bid for seat, bid in enumerate(TIED["bids"])})
    fields.update({f"tricks-{seat}": took for seat, took in enumerate(TIED["tricks"])})
    response = driver.post_deal(game_id, MOST_DEALS + 1, fields)
    assert response.status_code == 422 and error_text(response) == REFUSAL
    assert len(driver.stored(game_id)) == MOST_DEALS


def test_an_import_past_the_limit_is_refused(driver: Driver) -> None:
    exported = {
        "format": "scorekeeper/game",
        "format_version": 1,
        "variant": "oh-well",
        "players": SEVEN,
        "first_dealer": 0,
        "options": {},
        "deals": [TIED] * (MOST_DEALS + 1),
    }
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(json.dumps(exported).encode()), "g.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422 and error_text(response) == f"Deal {MOST_DEALS + 1}: {REFUSAL}"


def test_the_rules_page_of_a_game_to_a_target_says_so(driver: Driver) -> None:
    page = driver.client.get("/rules/oh-well").get_data(as_text=True)
    assert f"The app takes at most {MOST_DEALS} deals in one game" in page
    fixed = driver.client.get("/rules/oh-hell").get_data(as_text=True)
    assert f"at most {MOST_DEALS} deals" not in fixed
