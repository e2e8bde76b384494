"""Tables (groups of players), their rosters, the phones that keep them, and game summaries.

Games and seats gain a nullable link to a table and to a roster player, so
every game stored before keeps working unchanged, on its own. The summaries
are derived data, rebuilt from the games whenever they are missing.

On SQLite the two links are added with ALTER TABLE ... ADD COLUMN ... REFERENCES,
never by copying the tables: copying ``games`` drops the old table, which with
foreign keys on deletes every seat, deal and right that points at it. Going
back copies them with foreign keys off for the moment.

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None

# The columns of the summaries' indexes, as in models.py then (the statistics read them alone).
STATS_INDEX = (
    "group_id",
    "status",
    "player_id",
    "variant",
    "seat",
    "won",
    "position",
    "score",
    "bids",
    "made",
    "zero_bids",
    "zero_made",
    "bid_gap",
    "longest_run",
    "played_at",
    "game_id",
)
GAMES_INDEX = ("group_id", "played_at", "version", "variant", "status", "seat")
PARTNERS_INDEX = ("group_id", "status", "player_id", "partner_id", "variant", "won", "rubber", "side_games")
PARTNERS_ONLY = "partner_id IS NOT NULL"

def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["groups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("group_id", "name_key"),
    )
    op.create_table(
        "device_groups",
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["groups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("device_hash", "group_id"),
    )
    with op.batch_alter_table("device_groups") as batch_op:
        batch_op.create_index("ix_device_groups_group_id", ["group_id"], unique=False)
    _add_reference("games", "group_id", "VARCHAR(32)", sa.String(length=32), "groups", "fk_games_group_id_groups")
    op.create_index(
        "ix_games_group_version",
        "games",
        ["group_id", "version"],
        sqlite_where=sa.text("group_id IS NOT NULL"),
        postgresql_where=sa.text("group_id IS NOT NULL"),
    )
    _add_reference(
        "seats", "player_id", "INTEGER", sa.Integer(), "group_players", "fk_seats_player_id_group_players"
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"], unique=False)
    op.create_table(
        "game_summaries",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("deals_played", sa.Integer(), nullable=False),
        sa.Column("deal_count", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("side", sa.Integer(), nullable=True),
        sa.Column("team_size", sa.Integer(), nullable=False),
        sa.Column("partner", sa.Integer(), nullable=True),
        sa.Column("partner_id", sa.Integer(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("position", sa.Integer(), nullable=True),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("bids", sa.Integer(), nullable=False),
        sa.Column("made", sa.Integer(), nullable=False),
        sa.Column("zero_bids", sa.Integer(), nullable=False),
        sa.Column("zero_made", sa.Integer(), nullable=False),
        sa.Column("bid_gap", sa.Integer(), nullable=False),
        sa.Column("longest_run", sa.Integer(), nullable=False),
        sa.Column("rubber", sa.Boolean(), nullable=False),
        sa.Column("side_games", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index("ix_game_summaries_stats", "game_summaries", list(STATS_INDEX))
    op.create_index(
        "ix_game_summaries_partners",
        "game_summaries",
        list(PARTNERS_INDEX),
        sqlite_where=sa.text(PARTNERS_ONLY),
        postgresql_where=sa.text(PARTNERS_ONLY),
    )
    op.create_index(
        "ix_game_summaries_games",
        "game_summaries",
        list(GAMES_INDEX),
        sqlite_where=sa.text("seat = 0"),
        postgresql_where=sa.text("seat = 0"),
    )


def downgrade() -> None:
    for index in ("games", "partners", "stats"):
        op.drop_index(f"ix_game_summaries_{index}", table_name="game_summaries")
    op.drop_table("game_summaries")
    op.drop_index("ix_seats_player_id", table_name="seats")
    op.drop_index("ix_games_group_version", table_name="games")
    if op.get_bind().dialect.name == "sqlite":
        with op.get_context().autocommit_block():
            op.execute("PRAGMA foreign_keys=OFF")
            try:
                with op.batch_alter_table("seats") as batch_op:
                    batch_op.drop_column("player_id")
                with op.batch_alter_table("games") as batch_op:
                    batch_op.drop_column("group_id")
            finally:
                op.execute("PRAGMA foreign_keys=ON")
    else:
        op.drop_constraint("fk_seats_player_id_group_players", "seats", type_="foreignkey")
        op.drop_column("seats", "player_id")
        op.drop_constraint("fk_games_group_id_groups", "games", type_="foreignkey")
        op.drop_column("games", "group_id")
    with op.batch_alter_table("device_groups") as batch_op:
        batch_op.drop_index("ix_device_groups_group_id")
    op.drop_table("device_groups")
    op.drop_table("group_players")
    op.drop_table("groups")


def _add_reference(table: str, column: str, sql_type: str, type_: sa.types.TypeEngine, target: str, name: str) -> None:
    """A nullable column referring to ``target``'s id (tables and players are never removed)."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            f"ALTER TABLE {table} ADD COLUMN {column} {sql_type} "
            f"CONSTRAINT {name} REFERENCES {target} (id)"
        )
    else:
        op.add_column(table, sa.Column(column, type_, nullable=True))
        op.create_foreign_key(name, table, target, [column], ["id"])
