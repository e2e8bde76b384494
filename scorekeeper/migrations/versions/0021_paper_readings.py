"""Photographed sheets' readings, kept until the table confirms them.

``paper_readings`` holds one row per photo read: the flattened page as a JPEG (for the confirm
screen's crops), what its QR code says, each value read with its confidence, the phone that took it
and the game or drive it is for; for a drive's table card, what the organiser confirmed while some
hands wait for other tables' cards. A row goes when its values are recorded, or after two days.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "paper_readings",
        sa.Column("id", sa.String(length=32), primary_key=True),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("owner", sa.String(length=40), nullable=True),
        sa.Column("sheet", sa.JSON(), nullable=False),
        sa.Column("values", sa.JSON(), nullable=False),
        sa.Column("page", sa.LargeBinary(), nullable=False),
        sa.Column("confirmed", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_paper_readings_created", "paper_readings", ["created_at"])
    op.create_index("ix_paper_readings_owner", "paper_readings", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_paper_readings_owner", table_name="paper_readings")
    op.drop_index("ix_paper_readings_created", table_name="paper_readings")
    op.drop_table("paper_readings")
