"""A hand-over code remembers that it was used, until it expires: a second phone typing it is told
"already used" rather than "mistyped".

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("handovers") as table:
        table.add_column(sa.Column("used_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("handovers") as table:
        table.drop_column("used_at")
