"""A member shown by initials: "Ann Baker" is "A. B." on the club's public pages, pictures, files and
API, for anyone who does not keep the club.

``club_members.initials`` is false for every member before this.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_members") as batch:
        batch.add_column(sa.Column("initials", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("club_members") as batch:
        batch.drop_column("initials")
