"""Which device holds which game's edit right, and one-time hand-over codes.

The session cookie used to carry the edit keys themselves, at most 40 of
them, so a phone that started a 41st game silently lost the first. The
cookie now carries one device id, and this table the games it may change,
as long as each game lives.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "device_games",
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("device_hash", "game_id"),
    )
    with op.batch_alter_table("device_games") as batch_op:
        batch_op.create_index("ix_device_games_game_id", ["game_id"], unique=False)
    op.create_table(
        "handovers",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    with op.batch_alter_table("handovers") as batch_op:
        batch_op.create_index("ix_handovers_game_id", ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("handovers") as batch_op:
        batch_op.drop_index("ix_handovers_game_id")
    op.drop_table("handovers")
    with op.batch_alter_table("device_games") as batch_op:
        batch_op.drop_index("ix_device_games_game_id")
    op.drop_table("device_games")
