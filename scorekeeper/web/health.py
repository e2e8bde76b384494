"""Whether the database can read and save: for /healthz, and after a write the database refused.

A load balancer must not hear "ok" from a server whose every save fails. The
state is found two ways, by each worker process:

- a probe, at most once every ``HEALTH_PROBE_SECONDS`` (the answer is kept
  meanwhile, so /healthz stays as cheap as it was): the database answers a
  read, and would take a write. On SQLite the write is an unchanged
  ``user_version`` in a transaction rolled back at once (SQLite refuses it on
  a read-only file, and nothing reaches the disk); on PostgreSQL the server
  says whether its transactions are read-only (a standby, or a full disk
  it protects);
- the last failure of a real request: remembered until a write succeeds in
  this process, or for ``HEALTH_FAILURE_SECONDS`` when none comes.

A full disk refuses only writes, and a failure is seen only by the worker that
met it; so that every worker says the truth every time, the probe of a SQLite
database also asks the file system how much room is left beside the file (less
than ``HEALTH_MIN_FREE_BYTES``, 1 MiB unless set, is a full disk).
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..writers import WriterQueue, WritersCannotQueue, sqlite_file

EXTENSION = "scorekeeper.health"


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """The database's state: ``problem`` is None when it reads and saves."""

    problem: str | None
    at: float

    @property
    def ok(self) -> bool:
        """True when the database reads and saves."""
        return self.problem is None


class DatabaseHealth:
    """One worker's view of its database: the last probe and the last failure seen."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._probed: Verdict | None = None
        self._failure: Verdict | None = None

    def failed(self, reason: str) -> None:
        """A request found the database unable to read or save."""
        self._failure = Verdict(problem=reason, at=time.monotonic())

    def saved(self) -> None:
        """A request saved a change: whatever failed before works again."""
        self._failure = None

    def verdict(self) -> Verdict:
        """The database's state now, probing it if the last probe is older than the configured time."""
        now = time.monotonic()
        failure = self._failure
        if failure is not None and now - failure.at <= current_app.config["HEALTH_FAILURE_SECONDS"]:
            return failure
        probed = self._probed
        fresh = probed is not None and now - probed.at < current_app.config["HEALTH_PROBE_SECONDS"]
        if fresh or not self._lock.acquire(blocking=probed is None):
            assert probed is not None
            return probed  # another thread is probing: its last answer stands meanwhile
        try:
            self._probed = Verdict(problem=_probe(), at=time.monotonic())
            return self._probed
        finally:
            self._lock.release()


def health() -> DatabaseHealth:
    """This app's DatabaseHealth."""
    found: DatabaseHealth = current_app.extensions[EXTENSION]
    return found


_WRITES = re.compile(r"\b(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


def init_health(app: Flask) -> None:
    """Keep a DatabaseHealth on the app; every commit of its database tells it saving works."""
    app.config.setdefault("HEALTH_PROBE_SECONDS", 1.0)
    app.config.setdefault("HEALTH_FAILURE_SECONDS", 60.0)
    app.config.setdefault("HEALTH_MIN_FREE_BYTES", 1024 * 1024)
    state = app.extensions[EXTENSION] = DatabaseHealth()

    def committed(_connection: Any) -> None:
        state.saved()

    def executed(connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        # On PostgreSQL a change is one statement in autocommit mode: no COMMIT is sent,
        # so the statement's success is the save.
        if connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT" and _WRITES.search(
            statement
        ):
            state.saved()

    with app.app_context():
        event.listen(db.engine, "commit", committed)
        event.listen(db.engine, "after_cursor_execute", executed)


def describe(error: SQLAlchemyError | OSError) -> str:
    """The database's own words for what failed ("database or disk is full")."""
    original = getattr(error, "orig", None) or error
    return " ".join(str(original).split()) or type(original).__name__


def _probe() -> str | None:
    """None when the database answers a read and would take a write; else why not."""
    try:
        with db.engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1").scalar()
            if connection.dialect.name == "sqlite":
                return _sqlite_refuses_writes(connection.connection.driver_connection) or _disk_full()
            read_only = connection.exec_driver_sql("SHOW transaction_read_only").scalar()
            return "the database is read-only" if read_only == "on" else None
    except (SQLAlchemyError, WritersCannotQueue) as error:
        return describe(error)


def _sqlite_refuses_writes(sqlite: Any) -> str | None:
    """Try a write SQLite would make on this file, and take it back before anything is written."""
    assert isinstance(sqlite, sqlite3.Connection)
    writers: WriterQueue = current_app.extensions["scorekeeper.writers"]
    with writers.turn():
        if sqlite.in_transaction:
            sqlite.rollback()
        sqlite.execute("BEGIN IMMEDIATE")
        try:
            version = sqlite.execute("PRAGMA user_version").fetchone()[0]
            sqlite.execute(f"PRAGMA user_version = {int(version)}")
        except sqlite3.OperationalError as refused:
            return str(refused)
        finally:
            sqlite.execute("ROLLBACK")
    return None


def _disk_full() -> str | None:
    """Why a SQLite file's disk cannot take a write (too little room left beside it), or None."""
    path = sqlite_file(db.engine.url)
    if path is None:
        return None
    try:
        room = os.statvfs(path.parent)
    except OSError as error:
        return str(error)
    if room.f_bavail * room.f_frsize < current_app.config["HEALTH_MIN_FREE_BYTES"]:
        return "database or disk is full"
    return None
