"""House rules: a variant's options saved under a name, shared by link, held by a club or by no one.

``house_rules`` keeps each one's name, variant and the options it sets away from the defaults (JSON);
``club_id`` is the club that offers them first at its tables (none: shared by link alone).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "house_rules",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("club_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_house_rules_club_id", "house_rules", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_house_rules_club_id", table_name="house_rules")
    op.drop_table("house_rules")
