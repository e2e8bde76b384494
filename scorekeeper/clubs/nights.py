"""A club's nights: the evenings its tables and drives were played, each across all of them.

An evening is a day on the club's calendar (its time zone): the games of the club's tables started
on it (finished or not: an evening's page is read while it goes on) and the drives whose first
hand was played on it. A game's players come from its kept summary (groups/summaries.py, brought up
to date first) under their roster names, each with their side's total and place; a drive is
replayed by the web page that shows its prizes (drives/store.py). Nothing is stored here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

import pytz
from sqlalchemy import and_, bindparam, func, select

from .. import database
from ..drives.models import DriveHandRecord, DriveRecord
from ..games.models import SeatRecord
from ..groups.models import GameSummaryRecord, GroupPlayerRecord, GroupRecord
from .models import ClubDriveRecord, ClubPlayerLinkRecord, ClubTableRecord
from .outcomes import club_outcomes, kept

_ROWS = GameSummaryRecord.__table__
_TABLES = ClubTableRecord.__table__
_GROUPS = GroupRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_SEATS = SeatRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_HANDS = DriveHandRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__

_FIRST_HAND = (
    select(func.min(_HANDS.c.recorded_at)).where(_HANDS.c.drive_id == _DRIVE_ROWS.c.id).scalar_subquery()
)
# Every game of the club's tables, once (its first member's row), and every drive with a hand played.
_GAME_TIMES = (
    select(_ROWS.c.played_at)
    .join(_TABLES, _TABLES.c.group_id == _ROWS.c.group_id)
    .where(_TABLES.c.club_id == bindparam("club"), _ROWS.c.member == 0)
)
_DRIVE_TIMES = (
    select(_DRIVE_ROWS.c.id, _DRIVE_ROWS.c.name, _FIRST_HAND.label("first_hand"))
    .join(_DRIVES, _DRIVES.c.drive_id == _DRIVE_ROWS.c.id)
    .where(_DRIVES.c.club_id == bindparam("club"))
)


@dataclass(frozen=True, kw_only=True)
class Evening:
    """A night of the club in its list: the day, and how many games and drives it had."""

    day: date
    games: int
    drives: int


@dataclass(frozen=True, kw_only=True)
class NightPlayer:
    """A player of a game of the night: their roster name, the club member they are (None: not
    linked), their side's total, their place (None: replaced, no result of their own) and whether
    they won."""

    name: str
    member: int | None
    score: int | None
    place: int | None
    won: bool


@dataclass(frozen=True, kw_only=True)
class NightGame:
    """A game of the night: its id, table, variant, when it started, its status and deals played,
    and its players, best placed first."""

    game_id: str
    table: str
    variant: str
    played_at: datetime
    status: str
    deals_played: int
    deal_count: int | None
    players: list[NightPlayer] = field(default_factory=list)

    @property
    def winners(self) -> list[NightPlayer]:
        """The players who won (none until the game is finished)."""
        return [player for player in self.players if player.won]


@dataclass(frozen=True, kw_only=True)
class NightDrive:
    """A drive of the night: its id, name and when its first hand was played."""

    id: str
    name: str
    played_at: datetime


@dataclass(frozen=True, kw_only=True)
class Night:
    """One evening of the club: its day, its games (in the order they started) and its drives."""

    day: date
    games: list[NightGame]
    drives: list[NightDrive]


def zone_of(time_zone: str | None) -> tzinfo:
    """A club's zone (UTC for none)."""
    return pytz.timezone(time_zone) if time_zone else UTC


def evenings(club_id: str, time_zone: str | None) -> list[Evening]:
    """Every evening the club played, the latest first (kept per the club's fingerprint)."""

    def compute() -> list[Evening]:
        club_outcomes(club_id)  # the tables' summaries brought up to date
        zone = zone_of(time_zone)
        connection = database.connection()
        games: dict[date, int] = {}
        for (moment,) in connection.execute(_GAME_TIMES, {"club": club_id}):
            day = _aware(moment).astimezone(zone).date()
            games[day] = games.get(day, 0) + 1
        drives: dict[date, int] = {}
        for row in connection.execute(_DRIVE_TIMES, {"club": club_id}):
            if row.first_hand is not None:
                day = _aware(row.first_hand).astimezone(zone).date()
                drives[day] = drives.get(day, 0) + 1
        days = sorted(set(games) | set(drives), reverse=True)
        return [Evening(day=day, games=games.get(day, 0), drives=drives.get(day, 0)) for day in days]

    found: list[Evening] = kept(club_id, f"clubs.nights:{time_zone}", compute)
    return found


