"""Players who join a table's game after it began: their link to the roster, and summaries per member.

``newcomers`` links an arrival's or a substitute's name, in its seat, to the
table's roster player (an input, like a starting seat's ``player_id``).

The game summaries are kept per *member* of a game (groups/members.py) instead
of per starting seat: the key becomes (game_id, member), the seat an ordinary
column. Summaries are derived data, rebuilt from the games whenever missing,
so the table is dropped and made again in its new shape rather than copied:
the next page of each table rebuilds its summaries (or run
``flask --app scorekeeper rebuild-summaries``). Going back does the same.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

PARTNERS_INDEX = ("group_id", "status", "player_id", "partner_id", "variant", "won", "rubber", "side_games")
PARTNERS_ONLY = "partner_id IS NOT NULL"


def stats_index(key: str) -> list[str]:
    """The columns of the statistics' index, with the summary's key column ``key`` (models.py)."""
    return [
        "group_id",
        "status",
        "player_id",
        "variant",
        key,
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
    ]


def upgrade() -> None:
    op.create_table(
        "newcomers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["group_players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat", "name"),
    )
    op.create_index("ix_newcomers_player_id", "newcomers", ["player_id"], unique=False)
    _drop_summaries()
    _create_summaries(key="member")


def downgrade() -> None:
    _drop_summaries()
    _create_summaries(key="seat")
    op.drop_index("ix_newcomers_player_id", table_name="newcomers")
    op.drop_table("newcomers")


def _drop_summaries() -> None:
    for index in ("games", "partners", "stats"):
        op.drop_index(f"ix_game_summaries_{index}", table_name="game_summaries")
    op.drop_table("game_summaries")


def _create_summaries(*, key: str) -> None:
    """The summaries' table keyed by (game_id, ``key``): "member" now, "seat" before (no separate seat)."""
    seat = [] if key == "seat" else [sa.Column("seat", sa.Integer(), nullable=False)]
    op.create_table(
        "game_summaries",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column(key, sa.Integer(), nullable=False),
        *seat,
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
        sa.PrimaryKeyConstraint("game_id", key),
    )
    op.create_index("ix_game_summaries_stats", "game_summaries", stats_index(key))
    op.create_index(
        "ix_game_summaries_partners",
        "game_summaries",
        list(PARTNERS_INDEX),
        sqlite_where=sa.text(PARTNERS_ONLY),
        postgresql_where=sa.text(PARTNERS_ONLY),
    )
    first = f"{key} = 0"
    op.create_index(
        "ix_game_summaries_games",
        "game_summaries",
        ["group_id", "played_at", "version", "variant", "status", key],
        sqlite_where=sa.text(first),
        postgresql_where=sa.text(first),
    )
