"""Whist drives played to a given hand and stored in an app's database at once, for the benchmarks and the
deployment tests that need big drives before their servers start (through the pages, a 160-player
drive's 960 hands take minutes to enter).

The hands are judged by the engine as a hall would enter them (each table's result, in hand order), then
written as the store writes them, with the drive's version counting every entry.
"""

from __future__ import annotations

import random

from flask import Flask
from sqlalchemy import insert, update

from scorekeeper.database import utcnow
from scorekeeper.drives import store
from scorekeeper.drives.models import DriveHandRecord, DriveRecord
from scorekeeper.drives.store import ANNOUNCED_ALL
from scorekeeper.extensions import db
from scorekeeper.rules.drive import HandEntry

FIRST_NAMES = ("Ann", "Bert", "Cath", "Doris", "Elsie", "Frank", "Gwen", "Harold", "Ivy", "Jack")
SURNAMES = ("Abbott", "Barker", "Carter", "Dawson", "Ellis", "Fletcher", "Graham", "Hughes", "Ives", "Yates")


def hall_names(count: int) -> list[str]:
    """``count`` different names as a village hall's roster has them: "Ann Abbott", "Bert Abbott"…"""
    names = [f"{first} {last}" for last in SURNAMES for first in FIRST_NAMES]
    names += [f"{name} {number}" for number in range(2, 1 + count // len(names) + 1) for name in names]
    return names[:count]


def played_drive(
    app: Flask,
    name: str,
    players: int,
    *,
    hands: int = 24,
    played: int = 24,
    seed: int = 1,
    announced: bool = True,
) -> str:
    """A progressive drive of ``players`` named players and ``hands`` hands (interval at the half),
    with its first ``played`` hands entered at every table, and (``announced``) its prize-giving over,
    so that anyone may read its results and tally cards as after the evening; its id."""
    rng = random.Random(seed)
    with app.app_context():
        record, drive, _key = store.create_drive(
            name, hall_names(players), hands=hands, interval_after=hands // 2
        )
        for hand in range(1, played + 1):
            for table in range(1, drive.state.layout.tables + 1):
                drive = drive.enter(HandEntry(hand=hand, table=table, tricks=rng.randint(0, 13)))
        now = utcnow()
        rows = [
            {
                "drive_id": record.id,
                "hand": entry.hand,
                "table_number": entry.table,
                "tricks": entry.tricks,
                "pair": entry.pair.value,
                "recorded_at": now,
            }
            for entry in drive.entries
        ]
        if rows:
            db.session.execute(insert(DriveHandRecord), rows)
        db.session.execute(
            update(DriveRecord)
            .where(DriveRecord.id == record.id)
            .values(version=1 + len(rows), updated_at=now, announced=ANNOUNCED_ALL if announced else 0)
        )
        db.session.commit()
        return record.id
