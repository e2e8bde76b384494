"""Who each player of a club's tables and drives is: the links to members, made by name.

A roster player of a club's table, or a player of a club's drive, is linked to the member whose
names include theirs as the engine compares names ("Ann" and "ANN" are one person), or to a new
member of that name. The names a member is found by are their own and every name linked or merged
into them, so "Ann B." linked once to Ann Baker finds Ann Baker at every table and drive added
after. A player who first plays after their table or drive joined the club (a new name at a
table, a latecomer at a drive) is linked the same way when the club's outcomes or members are
next read (``link_newcomers``): no write of a game or a drive has to know about clubs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import Connection, bindparam, func, insert, select
from sqlalchemy.exc import IntegrityError

from .. import database
from ..database import utcnow
from ..groups.models import GroupPlayerRecord
from ..groups.roster import name_key
from ..rules import RuleViolation
from .models import (
    ClubDriveLinkRecord,
    ClubMemberRecord,
    ClubNameRecord,
    ClubPlayerLinkRecord,
    ClubTableRecord,
)

# A club is a village's or a hall's people: 2,000 members is forty years of a big weekly drive's
# regulars and visitors. The cap keeps a club's pages (the members' list, the ladder) short
# enough to read and its ratings quick to recompute; it is a guard, not a plan.
MOST_MEMBERS = 2_000

_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_TABLES = ClubTableRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__

_NAME_INDEX = select(_NAMES.c.name_key, _NAMES.c.member_id).where(_NAMES.c.club_id == bindparam("club"))
_MEMBER_COUNT = select(func.count()).where(_MEMBERS.c.club_id == bindparam("club"))
# The roster players of the club's tables that no member is linked to yet.
_UNLINKED_PLAYERS = (
    select(_PLAYERS.c.id, _PLAYERS.c.name)
    .join(_TABLES, _TABLES.c.group_id == _PLAYERS.c.group_id)
    .outerjoin(_PLAYER_LINKS, _PLAYER_LINKS.c.player_id == _PLAYERS.c.id)
    .where(_TABLES.c.club_id == bindparam("club"), _PLAYER_LINKS.c.player_id.is_(None))
    .order_by(_PLAYERS.c.id)
)
_LINKED_DRIVE_PLAYERS = select(_DRIVE_LINKS.c.drive_id, _DRIVE_LINKS.c.player).where(
    _DRIVE_LINKS.c.club_id == bindparam("club")
)


class Linker:
    """Links players to members in the caller's transaction: finds a member by name, or adds one."""

    def __init__(self, connection: Connection, club_id: str) -> None:
        self.connection = connection
        self.club_id = club_id
        rows = connection.execute(_NAME_INDEX, {"club": club_id})
        self.by_key: dict[str, int] = {row.name_key: row.member_id for row in rows}
        self.count: int | None = None  # the club's members, counted once a member is to be added

    def member_for(self, name: str) -> int:
        """The member ``name`` finds, or a new member of that name (club_too_many_members(most))."""
        key = name_key(name)
        found = self.by_key.get(key)
        if found is not None:
            return found
        if self.count is None:
            self.count = self.connection.execute(_MEMBER_COUNT, {"club": self.club_id}).scalar_one()
        if self.count >= MOST_MEMBERS:
            raise RuleViolation("club_too_many_members", field="club", most=MOST_MEMBERS)
        member: int = self.connection.execute(
            insert(_MEMBERS).returning(_MEMBERS.c.id),
            {"club_id": self.club_id, "name": name, "created_at": utcnow()},
        ).scalar_one()
        self.connection.execute(
            insert(_NAMES), {"club_id": self.club_id, "name_key": key, "name": name, "member_id": member}
        )
        self.count += 1
        self.by_key[key] = member
        return member

    def link_players(self, players: Iterable[tuple[int, str]]) -> int:
        """Link each (roster player id, name) to its member; how many were linked."""
        rows = [
            {"player_id": player, "club_id": self.club_id, "member_id": self.member_for(name)}
            for player, name in players
        ]
        if rows:
            self.connection.execute(insert(_PLAYER_LINKS), rows)
        return len(rows)

    def link_drive(self, drive_id: str, names: Sequence[str], *, linked: Iterable[int] = ()) -> int:
        """Link each player of a drive (by their place in its players) not in ``linked``; how many."""
        known = set(linked)
        rows = [
            {
                "drive_id": drive_id,
                "player": player,
                "name": name,
                "club_id": self.club_id,
                "member_id": self.member_for(name),
            }
            for player, name in enumerate(names)
            if player not in known
        ]
        if rows:
            self.connection.execute(insert(_DRIVE_LINKS), rows)
        return len(rows)


def link_newcomers(club_id: str, drives: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Link every player of the club's tables, and of ``drives`` (id, players' names), who is not
    linked yet. Read first, and written only when someone is missing: reading a club costs one or
    two queries for this when nobody new has played. Two requests linking the same newcomer at
    once cannot both store them (the links' keys): the loser leaves it to the winner. A club
    already at MOST_MEMBERS links nobody new: a read is never refused for it."""
    connection = database.connection()
    players = [(row.id, row.name) for row in connection.execute(_UNLINKED_PLAYERS, {"club": club_id})]
    linked: dict[str, set[int]] = {}
    if drives:
        for row in connection.execute(_LINKED_DRIVE_PLAYERS, {"club": club_id}):
            linked.setdefault(row.drive_id, set()).add(row.player)
    missing = [(drive_id, names) for drive_id, names in drives if len(linked.get(drive_id, ())) < len(names)]
    if not players and not missing:
        return
    try:
        with database.transaction() as writing:
            linker = Linker(writing, club_id)
            linker.link_players(players)
            for drive_id, names in missing:
                linker.link_drive(drive_id, names, linked=linked.get(drive_id, ()))
    except IntegrityError:
        pass  # another request linked them first
    except RuleViolation:
        pass  # the club is full: the newcomers stay out of its outcomes until members are merged
