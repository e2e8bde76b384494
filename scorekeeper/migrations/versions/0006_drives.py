"""Whist drives: a drive's set-up and each table's hand as entered.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drives",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.Column("edit_key_hash", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "drive_hands",
        sa.Column("drive_id", sa.String(length=32), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("tricks", sa.Integer(), nullable=False),
        sa.Column("pair", sa.String(length=2), nullable=False),
        sa.Column("moved_as", sa.String(length=2), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["drive_id"], ["drives.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("drive_id", "hand", "table_number"),
    )


def downgrade() -> None:
    op.drop_table("drive_hands")
    op.drop_table("drives")
