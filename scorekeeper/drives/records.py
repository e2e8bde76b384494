"""A whist drive as stored, read back: its row (:class:`StoredDrive`), what a phone saw of one table's
hand (:class:`Seen`), setting a drive up, and loading it with its replay, kept per drive version.

The database keeps a drive's set-up and one row per table per hand as the table entered it; every
load replays them with the engine (``rules/drive``), so a correction of any table's hand re-scores
(and, while its movement is not yet called, re-seats) everything after it. The changes are in
:mod:`.store`.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import abort
from sqlalchemy import bindparam, insert, select

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..kept import KeptByVersion
from ..rules.drive import Drive, DriveSetup, HandEntry, Pair
from .inputs import read_prize, roster_of, seatings_of, setup_options
from .models import DriveHandRecord, DriveRecord

DRIVES: KeptByVersion[Drive] = KeptByVersion(size=64)


@dataclass(kw_only=True)
class StoredDrive:
    """A drive's row as stored: its set-up inputs, key hash, version and times (no hands)."""

    id: str
    name: str
    players: list[str]
    options: dict[str, Any]
    prizes: list[dict[str, Any]]
    roster: list[dict[str, Any]]
    seatings: list[dict[str, Any]]
    edit_key_hash: str
    version: int
    created_at: datetime
    updated_at: datetime
    announced: int = 0

    def key_matches(self, key: str | None) -> bool:
        """True when ``key`` is this drive's organiser key (compared in constant time)."""
        return key is not None and hmac.compare_digest(hash_key(key), self.edit_key_hash)


@dataclass(frozen=True, kw_only=True)
class Seen:
    """What a phone showed of one table's hand when its change was made.

    ``players`` the four seated (N, E, S, W), ``north_south`` the tricks
    already entered (None: not entered yet).
    """

    hand: int
    table: int
    players: tuple[int, ...] | None = None
    north_south: int | None = None


_DRIVES = DriveRecord.__table__
_HANDS = DriveHandRecord.__table__
_DRIVE_ROW = select(*(_DRIVES.c[name] for name in StoredDrive.__dataclass_fields__)).where(
    _DRIVES.c.id == bindparam("drive")
)
_VERSION_AND_HANDS = (
    select(
        _DRIVES.c.version,
        _HANDS.c.hand,
        _HANDS.c.table_number,
        _HANDS.c.tricks,
        _HANDS.c.pair,
        _HANDS.c.moved_as,
        _HANDS.c.needs_confirmation,
        _HANDS.c.confirmed_by,
        _HANDS.c.corrected,
    )
    .select_from(_DRIVES.outerjoin(_HANDS, _HANDS.c.drive_id == _DRIVES.c.id))
    .where(_DRIVES.c.id == bindparam("drive"))
    .order_by(_HANDS.c.hand, _HANDS.c.table_number)
)

# --- set-up --------------------------------------------------------------------------


def setup_of(record: StoredDrive) -> DriveSetup:
    """The engine's set-up of a stored drive, checked again."""
    return DriveSetup.create(
        record.name, record.players, **record.options, prizes=[read_prize(item) for item in record.prizes]
    )


def create_drive(name: str, players: Sequence[str] | int, **options: Any) -> tuple[StoredDrive, Drive, str]:
    """Check the set-up with the engine, store it, and return it with its new organiser key.

    Raises a RuleViolation, and stores nothing, when the engine refuses it.
    """
    drive = Drive.start(name, players, **options)
    setup = drive.setup
    key = secrets.token_urlsafe(24)
    now = utcnow()
    record = StoredDrive(
        id=new_game_id(),
        name=setup.name,
        players=list(setup.players),
        options=setup_options(setup),
        prizes=[],
        roster=[],
        seatings=[],
        edit_key_hash=hash_key(key),
        version=1,
        created_at=now,
        updated_at=now,
        announced=0,
    )
    with database.transaction() as writing:
        writing.execute(insert(_DRIVES), [vars(record)])
    DRIVES.put((record.id, record.version), drive)
    return record, drive, key


# --- loading -------------------------------------------------------------------------


def find_drive(drive_id: str) -> StoredDrive | None:
    """The stored drive's row, if there is one."""
    row = database.connection().execute(_DRIVE_ROW, {"drive": drive_id}).first()
    return None if row is None else StoredDrive(**row._asdict())


def load_drive(drive_id: str) -> tuple[StoredDrive, Drive]:
    """The stored drive and its replay, or 404."""
    record = find_drive(drive_id)
    if record is None:
        abort(404)
    return record, drive_of(record)


def drive_of(record: StoredDrive) -> Drive:
    """Replay a stored drive, or take this version's kept replay.

    The hands are read with the version in one statement; should the drive
    have changed since ``record`` was read, ``record`` is brought up to date.
    """
    while (kept := DRIVES.get((record.id, record.version))) is None:
        rows = database.connection().execute(_VERSION_AND_HANDS, {"drive": record.id}).all()
        if not rows:
            abort(404)
        if rows[0].version != record.version:
            if (fresh := find_drive(record.id)) is None:
                abort(404)
            vars(record).update(vars(fresh))
            continue
        entries = tuple(
            HandEntry(
                hand=row.hand,
                table=row.table_number,
                tricks=row.tricks,
                pair=Pair(row.pair),
                moved_as=None if row.moved_as is None else Pair(row.moved_as),
                needs_confirmation=bool(row.needs_confirmation),
                confirmed_by=row.confirmed_by,
                corrected=bool(row.corrected),
            )
            for row in rows
            if row.hand is not None
        )
        drive = Drive(setup_of(record), entries, roster_of(record), seatings_of(record))
        DRIVES.put((record.id, record.version), drive)
        return drive
    return kept
