"""Clubs: a club holds tables and drives; its members are people across them; it has seasons.

``clubs`` and ``device_clubs`` are a club and the phones that keep it (as ``groups`` and
``device_groups``). ``club_tables`` and ``club_drives`` say what a club holds (a table or a drive in
one club at most). ``club_members`` are its people, ``club_names`` the names each is found by,
``club_player_links`` and ``club_drive_links`` which member each roster player and drive player
is. ``club_seasons`` are its date ranges. Nothing here is derived: outcomes are read from the
tables' summaries and the drives' replays. New tables only; nothing existing changes.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# The tables with an index of their own on club_id (club_names' club_id leads its primary key).
BY_CLUB = (
    "device_clubs",
    "club_tables",
    "club_drives",
    "club_members",
    "club_player_links",
    "club_drive_links",
    "club_seasons",
)
BY_MEMBER = ("club_names", "club_player_links", "club_drive_links")


def _club() -> sa.Column[str]:
    return sa.Column("club_id", sa.String(length=32), nullable=False)


def _club_key() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], ondelete="CASCADE")


def _member_key() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["member_id"], ["club_members.id"], ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "device_clubs",
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        _club(),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        _club_key(),
        sa.PrimaryKeyConstraint("device_hash", "club_id"),
    )
    op.create_table(
        "club_tables",
        sa.Column("group_id", sa.String(length=32), nullable=False),
        _club(),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        _club_key(),
        sa.ForeignKeyConstraint(["group_id"], ["groups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("group_id"),
    )
    op.create_table(
        "club_drives",
        sa.Column("drive_id", sa.String(length=32), nullable=False),
        _club(),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        _club_key(),
        sa.ForeignKeyConstraint(["drive_id"], ["drives.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("drive_id"),
    )
    op.create_table(
        "club_members",
        sa.Column("id", sa.Integer(), nullable=False),
        _club(),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _club_key(),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "club_names",
        _club(),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        _club_key(),
        _member_key(),
        sa.PrimaryKeyConstraint("club_id", "name_key"),
    )
    op.create_table(
        "club_player_links",
        sa.Column("player_id", sa.Integer(), nullable=False),
        _club(),
        sa.Column("member_id", sa.Integer(), nullable=False),
        _club_key(),
        _member_key(),
        sa.ForeignKeyConstraint(["player_id"], ["group_players.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id"),
    )
    op.create_table(
        "club_drive_links",
        sa.Column("drive_id", sa.String(length=32), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        _club(),
        sa.Column("member_id", sa.Integer(), nullable=False),
        _club_key(),
        _member_key(),
        sa.ForeignKeyConstraint(["drive_id"], ["drives.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("drive_id", "player"),
    )
    op.create_table(
        "club_seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        _club(),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        _club_key(),
        sa.PrimaryKeyConstraint("id"),
    )
    for table in BY_CLUB:
        op.create_index(f"ix_{table}_club_id", table, ["club_id"], unique=False)
    for table in BY_MEMBER:
        op.create_index(f"ix_{table}_member_id", table, ["member_id"], unique=False)


def downgrade() -> None:
    for table in BY_MEMBER:
        op.drop_index(f"ix_{table}_member_id", table_name=table)
    for table in BY_CLUB:
        op.drop_index(f"ix_{table}_club_id", table_name=table)
    for table in (
        "club_seasons",
        "club_drive_links",
        "club_player_links",
        "club_names",
        "club_members",
        "club_drives",
        "club_tables",
        "device_clubs",
        "clubs",
    ):
        op.drop_table(table)
