"""A club's time zone: the calendar its seasons count their days on.

``clubs.time_zone`` is an IANA zone name ("Europe/London"), taken from the phone that started the
club and changeable on its page; a club without one (every club before this) counts in UTC, as it
did.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("time_zone")
