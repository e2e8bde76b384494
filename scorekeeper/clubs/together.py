"""Whether two members (or a member and one name played) sat at the same game or drive.

One person cannot sit twice at one table: two members who played the same game are two people, and
merging them (or linking one's name to the other) would leave a game with one person in two seats,
whose ratings would count the better seat only and whose game counts would add up twice. The store
asks this before a merge or a link and refuses it, naming the games (``club_merge_played_together``).

A member's players are the roster players of the club's tables and the players of the club's drives
linked to them; two members sat together where a game's summary rows (groups/summaries.py, every
game of the tables, finished or not) hold a player of each, or where a drive has a player of each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo

import pytz
from sqlalchemy import Connection, func, select

from ..drives.models import DriveHandRecord, DriveRecord
from ..groups.models import GameSummaryRecord, GroupRecord
from ..rules import RuleViolation, Text
from .models import ClubDriveLinkRecord, ClubPlayerLinkRecord, ClubRecord

_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_ROWS = GameSummaryRecord.__table__
_GROUPS = GroupRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_HANDS = DriveHandRecord.__table__
_CLUBS = ClubRecord.__table__
# The games a refusal names; the others are counted.
MOST_NAMED = 3


@dataclass(frozen=True, kw_only=True)
class Players:
    """Some players of a club: roster players of its tables by id, drive players by (drive, place)."""

    at_tables: frozenset[int] = field(default_factory=frozenset)
    at_drives: frozenset[tuple[str, int]] = field(default_factory=frozenset)


def players_of(connection: Connection, club_id: str, member_id: int) -> Players:
    """Every player of the club's tables and drives linked to the member."""
    tables = connection.execute(
        select(_PLAYER_LINKS.c.player_id).where(
            _PLAYER_LINKS.c.club_id == club_id, _PLAYER_LINKS.c.member_id == member_id
        )
    ).scalars()
    drives = connection.execute(
        select(_DRIVE_LINKS.c.drive_id, _DRIVE_LINKS.c.player).where(
            _DRIVE_LINKS.c.club_id == club_id, _DRIVE_LINKS.c.member_id == member_id
        )
    ).all()
    return Players(at_tables=frozenset(tables), at_drives=frozenset((row[0], row[1]) for row in drives))


def games_together(connection: Connection, club_id: str, first: Players, second: Players) -> list[Text]:
    """The games and drives where a player of ``first`` and one of ``second`` both sat, oldest first,
    each as a text naming where and when (``club_played_at``: its table or drive, its variant, its
    day on the club's calendar)."""
    zone = _zone(connection, club_id)
    found: list[tuple[datetime, Text]] = []
    if first.at_tables and second.at_tables:
        found += _games(connection, first.at_tables, second.at_tables, zone)
    drives = {drive for drive, _ in first.at_drives} & {drive for drive, _ in second.at_drives}
    if drives:
        found += _drives(connection, sorted(drives), zone)
    return [text for _, text in sorted(found, key=lambda item: item[0])]


def refuse_together(names: tuple[str, str], together: Sequence[Text]) -> None:
    """Refuse (club_merge_played_together) when ``together`` names any game: ``names`` are the two
    members' (or the name played and the member's) names."""
    if together:
        raise RuleViolation(
            "club_merge_played_together",
            field="other",
            name=names[0],
            other=names[1],
            count=len(together),
            games=tuple(together[:MOST_NAMED]),
        )


def _games(
    connection: Connection, first: Iterable[int], second: Iterable[int], zone: tzinfo
) -> list[tuple[datetime, Text]]:
    wanted_first = select(_ROWS.c.game_id).where(_ROWS.c.player_id.in_(list(first)))
    wanted_second = select(_ROWS.c.game_id).where(_ROWS.c.player_id.in_(list(second)))
    rows = connection.execute(
        select(_ROWS.c.game_id, _ROWS.c.variant, _ROWS.c.played_at, _GROUPS.c.name)
        .join(_GROUPS, _GROUPS.c.id == _ROWS.c.group_id)
        .where(
            _ROWS.c.member == 0,
            _ROWS.c.game_id.in_(wanted_first),
            _ROWS.c.game_id.in_(wanted_second),
        )
    ).all()
    return [
        (
            _aware(row.played_at),
            Text(
                "club_played_at",
                where=row.name,
                variant=row.variant,
                day=_aware(row.played_at).astimezone(zone).date().isoformat(),
            ),
        )
        for row in rows
    ]


def _drives(connection: Connection, drives: Sequence[str], zone: tzinfo) -> list[tuple[datetime, Text]]:
    first_hand = (
        select(func.min(_HANDS.c.recorded_at)).where(_HANDS.c.drive_id == _DRIVE_ROWS.c.id).scalar_subquery()
    )
    rows = connection.execute(
        select(_DRIVE_ROWS.c.name, _DRIVE_ROWS.c.created_at, first_hand.label("first_hand")).where(
            _DRIVE_ROWS.c.id.in_(drives)
        )
    ).all()
    found = []
    for row in rows:
        moment = _aware(row.first_hand or row.created_at)
        day = moment.astimezone(zone).date().isoformat()
        found.append((moment, Text("club_played_at", where=row.name, variant="drive", day=day)))
    return found


def _zone(connection: Connection, club_id: str) -> tzinfo:
    name = connection.execute(select(_CLUBS.c.time_zone).where(_CLUBS.c.id == club_id)).scalar()
    return pytz.timezone(name) if name else UTC


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
