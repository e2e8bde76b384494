"""Several workers starting at once on a new SQLite database all come up."""

from __future__ import annotations

import multiprocessing
import multiprocessing.synchronize
from pathlib import Path

import sqlalchemy

from scorekeeper import create_app


def start_worker(folder: str, go: multiprocessing.synchronize.Event) -> None:
    go.wait(10)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/games.sqlite"}, instance_path=folder)
    assert app.test_client().get("/api/v1/variants").status_code == 200


def test_workers_starting_together_migrate_a_new_database_once(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    go = context.Event()
    workers = [context.Process(target=start_worker, args=(str(tmp_path), go)) for _ in range(4)]
    for worker in workers:
        worker.start()
    go.set()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    engine = sqlalchemy.create_engine(f"sqlite:///{tmp_path}/games.sqlite")
    with engine.connect() as connection:
        assert connection.execute(sqlalchemy.text("SELECT version_num FROM alembic_version")).all() == [
            ("0002",)
        ]
    engine.dispose()
