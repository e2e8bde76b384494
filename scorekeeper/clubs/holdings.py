"""What a club holds: its tables (groups) and its drives, each in one club at most.

Adding a table links each of its roster players to a member (clubs/linking.py), adding a drive
each of its players; removing one takes its links away, the members stay (their names still find
them when the table or drive comes back). Every change raises the club's version.

Refusals (RuleViolation codes): club_no_such_table, club_table_elsewhere, club_too_many_tables(most),
club_no_such_drive, club_drive_elsewhere, club_too_many_drives(most), club_too_many_members(most),
club_not_found.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Table, bindparam, delete, func, insert, select

from .. import database
from ..database import utcnow
from ..drives.models import DriveHandRecord, DriveRecord
from ..groups.access import Group
from ..groups.models import GroupPlayerRecord, GroupRecord
from ..rules import RuleViolation
from .access import changed
from .linking import Linker
from .models import ClubDriveLinkRecord, ClubDriveRecord, ClubPlayerLinkRecord, ClubTableRecord

# A club meets once or twice a week at a few tables: 200 tables is decades of it. The cap bounds
# what a club's pages read (its outcomes read every finished game of its tables, and a table keeps
# at most 2,000 games) and what a club's file holds.
MOST_TABLES = 200
# A weekly drive for ten years is 500 drives; each is replayed when its version is first read.
MOST_DRIVES = 500

_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_GROUPS = GroupRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__

_TABLES_OF = (
    select(_GROUPS.c.id, _GROUPS.c.name, _GROUPS.c.created_at)
    .join(_TABLES, _TABLES.c.group_id == _GROUPS.c.id)
    .where(_TABLES.c.club_id == bindparam("club"))
    .order_by(_GROUPS.c.name, _GROUPS.c.id)
)
_HANDS = DriveHandRecord.__table__
_FIRST_HAND = (
    select(func.min(_HANDS.c.recorded_at)).where(_HANDS.c.drive_id == _DRIVE_ROWS.c.id).scalar_subquery()
)
_DRIVES_OF = (
    select(_DRIVE_ROWS.c.id, _DRIVE_ROWS.c.name, _DRIVE_ROWS.c.created_at, _FIRST_HAND.label("first_hand"))
    .join(_DRIVES, _DRIVES.c.drive_id == _DRIVE_ROWS.c.id)
    .where(_DRIVES.c.club_id == bindparam("club"))
    .order_by(_DRIVE_ROWS.c.created_at.desc(), _DRIVE_ROWS.c.id)
)


@dataclass(frozen=True, kw_only=True)
class DriveLine:
    """A drive the club holds: its id, name, when it was set up and when its first hand was played
    (None before any)."""

    id: str
    name: str
    created_at: datetime
    first_hand: datetime | None = None

    @property
    def played_at(self) -> datetime:
        """When the drive was played: its first hand's time (its set-up's, before any hand)."""
        moment = self.first_hand or self.created_at
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def add_table(club_id: str, group_id: str) -> None:
    """The club holds the table; each roster player is linked to the member of their name, or a new
    member. Adding a table the club holds already changes nothing; refusals store nothing."""
    with database.transaction() as connection:
        if connection.execute(select(_GROUPS.c.id).where(_GROUPS.c.id == group_id)).first() is None:
            raise RuleViolation("club_no_such_table", field="table")
        holder = connection.execute(select(_TABLES.c.club_id).where(_TABLES.c.group_id == group_id)).scalar()
        if holder == club_id:
            return
        if holder is not None:
            raise RuleViolation("club_table_elsewhere", field="table")
        _refuse_past(connection, _TABLES, club_id, MOST_TABLES, "club_too_many_tables")
        changed(connection, club_id)
        connection.execute(insert(_TABLES), {"group_id": group_id, "club_id": club_id, "added_at": utcnow()})
        players = connection.execute(
            select(_PLAYERS.c.id, _PLAYERS.c.name)
            .where(_PLAYERS.c.group_id == group_id)
            .order_by(_PLAYERS.c.id)
        ).all()
        Linker(connection, club_id).link_players((row.id, row.name) for row in players)


def add_drive(club_id: str, drive_id: str) -> None:
    """The club holds the drive; each of its players is linked to the member of their name, or a
    new member. Adding a drive the club holds already changes nothing; refusals store nothing."""
    with database.transaction() as connection:
        players = connection.execute(
            select(_DRIVE_ROWS.c.players).where(_DRIVE_ROWS.c.id == drive_id)
        ).first()
        if players is None:
            raise RuleViolation("club_no_such_drive", field="drive")
        holder = connection.execute(select(_DRIVES.c.club_id).where(_DRIVES.c.drive_id == drive_id)).scalar()
        if holder == club_id:
            return
        if holder is not None:
            raise RuleViolation("club_drive_elsewhere", field="drive")
        _refuse_past(connection, _DRIVES, club_id, MOST_DRIVES, "club_too_many_drives")
        changed(connection, club_id)
        connection.execute(insert(_DRIVES), {"drive_id": drive_id, "club_id": club_id, "added_at": utcnow()})
        Linker(connection, club_id).link_drive(drive_id, list(players[0]))


def remove_table(club_id: str, group_id: str) -> None:
    """The club no longer holds the table: its players' links go, the members stay. Nothing
    happens for a table the club does not hold."""
    with database.transaction() as connection:
        gone = connection.execute(
            delete(_TABLES).where(_TABLES.c.club_id == club_id, _TABLES.c.group_id == group_id)
        ).rowcount
        if gone:
            roster = select(_PLAYERS.c.id).where(_PLAYERS.c.group_id == group_id).scalar_subquery()
            connection.execute(delete(_PLAYER_LINKS).where(_PLAYER_LINKS.c.player_id.in_(roster)))
            changed(connection, club_id)


def remove_drive(club_id: str, drive_id: str) -> None:
    """The club no longer holds the drive: its players' links go, the members stay."""
    with database.transaction() as connection:
        gone = connection.execute(
            delete(_DRIVES).where(_DRIVES.c.club_id == club_id, _DRIVES.c.drive_id == drive_id)
        ).rowcount
        if gone:
            connection.execute(delete(_DRIVE_LINKS).where(_DRIVE_LINKS.c.drive_id == drive_id))
            changed(connection, club_id)


