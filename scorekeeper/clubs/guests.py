"""Guests and friendlies: who is on the club's ladders, and which games count on them.

A **guest** (a visitor, a member's friend who came once) plays the club's games like anyone: their
results rate the members they played (beating a strong guest counts), but they are on no ladder,
league or record. A **friendly** game or drive (practice, a new game tried out) counts for nothing:
no rating, league or record; it stays in the club's evenings and its players' histories, marked.
Both are undone the way they were done, and both raise the club's version (its pages change).

Refusals (RuleViolation codes): club_no_such_member, club_no_such_outcome, club_not_found.
"""

from __future__ import annotations

from sqlalchemy import bindparam, delete, insert, select, update

from .. import database
from ..database import utcnow
from ..games.models import GameRecord
from ..rules import RuleViolation
from .access import changed
from .models import ClubDriveRecord, ClubFriendlyRecord, ClubMemberRecord, ClubTableRecord

_MEMBERS = ClubMemberRecord.__table__
_FRIENDLIES = ClubFriendlyRecord.__table__
_GAMES = GameRecord.__table__
_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_GUESTS = select(_MEMBERS.c.id).where(_MEMBERS.c.club_id == bindparam("club"), _MEMBERS.c.guest.is_(True))
_FRIENDLY = select(_FRIENDLIES.c.outcome).where(_FRIENDLIES.c.club_id == bindparam("club"))


def guests(club_id: str) -> frozenset[int]:
    """The club's guests' member ids."""
    return frozenset(database.connection().execute(_GUESTS, {"club": club_id}).scalars())


def set_guest(club_id: str, member_id: int, guest: bool) -> None:
    """Mark the member a guest (True) or a member again (False)."""
    with database.transaction() as connection:
        found = connection.execute(
            update(_MEMBERS)
            .where(_MEMBERS.c.club_id == club_id, _MEMBERS.c.id == member_id)
            .values(guest=guest)
        ).rowcount
        if found != 1:
            raise RuleViolation("club_no_such_member", field="member")
        changed(connection, club_id)


def friendlies(club_id: str) -> frozenset[str]:
    """The keys of the club's friendly games and drives ("game:<id>", "drive:<id>")."""
    return frozenset(database.connection().execute(_FRIENDLY, {"club": club_id}).scalars())


def set_friendly(club_id: str, key: str, friendly: bool) -> None:
    """Mark a game of the club's tables or a drive of the club ("game:<id>", "drive:<id>") friendly,
    or count it again; club_no_such_outcome for one the club does not hold."""
    kind, _, ref = key.partition(":")
    with database.transaction() as connection:
        if kind == "game":
            query = (
                select(_GAMES.c.id)
                .join(_TABLES, _TABLES.c.group_id == _GAMES.c.group_id)
                .where(_GAMES.c.id == ref, _TABLES.c.club_id == club_id)
            )
        elif kind == "drive":
            query = select(_DRIVES.c.drive_id).where(_DRIVES.c.drive_id == ref, _DRIVES.c.club_id == club_id)
        else:
            raise RuleViolation("club_no_such_outcome", field="outcome")
        if len(ref) > 32 or connection.execute(query).first() is None:
            raise RuleViolation("club_no_such_outcome", field="outcome")
        where = (_FRIENDLIES.c.club_id == club_id, _FRIENDLIES.c.outcome == key)
        marked = connection.execute(select(_FRIENDLIES.c.outcome).where(*where)).first() is not None
        if friendly and not marked:
            row = {"club_id": club_id, "outcome": key, "marked_at": utcnow()}
            connection.execute(insert(_FRIENDLIES), row)
        elif not friendly and marked:
            connection.execute(delete(_FRIENDLIES).where(*where))
        changed(connection, club_id)
