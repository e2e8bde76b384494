"""Which phones run which drives: the organiser's right, kept per device as long as the drive lives.

Setting a drive up makes the phone keep it; so does the organiser link, on any other phone. The
database keeps the device's hashed id (keeping.py), so a phone may run any number of drives, and
nothing is dropped to make room. The organiser link carries a key derived from the drive's id and
the app's secret key (an HMAC, never stored), as a table's own link does; links printed before it,
with the drive's own organiser key, open it as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, bindparam, select

from .. import database
from ..database import hash_key
from ..keeping import Keeping, link_key, link_opens
from .models import DeviceDriveRecord, DriveRecord

_HELD = DeviceDriveRecord.__table__
_DRIVES = DriveRecord.__table__
KEEPING = Keeping(_HELD, "drive_id", "drive")
_HELD_DRIVES = (
    select(_DRIVES.c.id, _DRIVES.c.name, _DRIVES.c.created_at)
    .join(_HELD, _HELD.c.drive_id == _DRIVES.c.id)
    .where(_HELD.c.device_hash == bindparam("device"))
    .order_by(_HELD.c.since.desc())
)


@dataclass(frozen=True, kw_only=True)
class KeptDrive:
    """A drive a phone runs, as lists show it: its id, name and when it was set up."""

    id: str
    name: str
    created_at: datetime


def holds(device_id: str | None, drive_id: str) -> bool:
    """True when the device runs the drive."""
    return KEEPING.holds(device_id, drive_id)


def drives_held(device_id: str | None) -> list[KeptDrive]:
    """Every drive the device runs, the most recently taken first."""
    if device_id is None:
        return []
    rows = database.connection().execute(_HELD_DRIVES, {"device": hash_key(device_id)}).all()
    return [KeptDrive(id=row.id, name=row.name, created_at=row.created_at) for row in rows]


def hold(device_id: str, drive_id: str, since: datetime | None = None) -> None:
    """The device runs the drive from now on (again: it then counts as taken now, or ``since``)."""
    with database.transaction() as connection:
        hold_on(connection, device_id, drive_id, since)


def hold_on(connection: Connection, device_id: str, drive_id: str, since: datetime | None = None) -> None:
    """In the caller's transaction: the device runs the drive."""
    KEEPING.hold_on(connection, device_id, drive_id, since)


def link_key_of(drive_id: str) -> str:
    """The key of the drive's organiser link: an HMAC of its id under the app's secret key."""
    return link_key("drive organiser link", drive_id)


def key_opens(drive_id: str, key: str) -> bool:
    """True when ``key`` is the drive's organiser link key (compared in constant time)."""
    return link_opens("drive organiser link", drive_id, key)
