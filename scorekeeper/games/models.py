"""Typed models. They store what the table entered, never a derived number:
scores, totals, dealers and winners are replayed by the engine on every read."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def utcnow() -> datetime:
    """The current time, timezone-aware."""
    return datetime.now(UTC)


def new_game_id() -> str:
    """An unguessable id: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def hash_key(key: str) -> str:
    """What the database keeps of an edit key: its SHA-256, so a leaked database edits nothing."""
    return hashlib.sha256(key.encode()).hexdigest()


class GameRecord(db.Model):  # type: ignore[name-defined,misc]
    """One game: its table (variant, options, seats, first dealer) and its edit key."""

    __tablename__ = "games"
    # A table's games with their versions (are their summaries up to date?); nothing for
    # the games played on their own, so that their deals pay nothing for it.
    __table_args__ = (
        Index(
            "ix_games_group_version",
            "group_id",
            "version",
            sqlite_where=text("group_id IS NOT NULL"),
            postgresql_where=text("group_id IS NOT NULL"),
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(Integer)
    first_dealer_drawn: Mapped[bool] = mapped_column(default=False)
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    abandoned_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    # The table (group of players) the game was played at, if any: see GroupRecord.
    group_id: Mapped[str | None] = mapped_column(ForeignKey("groups.id"), default=None, nullable=True)

    seats: Mapped[list[SeatRecord]] = relationship(
        back_populates="game", order_by="SeatRecord.seat", cascade="all, delete-orphan"
    )
    entries: Mapped[list[DealEntryRecord]] = relationship(
        back_populates="game", order_by="DealEntryRecord.number", cascade="all, delete-orphan"
    )

    @property
    def players(self) -> list[str]:
        """The player names in seat order."""
        return [seat.name for seat in self.seats]

    def key_matches(self, key: str | None) -> bool:
        """True when ``key`` is this game's edit key (compared in constant time)."""
        return key is not None and hmac.compare_digest(hash_key(key), self.edit_key_hash)


class SeatRecord(db.Model):  # type: ignore[name-defined,misc]
    """A player's name at a seat; seats count from 0 clockwise."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Looked up through the unique (game_id, ...) constraint below; no index of its own.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    # The table's player in this seat, for a game played at a table: the seat's name is
    # that player's name, and follows it when the player is renamed.
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("group_players.id"), default=None, nullable=True, index=True
    )

    game: Mapped[GameRecord] = relationship(back_populates="seats")


class DealEntryRecord(db.Model):  # type: ignore[name-defined,misc]
    """One item of a game's log, as the engine reads it: a deal's inputs, or a table event
    (its data names the kind under "event"). ``number`` is the item's place in the log, from 1;
    in a game without table events that is the deal number, as it always was."""

    __tablename__ = "deal_entries"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Looked up through the unique (game_id, ...) constraint below; no index of its own.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    game: Mapped[GameRecord] = relationship(back_populates="entries")


class DeviceGameRecord(db.Model):  # type: ignore[name-defined,misc]
    """A device's right to change a game, kept as long as the game lives.

    A device is a phone's browser: its session cookie carries a random device
    id, and the database keeps only that id's SHA-256 (as with edit keys), so
    a leaked database gives no phone any right. Starting a game, importing one
    or taking it over with a hand-over code adds a row.
    """

    __tablename__ = "device_games"

    device_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HandoverRecord(db.Model):  # type: ignore[name-defined,misc]
    """A one-time code that gives a game's edit right to the next phone that enters it."""

    __tablename__ = "handovers"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
SUMMARY_GAMES_INDEX = ("group_id", "played_at", "version", "variant", "status", "seat")
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
    """One seat of what the statistics read of a table's game, derived from the game at ``version``.

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
        # A game's own figures, once (its first seat's row): the history, newest first, and
        # the versions, to tell whether every summary is up to date.
        Index(
            "ix_game_summaries_games",
            *SUMMARY_GAMES_INDEX,
            sqlite_where=text("seat = 0"),
            postgresql_where=text("seat = 0"),
        ),
    )

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
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
