"""A database that cannot save: 503 in a sentence a player understands, and /healthz says so.

Two faults, each through the real store: a read-only database (on SQLite the
file opened read-only; on PostgreSQL every transaction read-only, as on a
standby), and a full disk (the database's own "database or disk is full"
raised as the store writes). Whatever was saved before stays there.
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app, writers
from scorekeeper.extensions import db
from scorekeeper.games import holders
from scorekeeper.web import health

from .conftest import csrf_token, error_text
from .databases import POSTGRES_URL

CANNOT_SAVE = (
    "The server cannot save right now; nothing was lost. Go back and send your change again in a minute."
)
# The body of the API's 503: the sentence, and (additive) its code.
CANNOT_SAVE_BODY = {"error": CANNOT_SAVE, "code": "cannot_save", "params": {}}
PLAYERS = ["Ann", "Bob", "Cy"]
FIRST_DEAL = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "S"}
SECOND_DEAL = {"bids": [0, 0, 1], "tricks": [0, 0, 1], "trump": "H"}


def started(client: FlaskClient) -> tuple[str, str]:
    """A game of custom one-card deals (no hook), one deal played: its id and edit key."""
    options = {"shape": "fixed", "start_cards": 1, "deals": 5, "hook": False}
    state = client.post(
        "/api/v1/games", json={"variant": "custom-oh-hell", "players": PLAYERS, "options": options}
    ).get_json()
    auth = {"Authorization": f"Bearer {state['edit_token']}"}
    assert (
        client.put(f"/api/v1/games/{state['id']}/deals/1", json=FIRST_DEAL, headers=auth).status_code == 200
    )
    return state["id"], state["edit_token"]


def held_by(app: Flask, phone: FlaskClient, game_id: str) -> None:
    """Give ``phone`` the game's edit right while the database can still be written."""
    device = holders.new_device_id()
    with app.app_context():
        holders.hold(device, game_id)
    with phone.session_transaction() as session:
        session["device"] = device


