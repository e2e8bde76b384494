"""A club's seasons: named date ranges, both ends inclusive, which may overlap ("Winter league" and
"2025").

Refusals (RuleViolation codes): club_season_name_missing, club_season_name_unseen(character),
club_season_name_too_long(start, most), club_season_date(which, value) for a day that is not a
date from 2000 to 2100, club_season_ends_before_start(starts_on, ends_on),
club_too_many_seasons(most), club_no_such_season, club_not_found; a league's club_league_kind,
club_league_points(most_places, most_points), club_league_best(most), club_league_qualify(most).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update

from .. import database
from ..groups.access import clean_table_name
from ..rules import RuleViolation, Text
from ..rules.club.league import (
    DEFAULT_POINTS,
    LEAGUE_KINDS,
    MOST_BEST,
    MOST_PLACE_POINTS,
    MOST_PLACES,
    MOST_QUALIFY,
    PLACINGS,
    LeagueRule,
)
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
    select(
        _SEASONS.c.id,
        _SEASONS.c.name,
        _SEASONS.c.starts_on,
        _SEASONS.c.ends_on,
        _SEASONS.c.league,
        _SEASONS.c.league_points,
        _SEASONS.c.league_best,
        _SEASONS.c.league_qualify,
    )
    .where(_SEASONS.c.club_id == bindparam("club"))
    .order_by(_SEASONS.c.starts_on.desc(), _SEASONS.c.id.desc())
)


@dataclass(frozen=True, kw_only=True)
class StoredSeason:
    """A season as stored: its id, the engine's season and its league's rule (None: no league)."""

    id: int
    season: Season
    league: LeagueRule | None = None


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


def league_rule(
    kind: object, points: object = "", best: object = "", qualify: object = ""
) -> LeagueRule | None:
    """A league's rule from what was typed (or a file holds): ``kind`` "" or None for no league,
    else "placings" or "drive_totals"; ``points`` "3, 2, 1" (or a list); ``best`` a number or blank
    (all); ``qualify`` a number or blank (0). Refused with the engine's codes."""
    if kind in ("", None):
        return None
    if kind not in LEAGUE_KINDS:
        raise RuleViolation("club_league_kind", field="league")
    places: tuple[int, ...] = DEFAULT_POINTS
    if kind == PLACINGS:
        listed = points if isinstance(points, list) else str(points or "").replace(";", ",").split(",")
        try:
            places = tuple(_whole(value, "points") for value in listed if str(value).strip() != "")
        except RuleViolation:
            places = ()
    counted = None if best in ("", None) else _whole(best, "best")
    needed = 0 if qualify in ("", None) else _whole(qualify, "qualify")
    return LeagueRule(kind=str(kind), points=places, best=counted, qualify=needed)


def _whole(value: object, field: str) -> int:
    """A whole number typed ("3") or given (3); a refusal of the field's code otherwise."""
    if type(value) is int:
        return value
    text = str(value).strip()
    if text.isascii() and text.isdecimal() and len(text) <= 4:
        return int(text)
    if field == "points":
        raise RuleViolation(
            "club_league_points", field="points", most_places=MOST_PLACES, most_points=MOST_PLACE_POINTS
        )
    most = MOST_BEST if field == "best" else MOST_QUALIFY
    raise RuleViolation(f"club_league_{field}", field=field, most=most)


def league_columns(rule: LeagueRule | None) -> dict[str, object]:
    """A league's rule as the season's row stores it."""
    if rule is None:
        return {"league": None, "league_points": None, "league_best": None, "league_qualify": 0}
    return {
        "league": rule.kind,
        "league_points": ",".join(map(str, rule.points)) if rule.kind == PLACINGS else None,
        "league_best": rule.best,
        "league_qualify": rule.qualify,
    }


def set_league(club_id: str, season_id: int, rule: LeagueRule | None) -> None:
    """Give the season this league (None: none); the club's version rises (its pages show it)."""
    with database.transaction() as connection:
        found = connection.execute(
            update(_SEASONS)
            .where(_SEASONS.c.club_id == club_id, _SEASONS.c.id == season_id)
            .values(**league_columns(rule))
        ).rowcount
        if found != 1:
            raise RuleViolation("club_no_such_season", field="season")
        changed(connection, club_id)


def season_document(stored: StoredSeason) -> dict[str, Any]:
    """A season as the club's file holds it: name, first and last days, and its league if any."""
    document: dict[str, Any] = {
        "name": stored.season.name,
        "starts_on": stored.season.starts_on.isoformat(),
        "ends_on": stored.season.ends_on.isoformat(),
    }
    if stored.league is not None:
        document["league"] = {
            "kind": stored.league.kind,
            "points": list(stored.league.points),
            "best": stored.league.best,
            "qualify": stored.league.qualify,
        }
    return document


def read_season(item: dict[str, Any]) -> StoredSeason:
    """A season of a club's file, checked as typed ones are (its id is given when it is stored)."""
    season = checked_season(item.get("name"), item.get("starts_on"), item.get("ends_on"))
    league = item.get("league")
    if league is None:
        return StoredSeason(id=0, season=season)
    if not isinstance(league, dict):
        raise RuleViolation("club_league_kind", field="league")
    parts = (league.get(part) for part in ("kind", "points", "best", "qualify"))
    rule = league_rule(*parts)
    return StoredSeason(id=0, season=season, league=rule)


def season_row(club_id: str, stored: StoredSeason) -> dict[str, Any]:
    """A season's row as stored (without its id)."""
    season = stored.season
    dates = {"starts_on": season.starts_on, "ends_on": season.ends_on}
    return {"club_id": club_id, "name": season.name, **dates, **league_columns(stored.league)}


def _stored(row: Any) -> StoredSeason:
    rule = None
    if row.league in LEAGUE_KINDS:
        points = tuple(int(value) for value in (row.league_points or "").split(",") if value)
        rule = LeagueRule(
            kind=row.league, points=points or DEFAULT_POINTS, best=row.league_best, qualify=row.league_qualify
        )
    season = Season(name=row.name, starts_on=row.starts_on, ends_on=row.ends_on)
    return StoredSeason(id=row.id, season=season, league=rule)
