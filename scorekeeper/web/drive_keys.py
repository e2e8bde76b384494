"""The drives this browser runs: their organiser keys, kept in its signed session.

Below every room, so that a drive's own pages (web/drives/) and a club's import (web/clubs/), which
sets up the club's drives on the importing phone, keep a key the same way.
"""

from __future__ import annotations

from flask import session

MOST_DRIVES_KEPT = 20


def remember_organiser(drive_id: str, key: str) -> None:
    """This browser runs the drive from now on (the newest drives kept, oldest dropped)."""
    keys = dict(session.get("drive_keys") or {})
    keys.pop(drive_id, None)
    keys[drive_id] = key
    session["drive_keys"] = dict(list(keys.items())[-MOST_DRIVES_KEPT:])
    session.permanent = True
