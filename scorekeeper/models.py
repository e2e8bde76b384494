"""Typed models. They store what the table entered, never a derived number:
scores, totals, dealers and winners are replayed by the engine on every read."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint
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
