"""The writers' queue: one writer at a time on a SQLite file, across threads and processes."""

from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path

from sqlalchemy.engine import make_url

from scorekeeper.writers import WriterQueue, queue_for


def write_in_turn(queue: WriterQueue, log: Path, name: str, times: int) -> None:
    """Append begin/end marks around a short pause, ``times`` times, each inside a turn."""
    for _ in range(times):
        with queue.turn():
            with log.open("a") as file:
                file.write(f"{name} begins\n")
            time.sleep(0.002)
            with log.open("a") as file:
                file.write(f"{name} ends\n")


def assert_never_overlapping(log: Path, expected_turns: int) -> None:
    lines = log.read_text().splitlines()
    assert len(lines) == 2 * expected_turns
    for begin, end in zip(lines[::2], lines[1::2], strict=True):
        assert begin.endswith("begins") and end == begin.replace("begins", "ends")


def test_workers_in_other_processes_wait_their_turn(tmp_path: Path) -> None:
    queue = queue_for(make_url(f"sqlite:///{tmp_path / 'games.sqlite'}"))
    log = tmp_path / "log"
    context = multiprocessing.get_context("fork")  # as gunicorn starts its workers
    workers = [context.Process(target=write_in_turn, args=(queue, log, f"worker {n}", 15)) for n in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert_never_overlapping(log, 45)


def test_threads_of_one_worker_wait_their_turn(tmp_path: Path) -> None:
    queue = queue_for(make_url(f"sqlite:///{tmp_path / 'games.sqlite'}"))
    log = tmp_path / "log"
    threads = [threading.Thread(target=write_in_turn, args=(queue, log, f"thread {n}", 15)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert_never_overlapping(log, 45)
    assert (tmp_path / "games.sqlite.writer-lock").exists()


def test_only_a_sqlite_file_needs_the_queue(tmp_path: Path) -> None:
    for url in ("postgresql+psycopg://user@127.0.0.1/games", "sqlite://", "sqlite:///:memory:"):
        queue = queue_for(make_url(url))
        log = tmp_path / "log"
        log.unlink(missing_ok=True)
        with queue.turn(), queue.turn():  # nothing to wait for: the same thread enters twice
            log.write_text("in")
        assert log.read_text() == "in"
