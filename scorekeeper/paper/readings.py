"""Readings kept until confirmed: stored, found for the phone that took them, dropped.

A reading is no entry of anything: it waits, with the flattened photo, for the table to confirm
it. It goes once confirmed, and any reading older than KEPT_FOR goes when another is stored.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update

from .. import database
from ..database import hash_key, utcnow
from .models import PaperReadingRecord

KEPT_FOR = timedelta(days=2)
_TABLE = PaperReadingRecord.__table__


@dataclass(frozen=True, kw_only=True)
class KeptReading:
    """A stored reading: the QR code's pairs, the values read (key → value, confidence, doubt), the
    flattened page (a JPEG) and what it is for."""

    id: str
    owner: str | None
    sheet: list[tuple[str, str]]
    values: dict[str, Any]
    page: bytes
    created_at: datetime
    confirmed: dict[str, Any] | None = None


def keep(
    *, device: str, owner: str | None, sheet: list[tuple[str, str]], values: dict[str, Any], page: bytes
) -> str:
    """Store a reading for ``device``; its new id (also its link's secret)."""
    reading = secrets.token_urlsafe(18)
    now = utcnow()
    with database.transaction() as connection:
        connection.execute(delete(_TABLE).where(_TABLE.c.created_at < now - KEPT_FOR))
        connection.execute(
            insert(_TABLE),
            [
                {
                    "id": reading,
                    "device_hash": hash_key(device),
                    "owner": owner,
                    "sheet": [list(pair) for pair in sheet],
                    "values": values,
                    "page": page,
                    "created_at": now,
                }
            ],
        )
    return reading


def find(reading: str, device: str | None) -> KeptReading | None:
    """The reading ``reading`` if ``device`` took it and it is still kept."""
    if device is None:
        return None
    row = (
        database.connection()
        .execute(select(_TABLE).where(_TABLE.c.id == reading, _TABLE.c.device_hash == hash_key(device)))
        .first()
    )
    if row is None or row.created_at.replace(tzinfo=None) < (utcnow() - KEPT_FOR).replace(tzinfo=None):
        return None
    return _kept(row)


def _kept(row: Any) -> KeptReading:
    return KeptReading(
        id=row.id,
        owner=row.owner,
        sheet=[(str(key), str(value)) for key, value in row.sheet],
        values=dict(row.values),
        page=bytes(row.page),
        created_at=row.created_at,
        confirmed=None if row.confirmed is None else dict(row.confirmed),
    )


def confirm(reading: str, values: dict[str, Any]) -> None:
    """Keep what the organiser confirmed of a table card, for the hands still to be entered."""
    with database.transaction() as connection:
        connection.execute(update(_TABLE).where(_TABLE.c.id == reading).values(confirmed=values))


def confirmed_for(owner: str) -> list[KeptReading]:
    """Every confirmed reading waiting to be entered into ``owner`` (a drive), oldest first."""
    rows = (
        database.connection()
        .execute(
            select(_TABLE)
            .where(_TABLE.c.owner == owner, _TABLE.c.confirmed.is_not(None))
            .order_by(_TABLE.c.created_at)
        )
        .all()
    )
    return [_kept(row) for row in rows]


def drop(reading: str) -> None:
    """Forget a reading (its values are recorded)."""
    with database.transaction() as connection:
        connection.execute(delete(_TABLE).where(_TABLE.c.id == reading))
