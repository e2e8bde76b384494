"""What this device is: a random id in the signed session cookie, and the games it may change.

The rights themselves are kept in the database (games/holders.py, groups/access.py,
drives/keepers.py, clubs/access.py: keeping.py) for as long as each thing lives, so a phone may
keep any number of games, tables, drives and clubs, and the cookie stays the same size. Whoever's
device holds a game may change it; anyone with the game's address may read it.

Cookies from before devices had ids carried the edit keys themselves, and cookies from before
drives were kept per device carried the organiser keys of the newest 20 drives: the first request
with such a cookie gives the device those games and drives and drops the keys. A cookie lives 400
days from when it was last sent: a device's is sent again once a month of use (``renew``), so a
phone in use never loses its id.
"""

from __future__ import annotations

from datetime import date, timedelta

from flask import abort, session

from ..database import utcnow
from ..drives import keepers as drive_keepers
from ..drives import store as drive_store
from ..games import holders, store
from ..games.store import StoredGame
from ..groups import access as table_access
from ..words._core import N_

NOT_YOURS = N_(
    "Only a phone the scorer handed this game to can change it: ask the scorer to tap "
    "“Hand over the scoring” on the game's page. You can still follow the score."
)


def device_id() -> str | None:
    """This device's id, if it has one yet."""
    found = session.get("device")
    return found if isinstance(found, str) and found else None


RENEW_AFTER = timedelta(days=30)
"""How old a device's cookie may grow before a request sends it again (for 400 days more)."""


def holder() -> str:
    """This device's id, given one now if it has none: the device is about to hold a game."""
    found = device_id()
    if found is None:
        found = session["device"] = holders.new_device_id()
        session["device_renewed"] = date.today().isoformat()
    session.permanent = True
    return found


def renew() -> None:
    """Send a device's cookie again when it was last sent RENEW_AFTER ago or more: its 400 days
    count from then (the cookie is otherwise sent only when the session changes)."""
    if device_id() is None:
        return
    renewed = session.get("device_renewed")
    try:
        last = date.fromisoformat(renewed) if isinstance(renewed, str) else None
    except ValueError:
        last = None
    today = utcnow().date()
    if last is None or today - last >= RENEW_AFTER:
        session["device_renewed"] = today.isoformat()
        session.permanent = True


def hold_game(game_id: str) -> None:
    """This device may change the game from now on."""
    holders.hold(holder(), game_id)


def hold_drive(drive_id: str) -> None:
    """This device runs the drive from now on, for as long as the drive lives."""
    drive_keepers.hold(holder(), drive_id)


def can_edit(record: StoredGame) -> bool:
    """True when this device holds the game's edit right, or keeps the table the game was played at.

    A table's keep-right covers its games: a second scorer given the table (its own link or code)
    changes every game of it without a hand-over per game, as the first phone does.
    """
    found = device_id()
    if found is None:
        return False
    if holders.holds(found, record.id):
        return True
    return record.group_id is not None and table_access.holds(found, record.group_id)


def require_edit(record: StoredGame) -> None:
    """403 unless this device holds the game's edit right."""
    if not can_edit(record):
        abort(403, NOT_YOURS)


def known_game_ids() -> list[str]:
    """Every game this device holds, the most recently taken first."""
    found = device_id()
    return holders.games_held(found) if found is not None else []


def adopt_old_keys() -> None:
    """Turn a cookie's keys into things this device keeps: the edit keys of games (from before device
    ids) and the organiser keys of drives (from before drives were kept per device). Each key is
    checked against its game or drive; the cookie then drops them all."""
    if "keys" in session:
        _adopt_games(session.pop("keys"))
    if "drive_keys" in session:
        _adopt_drives(session.pop("drive_keys"))


def _adopt_games(keys: object) -> None:
    if not isinstance(keys, dict):
        return
    device = holder()
    held = set(holders.games_held(device))
    for game_id, key in keys.items():
        if not isinstance(game_id, str) or game_id in held:
            continue
        record = store.find_record(game_id)
        if record is not None and record.key_matches(key if isinstance(key, str) else None):
            holders.hold(device, game_id)


def _adopt_drives(keys: object) -> None:
    """The drives a cookie ran, oldest first, kept in that order (the newest listed first)."""
    if not isinstance(keys, dict):
        return
    device = holder()
    held = {kept.id for kept in drive_keepers.drives_held(device)}
    start = utcnow() - timedelta(seconds=len(keys))
    for place, (drive_id, key) in enumerate(keys.items()):
        if not isinstance(drive_id, str) or drive_id in held:
            continue
        record = drive_store.find_drive(drive_id)
        if record is not None and record.key_matches(key if isinstance(key, str) else None):
            drive_keepers.hold(device, drive_id, since=start + timedelta(seconds=place))