def night(club_id: str, time_zone: str | None, day: date) -> Night:
    """The club's evening ``day``: every game started and every drive begun on it."""
    club_outcomes(club_id)  # the tables' summaries brought up to date, newcomers linked
    zone = zone_of(time_zone)
    start, end = _midnight(day, zone), _midnight(day + timedelta(days=1), zone)
    connection = database.connection()
    games = [
        NightGame(
            game_id=row.game_id,
            table=row.table,
            variant=row.variant,
            played_at=_aware(row.played_at),
            status=row.status,
            deals_played=row.deals_played,
            deal_count=row.deal_count,
        )
        for row in connection.execute(
            select(
                _ROWS.c.game_id,
                _GROUPS.c.name.label("table"),
                _ROWS.c.variant,
                _ROWS.c.played_at,
                _ROWS.c.status,
                _ROWS.c.deals_played,
                _ROWS.c.deal_count,
            )
            .join(_TABLES, _TABLES.c.group_id == _ROWS.c.group_id)
            .join(_GROUPS, _GROUPS.c.id == _ROWS.c.group_id)
            .where(
                _TABLES.c.club_id == club_id,
                _ROWS.c.member == 0,
                _ROWS.c.played_at >= start,
                _ROWS.c.played_at < end,
            )
            .order_by(_ROWS.c.played_at, _ROWS.c.game_id)
        )
    ]
    _add_players(club_id, games)
    drives = [
        NightDrive(id=row.id, name=row.name, played_at=_aware(row.first_hand))
        for row in connection.execute(_DRIVE_TIMES, {"club": club_id})
        if row.first_hand is not None and start <= _aware(row.first_hand) < end
    ]
    drives.sort(key=lambda line: (line.played_at, line.id))
    return Night(day=day, games=games, drives=drives)


def _add_players(club_id: str, games: list[NightGame]) -> None:
    """Each game's players under their roster names (the seat's starting name for one without a
    roster player), with their member, total and place; best placed first, then in seat order."""
    if not games:
        return
    by_game = {game.game_id: game for game in games}
    starting = and_(_SEATS.c.game_id == _ROWS.c.game_id, _SEATS.c.seat == _ROWS.c.seat)
    linked = and_(_PLAYER_LINKS.c.player_id == _ROWS.c.player_id, _PLAYER_LINKS.c.club_id == club_id)
    rows = database.connection().execute(
        select(
            _ROWS.c.game_id,
            _ROWS.c.member,
            _ROWS.c.score,
            _ROWS.c.position,
            _ROWS.c.won,
            _PLAYERS.c.name,
            _SEATS.c.name.label("seated"),
            _PLAYER_LINKS.c.member_id,
        )
        .select_from(
            _ROWS.outerjoin(_PLAYERS, _PLAYERS.c.id == _ROWS.c.player_id)
            .outerjoin(_SEATS, starting)
            .outerjoin(_PLAYER_LINKS, linked)
        )
        .where(_ROWS.c.game_id.in_(list(by_game)))
        .order_by(_ROWS.c.game_id, _ROWS.c.member)
    )
    for row in rows:
        by_game[row.game_id].players.append(_player(row))
    for game in games:
        game.players.sort(key=lambda player: (player.place is None, player.place or 0))


def _player(row: Any) -> NightPlayer:
    return NightPlayer(
        name=row.name or row.seated or "?",
        member=row.member_id,
        score=row.score,
        place=row.position,
        won=bool(row.won),
    )


def _midnight(day: date, zone: tzinfo) -> datetime:
    """The first moment of ``day`` in ``zone``, in UTC (as times are stored)."""
    naive = datetime.combine(day, time())
    localize = getattr(zone, "localize", None)  # a pytz zone takes its offset this way
    aware = localize(naive) if localize is not None else naive.replace(tzinfo=zone)
    return aware.astimezone(UTC)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
