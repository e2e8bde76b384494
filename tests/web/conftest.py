"""App, client and a driver that plays games through the pages as a phone would.

CSRF protection stays on: the driver reads each form's token like a browser.
"""

from __future__ import annotations

import html
import re
import weakref
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app, pdf_jobs
from scorekeeper.extensions import db
from scorekeeper.games import store
from scorekeeper.games.models import DealEntryRecord
from scorekeeper.rules.text import Text
from scorekeeper.web import kept_pdfs

from .databases import database_config

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


# Every engine that has opened a connection in this process, so that a test can be held to dispose of
# the engines its apps made. An engine left to the garbage collector keeps its pooled connections open
# until the collector runs, in whichever later test that is; on PostgreSQL psycopg then complains
# there, and the leak is blamed on a test that did nothing wrong.
CONNECTED_ENGINES: weakref.WeakSet[sqlalchemy.Engine] = weakref.WeakSet()


@sqlalchemy.event.listens_for(sqlalchemy.Engine, "engine_connect")
def _engine_connected(connection: sqlalchemy.Connection) -> None:
    CONNECTED_ENGINES.add(connection.engine)


def undisposed_engines(known: Collection[sqlalchemy.Engine]) -> list[str]:
    """The engines (their URLs) that have connected since ``known`` was taken and still hold
    connections: neither disposed of nor with every connection closed."""
    left = []
    for engine in list(CONNECTED_ENGINES):
        pool = engine.pool
        if engine in known or not isinstance(pool, sqlalchemy.QueuePool):
            continue
        if pool.checkedin() or pool.checkedout():
            left.append(f"{engine.url!r}: {pool.status()}")
    return left


@pytest.fixture(autouse=True)
def engines_disposed() -> Iterator[None]:
    """A test's apps dispose of their engines before it ends (app_in does): this fixture is set up
    before the test's own and torn down after them, so it sees what they leave. Engines of wider
    fixtures (a module's servers, the API fuzz's app) connected before it and are theirs to close."""
    known = set(CONNECTED_ENGINES)
    yield
    left = undisposed_engines(known)
    if left:
        pytest.fail(f"engines left to the garbage collector with their connections open: {left}")


def _unworded(text: Text, *_: object) -> str:
    raise AssertionError(f"an engine text reached a page or a body without words: {text!r}")


