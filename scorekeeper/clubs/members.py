"""A club's members: the people of its tables and drives, renamed, merged and linked by hand.

A member is found by their names (clubs/linking.py): their own, and each name linked or merged
into them. Merging moves every link of one member to the other, so every game and drive of both
counts for the one kept; linking a name ("Ann B." of a drive is Ann Baker) moves one player's link
and the name with it, and a member left with no player at all is merged away (clubs/moving.py).
Every change raises the club's version.

Refusals (RuleViolation codes): club_member_name_missing, club_member_name_broken(character),
club_member_name_unseen(character), club_member_name_too_long(start, most),
club_member_name_twice(name), club_no_such_member, club_merge_same, club_link_what,
club_link_not_in_club, club_link_no_such_name(name), club_too_many_members(most),
club_merge_played_together(name, other, count, games: texts club_played_at(where, variant, day)).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update

from .. import database
from ..database import utcnow
from ..drives.models import DriveRecord
from ..groups.models import GroupPlayerRecord, GroupRecord
from ..groups.roster import name_key
from ..rules import RuleViolation
from ..rules.table import same_name_key
from .access import changed
from .models import (
    ClubDriveLinkRecord,
    ClubDriveRecord,
    ClubMemberRecord,
    ClubNameRecord,
    ClubPlayerLinkRecord,
    ClubTableRecord,
)
from .moving import link_name, link_to_new_member
from .outcomes import club_outcomes
from .people import NAME_HOLDER, ClubMember, check_member, member_name, move_member, refuse_full
from .together import games_together, players_of, refuse_together

__all__ = [
    "ClubMember",
    "HistoryLine",
    "PlayedAs",
    "add_member",
    "link_name",
    "link_to_new_member",
    "member",
    "member_history",
    "member_name",
    "members",
    "merge_members",
    "names_played",
    "rename_member",
]

_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_GROUPS = GroupRecord.__table__

_MEMBER_ROWS = select(_MEMBERS.c.id, _MEMBERS.c.name, _MEMBERS.c.guest, _MEMBERS.c.initials).where(
    _MEMBERS.c.club_id == bindparam("club")
)
_NAME_ROWS = select(_NAMES.c.member_id, _NAMES.c.name).where(_NAMES.c.club_id == bindparam("club"))


@dataclass(frozen=True, kw_only=True)
class HistoryLine:
    """A finished game or drive of a member, for their page.

    ``title`` is the table's or the drive's name, ``players`` how many played it, ``url_kind``
    and ``ref`` what to link to ("game" and the game's id, or "drive" and the drive's id).
    """

    key: str
    kind: str
    ladder: str
    friendly: bool
    title: str
    variant: str
    played_at: datetime
    score: int | None
    rank: int
    players: int
    won: bool
    url_kind: str
    ref: str


def members(club_id: str) -> list[ClubMember]:
    """The club's members in alphabetical order (anyone new at its tables or drives linked first)."""
    club_outcomes(club_id)  # links the newcomers, when something changed since it was last read
    connection = database.connection()
    names: dict[int, list[str]] = {}
    for row in connection.execute(_NAME_ROWS, {"club": club_id}):
        names.setdefault(row.member_id, []).append(row.name)
    rows = connection.execute(_MEMBER_ROWS, {"club": club_id})
    found = [_member(row, names.get(row.id, [])) for row in rows]
    return sorted(found, key=lambda member: (same_name_key(member.name), member.id))


def member(club_id: str, member_id: int) -> ClubMember | None:
    """One member of the club, if there is one."""
    connection = database.connection()
    row = connection.execute(_MEMBER_ROWS.where(_MEMBERS.c.id == member_id), {"club": club_id}).first()
    if row is None:
        return None
    names = connection.execute(select(_NAMES.c.name).where(_NAMES.c.member_id == member_id)).scalars().all()
    return _member(row, list(names))


def _member(row: Any, names: list[str]) -> ClubMember:
    """A member's row (id, name and flags) and every name that finds them, as a ClubMember."""
    own = same_name_key(row.name)
    aliases = sorted((other for other in names if same_name_key(other) != own), key=same_name_key)
    return ClubMember(
        id=row.id, name=row.name, aliases=tuple(aliases), guest=bool(row.guest), initials=bool(row.initials)
    )


def add_member(club_id: str, name: object) -> ClubMember:
    """A new member with no games yet (to link a player to who was taken for someone else)."""
    cleaned = member_name(name)
    key = name_key(cleaned)
    with database.transaction() as connection:
        _refuse_taken(connection, club_id, key, cleaned, member_id=None)
        refuse_full(connection, club_id)
        changed(connection, club_id)
        found: int = connection.execute(
            insert(_MEMBERS).returning(_MEMBERS.c.id),
            {"club_id": club_id, "name": cleaned, "created_at": utcnow()},
        ).scalar_one()
        row = {"club_id": club_id, "name_key": key, "name": cleaned, "member_id": found}
        connection.execute(insert(_NAMES), row)
    return ClubMember(id=found, name=cleaned, aliases=())


