"""The check that holds every web test to closing its apps' databases (conftest.engines_disposed) sees
an engine left open and lets a disposed one go: without it, an app a test forgot kept its PostgreSQL
connections until the garbage collector ran, in some later test, which psycopg then failed."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import create_app
from scorekeeper.extensions import db

from .conftest import CONNECTED_ENGINES, undisposed_engines


def test_an_app_left_with_its_engine_open_is_named_until_it_is_disposed(tmp_path: Path) -> None:
    known = set(CONNECTED_ENGINES)
    # SQLite on either run: the check reads SQLAlchemy's pool, whichever database is behind it.
    database = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'left.sqlite'}"}
    app = create_app({"TESTING": True, **database}, instance_path=str(tmp_path / "i"))
    assert app.test_client().get("/healthz").status_code == 200
    with app.app_context():
        url = repr(db.engine.url)
        left = undisposed_engines(known)
        assert len(left) == 1 and left[0].startswith(f"{url}: "), left
        db.engine.dispose()
    assert undisposed_engines(known) == []
