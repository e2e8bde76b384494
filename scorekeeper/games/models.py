"""The games' typed models: a game's table, seats and log, and the phones that hold it. They store
what the table entered, never a derived number: scores, totals, dealers and winners are replayed by
the engine on every read."""

from __future__ import annotations

import hmac
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..database import hash_key, new_game_id, utcnow
from ..extensions import db


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
    # The id a phone gave the entry in its offline queue, once the queue's merge stored it there: a
    # queue sent again (its answer lost, a second tab) finds it and is not applied twice. A change
    # made since by another phone keeps it; removing the row (undo) takes it away.
    sent_id: Mapped[str | None] = mapped_column(String(40), nullable=True, default=None)

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
    # When a phone used it: kept until it expires, so the next phone is told it was used.
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)