def read_only_config(app: Flask) -> dict[str, Any]:
    """The same database, opened so that nothing can be written to it."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if not POSTGRES_URL:
        path = url.removeprefix("sqlite:///")
        return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///file:{path}?mode=ro&uri=true"}
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}))
    arguments = dict(options.get("connect_args", {}))
    arguments["options"] = f"{arguments.get('options', '')} -cdefault_transaction_read_only=on".strip()
    return {
        "SQLALCHEMY_DATABASE_URI": url,
        "SQLALCHEMY_ENGINE_OPTIONS": {**options, "connect_args": arguments},
    }


@pytest.fixture
def read_only(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    """A second app on the same database, which it may only read (same secret key, so same sessions)."""
    config = {"TESTING": True, "AUTO_MIGRATE": False, "HEALTH_PROBE_SECONDS": 0, **read_only_config(app)}
    other = create_app(config, instance_path=str(tmp_path / "instance"))
    yield other
    with other.app_context():
        db.engine.dispose()


WRITES = re.compile(r"\b(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


def full_disk(app: Flask) -> Any:
    """Make every write the store sends fail as SQLite does on a full disk; returns the listener."""

    def refuse(_connection: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        # Writes on PostgreSQL can be one data-modifying "WITH …" statement: look inside it.
        if WRITES.search(statement):
            raise OperationalError(
                statement, parameters, sqlite3.OperationalError("database or disk is full")
            )

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", refuse)
    return refuse


def test_a_read_only_database_answers_503_and_keeps_what_was_saved(
    app: Flask, client: FlaskClient, read_only: Flask
) -> None:
    game_id, key = started(client)
    phone = read_only.test_client()
    held_by(app, phone, game_id)
    response = phone.put(
        f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers={"Authorization": f"Bearer {key}"}
    )
    assert response.status_code == 503 and response.get_json() == CANNOT_SAVE_BODY
    assert response.headers["Retry-After"] == "30"
    page = phone.get(f"/games/{game_id}/deals/2")
    assert page.status_code == 200  # reading still works
    form = {"csrf_token": csrf_token(page), "phase": "tricks", "trump": "H"}
    form.update({f"bid-{seat}": bid for seat, bid in enumerate(SECOND_DEAL["bids"])})
    form.update({f"tricks-{seat}": took for seat, took in enumerate(SECOND_DEAL["tricks"])})
    answer = phone.post(f"/games/{game_id}/deals/2", data=form)
    assert answer.status_code == 503 and CANNOT_SAVE in answer.get_data(as_text=True)
    assert "Try again in a minute" in answer.get_data(as_text=True)
    new = phone.get("/games/new/oh-hell")
    created = phone.post(
        "/games/new/oh-hell",
        data={
            "csrf_token": csrf_token(new),
            "first_dealer": "0",
            "players-0": "Ann",
            "players-1": "Bob",
            "players-2": "Cy",
        },
    )
    assert created.status_code == 503
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["deals"]) == 1


def test_healthz_says_a_read_only_database_cannot_save_before_any_write_fails(read_only: Flask) -> None:
    answer = read_only.test_client().get("/healthz")
    assert answer.status_code == 503
    assert answer.get_data(as_text=True).startswith("database: cannot save (")
    assert "read" in answer.get_data(as_text=True)  # "readonly database" / "read-only transaction"


def test_healthz_is_ok_while_the_database_saves(client: FlaskClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200 and answer.get_data(as_text=True) == "ok"


def test_a_full_disk_answers_503_as_json_and_as_a_page(app: Flask, client: FlaskClient) -> None:
    game_id, key = started(client)
    held_by(app, client, game_id)
    full_disk(app)
    response = client.put(
        f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers={"Authorization": f"Bearer {key}"}
    )
    assert response.status_code == 503 and response.get_json() == CANNOT_SAVE_BODY
    created = client.post("/api/v1/games", json={"variant": "oh-hell", "players": PLAYERS})
    assert created.status_code == 503 and created.get_json() == CANNOT_SAVE_BODY
    sheet = client.get(f"/games/{game_id}")  # undo is a button at the top of the game
    answer = client.post(f"/games/{game_id}/undo", data={"csrf_token": csrf_token(sheet)})
    assert (
        answer.status_code == 503
        and error_text(answer) == ""
        and CANNOT_SAVE in answer.get_data(as_text=True)
    )
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [deal["number"] for deal in state["deals"]] == [1] and state["version"] == 2


def test_healthz_reports_a_full_disk_until_a_write_succeeds(app: Flask, client: FlaskClient) -> None:
    game_id, key = started(client)
    refuse = full_disk(app)
    auth = {"Authorization": f"Bearer {key}"}
    assert client.put(f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers=auth).status_code == 503
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.get_data(as_text=True) == "database: cannot save (database or disk is full)"
    with app.app_context():
        event.remove(db.engine, "before_cursor_execute", refuse)
    assert client.get("/healthz").status_code == 503  # nothing has been saved since
    assert client.put(f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers=auth).status_code == 200
    assert client.get("/healthz").get_data(as_text=True) == "ok"


def test_a_remembered_failure_is_forgotten_after_the_configured_time(app: Flask, client: FlaskClient) -> None:
    game_id, key = started(client)
    refuse = full_disk(app)
    auth = {"Authorization": f"Bearer {key}"}
    assert client.put(f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers=auth).status_code == 503
    with app.app_context():
        event.remove(db.engine, "before_cursor_execute", refuse)
    app.config["HEALTH_FAILURE_SECONDS"] = 0
    assert client.get("/healthz").status_code == 200


def test_a_database_that_cannot_be_read_answers_503_too(app: Flask, client: FlaskClient) -> None:
    game_id, _key = started(client)

    def unreachable(_connection: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        raise OperationalError(
            statement, parameters, sqlite3.OperationalError("unable to open database file")
        )

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", unreachable)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 503
    assert "The server cannot read its games right now; nothing was lost." in page.get_data(as_text=True)
    api = client.get(f"/api/v1/games/{game_id}")
    assert api.status_code == 503 and api.headers["Retry-After"] == "30"
    assert api.get_json()["error"].startswith("The server cannot read its games right now")
    health = client.get("/healthz")
    assert health.status_code == 503 and "unable to open database file" in health.get_data(as_text=True)


def test_every_worker_says_a_full_disk_at_every_probe_before_any_write_fails(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the worker that met a full disk remembered it, so /healthz answered 200 and 503 by turns:
    the probe now asks the file system itself how much room is left beside the database."""
    if POSTGRES_URL:
        pytest.skip("the room left on a disk is read beside a SQLite file")
    real = os.statvfs

    def full(path: Any) -> Any:
        found = real(path)
        return type("Room", (), {"f_bavail": 12, "f_frsize": found.f_frsize})()

    app.config["HEALTH_PROBE_SECONDS"] = 0
    monkeypatch.setattr(health.os, "statvfs", full)
    answers = [client.get("/healthz") for _ in range(5)]
    assert [answer.status_code for answer in answers] == [503] * 5
    assert answers[0].get_data(as_text=True) == "database: cannot save (database or disk is full)"
    monkeypatch.setattr(health.os, "statvfs", real)
    assert client.get("/healthz").get_data(as_text=True) == "ok"


def test_a_lock_file_that_cannot_be_opened_is_a_database_that_cannot_save(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only file system (or a lock file the app may not open) answered a write with a 500: it
    is a database that cannot save, 503 with Retry-After, as JSON and as a page, and /healthz says so."""
    if POSTGRES_URL:
        pytest.skip("SQLite's writers queue on a lock file; PostgreSQL locks its rows")
    game_id, key = started(client)
    held_by(app, client, game_id)
    real_open = writers.os.open

    def read_only_file_system(path: Any, *arguments: Any, **keywords: Any) -> int:
        if str(path).endswith(".writer-lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, *arguments, **keywords)

    with app.app_context():
        queue = app.extensions["scorekeeper.writers"]
    monkeypatch.setattr(queue, "_descriptor_pid", 0)  # as a worker that has not opened it yet
    monkeypatch.setattr(writers.os, "open", read_only_file_system)
    auth = {"Authorization": f"Bearer {key}"}
    answer = client.put(f"/api/v1/games/{game_id}/deals/2", json=SECOND_DEAL, headers=auth)
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
    assert answer.get_json()["code"] == "cannot_save"
    sheet = client.get(f"/games/{game_id}")
    page = client.post(f"/games/{game_id}/undo", data={"csrf_token": csrf_token(sheet)})
    assert page.status_code == 503 and CANNOT_SAVE in page.get_data(as_text=True)
    assert client.get("/healthz").status_code == 503
