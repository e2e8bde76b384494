"""What a phone set up or was handed it keeps, however much: 100 drives, 100 games, 30 tables and 10 clubs
set up from one phone's forms all stay changeable from it, the page "On this phone" lists them and
forgets one after asking, and the carry-over code (its link, as the QR code holds it) moves them all
to a second phone. A cookie from before drives were kept per device keeps its drives."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import csrf_token, error_text, started_game_id
from .drive_pages import SETUP_FIELDS

GAMES, DRIVES, TABLES, CLUBS = 100, 100, 30, 10
CARRY_LINK = re.compile(r'href="http://localhost/phone/receive#([A-Z0-9]+)"')
SHOWN_CODE = re.compile(r'class="handover-code"[^>]*>([A-Z0-9-]+)<')
ID = re.compile(r"/(?:games|drives|tables|clubs)/([0-9a-f]{32})")


class Phone:
    """One phone's browser, sending the forms a person fills in (one CSRF token a session, as a
    browser's page carries it)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = csrf_token(client.get("/tables/new"))
        self.made = 0

    def post(self, path: str, **fields: str) -> TestResponse:
        return self.client.post(path, data={"csrf_token": self.token, **fields})

    def started(self, path: str, **fields: str) -> str:
        answer = self.post(path, **fields)
        assert answer.status_code in (302, 303), error_text(answer)
        found = ID.search(answer.location)
        assert found, answer.location
        return found.group(1)

    def set_up_everything(self) -> dict[str, list[str]]:
        """What an organiser of a weekly club sets up over a few years, oldest first."""
        game_form = {"first_dealer": "0", "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"}
        drive_form = {**SETUP_FIELDS, "count": "8", "hands": "4", "interval_after": ""}
        return {
            "game": [started_game_id(self.post("/games/new/oh-hell", **game_form)) for _ in range(GAMES)],
            "drive": [
                self.started("/drives/new", **{**drive_form, "name": f"Week {week}"})
                for week in range(DRIVES)
            ],
            "table": [self.started("/tables/new", name=f"Table {number}") for number in range(TABLES)],
            "club": [self.started("/clubs/new", name=f"Club {number}") for number in range(CLUBS)],
        }

    def changes(self, kind: str, thing_id: str) -> int:
        """The status of one change this phone makes to the thing (a redirect: it was made)."""
        self.made += 1
        if kind == "game":
            bids = {"phase": "bids", "trump": "S", "bid-0": "0", "bid-1": "0", "bid-2": "0"}
            return self.post(f"/games/{thing_id}/deals/1", **bids).status_code
        if kind == "drive":
            prize = {"name": f"Raffle {self.made}", "rule": "chosen", "player": "1"}
            return self.post(f"/drives/{thing_id}/prizes", **prize).status_code
        if kind == "table":
            return self.post(f"/tables/{thing_id}/players", name=f"Dee {self.made}").status_code
        return self.post(f"/clubs/{thing_id}/name", name=f"Club renamed {self.made}").status_code


def allow_many(app: Flask) -> None:
    for setting in ("RATELIMIT_CREATE", "RATELIMIT_WRITE", "RATELIMIT_JOIN", "RATELIMIT_JOIN_ADDRESS"):
        app.config[setting] = "10000 per minute"


