"""Who may change a drive: the organiser (a secret key) and each table's phone (a secret link).

The organiser's key is made when the drive is set up; the database keeps only
its SHA-256, and the organiser's browser keeps the key in its signed session
(the organiser link carries it to another device). A table's link carries a
token derived from the app's secret key, the drive and the table number, so
it can be printed on the table card and drawn again at any time, and a leaked
database enters no hand.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any

from flask import abort, current_app, session, url_for

from ...drives.store import StoredDrive
from ...words import gettext
from ...words._core import N_
from ..qr import qr_svg

NOT_ORGANISER = N_(
    "Only the organiser's phone can change this drive: open the organiser link on this phone first. "
    "You can still follow the drive."
)
TOKEN_LENGTH = 20
MOST_DRIVES_KEPT = 20


def remember_organiser(drive_id: str, key: str) -> None:
    """This browser runs the drive from now on (the newest drives kept, oldest dropped)."""
    keys = dict(session.get("drive_keys") or {})
    keys.pop(drive_id, None)
    keys[drive_id] = key
    session["drive_keys"] = dict(list(keys.items())[-MOST_DRIVES_KEPT:])
    session.permanent = True


def organiser_key(record: StoredDrive) -> str | None:
    """The organiser key this browser holds for the drive, if it is the right one."""
    key = (session.get("drive_keys") or {}).get(record.id)
    return key if isinstance(key, str) and record.key_matches(key) else None


def is_organiser(record: StoredDrive) -> bool:
    """True when this browser holds the drive's organiser key."""
    return organiser_key(record) is not None


def require_organiser(record: StoredDrive) -> None:
    """403 unless this browser holds the drive's organiser key."""
    if not is_organiser(record):
        abort(403, NOT_ORGANISER)


def table_token(drive_id: str, table: int) -> str:
    """The secret of a table's link: the same every time it is drawn, for this app's secret key."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    message = f"drive-table:{drive_id}:{table}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:TOKEN_LENGTH]


def require_table(drive_id: str, table: int, token: str) -> None:
    """404 unless ``token`` is the table's secret (a wrong link looks like no link)."""
    if not hmac.compare_digest(table_token(drive_id, table), token):
        abort(404)


def table_links(record: StoredDrive, tables: int | Sequence[int]) -> list[dict[str, Any]]:
    """Each table's phone link with its QR code, for the organiser's page and the table cards:
    ``tables`` are the tables' numbers (a number alone: tables 1 to that number)."""
    links = []
    numbers = range(1, tables + 1) if isinstance(tables, int) else tables
    for table in numbers:
        url = url_for(
            "drives.table_phone",
            drive_id=record.id,
            table=table,
            token=table_token(record.id, table),
            _external=True,
        )
        title = gettext("QR code of table %(table)s") % {"table": table}
        links.append({"number": table, "url": url, "qr": qr_svg(url, title=title)})
    return links
