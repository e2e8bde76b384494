"""A game moved on by some requests and changed from stale versions by others, through the JSON API: what
tests/web/test_stale_versions.py drives in one process and tests/deploy/test_stale_versions.py through
several gunicorn workers and two app servers.

A ``Send`` is one request: (method, path, JSON body or None, headers) → (status, JSON body, headers).
The game remembers its state at every version it has had, so a stale request is built from what a
client that last read that version would send: the deal due then, a correction of the event it
showed last, the undo of the deal it showed last. Every one must be answered 409 with the version
stored now, and write nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Send = Callable[[str, str, dict[str, Any] | None, dict[str, str]], tuple[int, Any, dict[str, str]]]
MOVES = ("deal", "event", "correct_event", "undo")
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def neutral_deal(state: dict[str, Any]) -> dict[str, Any]:
    """Everyone in the next deal bids 0 and the first bidder takes every trick."""
    upcoming = state["next"]
    bids: list[int | None] = [None] * len(state["players"])
    tricks: list[int | None] = [None] * len(state["players"])
    for seat in upcoming["bidding_order"]:
        bids[seat] = tricks[seat] = 0
    tricks[upcoming["bidding_order"][0]] = upcoming["cards"]
    return {"bids": bids, "tricks": tricks}


def adjustment(points: int) -> dict[str, Any]:
    return {"event": "adjustment", "side": points % len(PLAYERS), "points": points, "reason": "table"}


class StaleGame:
    """One game through the API, with its state at every version it has had."""

    def __init__(self, send: Send) -> None:
        self.send = send
        status, body, _ = send("POST", "/api/v1/games", {"variant": "oh-hell", "players": PLAYERS}, {})
        assert status == 201, body
        self.id = body["id"]
        self.auth = {"Authorization": f"Bearer {body['edit_token']}"}
        self.states = {body["version"]: {key: value for key, value in body.items() if key != "edit_token"}}

    @property
    def current(self) -> dict[str, Any]:
        return self.states[max(self.states)]

    def move(self, kind: str, points: int, send: Send | None = None) -> None:
        """One change from the current version (``send``: through another worker or server); a change
        the game does not allow now is skipped."""
        state, version = self.current, max(self.states)
        headers = {**self.auth, "If-Match": f'"{version}"'}
        events = len(state.get("events", []))
        request: tuple[str, str, dict[str, Any] | None] | None = None
        if kind == "deal" and state["next"] is not None:
            request = ("PUT", f"/api/v1/games/{self.id}/deals/{state['next']['number']}", neutral_deal(state))
        elif kind == "event" and state["next"] is not None:
            request = ("POST", f"/api/v1/games/{self.id}/events", adjustment(points))
        elif kind == "correct_event" and events:
            request = ("PUT", f"/api/v1/games/{self.id}/events/{events}", adjustment(points + 1))
        elif kind == "undo" and (state["deals"] or events):
            request = ("POST", f"/api/v1/games/{self.id}/undo", None)
        if request is None:
            return
        status, body, _ = (send or self.send)(*request, headers)
        assert status in (200, 201), (request, status, body)
        assert body["version"] == version + 1
        self.states[body["version"]] = body

    def stale_requests(self, version: int) -> list[tuple[str, str, dict[str, Any] | None]]:
        """What a client that last read ``version`` might send: each change it could have made then."""
        seen = self.states[version]
        events, deals = len(seen.get("events", [])), len(seen["deals"])
        base = f"/api/v1/games/{self.id}"
        sent: list[tuple[str, str, dict[str, Any] | None]] = [
            ("POST", f"{base}/undo", None),
            ("POST", f"{base}/events", adjustment(3)),
        ]
        if seen["next"] is not None:
            sent.append(("PUT", f"{base}/deals/{seen['next']['number']}", neutral_deal(seen)))
        if deals:
            sent.append(("DELETE", f"{base}/deals/{deals}", None))
            first = seen["deals"][0]
            sent.append(("PUT", f"{base}/deals/1", {"bids": first["bids"], "tricks": first["tricks"]}))
        if events:
            sent.append(("PUT", f"{base}/events/{events}", adjustment(7)))
            sent.append(("DELETE", f"{base}/events/{events}", None))
        return sent

    def check_stale(self, version: int, send: Send | None = None) -> int:
        """Send every stale request of ``version`` (older than the current one): each is answered 409
        with the version stored now, and nothing is written. How many were sent."""
        now = max(self.states)
        assert version < now
        requests = self.stale_requests(version)
        for method, path, body in requests:
            status, answer, headers = (send or self.send)(
                method, path, body, {**self.auth, "If-Match": f'"{version}"'}
            )
            assert status == 409, (method, path, version, now, status, answer)
            assert answer["code"] == "api_stale_version" and answer["field"] == "version", answer
            assert answer["version"] == now and answer["params"]["version"] == now, answer
            assert headers.get("ETag") == f'"{now}"', headers
        status, stored, _ = (send or self.send)("GET", f"/api/v1/games/{self.id}", None, {})
        assert status == 200 and stored == self.current  # nothing written
        return len(requests)
