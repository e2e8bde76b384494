"""What this device remembers: the edit keys of the games it started or joined.

The keys live in the signed session cookie. Whoever holds a game's key may
change it; anyone with the game's address may read it.
"""

from __future__ import annotations

from flask import abort, session

from ..store import StoredGame

MOST_KEYS = 40


def remember_key(game_id: str, key: str) -> None:
    """Keep the key on this device; the oldest are forgotten past MOST_KEYS."""
    keys = dict(session.get("keys", {}))
    keys.pop(game_id, None)
    keys[game_id] = key
    while len(keys) > MOST_KEYS:
        keys.pop(next(iter(keys)))
    session["keys"] = keys
    session.permanent = True


def key_for(game_id: str) -> str | None:
    """The key this device holds for a game, if any."""
    key = session.get("keys", {}).get(game_id)
    return key if isinstance(key, str) else None


def can_edit(record: StoredGame) -> bool:
    """True when this device holds the game's edit key."""
    return record.key_matches(key_for(record.id))


def require_edit(record: StoredGame) -> None:
    """403 unless this device holds the game's edit key."""
    if not can_edit(record):
        abort(403, "Only a phone with this game's edit link can change it. You can still follow the score.")


def known_game_ids() -> list[str]:
    """The games this device holds keys for, newest first."""
    return list(reversed(session.get("keys", {})))