@pytest.fixture(autouse=True)
def every_text_is_worded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine speaks in codes: a text printed as it is (a template's ``{{ note }}`` without
    ``|say``, an f-string) fails the test instead of showing a player its code."""
    monkeypatch.setattr(Text, "__str__", _unworded)
    monkeypatch.setattr(Text, "__format__", _unworded)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield from app_in(tmp_path)


def app_in(folder: Path, **config: Any) -> Iterator[Flask]:
    """An app with its own database and instance under ``folder`` and the ``config`` given
    (``BABEL_TRANSLATION_DIRECTORIES`` for a test's own catalogues); removed afterwards."""
    database, drop = database_config(folder)
    # A drive's PDF is made in the background (kept_pdfs.prepared_pdf): the request waits for it here,
    # so that a test reads the file in one request; tests of the "being prepared" page wait less.
    settings = {"TESTING": True, "PDF_WAIT_SECONDS": 120, **database, **config}
    app = create_app(settings, instance_path=str(folder / "instance"))
    with app.app_context():  # connected now, by the fixture that makes it (engines_disposed: theirs)
        db.session.execute(sqlalchemy.text("SELECT 1"))
        db.session.remove()
    try:
        yield app
    finally:  # also when a caller closes the generator without running it to its end
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        drop()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def csrf_token(page: TestResponse) -> str:
    """The CSRF token of the first form on a page."""
    found = TOKEN.search(page.get_data(as_text=True))
    assert found, "the page has no CSRF token"
    return found.group(1) or found.group(2)


def error_text(page: TestResponse) -> str:
    """The refusal shown on a page (the alert box), without markup."""
    found = re.search(r'role="alert"[^>]*>(.*?)</', page.get_data(as_text=True), re.S)
    return html.unescape(" ".join(found.group(1).split())) if found else ""


STARTED = re.compile(r"/games/([0-9a-f]{32})/deals/1$")


def started_game_id(response: TestResponse) -> str:
    """The id of the game a start answered with: it opens on deal 1's screen."""
    found = STARTED.search(response.headers.get("Location", ""))
    assert found, f"not deal 1's screen: {response.headers.get('Location')}"
    return found.group(1)


class Driver:
    """Plays games through the pages: start, enter deals, undo, read the sheet."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client

    def start(
        self,
        variant: str,
        players: list[str],
        *,
        first_dealer: int | str = 0,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """Create a game through the new-game form; returns its id."""
        page = self.client.get(f"/games/new/{variant}")
        assert page.status_code == 200
        form: dict[str, Any] = {"csrf_token": csrf_token(page), "first_dealer": str(first_dealer)}
        form.update({f"players-{slot}": name for slot, name in enumerate(players)})
        for name, value in (options or {}).items():
            if value is True:
                form[f"option_{name}"] = "y"
            elif value is not False:
                form[f"option_{name}"] = str(value)
        response = self.client.post(f"/games/new/{variant}", data=form)
        assert response.status_code == 302, error_text(response)
        return started_game_id(response)

    def post_deal(self, game_id: str, number: int, fields: Mapping[str, Any]) -> TestResponse:
        """Open the deal's page, then post ``fields`` with its CSRF token."""
        page = self.client.get(f"/games/{game_id}/deals/{number}")
        assert page.status_code == 200, page.status_code
        data = {"csrf_token": csrf_token(page), **{k: str(v) for k, v in fields.items()}}
        return self.client.post(f"/games/{game_id}/deals/{number}", data=data)

    def post(
        self, url: str, fields: Mapping[str, Any] | None = None, *, token_from: str | None = None
    ) -> TestResponse:
        """Post to ``url`` with a CSRF token read from ``token_from`` (default: the home page)."""
        page = self.client.get(token_from or "/games/new/oh-hell")
        return self.client.post(url, data={"csrf_token": csrf_token(page), **(fields or {})})

    def sheet(self, game_id: str) -> str:
        """The score sheet page's text."""
        page = self.client.get(f"/games/{game_id}")
        assert page.status_code == 200
        return page.get_data(as_text=True)

    def stored(self, game_id: str) -> list[dict[str, Any]]:
        """The deal entries the database holds for a game, in order."""
        with self.app.app_context():
            rows = db.session.scalars(
                db.select(DealEntryRecord)
                .where(DealEntryRecord.game_id == game_id)
                .order_by(DealEntryRecord.number)
            )
            return [row.data for row in rows]

    def version(self, game_id: str) -> int:
        with self.app.app_context():
            record = store.find_record(game_id)
            assert record is not None
            return record.version


HANDOVER_CODE = re.compile(r'class="handover-code"[^>]*>([A-Z0-9-]+)<')


def hand_over(scorer: FlaskClient, other: FlaskClient, game_id: str) -> TestResponse:
    """The scorer's phone shows a hand-over code and the other phone enters it, as on the pages."""
    asked = scorer.get(f"/games/{game_id}/hand-over")
    assert asked.status_code == 200, asked.status_code
    shown = scorer.post(f"/games/{game_id}/hand-over", data={"csrf_token": csrf_token(asked)})
    found = HANDOVER_CODE.search(shown.get_data(as_text=True))
    assert found, "the hand-over page shows no code"
    join = other.get(f"/games/{game_id}/join")
    return other.post(f"/games/{game_id}/join", data={"csrf_token": csrf_token(join), "code": found.group(1)})


@pytest.fixture
def driver(app: Flask, client: FlaskClient) -> Driver:
    return Driver(app, client)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every PDF WeasyPrint renders during the test (a kept PDF is not rendered again)."""
    rendered: list[str] = []
    real = kept_pdfs.render_pdf

    def counting(html: str, **kwargs: object) -> bytes:
        rendered.append(html)
        return real(html, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kept_pdfs, "render_pdf", counting)
    monkeypatch.setattr(pdf_jobs, "render_pdf", counting)  # the drive's PDFs, made in the background
    return rendered
