"""A club's seasons: named date ranges, both ends inclusive, which may overlap ("Winter league" and
"2025").

Refusals (RuleViolation codes): club_season_name_missing, club_season_name_unseen(character),
club_season_name_too_long(start, most), club_season_date(which, value) for a day that is not a
date from 2000 to 2100, club_season_ends_before_start(starts_on, ends_on),
club_too_many_seasons(most), club_no_such_season, club_not_found.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select

from .. import database
from ..groups.access import clean_table_name
from ..rules import RuleViolation, Text
from ..rules.club.outcome import Season
from .access import changed
from .models import ClubSeasonRecord

# A season a year, or one a term, for a lifetime: a hundred is past any club's need, and keeps the
# season picker of a ladder page a list to choose from.
MOST_SEASONS = 100
# The days a season may start and end on: games' own times are taken from 2000 on (table files),
# and a year past 2100 is a typing slip.
EARLIEST_DAY = date(2000, 1, 1)
LATEST_DAY = date(2100, 12, 31)

_SEASONS = ClubSeasonRecord.__table__
_SEASON_ROWS = (
    select(_SEASONS.c.id, _SEASONS.c.name, _SEASONS.c.starts_on, _SEASONS.c.ends_on)
    .where(_SEASONS.c.club_id == bindparam("club"))
    .order_by(_SEASONS.c.starts_on.desc(), _SEASONS.c.id.desc())
)


@dataclass(frozen=True, kw_only=True)
class StoredSeason:
    """A season as stored: its id and the engine's season."""

    id: int
    season: Season


def seasons(club_id: str) -> list[StoredSeason]:
    """The club's seasons, the latest to start first."""
    rows = database.connection().execute(_SEASON_ROWS, {"club": club_id}).all()
    return [_stored(row) for row in rows]


def season_name(name: object) -> str:
    """A season's name, checked as a table's name is; refused with the season's codes."""
    try:
        return clean_table_name(name)
    except RuleViolation as refused:
        code = refused.code.replace("table_name", "club_season_name")
        raise RuleViolation.from_text(Text(code, **refused.params), field="name") from None


def season_day(value: object, which: str) -> date:
    """A season's first or last day: a date, or its ISO text ("2025-09-01"); ``which`` is
    "starts_on" or "ends_on", named in the refusal."""
    day: date | None = None
    if isinstance(value, datetime):
        day = value.date()
    elif isinstance(value, date):
        day = value
    elif isinstance(value, str):
        try:
            day = date.fromisoformat(value.strip())
        except ValueError:
            day = None
    if day is None or not EARLIEST_DAY <= day <= LATEST_DAY:
        raise RuleViolation("club_season_date", field=which, which=which, value=repr(value)[:40])
    return day


def checked_season(name: object, starts_on: object, ends_on: object) -> Season:
    """A season from what was typed; refused for a bad name or day, or one ending before it starts."""
    season = Season(
        name=season_name(name),
        starts_on=season_day(starts_on, "starts_on"),
        ends_on=season_day(ends_on, "ends_on"),
    )
    if season.ends_on < season.starts_on:
        raise RuleViolation(
            "club_season_ends_before_start",
            field="ends_on",
            starts_on=season.starts_on.isoformat(),
            ends_on=season.ends_on.isoformat(),
        )
    return season


def add_season(club_id: str, name: object, starts_on: object, ends_on: object) -> StoredSeason:
    """Add a season (it may overlap others); refused, nothing stored, as ``checked_season`` says or
    past MOST_SEASONS."""
    season = checked_season(name, starts_on, ends_on)
    with database.transaction() as connection:
        count = connection.execute(select(func.count()).where(_SEASONS.c.club_id == club_id)).scalar_one()
        if count >= MOST_SEASONS:
            raise RuleViolation("club_too_many_seasons", field="club", most=MOST_SEASONS)
        changed(connection, club_id)
        found: int = connection.execute(
            insert(_SEASONS).returning(_SEASONS.c.id),
            {
                "club_id": club_id,
                "name": season.name,
                "starts_on": season.starts_on,
                "ends_on": season.ends_on,
            },
        ).scalar_one()
    return StoredSeason(id=found, season=season)


def remove_season(club_id: str, season_id: int) -> None:
    """Remove a season (its games stay: they are the tables'); refused for one the club lacks."""
    with database.transaction() as connection:
        gone = connection.execute(
            delete(_SEASONS).where(_SEASONS.c.club_id == club_id, _SEASONS.c.id == season_id)
        ).rowcount
        if gone != 1:
            raise RuleViolation("club_no_such_season", field="season")
        changed(connection, club_id)


def find_season(club_id: str, season_id: int) -> StoredSeason | None:
    """One season of the club, if there is one."""
    return next((season for season in seasons(club_id) if season.id == season_id), None)


def current_season(club_id: str, today: date) -> StoredSeason | None:
    """The season ``today`` falls in; of several, the one that started last (then the newest)."""
    return next(
        (found for found in seasons(club_id) if found.season.starts_on <= today <= found.season.ends_on), None
    )


def _stored(row: Any) -> StoredSeason:
    return StoredSeason(id=row.id, season=Season(name=row.name, starts_on=row.starts_on, ends_on=row.ends_on))
