"""Moving one name played to a member: a player of a club's table or drive is another member, or a
new one — a name linked by mistake moved out, a merge undone.

A name finds one member (clubs/linking.py): a name moved goes with the player to the member it is
moved to, unless it is another member's own name (every member's own name finds them) or another
player of the member it leaves still plays under it; so a file of the club always imports again
to the same club. A member left with no player is merged into the one the player went to. Two
members who sat at the same game are never one (clubs/together.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select, update

from .. import database
from ..database import utcnow
from ..drives.models import DriveRecord
from ..groups.models import GroupPlayerRecord
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
from .outcomes import club_outcomes
from .people import NAME_HOLDER, ClubMember, check_member, member_name, move_member, refuse_full
from .together import Players, games_together, players_of, refuse_together

_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__


def link_name(
    club_id: str,
    member_id: int,
    *,
    group_player_id: int | None = None,
    drive_id: str | None = None,
    drive_name: str | None = None,
) -> None:
    """A player of one of the club's tables (``group_player_id``) or drives (``drive_id`` and the
    name they played under there) is this member; their name finds the member from now on, unless it
    is another member's own name or another player of that member still plays under it. The member
    the player was linked to before, left with no player, is merged into this one. Refused
    (club_merge_played_together) when the player sat at a game or drive with the member."""
    played = _Played.of(group_player_id, drive_id, drive_name)
    club_outcomes(club_id)  # every game's summary brought up to date, newcomers linked
    with database.transaction() as connection:
        target = check_member(connection, club_id, member_id)
        _link_player(connection, club_id, played, member_id, target)


def link_to_new_member(
    club_id: str,
    name: object,
    *,
    group_player_id: int | None = None,
    drive_id: str | None = None,
    drive_name: str | None = None,
) -> ClubMember:
    """A player of one of the club's tables or drives is a new member called ``name``, in one
    transaction (a refusal stores no member). The name may be one the player's member is found by
    without being called it — a name merged into them, moved back out ("Dan", merged into Ben by
    mistake, is Dan again) —: it then finds the new member alone. Refused when it is another
    member's name, or the own name of the member the player leaves."""
    played = _Played.of(group_player_id, drive_id, drive_name)
    cleaned = member_name(name)
    key = name_key(cleaned)
    club_outcomes(club_id)
    with database.transaction() as connection:
        _name, before = played.find(connection, club_id)
        holder: int | None = connection.execute(NAME_HOLDER, {"club": club_id, "key": key}).scalar()
        if holder is not None and (
            holder != before or _own_key(connection, holder) == same_name_key(cleaned)
        ):
            raise RuleViolation("club_member_name_twice", field="name", name=cleaned)
        if holder is None:
            refuse_full(connection, club_id)
        found: int = connection.execute(
            insert(_MEMBERS).returning(_MEMBERS.c.id),
            {"club_id": club_id, "name": cleaned, "created_at": utcnow()},
        ).scalar_one()
        if holder is None:
            row = {"club_id": club_id, "name_key": key, "name": cleaned, "member_id": found}
            connection.execute(insert(_NAMES), row)
        else:  # the name merged in leaves the member it was merged into
            where = (_NAMES.c.club_id == club_id, _NAMES.c.name_key == key)
            connection.execute(update(_NAMES).where(*where).values(name=cleaned, member_id=found))
        _link_player(connection, club_id, played, found, cleaned)
    return ClubMember(id=found, name=cleaned, aliases=())


@dataclass(frozen=True)
class _Played:
    """One player of a club's table (``player``: the roster player's id) or drive (``drive``, and
    the name typed to find the player there)."""

    player: int | None
    drive: str | None
    typed: str | None

    @classmethod
    def of(cls, group_player_id: int | None, drive_id: str | None, drive_name: str | None) -> _Played:
        """The player named by a link's arguments (club_link_what when they name none, or two)."""
        by_table = group_player_id is not None
        if by_table == (drive_id is not None or drive_name is not None) or (not by_table and not drive_name):
            raise RuleViolation("club_link_what", field="name")
        return cls(group_player_id, drive_id, drive_name)

    def find(self, connection: Connection, club_id: str) -> tuple[str, int | None]:
        """The player's name and the member linked to them (club_link_not_in_club, ...)."""
        if self.player is not None:
            return _table_player(connection, club_id, self.player)
        assert self.drive is not None and self.typed is not None
        _place, name, before = _drive_player(connection, club_id, self.drive, self.typed)
        return name, before

    def players(self, connection: Connection, club_id: str) -> Players:
        """The player as a one-player ``Players``."""
        if self.player is not None:
            return Players(at_tables=frozenset({self.player}))
        assert self.drive is not None and self.typed is not None
        place, _name, _before = _drive_player(connection, club_id, self.drive, self.typed)
        return Players(at_drives=frozenset({(self.drive, place)}))


