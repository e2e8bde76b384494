"""Undo says what it undid: the tricks taken back with the bids kept, a correction taken back, the bids
put back, the last change of a hand taken back (issue 27), never just "back as it was"."""

from __future__ import annotations

from typing import Any

from .conftest import Driver, csrf_token
from .test_bid_whist_pages import PLAYERS as BID_WHIST_PLAYERS
from .test_bid_whist_pages import TABLE as BID_WHIST_TABLE
from .test_bid_whist_pages import hand
from .test_saving_in_place import JSON, fields, romanian, save


def undo(driver: Driver, game_id: str) -> dict[str, Any]:
    """Tap Undo on the deal screen (the page's script: JSON, the version as If-Match); its answer."""
    token = csrf_token(driver.client.get(f"/games/{game_id}"))
    headers = {**JSON, "If-Match": str(driver.version(game_id))}
    answer = driver.client.post(f"/games/{game_id}/undo", data={"csrf_token": token}, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    body: dict[str, Any] = answer.get_json()
    return body


def test_undoing_the_tricks_says_they_are_taken_back_and_the_bids_stay(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    assert undo(driver, game_id)["message"] == "Deal 1's tricks are taken back; its bids stay."
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_undoing_a_correction_says_the_correction_is_taken_back(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    save(driver, game_id, 1, {"phase": "tricks", **fields((1, 1, 0), (1, 0, 0))})
    save(driver, game_id, 1, {"phase": "all", **fields((1, 1, 0), (0, 1, 0))})
    assert undo(driver, game_id)["message"] == "The correction of deal 1 is taken back."
    assert driver.stored(game_id) == [{"bids": [1, 1, 0], "tricks": [1, 0, 0]}]


def test_undoing_changed_bids_says_they_are_back_to_what_they_were(driver: Driver) -> None:
    game_id = romanian(driver)
    save(driver, game_id, 1, {"phase": "bids", **fields((1, 1, 0))})
    save(driver, game_id, 1, {"phase": "bids", **fields((0, 0, 0))})
    assert undo(driver, game_id)["message"] == "Deal 1's bids are back to what they were."
    assert driver.stored(game_id) == [{"bids": [1, 1, 0]}]


def test_undoing_a_hands_play_says_its_last_change_is_taken_back(driver: Driver) -> None:
    game_id = driver.start("bid-whist", BID_WHIST_PLAYERS, options=BID_WHIST_TABLE)
    calls = ("pass", "4 uptown", "pass", "pass")
    save(driver, game_id, 1, {"phase": "auction", **hand(*calls)})
    save(driver, game_id, 1, {"phase": "play", **hand(*calls, declaration="S", tricks=9)})
    assert undo(driver, game_id)["message"] == "Hand 1's last change is taken back."
    assert driver.stored(game_id) == [{"auction": list(calls)}]
