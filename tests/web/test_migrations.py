"""The migrations build exactly the schema the models describe, and step back cleanly."""

from __future__ import annotations

import flask_migrate
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask

from scorekeeper import MIGRATIONS
from scorekeeper.extensions import db


def schema_differences(app: Flask) -> list[object]:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        return list(compare_metadata(context, db.metadata))


def test_the_migrated_database_matches_the_models(app: Flask) -> None:
    assert schema_differences(app) == []


def test_the_latest_migration_steps_back_and_forth(app: Flask) -> None:
    with app.app_context():
        flask_migrate.downgrade(directory=str(MIGRATIONS), revision="-1")
        assert schema_differences(app) != []
        flask_migrate.upgrade(directory=str(MIGRATIONS))
    assert schema_differences(app) == []
