"""The tables' typed models: a table, its roster, the phones that keep it, and the summaries of its
games that the statistics read (derived, kept for speed, rebuilt from the games' inputs)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from ..database import new_game_id, utcnow
from ..extensions import db


class GroupRecord(db.Model):  # type: ignore[name-defined,misc]
    """A group of people who play together: "a table" on the pages ("Thursday whist").

    Its id is the read-only link; the link that lets a phone keep the table is
    derived from the id and the app's secret key (groups/access.py), never stored.
    """

    __tablename__ = "groups"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GroupPlayerRecord(db.Model):  # type: ignore[name-defined,misc]
    """A player on a table's roster. ``name_key`` is the SHA-256 of the engine's
    same-name key, so "Ann" and "ANN" cannot both be on one roster."""

    __tablename__ = "group_players"
    __table_args__ = (UniqueConstraint("group_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NewcomerRecord(db.Model):  # type: ignore[name-defined,misc]
    """Who a player who took a seat after a table's game began is on the table's roster.

    An arrival or a substitute is recorded in the game's log by name (the engine
    reads names); this row links that name, in that seat, to the roster's player:
    an input like a starting seat's ``player_id`` (games/models.py SeatRecord),
    chosen when the event is recorded (groups/newcomers.py). Renaming the player
    renames the row and the event in the log together.
    """

    __tablename__ = "newcomers"
    __table_args__ = (UniqueConstraint("game_id", "seat", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Looked up through the unique (game_id, ...) constraint; no index of its own.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[int] = mapped_column(ForeignKey("group_players.id"), index=True)


class DeviceGroupRecord(db.Model):  # type: ignore[name-defined,misc]
    """A device's right to a table (start its games, edit its roster), as DeviceGameRecord for games."""

    __tablename__ = "device_groups"

    device_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    group_id: Mapped[str] = mapped_column(
        ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# The columns of the summaries' indexes, in order (the migration builds the same).
SUMMARY_STATS_INDEX = (
    "group_id",
    "status",
    "player_id",
    "variant",
    "member",
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
SUMMARY_GAMES_INDEX = ("group_id", "played_at", "version", "variant", "status", "member")
SUMMARY_PARTNERS_INDEX = (
    "group_id",
    "status",
    "player_id",
    "partner_id",
    "variant",
    "won",
    "rubber",
    "side_games",
)


class GameSummaryRecord(db.Model):  # type: ignore[name-defined,misc]
    """One member of what the statistics read of a table's game, derived from the game at ``version``.

    A member is a person who played the game (groups/members.py): each seat's
    last holder (member n holds seat n, and takes its result), then anyone a
    substitute replaced. In a game without table events the members are its seats.

    The game's own figures (variant, time, status, deals played) are on each of
    its rows alike, so the statistics and the history read this table alone.
    Kept for speed only: rows whose version is not their game's are rebuilt
    from the game's inputs before they are read (groups/summaries.py). The
    figures are those of groups/summary.py's SeatSummary.
    """

    __tablename__ = "game_summaries"
    __table_args__ = (
        # The statistics read these indexes alone: each holds every figure its queries add up
        # (a table's, a player's, the partners'), and a player's games in order.
        Index("ix_game_summaries_stats", *SUMMARY_STATS_INDEX),
        Index(
            "ix_game_summaries_partners",
            *SUMMARY_PARTNERS_INDEX,
            sqlite_where=text("partner_id IS NOT NULL"),
            postgresql_where=text("partner_id IS NOT NULL"),
        ),
        # A game's own figures, once (its first member's row): the history, newest first, and
        # the versions, to tell whether every summary is up to date.
        Index(
            "ix_game_summaries_games",
            *SUMMARY_GAMES_INDEX,
            sqlite_where=text("member = 0"),
            postgresql_where=text("member = 0"),
        ),
    )

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    member: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    group_id: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(40))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(12))
    deals_played: Mapped[int] = mapped_column(Integer)
    deal_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    team_size: Mapped[int] = mapped_column(Integer)
    partner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    partner_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    won: Mapped[bool] = mapped_column(Boolean)
    bids: Mapped[int] = mapped_column(Integer)
    made: Mapped[int] = mapped_column(Integer)
    zero_bids: Mapped[int] = mapped_column(Integer)
    zero_made: Mapped[int] = mapped_column(Integer)
    bid_gap: Mapped[int] = mapped_column(Integer)
    longest_run: Mapped[int] = mapped_column(Integer)
    rubber: Mapped[bool] = mapped_column(Boolean)
    side_games: Mapped[int] = mapped_column(Integer)
