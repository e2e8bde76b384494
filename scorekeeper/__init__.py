"""Scorekeeper: the score-keeper and rules referee for whist-family card games."""

from __future__ import annotations

import logging
import os
import secrets
import sys
from pathlib import Path
from typing import Any

import flask_migrate
from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from . import database
from .extensions import csrf, db, migrate
from .games import cleanup
from .groups import summaries
from .paper.model import CLASSIFIER
from .writers import migrating_alone, queue_for

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def create_app(test_config: dict[str, Any] | None = None, *, instance_path: str | None = None) -> Flask:
    """Build the app: configuration, instance folder, extensions and blueprints.

    ``instance_path`` (default: the project's ``instance/``, or
    ``SCOREKEEPER_INSTANCE`` from the environment) holds the database and the
    generated secret key.
    """
    _warnings_reach_the_log()
    app = Flask(
        __name__,
        instance_path=instance_path
        or os.environ.get("SCOREKEEPER_INSTANCE")
        or str(PROJECT_ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=_secret_key(instance),
        SQLALCHEMY_DATABASE_URI=os.environ.get(
            "SQLALCHEMY_DATABASE_URI", f"sqlite:///{instance / 'scorekeeper.sqlite'}"
        ),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=256 * 1024,
        # A form's CSRF token lasts as long as the session that holds it, not an hour:
        # a deal form stays open through a long hand, and an evening lasts for hours.
        WTF_CSRF_TIME_LIMIT=None,
        PERMANENT_SESSION_LIFETIME=400 * 24 * 3600,
        # The session cookie is sent back only when a request changed it. Refreshed on every
        # request, a request that set out before a page took its message (a script, a file the
        # service worker fetches) would put the message back: it then showed twice.
        SESSION_REFRESH_EACH_REQUEST=False,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)

    db.init_app(app)
    with app.app_context():
        writers = app.extensions["scorekeeper.writers"] = queue_for(db.engine.url)
    app.teardown_appcontext(database.close_connection)
    csrf.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    from .clubs import models as club_models  # noqa: F401  (register the tables with the metadata)
    from .drives import models as drive_models  # noqa: F401
    from .games import models as game_models  # noqa: F401
    from .groups import models as group_models  # noqa: F401
    from .paper import models as paper_models  # noqa: F401

    if app.config.get("AUTO_MIGRATE", os.environ.get("SCOREKEEPER_AUTO_MIGRATE", "1") != "0"):
        # Several workers starting at once on a new SQLite file would each create
        # the tables; in the writers' queue the first migrates and the rest find it done.
        # On PostgreSQL an advisory lock does the same for servers starting together.
        with app.app_context(), writers.turn(), migrating_alone(db.engine):
            flask_migrate.upgrade(directory=str(MIGRATIONS))

    from . import web
    from .web import api, drives, games, tables

    web.register_shell(app)
    for feature in (games, api, tables, drives):
        feature.register(app)
    web.wrap_pages(app)
    cleanup.register(app)  # the stores' commands: removing old games, rebuilding the tables' summaries
    summaries.register(app)
    if app.config.get("PAPER_CLASSIFIER_AT_START", True):
        # The digit classifier of the paper sheets' reader, loaded now (or trained in the background
        # if bin/setup has not trained it yet): the first photo read does not wait for it.
        CLASSIFIER.start()
    # Keys in the order the documents are built (API.md's order), and no sorting cost.
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    return app


def _warnings_reach_the_log() -> None:
    """Send the app's own warnings (Redis away and back, a classifier trained at start) to standard
    error, where gunicorn's log and systemd's journal take them.

    Under gunicorn nothing is set up for the app's loggers: the warnings went out only through
    Python's last-resort output, which stays silent as soon as any library puts a handler on the
    root logger. A process that set up its logging itself (pytest, ``logging.basicConfig``) keeps it.
    """
    package = logging.getLogger(__name__)
    root_writes = any(not isinstance(each, logging.NullHandler) for each in logging.getLogger().handlers)
    if package.handlers or root_writes:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        logging.Formatter("[%(asctime)s] [%(process)d] [%(levelname)s] %(message)s", "%Y-%m-%d %H:%M:%S %z")
    )
    package.addHandler(handler)


def _secret_key(instance: Path) -> str:
    """The key from the environment, or one generated once into instance/ and kept there."""
    from_env = os.environ.get("SCOREKEEPER_SECRET_KEY")
    if from_env:
        return from_env
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """SQLite in WAL mode with foreign keys on, so readers never block the writer.

    In WAL mode ``synchronous=NORMAL`` is SQLite's recommended setting: the
    database cannot be corrupted and an app crash loses nothing; only a power
    cut can lose the last commits. It spares an fsync on every deal entered.
    A writer waits up to 5 s for another's lock instead of failing.
    """
    module = type(dbapi_connection).__module__
    if module.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
