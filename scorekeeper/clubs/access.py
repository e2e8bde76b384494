"""Clubs and who may change them: the read-only link, the club's own link, the phones that keep it.

As with a table (groups/access.py): a club's id (128 random bits) is its read-only link; its own
link adds a key derived from the id and the app's secret key (an HMAC, never stored), and opening
it makes the phone keep the club. A phone that keeps a club may add tables and drives to it, link
and merge its members and set its seasons.

Refusals (RuleViolation codes): club_name_missing, club_name_unseen(character),
club_name_too_long(start, most), club_not_found, club_time_zone_unknown, club_minimum_range(most).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from typing import Any

import pytz
from flask import g
from sqlalchemy import Connection, bindparam, insert, select, update

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..groups.access import clean_table_name
from ..keeping import Keeping, link_key, link_opens
from ..kept import StaleVersion, Versions
from ..rules import RuleViolation, Text
from ..rules.club.ladder import MINIMUM_GAMES, MOST_MINIMUM
from .models import ClubRecord, DeviceClubRecord

_CLUBS = ClubRecord.__table__
_HELD = DeviceClubRecord.__table__
_CLUB_COLUMNS = (
    _CLUBS.c.id,
    _CLUBS.c.name,
    _CLUBS.c.created_at,
    _CLUBS.c.time_zone,
    _CLUBS.c.minimum_games,
    _CLUBS.c.version,
)
_CLUB_ROW = select(*_CLUB_COLUMNS).where(_CLUBS.c.id == bindparam("club"))
_HELD_CLUBS = (
    select(*_CLUB_COLUMNS)
    .join(_HELD, _HELD.c.club_id == _CLUBS.c.id)
    .where(_HELD.c.device_hash == bindparam("device"))
    .order_by(_HELD.c.since.desc())
)
KEEPING = Keeping(_HELD, "club_id", "club")
# A change made from a version the club has moved past: 409, nothing written (kept.py).
VERSIONS = Versions(_CLUBS, "club_changed_elsewhere")
_EXPECTED = "scorekeeper_club_versions"

# The tables' refusals of a name, as a club says them (the same rule, the club's words).
CLUB_NAME_CODES = {
    "table_name_missing": "club_name_missing",
    "table_name_unseen": "club_name_unseen",
    "table_name_too_long": "club_name_too_long",
}


class ClubChangedElsewhere(Exception):
    """A change to a club made from a version the database has moved past: nothing was written.

    Not a RuleViolation, so that no form shows it as a refusal of what was typed in it: the club's
    pages answer it as a whole (409, the club as it is now). ``refusal`` says it (StaleVersion, with
    the version stored now)."""

    def __init__(self, club_id: str, refusal: StaleVersion) -> None:
        super().__init__(club_id)
        self.club_id, self.refusal = club_id, refusal


class InvalidClubName(RuleViolation):
    """A club name that is blank, too long or holds a character that cannot be seen."""

    field = "name"


@dataclass(frozen=True, kw_only=True)
class Club:
    """A club as stored: its id (the read-only link), name, when it was started, the time zone its
    seasons count their days in (an IANA name; None: UTC), the games and drives a member's rating is
    provisional for, and its version (see ``changed``)."""

    id: str
    name: str
    created_at: datetime
    time_zone: str | None = None
    minimum_games: int = MINIMUM_GAMES
    version: int = 1

    @property
    def zone(self) -> tzinfo:
        """The club's time zone (UTC when it has none)."""
        return pytz.timezone(self.time_zone) if self.time_zone else UTC

    def today(self) -> date:
        """Today's date on the club's calendar (the season under way is the one it falls in)."""
        return datetime.now(self.zone).date()


def clean_club_name(name: object) -> str:
    """The name as stored, checked as a table's name is; refused with the club's codes."""
    try:
        return clean_table_name(name)
    except RuleViolation as refused:
        code = CLUB_NAME_CODES.get(refused.code, refused.code)
        raise InvalidClubName.from_text(Text(code, **refused.params)) from None


def club_time_zone(name: object) -> str | None:
    """A time zone as a club keeps it: an IANA name pytz knows ("Europe/London"); "UTC", blank or
    None is None; anything else is refused (club_time_zone_unknown)."""
    if name is None or name == "" or name == "UTC":
        return None
    if not isinstance(name, str) or name not in pytz.all_timezones_set:
        raise RuleViolation("club_time_zone_unknown", field="time_zone")
    return name


def create_club(
    name: object, *, holder: str, created_at: datetime | None = None, time_zone: str | None = None
) -> Club:
    """Start a club that the device ``holder`` keeps, its seasons counted in ``time_zone`` (the
    phone's; None: UTC); refused (nothing stored) for a bad name or an unknown zone."""
    club = Club(
        id=new_game_id(),
        name=clean_club_name(name),
        created_at=created_at or utcnow(),
        time_zone=club_time_zone(time_zone),
    )
    with database.transaction() as connection:
        store_club(connection, club, holder=holder)
    return club


def store_club(connection: Connection, club: Club, *, holder: str) -> None:
    """In the caller's transaction: the club's row, kept by the device ``holder``."""
    connection.execute(insert(_CLUBS), [{**vars(club), "version": 1}])
    hold_on(connection, holder, club.id)


