"""A photographed sheet's reading, kept until the table confirms it (then it is dropped): the
flattened page (for the confirm screen's crops), what its QR code says, and each value read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from ..database import utcnow
from ..extensions import db


class PaperReadingRecord(db.Model):  # type: ignore[name-defined,misc]
    """One photo's reading. Nothing of it is an entry of a game or drive until it is confirmed:
    then its values are recorded as the game's deals (or the drive's hands) and the reading goes.
    ``owner`` names the game or drive it will be recorded into (None: a new game, from a blank
    sheet); ``device_hash`` is the phone that took it, the only one its link works for."""

    __tablename__ = "paper_readings"
    __table_args__ = (
        Index("ix_paper_readings_created", "created_at"),
        Index("ix_paper_readings_owner", "owner"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    owner: Mapped[str | None] = mapped_column(String(40), default=None, nullable=True)
    sheet: Mapped[list[Any]] = mapped_column(JSON)
    values: Mapped[dict[str, Any]] = mapped_column(JSON)
    page: Mapped[bytes] = mapped_column(LargeBinary)
    # What the organiser confirmed of a drive's table card, while some hands wait for other tables'
    # cards of the hand before (None: not confirmed yet).
    confirmed: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
