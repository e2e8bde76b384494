"""A club's guests and friendly games: a guest's games rate the members and the guest is on no
ladder; a friendly game or drive counts for no rating, league or record.

``club_members.guest`` (false for every member before this); ``club_friendlies`` holds the club's
friendly games and drives by their outcome's key ("game:<id>", "drive:<id>").

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_members") as batch:
        batch.add_column(sa.Column("guest", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "club_friendlies",
        sa.Column("club_id", sa.String(length=32), nullable=False),
        sa.Column("outcome", sa.String(length=40), nullable=False),
        sa.Column("marked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("club_id", "outcome"),
    )


def downgrade() -> None:
    op.drop_table("club_friendlies")
    with op.batch_alter_table("club_members") as batch:
        batch.drop_column("guest")
