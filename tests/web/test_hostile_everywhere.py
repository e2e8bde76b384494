"""Every route, with hostile numbers, names, reasons and dates (issue 31): never a 500, and a
refusal stores nothing. The routes are read from the app's URL map, so a route added later is probed too.

Each route is asked for with every hostile value in every query argument a page reads, and (where it
takes a form or a JSON body) sent every hostile value in every field a form or body of the app has:
superscript and Arabic-Indic digits, a 4,400-digit number, a negative one, NUL, BEL, ESC, a
direction override, dates out of any game's years. Routes that act on a button alone (undo, redo,
take back, hand over, remove a prize) take no value and are not sent any.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.drives.models import DriveHandRecord, DriveRecord
from scorekeeper.extensions import db
from scorekeeper.games.models import DealEntryRecord, GameRecord
from scorekeeper.groups.models import GroupPlayerRecord, GroupRecord, NewcomerRecord
from scorekeeper.web.drives.access import table_token

from .budget import ON_POSTGRES
from .conftest import Driver, app_in, csrf_token
from .drive_pages import Organiser
from .events_driver import play
from .tables_driver import TablePhone

HOSTILE = ["²", "٣", "7" * 4_400, "-1", "\x00", "\x07", "\x1b", "\u202e", "0001-01-01", "9999-12-31"]
TO_THE_DATABASE = ["7" * 4_400, "\x00", "0001-01-01", "9999-12-31"]
"""The values a database may take otherwise than SQLite does (a number past a column's range, a NUL in
a text, a date at the edge of its calendar): the PostgreSQL run sends these alone. The others are
parsed and refused, or stored as any text is, before a database sees them, and the SQLite run has
sent them everywhere already; all ten made this the PostgreSQL run's longest test (160 s of 843)."""
SENT = TO_THE_DATABASE if ON_POSTGRES else HOSTILE
"""What this run sends to every route."""
QUERY = (
    "players", "count", "rows", "first_dealer", "page", "player", "since", "until", "q", "paper",
    "orientation", "table", "seats", "variant", "game", "other", "key",
)  # fmt: skip
FIELDS = (
    "name", "reason", "points", "side", "seat", "left_of", "start", "start_points", "code", "key",
    "tricks", "pair", "hand", "was", "seats", "variant", "first_dealer", "players-0", "players-1",
    "players-2", "bids-0", "tricks-0", "place", "player", "rule", "count", "hands", "interval_after",
    "trump1", "sit_out_tricks", "player-0", "text", "number", "version",
)  # fmt: skip
NO_VALUE_TAKEN = {
    "games.undo", "games.redo", "games.abandon", "events.take_back", "handover.hand_over",
    "drives.remove_prize", "api.undo", "api.delete_deal", "api.delete_event",
}  # fmt: skip
STORED = (
    GameRecord, DealEntryRecord, GroupRecord, GroupPlayerRecord, NewcomerRecord, DriveRecord, DriveHandRecord,
)  # fmt: skip


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    yield from app_in(tmp_path_factory.mktemp("hostile"), RATELIMIT_ENABLED=False)


def stored(app: Flask) -> tuple[int, ...]:
    """How many rows each table of STORED holds, in one query (it runs twice for each of the thousand
    requests: on PostgreSQL seven round trips each made this the run's longest test)."""
    counts = select(*(select(func.count()).select_from(model).scalar_subquery() for model in STORED))
    with app.app_context():
        return tuple(db.session.execute(counts).one())


def places(app: Flask, client: FlaskClient) -> dict[str, str]:
    """A game with two deals, a table with a game, a drive: what each route's path names."""
    driver = Driver(app, client)
    phone = TablePhone(driver)
    group_id = phone.create("Thursday")
    game_id = phone.start_game(group_id, "oh-hell", ["Ann", "Bob", "Cy"])
    play(driver, game_id, 2)
    organiser = Organiser(app, client)
    assert organiser.set_up(8).status_code == 303
    with app.test_request_context():
        token = table_token(organiser.drive_id, 1)
    page = client.get("/clubs/new")
    made = client.post("/clubs/new", data={"csrf_token": csrf_token(page), "name": "Club"})
    club_id = made.headers["Location"].rsplit("/", 1)[1]
    token_page = client.get(f"/clubs/{club_id}")
    client.post(f"/clubs/{club_id}/tables", data={"csrf_token": csrf_token(token_page), "table": group_id})
    season = {"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    client.post(f"/clubs/{club_id}/seasons", data={"csrf_token": csrf_token(token_page), **season})
    return {
        "game_id": game_id, "group_id": group_id, "drive_id": organiser.drive_id, "token": token,
        "number": "1", "hand": "1", "table": "1", "index": "0", "seat": "0", "player_id": "1", "player": "0",
        "kind": "adjustment", "code": "oh-hell", "filename": "app.css",
        "club_id": club_id, "member_id": "1", "season_id": "1", "thing_id": group_id,
        "day": "2026-03-12", "rules_id": "0" * 32, "reading": "0" * 32,
    }  # fmt: skip


def asked(client: FlaskClient, path: str, method: str, **request: Any) -> int:
    """The status of one request; an exception the app let through (a 500 in production) as 500.
    A refusal (4xx) must store nothing: one that did is returned as 599."""
    before = stored(client.application)
    try:
        status = client.open(path, method=method, **request).status_code
    except Exception:  # any exception here is the app's 500
        return 500
    if 400 <= status < 500 and stored(client.application) != before:
        return 599  # refused, yet something was stored
    return status


def test_every_route_takes_hostile_values_without_a_500_or_storing_anything(app: Flask) -> None:
    client = app.test_client()
    where = places(app, client)
    token = csrf_token(client.get(f"/games/{where['game_id']}"))
    probes = {"query": 0, "form": 0, "json": 0}
    failures: list[str] = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda found: where[found.group(1)], rule.rule)
        methods = rule.methods or set()
        for value in SENT:
            if "GET" in methods:
                status = asked(client, path, "GET", query_string={name: value for name in QUERY})
                probes["query"] += 1
                if status >= 500:
                    failures.append(f"GET {rule.rule} {value[:8]!r}: {status}")
            if rule.endpoint in NO_VALUE_TAKEN:
                continue
            for method in ("POST", "PUT"):
                if method not in methods:
                    continue
                if rule.rule.startswith("/api/"):
                    body: dict[str, Any] = {name: value for name in FIELDS}
                    body["event"] = "adjustment"
                    status = asked(client, path, method, json=body)
                    probes["json"] += 1
                else:
                    form = {name: value for name in FIELDS} | {"csrf_token": token}
                    status = asked(client, path, method, data=form)
                    probes["form"] += 1
                if status >= 500:
                    failures.append(f"{method} {rule.rule} {value[:8]!r}: {status}")
    assert failures == []
    share = len(SENT) / len(HOSTILE)
    floors = {"query": 600 * share, "form": 180 * share, "json": 50 * share}
    assert all(probes[kind] >= floor for kind, floor in floors.items()), (probes, floors)
