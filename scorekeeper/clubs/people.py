"""What a club's member is, as the store keeps them, and the few steps every change to members shares:
a member's name checked, a member found (or refused), a member merged into another, the club's cap.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, delete, func, select, update

from ..groups.roster import roster_name
from ..rules import RuleViolation, Text
from .linking import MOST_MEMBERS
from .models import ClubDriveLinkRecord, ClubMemberRecord, ClubNameRecord, ClubPlayerLinkRecord

_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__

NAME_HOLDER = select(_NAMES.c.member_id).where(
    _NAMES.c.club_id == bindparam("club"), _NAMES.c.name_key == bindparam("key")
)
"""The member a name finds in a club (by its key), if one."""


@dataclass(frozen=True, kw_only=True)
class ClubMember:
    """A member: their name, the other names they are found by ("Ann B."), whether they are a
    guest (rated with the members, on no ladder: clubs/guests.py) and whether public pages show
    them by their initials (clubs/standings.py)."""

    id: int
    name: str
    aliases: tuple[str, ...]
    guest: bool = False
    initials: bool = False


def member_name(name: object) -> str:
    """A member's name, checked as a roster's is; refused with the club's codes."""
    try:
        return roster_name(name)
    except RuleViolation as refused:
        code = "club_member_name_" + refused.code.rsplit("name_", 1)[-1]
        params = {key: value for key, value in refused.params.items() if key != "position"}
        raise RuleViolation.from_text(Text(code, **params), field="name") from None


def move_member(connection: Connection, merged: int, keep: int) -> None:
    """In the caller's transaction: every link and name of ``merged`` goes to ``keep``, and ``merged``
    is no more."""
    for table in (_PLAYER_LINKS, _DRIVE_LINKS, _NAMES):
        connection.execute(update(table).where(table.c.member_id == merged).values(member_id=keep))
    connection.execute(delete(_MEMBERS).where(_MEMBERS.c.id == merged))


def check_member(connection: Connection, club_id: str, member_id: int) -> str:
    """The member's name; club_no_such_member when the club has no such member."""
    query = select(_MEMBERS.c.name).where(_MEMBERS.c.club_id == club_id, _MEMBERS.c.id == member_id)
    name: str | None = connection.execute(query).scalar()
    if name is None:
        raise RuleViolation("club_no_such_member", field="member")
    return name


def refuse_full(connection: Connection, club_id: str) -> None:
    """Refuse (club_too_many_members) a new member of a club that has MOST_MEMBERS already."""
    count = connection.execute(select(func.count()).where(_MEMBERS.c.club_id == club_id)).scalar_one()
    if count >= MOST_MEMBERS:
        raise RuleViolation("club_too_many_members", field="club", most=MOST_MEMBERS)