def rename_member(club_id: str, member_id: int, name: object) -> None:
    """Give a member a new name; the old one still finds them. Refused when another member has it."""
    cleaned = member_name(name)
    key = name_key(cleaned)
    with database.transaction() as connection:
        check_member(connection, club_id, member_id)
        holder = _refuse_taken(connection, club_id, key, cleaned, member_id=member_id)
        changed(connection, club_id)
        connection.execute(update(_MEMBERS).where(_MEMBERS.c.id == member_id).values(name=cleaned))
        if holder is None:
            row = {"club_id": club_id, "name_key": key, "name": cleaned, "member_id": member_id}
            connection.execute(insert(_NAMES), row)
        else:
            where = (_NAMES.c.club_id == club_id, _NAMES.c.name_key == key)
            connection.execute(update(_NAMES).where(*where).values(name=cleaned))


def merge_members(club_id: str, keep: int, merged: int) -> None:
    """``merged`` is the same person as ``keep``: every link and name of ``merged`` moves to ``keep``
    (so all their games and drives count for ``keep``) and ``merged`` is no more."""
    if keep == merged:
        raise RuleViolation("club_merge_same", field="member")
    club_outcomes(club_id)  # every game's summary brought up to date, newcomers linked
    with database.transaction() as connection:
        kept_name = check_member(connection, club_id, keep)
        merged_name = check_member(connection, club_id, merged)
        first, second = players_of(connection, club_id, keep), players_of(connection, club_id, merged)
        refuse_together((kept_name, merged_name), games_together(connection, club_id, first, second))
        changed(connection, club_id)
        move_member(connection, merged, keep)


def _refuse_taken(
    connection: Connection, club_id: str, key: str, name: str, *, member_id: int | None
) -> int | None:
    """The member the name finds (refused when it is another member than ``member_id``)."""
    holder: int | None = connection.execute(NAME_HOLDER, {"club": club_id, "key": key}).scalar()
    if holder is not None and holder != member_id:
        raise RuleViolation("club_member_name_twice", field="name", name=name)
    return holder


@dataclass(frozen=True, kw_only=True)
class PlayedAs:
    """A name a member played under at one of the club's tables or drives, and where.

    ``kind`` is "table" or "drive", ``ref`` the table's or the drive's id, ``where`` its name;
    ``player`` is the roster player's id at a table, the player's place in the drive's players at
    a drive (what ``link_name`` takes to move this one player to another member).
    """

    name: str
    kind: str
    ref: str
    where: str
    player: int


def names_played(club_id: str, member_id: int) -> list[PlayedAs]:
    """Every player of the club's tables and drives linked to the member: tables first, by name."""
    connection = database.connection()
    tables = connection.execute(
        select(_PLAYERS.c.id, _PLAYERS.c.name, _GROUPS.c.id.label("ref"), _GROUPS.c.name.label("where"))
        .join(_PLAYER_LINKS, _PLAYER_LINKS.c.player_id == _PLAYERS.c.id)
        .join(_GROUPS, _GROUPS.c.id == _PLAYERS.c.group_id)
        .where(_PLAYER_LINKS.c.club_id == club_id, _PLAYER_LINKS.c.member_id == member_id)
        .order_by(_GROUPS.c.name, _PLAYERS.c.id)
    ).all()
    drives = connection.execute(
        select(
            _DRIVE_LINKS.c.player, _DRIVE_LINKS.c.name, _DRIVE_ROWS.c.id, _DRIVE_ROWS.c.name.label("where")
        )
        .join(_DRIVE_ROWS, _DRIVE_ROWS.c.id == _DRIVE_LINKS.c.drive_id)
        .where(_DRIVE_LINKS.c.club_id == club_id, _DRIVE_LINKS.c.member_id == member_id)
        .order_by(_DRIVE_ROWS.c.created_at.desc(), _DRIVE_LINKS.c.player)
    ).all()
    at_tables = [
        PlayedAs(name=row.name, kind="table", ref=row.ref, where=row.where, player=row.id) for row in tables
    ]
    at_drives = [
        PlayedAs(name=row.name, kind="drive", ref=row.id, where=row.where, player=row.player)
        for row in drives
    ]
    return at_tables + at_drives


def member_history(club_id: str, member_id: int) -> list[HistoryLine]:
    """Every finished game and drive the member played, the latest first."""
    found = club_outcomes(club_id)
    lines = []
    for outcome in reversed(found.outcomes):
        placing = next((placing for placing in outcome.placings if placing.member == member_id), None)
        if placing is None:
            continue
        played = found.played[outcome.key]
        lines.append(
            HistoryLine(
                key=outcome.key,
                kind=outcome.kind,
                ladder=outcome.ladder,
                friendly=outcome.friendly,
                title=played.title,
                variant=outcome.variant,
                played_at=outcome.played_at,
                score=placing.score,
                rank=placing.rank,
                players=played.players,
                won=placing.won,
                url_kind=outcome.kind,
                ref=played.ref,
            )
        )
    return lines
