"""The version a change was made from, as a page sends it, against the version the database holds.

A page's script sends the version its screen shows as ``If-Match``; a page's form carries it as its
``version`` field. The database's version decides (kept.py): every view that changes something reads
it, refuses a change made from another one (409, with the version stored now) before it judges the
change or uses anything kept, and the write claims the version again in its own transaction.
"""

from __future__ import annotations

from flask import request

from ..games.store import ChangedElsewhere, StoredGame
from ..kept import sent_version


def version_sent(*, form: bool = True) -> int | None:
    """The version the request's change was made from: ``If-Match``, else (``form``) the form's
    ``version`` field; None when it names none."""
    sent = request.headers.get("If-Match") or (request.form.get("version") if form else None)
    return sent_version(sent)


def game_changed(record: StoredGame, *, form: bool = True) -> ChangedElsewhere | None:
    """The refusal of a change to a game made from another version than the stored one (``record``,
    just read from the database), with the version stored now; None when the versions agree or the
    request names none."""
    seen = version_sent(form=form)
    if seen is None or seen == record.version:
        return None
    return ChangedElsewhere(seen=seen, current=record.version)


def changed_from(record: StoredGame) -> ChangedElsewhere:
    """The refusal of a change to a game found stale (``game_changed``), with the version stored now."""
    return game_changed(record) or ChangedElsewhere(current=record.version)
