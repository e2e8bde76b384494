"""What a request costs PostgreSQL in round trips, counted on the wire.

Every round trip is a wait for the database's answer, and on a busy server
the waits, not the work, set how many deals a second it records. libpq's
trace of the connection shows each answer the server sends: one
ReadyForQuery closes every round trip (a statement, BEGIN, COMMIT or ROLLBACK).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from psycopg import pq
from sqlalchemy import event

from scorekeeper.extensions import db

from .databases import POSTGRES_URL

pytestmark = pytest.mark.skipif(
    POSTGRES_URL is None, reason="counts PostgreSQL's protocol messages; this run is on SQLite"
)


class Wire:
    """Counts the round trips of every connection the app takes from its pool."""

    def __init__(self, app: Flask) -> None:
        self._log = tempfile.TemporaryFile()  # noqa: SIM115  (closed by close())
        with app.app_context():
            self._engine = db.engine
        event.listen(self._engine, "checkout", self._trace)
        event.listen(self._engine, "checkin", self._untrace)

    def _trace(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        dbapi_connection.pgconn.trace(self._log.fileno())
        dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    def _untrace(self, dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.pgconn.untrace()

    def round_trips(self) -> list[str]:
        """What each round trip since the last call sent (its first message), in order."""
        self._log.seek(0)
        lines = self._log.read().decode(errors="replace").splitlines()
        self._log.seek(0)
        self._log.truncate()
        trips, asked = [], ""
        for line in lines:
            # direction, length, message and its fields, tab-separated
            direction, _length, message = [*line.split("\t"), "", ""][:3]
            if direction == "F" and not asked:
                asked = message.strip()[:60]
            if direction == "B" and message.startswith("ReadyForQuery"):
                trips.append(asked)
                asked = ""
        return trips

    def close(self) -> None:
        event.remove(self._engine, "checkout", self._trace)
        event.remove(self._engine, "checkin", self._untrace)
        self._log.close()


@pytest.fixture
def wire(app: Flask) -> Iterator[Wire]:
    counter = Wire(app)
    yield counter
    counter.close()


def new_game(client: FlaskClient) -> tuple[str, dict[str, str]]:
    table = {"variant": "oh-hell", "players": ["Ann", "Bob", "Cy"], "first_dealer": 0}
    state = client.post("/api/v1/games", json=table).get_json()
    return state["id"], {"Authorization": f"Bearer {state['edit_token']}"}


def deal_for(client: FlaskClient, game_id: str) -> dict[str, list[int]]:
    """A legal deal: the first bidder bids and takes every card, the last bids 1."""
    due = client.get(f"/api/v1/games/{game_id}").get_json()["next"]
    bids, tricks = [0, 0, 0], [0, 0, 0]
    first, last = due["bidding_order"][0], due["bidding_order"][-1]
    bids[first] = tricks[first] = due["cards"]
    bids[last] = 1
    return {"bids": bids, "tricks": tricks}


def test_recording_a_deal_costs_two_round_trips(client: FlaskClient, wire: Wire) -> None:
    game_id, token = new_game(client)
    first = deal_for(client, game_id)
    assert client.put(f"/api/v1/games/{game_id}/deals/1", json=first, headers=token).status_code == 200
    deal = deal_for(client, game_id)
    wire.round_trips()
    assert client.put(f"/api/v1/games/{game_id}/deals/2", json=deal, headers=token).status_code == 200
    trips = wire.round_trips()
    # The game's row (its version and key), then the claim of the next version with the deal.
    assert len(trips) == 2, trips
    assert trips[1].startswith("Parse") and not any("BEGIN" in trip or "COMMIT" in trip for trip in trips)


def test_correcting_and_undoing_cost_two_round_trips_each(client: FlaskClient, wire: Wire) -> None:
    game_id, token = new_game(client)
    deal = deal_for(client, game_id)
    assert client.put(f"/api/v1/games/{game_id}/deals/1", json=deal, headers=token).status_code == 200
    wire.round_trips()
    assert client.put(f"/api/v1/games/{game_id}/deals/1", json=deal, headers=token).status_code == 200
    assert len(wire.round_trips()) == 2
    assert client.delete(f"/api/v1/games/{game_id}/deals/1", headers=token).status_code == 200
    assert len(wire.round_trips()) == 2
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []


def test_reading_an_unchanged_game_costs_one_round_trip(client: FlaskClient, wire: Wire) -> None:
    game_id, _token = new_game(client)
    assert client.get(f"/games/{game_id}").status_code == 200
    wire.round_trips()
    assert client.get(f"/games/{game_id}").status_code == 200
    assert len(wire.round_trips()) == 1



def test_a_deal_sent_with_the_version_it_was_made_from_costs_two_round_trips(
    client: FlaskClient, wire: Wire
) -> None:
    game_id, token = new_game(client)
    state = client.put(
        f"/api/v1/games/{game_id}/deals/1", json=deal_for(client, game_id), headers={**token, "If-Match": "1"}
    ).get_json()
    deal = deal_for(client, game_id)
    wire.round_trips()
    answer = client.put(
        f"/api/v1/games/{game_id}/deals/2", json=deal, headers={**token, "If-Match": str(state["version"])}
    )
    assert answer.status_code == 200 and answer.get_json()["version"] == 3
    # The database's version first (it decides, never a worker's kept copy: issue 46), then the claim
    # with the deal; the game itself is not read again: this worker wrote version 2 and kept it.
    assert len(wire.round_trips()) == 2
    # The same request again is stale now: the claim refuses it, and nothing is written.
    stale = client.put(
        f"/api/v1/games/{game_id}/deals/2", json=deal, headers={**token, "If-Match": str(state["version"])}
    )
    assert stale.status_code == 409 and stale.get_json()["field"] == "version"
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["deals"]) == 2
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == 3
