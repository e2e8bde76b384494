"""A season's league, beside the rating: points per placing, or drive totals (all or the best N),
with a number of evenings to qualify.

``club_seasons.league`` is None (no league, every season before this), "placings" or
"drive_totals"; ``league_points`` the points per place as "3,2,1"; ``league_best`` the best N
scores counted (None: all); ``league_qualify`` the evenings a member must play to take a place.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_seasons") as batch:
        batch.add_column(sa.Column("league", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("league_points", sa.String(length=60), nullable=True))
        batch.add_column(sa.Column("league_best", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("league_qualify", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("club_seasons") as batch:
        batch.drop_column("league_qualify")
        batch.drop_column("league_best")
        batch.drop_column("league_points")
        batch.drop_column("league")
