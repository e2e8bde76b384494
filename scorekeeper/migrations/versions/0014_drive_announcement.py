"""A drive remembers how far its prize-giving has gone.

``drives.announced`` counts the prizes the organiser has revealed (in the order they are announced,
booby first); once the last hand is in, the final standings and the prizes are shown to the
organiser only until the organiser announces them (RULES.md §10, "results until announced"). Drives
already stored showed their results to everyone: they count as announced in full (1,000,000, the
store's "everything shown").

Revision ID: 0014
Revises: 0013_keep_rights
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013_keep_rights"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drives") as table:
        table.add_column(sa.Column("announced", sa.Integer(), nullable=False, server_default=sa.text("0")))
    op.execute("UPDATE drives SET announced = 1000000")


def downgrade() -> None:
    with op.batch_alter_table("drives") as table:
        table.drop_column("announced")
