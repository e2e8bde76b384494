"""What every store shares: this request's database connection, its write transactions, and how a
record is keyed (an unguessable id, a hashed key, the time in UTC).

The stores (``games/``, ``groups/``, ``drives/``) run their statements on a plain
connection rather than the ORM session: they only ever read and write rows, and
the session's bookkeeping cost more per request than the statements themselves.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from flask import current_app, g
from sqlalchemy import Connection

from .extensions import db
from .writers import WriterQueue

# Connections that read in autocommit mode and write changes as single statements.
ONE_STATEMENT_DIALECTS = frozenset({"postgresql"})
# PostgreSQL's default level, for the writes that take more than one statement.
TRANSACTIONS = "READ COMMITTED"


def utcnow() -> datetime:
    """The current time, timezone-aware."""
    return datetime.now(UTC)


def new_game_id() -> str:
    """An unguessable id: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def hash_key(key: str) -> str:
    """What the database keeps of an edit key: its SHA-256, so a leaked database edits nothing."""
    return hashlib.sha256(key.encode()).hexdigest()


@contextmanager
def transaction() -> Iterator[Connection]:
    """A write transaction on the context's connection: it commits when the block ends and
    rolls back if the block raises. On SQLite it first waits its turn among the app's
    writers (see writers.py); on PostgreSQL the connection leaves autocommit for it."""
    with writers().turn():
        current = connection()
        autocommit = current.dialect.name in ONE_STATEMENT_DIALECTS
        if autocommit:
            current.commit()  # close SQLAlchemy's record of the reads so far (nothing on the wire)
            current.execution_options(isolation_level=TRANSACTIONS)
        try:
            yield current
            current.commit()
        except BaseException:
            current.rollback()
            raise
        finally:
            if autocommit:
                current.execution_options(isolation_level="AUTOCOMMIT")


def connection() -> Connection:
    """This app context's database connection: opened on first use, closed with the context.

    On PostgreSQL it runs in autocommit mode: a read is one statement, and one
    round trip rather than three (BEGIN, the read, ROLLBACK); writes of more than
    one statement open a transaction of their own (``transaction``).
    """
    opened: Connection | None = g.get("scorekeeper_connection")
    if opened is None:
        opened = g.scorekeeper_connection = db.engine.connect()
        if opened.dialect.name in ONE_STATEMENT_DIALECTS:
            opened.execution_options(isolation_level="AUTOCOMMIT")
    return opened


def close_connection(_error: BaseException | None = None) -> None:
    """Give the context's connection back to the pool (anything uncommitted is rolled back)."""
    connection: Connection | None = g.pop("scorekeeper_connection", None)
    if connection is not None:
        connection.close()


def writers() -> WriterQueue:
    """The app's queue of writers (a no-op but on SQLite)."""
    queue: WriterQueue = current_app.extensions["scorekeeper.writers"]
    return queue
