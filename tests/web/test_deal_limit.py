"""The most deals a game takes, through every door: the API, the deal page, an import, the rules page."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.games.models import GameRecord
from scorekeeper.rules import Game
from scorekeeper.rules.ending import MOST_DEALS, MOST_LOG_ITEMS

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


def import_file(driver: Driver, exported: dict[str, object]) -> tuple[int, str]:
    page = driver.client.get("/games/import")
    response = driver.client.post(
        "/games/import",
        data={"csrf_token": csrf_token(page), "file": (io.BytesIO(json.dumps(exported).encode()), "g.json")},
        content_type="multipart/form-data",
    )
    return response.status_code, error_text(response)


def test_a_file_past_the_most_a_log_holds_is_refused_before_any_replay(app: Flask, driver: Driver) -> None:
    """A game's log of 3,000 adjustments took 30 s of CPU to import (a replay per event): a log is
    capped, deals and events together, and a file past the cap is refused before it is replayed."""
    adjustment = {"event": "adjustment", "side": 0, "points": 1, "reason": "again"}
    exported = {
        "format": "scorekeeper/game",
        "format_version": 2,
        "variant": "oh-well",
        "players": SEVEN,
        "first_dealer": 0,
        "options": {},
        "deals": [TIED],
        "events": [{**adjustment, "after_deal": 1}] * 400,
    }
    status, error = import_file(driver, exported)
    assert status == 422
    assert f"A game keeps at most {MOST_LOG_ITEMS} deals and table events together" in error
    assert "the file holds more (deals: 1; table events: 400)" in error
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(GameRecord)) == 0


def test_a_file_as_long_as_a_game_may_be_is_imported_in_one_replay(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of 100 deals and 200 events is the longest a log may be: imported in one replay of the
    whole log, never recorded item by item (which replays the log once per item)."""
    one_by_one: list[str] = []
    real_add, real_record = Game.add, Game.record
    monkeypatch.setattr(Game, "add", lambda game, event: one_by_one.append("add") or real_add(game, event))
    monkeypatch.setattr(
        Game, "record", lambda game, entry: one_by_one.append("deal") or real_record(game, entry)
    )
    level = [
        {"event": "adjustment", "side": side, "points": 1, "reason": "again", "after_deal": 1}
        for _ in range(100)
        for side in (0, 1)
    ]
    exported = {
        "format": "scorekeeper/game",
        "format_version": 2,
        "variant": "oh-well",
        "players": SEVEN,
        "first_dealer": 0,
        "options": {},
        "deals": [TIED] * MOST_DEALS,
        "events": level,
    }
    status, error = import_file(driver, exported)
    assert status == 302, error
    assert one_by_one == []
