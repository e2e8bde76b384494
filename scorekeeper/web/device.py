"""What this device is: a random id in the signed session cookie, and the games it may change.

The rights themselves are kept in the database (games/holders.py) for as long as
each game lives, so a phone may keep any number of games, and the cookie
stays the same size. Whoever's device holds a game may change it; anyone
with the game's address may read it.

Cookies from before devices had ids carried the edit keys themselves: the
first request with such a cookie gives the device those games and drops the keys.
"""

from __future__ import annotations

from flask import abort, session

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


def holder() -> str:
    """This device's id, given one now if it has none: the device is about to hold a game."""
    found = device_id()
    if found is None:
        found = session["device"] = holders.new_device_id()
    session.permanent = True
    return found


def hold_game(game_id: str) -> None:
    """This device may change the game from now on."""
    holders.hold(holder(), game_id)


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
    """Turn a cookie's edit keys (from before device ids) into games this device holds."""
    if "keys" not in session:
        return
    keys = session.pop("keys")
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
