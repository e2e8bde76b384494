"""Two phones changing one game at the same moment: one change goes in, the other is
refused with the reason, and nothing is overwritten.

The two requests run in two threads. Each has loaded the game and passed every
check before either writes: a barrier holds both at the point where the change
claims the game's next version, so the race is certain rather than left to luck.
The stored game is then read back and compared with what was acknowledged.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from scorekeeper.games import store

from .conftest import csrf_token, hand_over, started_game_id

# Romanian Whist for three, Peggy deals first: deal 1 has one card each, and
# Peggy, bidding last, may not bring the bids to a total of 1.
TABLE = {"variant": "romanian-whist", "players": ["Peter", "Peggy", "John"], "first_dealer": 1}


@pytest.fixture
def in_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the next two changes wait for each other before claiming a version."""
    hold_changes_in_step(monkeypatch)


def hold_changes_in_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, changes set off two at a time, together, to claim the game's next version."""
    barrier = threading.Barrier(2, timeout=10)
    change = store._change

    def changing_together(*args: Any, **kwargs: Any) -> None:
        barrier.wait()
        change(*args, **kwargs)

    monkeypatch.setattr(store, "_change", changing_together)


def race(*requests: Callable[[], TestResponse]) -> list[TestResponse]:
    """Run the requests at once, one thread each; their responses in the same order."""
    responses: list[TestResponse | None] = [None] * len(requests)

    def run(index: int) -> None:
        responses[index] = requests[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(response is not None for response in responses), "a request did not finish"
    return responses  # type: ignore[return-value]


def new_api_game(app: Flask) -> tuple[str, dict[str, str]]:
    state = app.test_client().post("/api/v1/games", json=TABLE).get_json()
    return state["id"], {"Authorization": f"Bearer {state['edit_token']}", "If-Match": "1"}


def test_two_api_clients_racing_on_one_deal(app: Flask, in_step: None) -> None:
    game_id, headers = new_api_game(app)
    url = f"/api/v1/games/{game_id}/deals/1"
    first = {"bids": [1, 1, 1], "tricks": [1, 0, 0]}
    second = {"bids": [0, 1, 1], "tricks": [0, 1, 0]}

    responses = race(
        lambda: app.test_client().put(url, json=first, headers=headers),
        lambda: app.test_client().put(url, json=second, headers=headers),
    )

    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200, 409]
    winner = next(response for response in responses if response.status_code == 200)
    loser = next(response for response in responses if response.status_code == 409)
    assert loser.get_json()["field"] == "version"
    assert "changed on another phone" in loser.get_json()["error"]
    stored = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert stored["version"] == 2
    assert stored["deals"] == winner.get_json()["deals"]
    sent = first if winner is responses[0] else second
    assert stored["deals"][0]["bids"] == sent["bids"] and stored["deals"][0]["tricks"] == sent["tricks"]


def test_two_api_clients_racing_without_if_match(app: Flask, in_step: None) -> None:
    """Even a client that sends no If-Match cannot overwrite a change it never saw."""
    game_id, headers = new_api_game(app)
    headers.pop("If-Match")
    url = f"/api/v1/games/{game_id}/deals/1"
    responses = race(
        lambda: app.test_client().put(url, json={"bids": [1, 1, 1]}, headers=headers),
        lambda: app.test_client().put(url, json={"bids": [0, 1, 1]}, headers=headers),
    )
    assert sorted(response.status_code for response in responses) == [200, 409]
    stored = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert stored["version"] == 2 and len(stored["deals"]) == 1


def test_an_undo_racing_a_correction(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, headers = new_api_game(app)
    client = app.test_client()
    entered = client.put(
        f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 1], "tricks": [1, 0, 0]}, headers=headers
    )
    assert entered.status_code == 200
    hold_changes_in_step(monkeypatch)
    headers["If-Match"] = "2"
    correction = {"bids": [1, 1, 1], "tricks": [0, 1, 0]}
    responses = race(
        lambda: app.test_client().put(f"/api/v1/games/{game_id}/deals/1", json=correction, headers=headers),
        lambda: app.test_client().delete(f"/api/v1/games/{game_id}/deals/1", headers=headers),
    )
    assert sorted(response.status_code for response in responses) == [200, 409]
    stored = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert stored["version"] == 3
    if responses[0].status_code == 200:
        assert stored["deals"][0]["tricks"] == correction["tricks"]
    else:
        assert stored["deals"] == []


def test_two_phones_saving_the_same_deal_page(app: Flask, in_step: None) -> None:
    """Two phones opened deal 1 at version 1; both press Save. One is kept, the other
    sees the new score and the reason, with nothing overwritten."""
    owner = app.test_client()
    page = owner.get("/games/new/romanian-whist")
    form = {"csrf_token": csrf_token(page), "first_dealer": "1"}
    form.update({f"players-{seat}": name for seat, name in enumerate(TABLE["players"])})
    created = owner.post("/games/new/romanian-whist", data=form)
    game_id = started_game_id(created)
    other = app.test_client()  # the scorer handed the game to a second phone
    assert hand_over(owner, other, game_id).status_code == 302

    def save(phone: Any, bids: list[int]) -> Callable[[], TestResponse]:
        deal_page = phone.get(f"/games/{game_id}/deals/1")
        data = {"csrf_token": csrf_token(deal_page), "version": "1", "phase": "bids"}
        data.update({f"bid-{seat}": str(bid) for seat, bid in enumerate(bids)})
        return lambda: phone.post(f"/games/{game_id}/deals/1", data=data)

    responses = race(save(owner, [1, 1, 1]), save(other, [0, 1, 1]))

    statuses = sorted(response.status_code for response in responses)
    assert statuses == [302, 409]
    refused = next(response for response in responses if response.status_code == 409)
    assert "changed on another phone" in refused.get_data(as_text=True)
    stored = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert stored["version"] == 2 and len(stored["deals"]) == 1
    kept = [1, 1, 1] if responses[0].status_code == 302 else [0, 1, 1]
    assert stored["deals"][0]["bids"] == kept


def test_a_game_read_while_another_phone_changes_it_agrees_with_its_version(app: Flask) -> None:
    """The row says version 1, but by the time the deals are read a deal was entered:
    the replay and the record are both of version 2, never deals of one under the other's number."""
    game_id, headers = new_api_game(app)
    with app.app_context():
        seen_before = store.load_record(game_id)
        entered = app.test_client().put(
            f"/api/v1/games/{game_id}/deals/1", json={"bids": [1, 1, 1]}, headers=headers
        )
        assert entered.status_code == 200
        store.GAMES.clear()  # as in another worker, which never saw that change
        game = store.game_of(seen_before)
        assert seen_before.version == 2 and len(game.entries) == 1
