"""Numbers and dates a request carries, read one way everywhere.

Python's ``int()`` takes any Unicode digit ("٣" is 3) and ``str.isdigit()`` is
true for "²", which ``int()`` then refuses with a bare ValueError: a page that
read ``?players=²`` answered 500. A number of 4,400 digits costs ``int()`` time
and overflows what a date or a database column holds. Every whole number a
request carries (a query argument, a form field) is therefore read here: ASCII
digits only, at most a few of them, within the range the caller gives; and every
date within the years a game can have been played.
"""

from __future__ import annotations

import re
from datetime import date

_DIGITS = re.compile(r"[0-9]{1,9}")
EARLIEST = date(2000, 1, 1)
LATEST = date(2200, 12, 31)


def whole_number(raw: object, *, least: int = 0, most: int = 999_999_999) -> int | None:
    """The number ``raw`` writes in ASCII digits (spaces around it allowed), if it lies between
    ``least`` and ``most``; None for anything else (blank, signs, other digits, too long, out of range)."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not _DIGITS.fullmatch(text):
        return None
    number = int(text)
    return number if least <= number <= most else None


def calendar_date(raw: object, *, earliest: date = EARLIEST, latest: date = LATEST) -> date | None:
    """The date ``raw`` writes as year-month-day (2026-11-22), if it lies within the years a game
    can have been played; None for anything else."""
    if not isinstance(raw, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", raw.strip()):
        return None
    try:
        found = date.fromisoformat(raw.strip())
    except ValueError:
        return None
    return found if earliest <= found <= latest else None
