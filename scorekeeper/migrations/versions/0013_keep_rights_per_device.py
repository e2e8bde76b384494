"""Keep-rights without a count limit: the drives a phone runs, kept per device, and carry-over codes.

The session cookie used to carry the organiser keys of the newest 20 drives, so a weekly club's
phone lost its first drive after its 21st. ``device_drives`` keeps them per device (its hashed id),
as ``device_games``, ``device_groups`` and ``device_clubs`` keep the rest, as long as each drive
lives; a cookie that still carries keys gives them to its device on its next request.
``carry_overs`` holds the one-time codes that give a new phone everything another one keeps (only
their SHA-256, with the giving device's hashed id).

(Named for what it does: the lead re-chains revisions numbered 0013 at the merge.)

Revision ID: 0013_keep_rights
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_keep_rights"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "device_drives",
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("drive_id", sa.String(length=32), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["drive_id"], ["drives.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("device_hash", "drive_id"),
    )
    with op.batch_alter_table("device_drives") as batch_op:
        batch_op.create_index("ix_device_drives_drive_id", ["drive_id"], unique=False)
    op.create_table(
        "carry_overs",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    with op.batch_alter_table("carry_overs") as batch_op:
        batch_op.create_index("ix_carry_overs_device_hash", ["device_hash"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("carry_overs") as batch_op:
        batch_op.drop_index("ix_carry_overs_device_hash")
    op.drop_table("carry_overs")
    with op.batch_alter_table("device_drives") as batch_op:
        batch_op.drop_index("ix_device_drives_drive_id")
    op.drop_table("device_drives")
