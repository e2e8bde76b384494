"""The reader's time zone: every date a page shows falls on the reader's own calendar.

A game is stored with its times in UTC. A game played in New York at nine in the evening is, in
UTC, already the next day: shown in UTC, a table's history would put it on the wrong evening. The
phone knows its zone (``Intl.DateTimeFormat().resolvedOptions().timeZone``); app.js keeps it in
the ``tz`` cookie and Flask-Babel's date formats take it from there (``chosen_time_zone``). Before
the phone has said (its very first page) and for a zone this server does not know, dates are
shown in UTC. A PDF that shows a date is kept per zone (``reader_time_zone`` in its key).
"""

from __future__ import annotations

import pytz
from flask import request
from flask_babel import get_timezone

COOKIE = "tz"
"""The cookie app.js keeps the phone's IANA zone name in ("Europe/London")."""


def chosen_time_zone() -> str | None:
    """The reader's zone as their phone named it; None (UTC) when it has not, or for a name pytz
    does not know (a cookie is the reader's to write: it is checked against the list)."""
    named = request.cookies.get(COOKIE, "")
    return named if named in pytz.all_timezones_set else None


def reader_time_zone() -> str:
    """The zone this request's dates are shown in, by name ("UTC" by default)."""
    return str(getattr(get_timezone(), "zone", "UTC"))