def find_club(club_id: str) -> Club | None:
    """The stored club, if there is one."""
    row = database.connection().execute(_CLUB_ROW, {"club": club_id}).first()
    return None if row is None else _club(row)


def holds(device_id: str | None, club_id: str) -> bool:
    """True when the device keeps the club."""
    return KEEPING.holds(device_id, club_id)


def clubs_held(device_id: str | None) -> list[Club]:
    """Every club the device keeps, the most recently taken first."""
    if device_id is None:
        return []
    rows = database.connection().execute(_HELD_CLUBS, {"device": hash_key(device_id)}).all()
    return [_club(row) for row in rows]


def hold(device_id: str, club_id: str) -> None:
    """The device keeps the club from now on (again: it then counts as taken now)."""
    KEEPING.hold(device_id, club_id)


def join_key(club_id: str) -> str:
    """The key of the club's own link: an HMAC of its id under the app's secret key (a purpose of
    its own, so that a club's key never opens a table of the same id, nor the other way round)."""
    return link_key("club link", club_id)


def key_opens(club_id: str, key: str) -> bool:
    """True when ``key`` is the club's own link key (compared in constant time)."""
    return link_opens("club link", club_id, key)


def rename_club(club_id: str, name: object) -> None:
    """Give the club a new name (checked as at its start); refused names change nothing."""
    cleaned = clean_club_name(name)
    with database.transaction() as connection:
        renamed = connection.execute(
            update(_CLUBS).where(_CLUBS.c.id == club_id).values(name=cleaned)
        ).rowcount
    if renamed != 1:
        raise RuleViolation("club_not_found", field="club")


def set_time_zone(club_id: str, time_zone: object) -> None:
    """Count the club's seasons in another time zone (checked as at its start); a refused one
    changes nothing. Every outcome's day may move: the club's version rises."""
    chosen = club_time_zone(time_zone)
    with database.transaction() as connection:
        connection.execute(update(_CLUBS).where(_CLUBS.c.id == club_id).values(time_zone=chosen))
        changed(connection, club_id)


def club_minimum(value: object) -> int:
    """The games and drives a rating is provisional for, as typed ("3"): a whole number from 1 to
    MOST_MINIMUM, else refused (club_minimum_range)."""
    number = value.strip() if isinstance(value, str) else value
    if isinstance(number, str) and number.isascii() and number.isdecimal() and len(number) <= 3:
        number = int(number)
    if type(number) is not int or not 1 <= number <= MOST_MINIMUM:
        raise RuleViolation("club_minimum_range", field="minimum", most=MOST_MINIMUM)
    return number


def set_minimum(club_id: str, value: object) -> int:
    """Mark ratings provisional until this many games and drives (checked by ``club_minimum``); the
    club's version rises (its results pictures mark provisional ratings)."""
    chosen = club_minimum(value)
    with database.transaction() as connection:
        connection.execute(update(_CLUBS).where(_CLUBS.c.id == club_id).values(minimum_games=chosen))
        changed(connection, club_id)
    return chosen


def hold_on(connection: Connection, device_id: str, club_id: str) -> None:
    """In the caller's transaction: the device keeps the club, taken now."""
    KEEPING.hold_on(connection, device_id, club_id)


def expect_version(club: Club, seen: int | None) -> None:
    """This request's changes to the club are made from version ``seen`` (None: the page named none):
    ClubChangedElsewhere at once when the club (as just read from the database) is at another one;
    else ``changed`` claims it again in each change's own transaction."""
    if seen is not None and seen != club.version:
        stale = StaleVersion(VERSIONS.code, seen=seen, current=club.version)
        raise ClubChangedElsewhere(club.id, stale)
    expected: dict[str, int | None] = g.setdefault(_EXPECTED, {})
    expected[club.id] = seen


def changed(connection: Connection, club_id: str) -> None:
    """In the caller's transaction: raise the club's version (what it holds or links changed), so
    that nothing derived from the club before the change is served again; club_not_found if none.

    The database's version decides: when the request's change was made from a version
    (``expect_version``), it is claimed here, and a club moved on since raises ClubChangedElsewhere
    (with the version stored now), for the transaction to roll back."""
    seen = g.get(_EXPECTED, {}).get(club_id)
    try:
        claimed = VERSIONS.claim(connection, club_id, seen)
    except StaleVersion as stale:
        raise ClubChangedElsewhere(club_id, stale) from None
    if not claimed:
        raise RuleViolation("club_not_found", field="club")
    if seen is not None:
        g.get(_EXPECTED, {})[club_id] = seen + 1  # a second change of the same request follows its first


def _club(row: Any) -> Club:
    """A club's row as a Club, its time with its zone (SQLite gives times back without one)."""
    created = row.created_at if row.created_at.tzinfo is not None else row.created_at.replace(tzinfo=UTC)
    return Club(
        id=row.id,
        name=row.name,
        created_at=created,
        time_zone=row.time_zone,
        minimum_games=row.minimum_games,
        version=row.version,
    )
