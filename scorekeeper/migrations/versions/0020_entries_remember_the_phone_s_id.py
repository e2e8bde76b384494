"""Each stored deal or table event remembers the id a phone's offline queue gave it.

``deal_entries.sent_id`` holds the queue entry's own id when an offline queue's merge stored the row
(web/games/merge.py): a queue sent again — its answer lost on the way back, a second tab, a phone
opened again — finds its ids there and is applied once. Rows entered online keep none.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deal_entries") as batch:
        batch.add_column(sa.Column("sent_id", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deal_entries") as batch:
        batch.drop_column("sent_id")
