"""A drive remembers where players actually sat when the hall did not move as planned.

``drives.seatings`` lists the organiser's records (hand, player, table, seat): for that hand the
player sat there and the player the plan put there took the player's planned seat. They are inputs,
replayed by the engine like the roster; drives already stored had none.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drives") as table:
        table.add_column(sa.Column("seatings", sa.JSON(), nullable=False, server_default=sa.text("'[]'")))


def downgrade() -> None:
    with op.batch_alter_table("drives") as table:
        table.drop_column("seatings")