def _link_player(connection: Connection, club_id: str, played: _Played, member_id: int, target: str) -> None:
    """In the caller's transaction: link the player to the member called ``target`` (see link_name)."""
    name, before = played.find(connection, club_id)
    if before != member_id:
        mine = players_of(connection, club_id, member_id)
        together = games_together(connection, club_id, played.players(connection, club_id), mine)
        refuse_together((name, target), together)
    if played.player is not None:
        connection.execute(delete(_PLAYER_LINKS).where(_PLAYER_LINKS.c.player_id == played.player))
        row = {"player_id": played.player, "club_id": club_id, "member_id": member_id}
        connection.execute(insert(_PLAYER_LINKS), row)
    else:
        assert played.drive is not None and played.typed is not None
        place, name, _before = _drive_player(connection, club_id, played.drive, played.typed)
        where = (_DRIVE_LINKS.c.drive_id == played.drive, _DRIVE_LINKS.c.player == place)
        connection.execute(delete(_DRIVE_LINKS).where(*where))
        values = {"drive_id": played.drive, "player": place, "name": name}
        connection.execute(insert(_DRIVE_LINKS), {**values, "club_id": club_id, "member_id": member_id})
    changed(connection, club_id)
    _name_finds(connection, club_id, name, member_id)
    if before is not None and before != member_id and not _has_players(connection, before):
        move_member(connection, before, member_id)


def _table_player(connection: Connection, club_id: str, player_id: int) -> tuple[str, int | None]:
    """The name of a roster player of the club's tables, and the member linked to them."""
    found = connection.execute(
        select(_PLAYERS.c.name, _PLAYER_LINKS.c.member_id)
        .join(_TABLES, _TABLES.c.group_id == _PLAYERS.c.group_id)
        .outerjoin(_PLAYER_LINKS, _PLAYER_LINKS.c.player_id == _PLAYERS.c.id)
        .where(_PLAYERS.c.id == player_id, _TABLES.c.club_id == club_id)
    ).first()
    if found is None:
        raise RuleViolation("club_link_not_in_club", field="name")
    return found.name, found.member_id


def _drive_player(
    connection: Connection, club_id: str, drive_id: str, typed: str
) -> tuple[int, str, int | None]:
    """The place, name and linked member of the player of a club's drive called ``typed``."""
    players = connection.execute(
        select(_DRIVE_ROWS.c.players)
        .join(_DRIVES, _DRIVES.c.drive_id == _DRIVE_ROWS.c.id)
        .where(_DRIVE_ROWS.c.id == drive_id, _DRIVES.c.club_id == club_id)
    ).scalar()
    if players is None:
        raise RuleViolation("club_link_not_in_club", field="name")
    key = same_name_key(" ".join(typed.split()))
    for player, name in enumerate(players):
        if same_name_key(name) == key:
            where = (_DRIVE_LINKS.c.drive_id == drive_id, _DRIVE_LINKS.c.player == player)
            before = connection.execute(select(_DRIVE_LINKS.c.member_id).where(*where)).scalar()
            return player, name, before
    raise RuleViolation("club_link_no_such_name", field="name", name=typed[:40])


def _name_finds(connection: Connection, club_id: str, name: str, member_id: int) -> None:
    """``name``, just linked to ``member_id``, finds that member from now on where it found nobody,
    or a member who played under it no more; it stays with a member it is the own name of (every
    member's own name finds them), or whose players still play under it."""
    key = name_key(name)
    holder: int | None = connection.execute(NAME_HOLDER, {"club": club_id, "key": key}).scalar()
    if holder is None:
        row = {"club_id": club_id, "name_key": key, "name": name, "member_id": member_id}
        connection.execute(insert(_NAMES), row)
        return
    if holder == member_id:
        return
    same = same_name_key(name)
    if _own_key(connection, holder) == same or same in _keys_played(connection, club_id, holder):
        return
    where = (_NAMES.c.club_id == club_id, _NAMES.c.name_key == key)
    connection.execute(update(_NAMES).where(*where).values(member_id=member_id))


def _own_key(connection: Connection, member_id: int) -> str | None:
    """The same-name key of the member's own name."""
    own = connection.execute(select(_MEMBERS.c.name).where(_MEMBERS.c.id == member_id)).scalar()
    return None if own is None else same_name_key(own)


def _keys_played(connection: Connection, club_id: str, member_id: int) -> set[str]:
    """The same-name keys of every name the member's players play under at the club's tables and
    drives (a drive's players as named now)."""
    keys = {
        same_name_key(name)
        for name in connection.execute(
            select(_PLAYERS.c.name)
            .join(_PLAYER_LINKS, _PLAYER_LINKS.c.player_id == _PLAYERS.c.id)
            .where(_PLAYER_LINKS.c.club_id == club_id, _PLAYER_LINKS.c.member_id == member_id)
        ).scalars()
    }
    rows = connection.execute(
        select(_DRIVE_LINKS.c.player, _DRIVE_ROWS.c.players)
        .join(_DRIVE_ROWS, _DRIVE_ROWS.c.id == _DRIVE_LINKS.c.drive_id)
        .where(_DRIVE_LINKS.c.club_id == club_id, _DRIVE_LINKS.c.member_id == member_id)
    ).all()
    keys.update(same_name_key(row.players[row.player]) for row in rows if row.player < len(row.players))
    return keys


def _has_players(connection: Connection, member_id: int) -> bool:
    for table in (_PLAYER_LINKS, _DRIVE_LINKS):
        query = select(table.c.member_id).where(table.c.member_id == member_id).limit(1)
        if connection.execute(query).first() is not None:
            return True
    return False
