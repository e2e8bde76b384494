"""One writer at a time on a SQLite database, handed over without waiting.

SQLite lets one connection write at a time. A connection that finds the write
lock taken sleeps and tries again (1, 2, 5, 10, 15, 20, 25, 50, 100 ms ... up to
the busy timeout), so under many phones at once a deal could wait tens of
milliseconds after the lock was already free. Writers of this app therefore
queue on a lock of their own first: a thread lock between the threads of a
worker, and an ``flock`` on a file beside the database between the workers.
Both wake the next writer the moment the last one commits. PostgreSQL locks
the game's row itself and needs none of this.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

try:
    import fcntl
except ImportError:  # not on POSIX: the thread lock still orders a worker's own writers
    fcntl = None  # type: ignore[assignment]


class WritersCannotQueue(OSError):
    """The writers' lock file beside a SQLite database cannot be opened (a read-only file or file
    system): the database cannot be written either. The app answers it as a database that cannot
    save (503), not as a fault of its own."""


class WriterQueue:
    """Lets one writer at a time into the database, across threads and processes."""

    def __init__(self, lock_path: Path | None) -> None:
        """``lock_path``: the file the worker processes lock; None lets every writer straight in."""
        self._lock_path = lock_path
        self._in_process = threading.Lock()
        self._descriptor = -1
        self._descriptor_pid = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Hold the database for one write transaction: begin, change, commit inside."""
        if self._lock_path is None:
            yield
            return
        with self._in_process:
            if fcntl is None:
                yield
                return
            descriptor = self._lock_descriptor()
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(descriptor, fcntl.LOCK_UN)

    def _lock_descriptor(self) -> int:
        """This process's own descriptor of the lock file (called under the thread lock).

        A descriptor inherited through a fork would be one open file shared by
        every worker, and its flock would not keep them apart: each process
        opens its own, once.
        """
        assert self._lock_path is not None
        if self._descriptor_pid != os.getpid():
            # Read-only is enough for flock, so a lock file left read-only still queues the writers
            # (the database then says for itself whether it takes the write).
            try:
                self._descriptor = os.open(self._lock_path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError as refused:
                raise WritersCannotQueue(refused.errno, f"{refused.strerror}: {self._lock_path}") from refused
            self._descriptor_pid = os.getpid()
            weakref.finalize(self, os.close, self._descriptor)
        return self._descriptor


def sqlite_file(database: URL) -> Path | None:
    """The file of a SQLite database, or None for another database or one in memory."""
    if database.get_backend_name() != "sqlite" or database.database in (None, "", ":memory:"):
        return None
    name = database.database
    if database.query.get("uri") == "true" and name.startswith("file:"):
        name = unquote(urlsplit(name).path)  # a URI filename ("file:/srv/games.sqlite?mode=ro")
    return Path(name)


def queue_for(database: URL) -> WriterQueue:
    """The writer queue for a database: a lock file beside a SQLite file, else none."""
    path = sqlite_file(database)
    if path is None:
        return WriterQueue(None)
    return WriterQueue(path.with_name(path.name + ".writer-lock"))


# Any number that no other program on the same PostgreSQL database uses for
# an advisory lock: "scorekeeper" in ASCII, cut to 63 bits.
MIGRATION_LOCK = int.from_bytes(b"scorekeeper"[:8], "big") >> 1


@contextmanager
def migrating_alone(engine: Engine) -> Iterator[None]:
    """Let one process at a time migrate a PostgreSQL database.

    Two app servers (or two workers) starting together on a new database
    would both create the tables and one would fail to boot. A session-level
    advisory lock, held on a connection of its own, makes the others wait
    and then find the migrations applied. SQLite has the writers' queue.
    """
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        connection.commit()
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
            connection.commit()
