"""Things kept per version, and the database's version that decides which of them may be used.

A score sheet is read far more often than its game changes (every phone at
the table, the live view, a tournament's wall), and replaying a game and
rendering a long grid are the costliest parts of a request. What is kept is
keyed by the thing's id and version (plus whatever else the page depends on),
so a change, which raises the version, can never be answered from an old copy.

**The database's version decides.** Each worker keeps its own copies, and
another worker (or another app server) may have moved a thing on since. A copy
is therefore only ever looked up under the version just read from the database
(``Versions.current``), never under the version a client names: a change made
from a version the database has moved past is refused (``StaleVersion``, 409,
with the version now stored) before any copy is used, and the write itself
claims the version in its own transaction (``Versions.claim``), so a change
made in between is refused too and nothing is written on stale state.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from sqlalchemy import Connection, Table, bindparam, select, update

from . import database
from .rules.errors import OutOfTurn

Kept = TypeVar("Kept")


class KeptByVersion(Generic[Kept]):
    """A small least-recently-used store, safe across a worker's threads.

    Its keys hold a version read from the database in the same request (see the module's doc)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        """The item kept under ``key``, if any."""
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: Hashable, item: Kept) -> None:
        """Keep ``item``; the least recently used item goes when the store is full."""
        with self._lock:
            self._items[key] = item
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget every kept item."""
        with self._lock:
            self._items.clear()


class StaleVersion(OutOfTurn):
    """A change made from a version the database has moved past: refused (409), nothing written.

    ``current`` is the version stored now, for the answer to give the client; ``code`` is the
    refusal as the surface words it (a game's "changed_elsewhere", the API's "api_stale_version")."""

    field = "version"

    def __init__(self, code: str, /, *, seen: int | str, current: int) -> None:
        super().__init__(code, field="version", seen=str(seen), version=current)
        self.seen, self.current = str(seen), current


class Versions:
    """The version column of one table of things (games, drives, clubs): read it, check the version a
    change was made from against it, and claim it in the write's own transaction.

    ``code`` is the refusal a stale version raises (see StaleVersion)."""

    def __init__(self, table: Table, code: str) -> None:
        self.code = code
        self._read = select(table.c.version).where(table.c.id == bindparam("thing"))
        self._claim = (
            update(table)
            .where(table.c.id == bindparam("thing"), table.c.version == bindparam("seen"))
            .values(version=table.c.version + 1)
        )

    def current(self, thing_id: str, connection: Connection | None = None) -> int | None:
        """The version stored now (None: there is no such thing), read on ``connection`` (the write's
        transaction) or on the request's own."""
        found = (connection or database.connection()).execute(self._read, {"thing": thing_id}).scalar()
        return None if found is None else int(found)

    def check(self, thing_id: str, seen: int | None, connection: Connection | None = None) -> int | None:
        """The version stored now; StaleVersion when ``seen`` (None: the client named none) is not it.
        None when there is no such thing (the caller's 404)."""
        stored = self.current(thing_id, connection)
        if stored is not None and seen is not None and seen != stored:
            raise StaleVersion(self.code, seen=seen, current=stored)
        return stored

    def claim(self, connection: Connection, thing_id: str, seen: int | None) -> bool:
        """In the write's own transaction: raise the version by one from ``seen`` (None: from whatever it
        is). StaleVersion, for the transaction to roll back, when the stored version is no longer
        ``seen``; False when there is no such thing."""
        if seen is None:
            stored = self.current(thing_id, connection)
            if stored is None:
                return False
            seen = stored
        if connection.execute(self._claim, {"thing": thing_id, "seen": seen}).rowcount == 1:
            return True
        stored = self.current(thing_id, connection)
        if stored is None:
            return False
        raise StaleVersion(self.code, seen=seen, current=stored)


def sent_version(sent: str | None) -> int | None:
    """The version a client named (``If-Match: "7"``, ``W/"7"``, a form's ``7``) as a number; None when
    it named none. A version that is no number names no version the database holds: -1."""
    if sent is None:
        return None
    cleaned = sent.strip().removeprefix("W/").strip().strip('"').strip()
    if not cleaned:
        return None
    return int(cleaned) if cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 12 else -1
