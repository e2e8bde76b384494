"""Who may change a drive: the organiser's phones (kept per device) and each table's phone (a secret link).

The organiser's right is kept per device in the database (drives/keepers.py), as a game's edit right
is: setting a drive up, or opening its organiser link, makes the phone keep it for as long as the
drive lives, however many drives the phone runs. The organiser link carries a key derived from the
app's secret key and the drive (links made before, with the drive's own organiser key, work too).
A table's link carries a token derived from the app's secret key, the drive and the table number, so
it can be printed on the table card and drawn again at any time, and a leaked database enters no hand.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any

from flask import abort, current_app, url_for

from ...drives import keepers
from ...drives.store import StoredDrive
from ...words import gettext
from ...words._core import N_
from ..device import device_id, hold_drive
from ..qr import qr_svg

NOT_ORGANISER = N_(
    "Only the organiser's phone can change this drive: open the organiser link on this phone first. "
    "You can still follow the drive."
)
TOKEN_LENGTH = 20


def remember_organiser(drive_id: str) -> None:
    """This phone runs the drive from now on (as long as the drive lives)."""
    hold_drive(drive_id)


def organiser_key(record: StoredDrive) -> str:
    """The key of the drive's organiser link, which makes another phone run it too."""
    return keepers.link_key_of(record.id)


def opens(record: StoredDrive, key: str) -> bool:
    """True when ``key`` opens the drive: its organiser link's key, or the drive's own organiser key
    (the links made before the link key, and the API's)."""
    return key.isascii() and (keepers.key_opens(record.id, key) or record.key_matches(key))


def is_organiser(record: StoredDrive) -> bool:
    """True when this phone runs the drive."""
    return keepers.holds(device_id(), record.id)


def require_organiser(record: StoredDrive) -> None:
    """403 unless this phone runs the drive."""
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
