"""A drive's hand remembers who must confirm it and who did, and that a correction changed it;
a drive remembers who arrived late or left early.

``needs_confirmation`` is set on a result a table entered from its own phone:
a player of the other pair confirms it (``confirmed_by``, an index in the
drive's players) before the hand's movement is called. ``corrected`` marks a
hand whose tricks a correction changed. All three are inputs, replayed by the
engine; rows already stored were the organiser's or stood at once, so they
need no confirmation and were not corrected. ``drives.roster`` lists the
arrivals and departures (hand, player, kind, start), inputs like the prizes;
drives already stored had none.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drives") as table:
        table.add_column(sa.Column("roster", sa.JSON(), nullable=False, server_default=sa.text("'[]'")))
    with op.batch_alter_table("drive_hands") as table:
        table.add_column(
            sa.Column("needs_confirmation", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        table.add_column(sa.Column("confirmed_by", sa.Integer(), nullable=True))
        table.add_column(sa.Column("corrected", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("drive_hands") as table:
        table.drop_column("corrected")
        table.drop_column("confirmed_by")
        table.drop_column("needs_confirmation")
    with op.batch_alter_table("drives") as table:
        table.drop_column("roster")
