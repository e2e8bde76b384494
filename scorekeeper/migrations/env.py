"""Alembic environment for Flask-Migrate: migrations run against the app's own database."""

from __future__ import annotations

import logging

from alembic import context
from flask import current_app

logger = logging.getLogger("alembic.env")
config = context.config


def _engine():  # type: ignore[no-untyped-def]
    return current_app.extensions["migrate"].db.engine


def _metadata():  # type: ignore[no-untyped-def]
    return current_app.extensions["migrate"].db.metadata


config.set_main_option("sqlalchemy.url", _engine().url.render_as_string(hide_password=False).replace("%", "%%"))


def run_migrations_offline() -> None:
    """Write the SQL without a connection (``flask db upgrade --sql``)."""
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=_metadata(), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Apply the migrations over a connection to the app's database."""

    def skip_empty_revisions(context, revision, directives):  # type: ignore[no-untyped-def]
        if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
            directives[:] = []
            logger.info("No changes in schema detected.")

    conf_args = dict(current_app.extensions["migrate"].configure_args)
    conf_args.setdefault("process_revision_directives", skip_empty_revisions)
    conf_args.setdefault("render_as_batch", True)
    with _engine().connect() as connection:
        context.configure(connection=connection, target_metadata=_metadata(), **conf_args)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