def test_a_phone_keeps_everything_it_set_up_and_moves_it_all_to_a_new_phone(
    app: Flask, client: FlaskClient
) -> None:
    allow_many(app)
    first = Phone(client)
    kept = first.set_up_everything()
    for kind, ids in kept.items():
        assert first.changes(kind, ids[0]) in (302, 303), kind  # the oldest of each, still this phone's

    listed = client.get("/phone").get_data(as_text=True)
    assert all(thing_id in listed for ids in kept.values() for thing_id in ids)
    for kind, count in (("game", GAMES), ("table", TABLES), ("drive", DRIVES), ("club", CLUBS)):
        assert f'<span class="kept-count">{count}</span>' in listed.split(f'id="kept-{kind}"', 1)[1][:200]

    # The carry-over: the QR code's link carries the code after "#"; the new phone's page moves it
    # into its form (join.js), so the server sees it only in the POST.
    shown = first.post("/phone/carry-over")
    assert shown.status_code == 200 and shown.headers["Cache-Control"] == "no-store"
    page = shown.get_data(as_text=True)
    link, typed = CARRY_LINK.search(page), SHOWN_CODE.search(page)
    assert link and typed and link.group(1) == typed.group(1).replace("-", "")
    assert "100 games, 30 tables, 100 whist drives, 10 clubs" in " ".join(page.split())

    second = Phone(app.test_client())
    for kind, ids in kept.items():
        assert second.changes(kind, ids[-1]) == 403, kind
    assert second.client.get("/phone/receive").status_code == 200
    moved = second.post("/phone/receive", code=link.group(1))
    assert moved.status_code == 302 and moved.location.endswith("/phone")
    said = " ".join(second.client.get("/phone").get_data(as_text=True).split())
    assert "This phone now also keeps: 100 games, 30 tables, 100 whist drives, 10 clubs." in said
    for kind, ids in kept.items():
        assert second.changes(kind, ids[0]) in (302, 303), kind
        assert second.changes(kind, ids[-1]) in (302, 303), kind
    assert first.changes("game", kept["game"][-1]) in (302, 303)  # the first phone keeps it all too

    # Good once: a third phone (and the first one's own) are told so, and take nothing.
    third = Phone(app.test_client())
    used = third.post("/phone/receive", code=typed.group(1))
    assert used.status_code == 422 and "used already" in error_text(used)
    assert third.changes("club", kept["club"][0]) == 403
    wrong = third.post("/phone/receive", code="ABCDE-FGHJK")
    assert wrong.status_code == 422 and "opens nothing" in error_text(wrong)
    again = first.post("/phone/carry-over").get_data(as_text=True)
    own = CARRY_LINK.search(again)
    assert own and first.post("/phone/receive", code=own.group(1)).status_code == 422


def test_a_phone_forgets_one_thing_after_asking_and_only_that_one(app: Flask, client: FlaskClient) -> None:
    allow_many(app)
    phone = Phone(client)
    game = started_game_id(
        phone.post(
            "/games/new/oh-hell",
            first_dealer="0",
            **{"players-0": "Ann", "players-1": "Bob", "players-2": "Cy"},
        )
    )
    table = phone.started("/tables/new", name="Thursday whist")
    asked = client.get(f"/phone/forget/game/{game}")
    assert asked.status_code == 200 and "Forget Oh Hell on this phone?" in " ".join(
        asked.get_data(as_text=True).split()
    )
    assert client.get(f"/phone/forget/game/{table}").status_code == 404  # not a game this phone keeps
    assert client.get(f"/phone/forget/spaceship/{game}").status_code == 404
    gone = phone.post(f"/phone/forget/game/{game}")
    assert gone.status_code == 302
    assert "This phone no longer keeps Oh Hell." in client.get("/phone").get_data(as_text=True)
    assert phone.changes("game", game) == 403
    assert client.get(f"/games/{game}").status_code == 200  # still there, to read
    assert phone.changes("table", table) in (302, 303)
    assert client.get(f"/phone/forget/game/{game}").status_code == 404  # forgotten already
    players = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy"}
    at_table = started_game_id(phone.post("/games/new/oh-hell", first_dealer="0", table=table, **players))
    asked = client.get(f"/phone/forget/game/{at_table}").get_data(as_text=True)
    assert "keeps the table it is played at, though, and so can still change it" in " ".join(asked.split())
    assert phone.post(f"/phone/forget/game/{at_table}").status_code == 302
    assert phone.changes("game", at_table) in (302, 303)  # as the page said: through its table


def test_a_cookie_from_before_keeps_every_drive_it_ran(app: Flask, client: FlaskClient) -> None:
    """The session cookie used to carry the newest 20 organiser keys: whatever keys it still carries
    become drives its device keeps, on its first request after the upgrade, and the cookie drops them."""
    allow_many(app)
    keys = {}
    for week in range(25):
        made = client.post("/api/v1/drives", json={"name": f"Week {week}", "players": 8, "hands": 4})
        assert made.status_code == 201, made.get_data(as_text=True)
        keys[made.get_json()["id"]] = made.get_json()["edit_token"]
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["device"] = "a-device-from-before"
        session["drive_keys"] = {**dict(list(keys.items())[-20:]), "f" * 32: "no-such-drive"}
    listed = phone.get("/phone").get_data(as_text=True)
    with phone.session_transaction() as session:
        assert "drive_keys" not in session and session["device"] == "a-device-from-before"
    runs = [drive_id for drive_id in keys if drive_id in listed]
    assert runs == list(keys)[-20:]
    assert listed.index(runs[-1]) < listed.index(runs[0])  # the newest first, as before
    token = csrf_token(phone.get("/tables/new"))
    for drive_id in runs:
        prize = {"csrf_token": token, "name": "Raffle", "rule": "chosen", "player": "1"}
        assert phone.post(f"/drives/{drive_id}/prizes", data=prize).status_code == 303
