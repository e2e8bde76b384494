"""A club's minimum: the games and drives a member's rating is marked provisional for.

``clubs.minimum_games`` is chosen on the club's page; every club before this one gets 3, the
default (the ladder ranks everyone from the first evening and marks the first few ratings).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(sa.Column("minimum_games", sa.Integer(), nullable=False, server_default="3"))


def downgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("minimum_games")
