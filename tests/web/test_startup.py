"""Several workers (or servers) starting at once on a new database all come up."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.synchronize
import threading
from pathlib import Path
from typing import Any

import sqlalchemy
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from scorekeeper import MIGRATIONS, create_app

from .databases import database_config


def start_worker(folder: str, config: dict[str, Any], together: multiprocessing.synchronize.Barrier) -> None:
    """Start an app; its migration waits (up to 3 s) for the other workers' to reach the same point,
    so that without anything to keep them apart they would certainly collide."""
    ensure_version_table = MigrationContext._ensure_version_table

    def all_at_once(self: MigrationContext, *args: Any, **kwargs: Any) -> Any:
        with contextlib.suppress(threading.BrokenBarrierError):
            together.wait(3)
        return ensure_version_table(self, *args, **kwargs)

    MigrationContext._ensure_version_table = all_at_once  # type: ignore[method-assign]
    app = create_app(config, instance_path=folder)
    assert app.test_client().get("/api/v1/variants").status_code == 200


def test_workers_starting_together_migrate_a_new_database_once(tmp_path: Path) -> None:
    config, drop = database_config(tmp_path, migrated=False)
    context = multiprocessing.get_context("fork")
    together = context.Barrier(4)
    workers = [context.Process(target=start_worker, args=(str(tmp_path), config, together)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    try:
        assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
        engine = sqlalchemy.create_engine(
            config["SQLALCHEMY_DATABASE_URI"], **config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
        )
        with engine.connect() as connection:
            applied = connection.execute(sqlalchemy.text("SELECT version_num FROM alembic_version")).all()
        engine.dispose()
        head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert applied == [(head,)]
    finally:
        drop()