def tables_of(club_id: str) -> list[Group]:
    """The club's tables, by name."""
    rows = database.connection().execute(_TABLES_OF, {"club": club_id}).all()
    return [Group(**row._asdict()) for row in rows]


def drives_of(club_id: str) -> list[DriveLine]:
    """The club's drives, the latest played first."""
    rows = database.connection().execute(_DRIVES_OF, {"club": club_id}).all()
    found = [DriveLine(**row._asdict()) for row in rows]
    return sorted(found, key=lambda line: (line.played_at, line.created_at, line.name, line.id), reverse=True)


def drive_played_at(drive_id: str) -> datetime | None:
    """When the drive's first hand was played (None before any hand)."""
    query = select(func.min(_HANDS.c.recorded_at)).where(_HANDS.c.drive_id == drive_id)
    found: datetime | None = database.connection().execute(query).scalar()
    return None if found is None else (found if found.tzinfo is not None else found.replace(tzinfo=UTC))


def club_of_group(group_id: str) -> str | None:
    """The id of the club that holds the table, if one does."""
    query = select(_TABLES.c.club_id).where(_TABLES.c.group_id == group_id)
    found: str | None = database.connection().execute(query).scalar()
    return found


def club_of_drive(drive_id: str) -> str | None:
    """The id of the club that holds the drive, if one does."""
    query = select(_DRIVES.c.club_id).where(_DRIVES.c.drive_id == drive_id)
    found: str | None = database.connection().execute(query).scalar()
    return found


def _refuse_past(connection: Connection, table: Table, club_id: str, most: int, code: str) -> None:
    held = connection.execute(select(func.count()).where(table.c.club_id == club_id)).scalar_one()
    if held >= most:
        raise RuleViolation(code, field="club", most=most)
