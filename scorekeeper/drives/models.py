"""The stored inputs of a whist drive: its set-up and each table's hand as entered.

Like games, drives keep only what the organiser and the tables entered; every
seating, score, leaderboard and prize is replayed by the engine
(``scorekeeper.rules.drive``) on every read.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, false, text
from sqlalchemy.orm import Mapped, mapped_column

from ..database import new_game_id, utcnow
from ..extensions import db


class DriveRecord(db.Model):  # type: ignore[name-defined,misc]
    """A drive's set-up as the organiser entered it, its organiser key's hash and its version.

    ``players`` are the names in entry order (the order gives the first
    seating); ``options`` are the engine's set-up options by name (format,
    hands, interval_after, trumps, sit_out_tricks, tie_break, up_direction, winners_move,
    one_prize_each; older drives lack the last two: their defaults);
    ``prizes`` those the organiser added; ``roster`` the players who arrived late
    (their names are at the end of ``players``) or left early, each from a hand; ``seatings``
    where players actually sat when the hall did not move as planned (hand, player, table, seat).
    ``announced`` counts the prizes the organiser has revealed at the prize-giving (until then the
    final standings and prizes are the organiser's only). The version rises with every change.
    """

    __tablename__ = "drives"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(80))
    players: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    prizes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    roster: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    seatings: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=1)
    announced: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DriveHandRecord(db.Model):  # type: ignore[name-defined,misc]
    """One table's hand as entered: the tricks of one pair ("NS" or "EW").

    ``moved_as`` is set only by a correction that kept the movement the players
    already made (see ``Drive.correct``): it is an input of that correction, as
    ``corrected`` (the tricks were changed) is. A table's own result
    ``needs_confirmation`` by a player of the other pair: ``confirmed_by``, an
    index in the drive's players, once they have.
    """

    __tablename__ = "drive_hands"

    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id", ondelete="CASCADE"), primary_key=True)
    hand: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    tricks: Mapped[int] = mapped_column(Integer)
    pair: Mapped[str] = mapped_column(String(2))
    moved_as: Mapped[str | None] = mapped_column(String(2), default=None)
    needs_confirmation: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    confirmed_by: Mapped[int | None] = mapped_column(Integer, default=None)
    corrected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DeviceDriveRecord(db.Model):  # type: ignore[name-defined,misc]
    """A device's right to run a drive as its organiser, kept as long as the drive lives.

    As a game's edit right (games/models.py DeviceGameRecord): the device's id lives only in the
    phone's session cookie, the database keeps its SHA-256. Setting up a drive, or opening its
    organiser link, adds a row. (The session cookie used to carry the organiser keys themselves,
    the newest 20 of them: a weekly club's phone lost its first drive after its 21st.)
    """

    __tablename__ = "device_drives"

    device_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    drive_id: Mapped[str] = mapped_column(
        ForeignKey("drives.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
