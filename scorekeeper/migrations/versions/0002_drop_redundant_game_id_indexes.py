"""Drop the game_id indexes that the (game_id, number) and (game_id, seat) unique
constraints already provide: every deal written updated both, for nothing.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deal_entries") as batch_op:
        batch_op.drop_index("ix_deal_entries_game_id")
    with op.batch_alter_table("seats") as batch_op:
        batch_op.drop_index("ix_seats_game_id")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch_op:
        batch_op.create_index("ix_seats_game_id", ["game_id"], unique=False)
    with op.batch_alter_table("deal_entries") as batch_op:
        batch_op.create_index("ix_deal_entries_game_id", ["game_id"], unique=False)
