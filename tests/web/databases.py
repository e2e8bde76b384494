"""A private database for each test's app, already migrated.

Migrating a new database costs about 0.7 s (twenty Alembic steps), and the web tests start an app
each, a thousand times a run and again on PostgreSQL: a third of the suite's time went into the same
twenty steps. Each test process migrates one template instead, and every test's database is a copy
of it — a file copy on SQLite, ``CREATE DATABASE … TEMPLATE`` on PostgreSQL — so each still starts
from an empty database of its own at the newest revision, migrated by the app's own start-up. The
app then skips its start-up migration (which would find nothing to do, in 0.1 s); a test that needs
a database never migrated asks for one, and the app migrates it as it starts.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import tempfile
import uuid
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import sqlalchemy
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.extensions import db

POSTGRES_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")


def _migrate(config: dict[str, Any], folder: Path) -> None:
    """Start an app on the database of ``config`` (which migrates it), and let go of its connections."""
    app = create_app({"TESTING": True, **config}, instance_path=str(folder / "instance"))
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@cache
def _sqlite_template() -> Path:
    """This process's migrated SQLite file, checkpointed into one self-contained file."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "template.sqlite"
    _migrate({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}, folder)
    with sqlite3.connect(path) as connection:  # the write-ahead log folded in: the file alone is whole
        connection.execute("PRAGMA journal_mode=DELETE")
    return path


def _admin() -> sqlalchemy.Engine:
    assert POSTGRES_URL
    return sqlalchemy.create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT", poolclass=sqlalchemy.NullPool)


def _postgres_url(database: str) -> str:
    assert POSTGRES_URL
    return make_url(POSTGRES_URL).set(database=database).render_as_string(hide_password=False)


def _run(statement: str) -> None:
    """One statement on the server's own database (CREATE and DROP DATABASE take no transaction)."""
    admin = _admin()
    try:
        with admin.connect() as connection:
            connection.execute(sqlalchemy.text(statement))
    finally:
        admin.dispose()


@cache
def _postgres_template() -> str:
    """This process's migrated PostgreSQL database (its own, so that no other process is connected
    to it while a copy is made: PostgreSQL refuses to copy a database in use)."""
    name = f"template_{uuid.uuid4().hex[:12]}"
    _run(f'CREATE DATABASE "{name}"')
    atexit.register(_run, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    _migrate({"SQLALCHEMY_DATABASE_URI": _postgres_url(name)}, folder)
    return name


def database_config(folder: Path, *, migrated: bool = True) -> tuple[dict[str, Any], Callable[[], None]]:
    """A private database for one app: SQLite in ``folder``, or a database of its own on the
    PostgreSQL server named by SCOREKEEPER_TEST_DATABASE_URL; a copy of the migrated template unless
    ``migrated`` is false (then empty). Returns the config and a function that removes the database."""
    if not POSTGRES_URL:
        path = folder / "test.sqlite"
        if migrated:
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_sqlite_template(), path)
        return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "AUTO_MIGRATE": not migrated}, lambda: None
    name = f"test_{uuid.uuid4().hex[:12]}"
    _run(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{_postgres_template()}"' if migrated else ""))

    def drop() -> None:
        _run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return {"SQLALCHEMY_DATABASE_URI": _postgres_url(name), "AUTO_MIGRATE": not migrated}, drop
