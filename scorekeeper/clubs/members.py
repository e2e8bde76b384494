"""A club's members: the people of its tables and drives, renamed, merged and linked by hand.

A member is found by their names (clubs/linking.py): their own, and each name linked or merged
into them. Merging moves every link of one member to the other, so every game and drive of both
counts for the one kept; linking a name ("Ann B." of a drive is Ann Baker) moves one player's link
and the name with it, and a member left with no player at all is merged away. Every change raises
the club's version.

Refusals (RuleViolation codes): club_member_name_missing, club_member_name_broken(character),
club_member_name_unseen(character), club_member_name_too_long(start, most),
club_member_name_twice(name), club_no_such_member, club_merge_same, club_link_what,
club_link_not_in_club, club_link_no_such_name(name), club_too_many_members(most),
club_merge_played_together(name, other, count, games: texts club_played_at(where, variant, day)).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update

from .. import database
from ..database import utcnow
from ..drives.models import DriveRecord
from ..groups.models import GroupPlayerRecord, GroupRecord
from ..groups.roster import name_key, roster_name
from ..rules import RuleViolation, Text
from ..rules.table import same_name_key
from .access import changed
from .linking import MOST_MEMBERS
from .models import (
    ClubDriveLinkRecord,
    ClubDriveRecord,
    ClubMemberRecord,
    ClubNameRecord,
    ClubPlayerLinkRecord,
    ClubTableRecord,
)
from .outcomes import club_outcomes
from .together import Players, games_together, players_of, refuse_together

_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__
_TABLES = ClubTableRecord.__table__
_DRIVES = ClubDriveRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_DRIVE_ROWS = DriveRecord.__table__
_GROUPS = GroupRecord.__table__

_MEMBER_ROWS = select(_MEMBERS.c.id, _MEMBERS.c.name).where(_MEMBERS.c.club_id == bindparam("club"))
_NAME_ROWS = select(_NAMES.c.member_id, _NAMES.c.name).where(_NAMES.c.club_id == bindparam("club"))
_NAME_HOLDER = select(_NAMES.c.member_id).where(
    _NAMES.c.club_id == bindparam("club"), _NAMES.c.name_key == bindparam("key")
)


@dataclass(frozen=True, kw_only=True)
class ClubMember:
    """A member: their name and the other names they are found by ("Ann B.")."""

    id: int
    name: str
    aliases: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class HistoryLine:
    """A finished game or drive of a member, for their page.

    ``title`` is the table's or the drive's name, ``players`` how many played it, ``url_kind``
    and ``ref`` what to link to ("game" and the game's id, or "drive" and the drive's id).
    """

    key: str
    kind: str
    ladder: str
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
    found = [_member(row.id, row.name, names.get(row.id, [])) for row in rows]
    return sorted(found, key=lambda member: (same_name_key(member.name), member.id))


def member(club_id: str, member_id: int) -> ClubMember | None:
    """One member of the club, if there is one."""
    connection = database.connection()
    name = connection.execute(
        select(_MEMBERS.c.name).where(_MEMBERS.c.club_id == club_id, _MEMBERS.c.id == member_id)
    ).scalar()
    if name is None:
        return None
    names = connection.execute(select(_NAMES.c.name).where(_NAMES.c.member_id == member_id)).scalars().all()
    return _member(member_id, name, list(names))


def _member(member_id: int, name: str, names: list[str]) -> ClubMember:
    own = same_name_key(name)
    aliases = sorted((other for other in names if same_name_key(other) != own), key=same_name_key)
    return ClubMember(id=member_id, name=name, aliases=tuple(aliases))


def member_name(name: object) -> str:
    """A member's name, checked as a roster's is; refused with the club's codes."""
    try:
        return roster_name(name)
    except RuleViolation as refused:
        code = "club_member_name_" + refused.code.rsplit("name_", 1)[-1]
        params = {key: value for key, value in refused.params.items() if key != "position"}
        raise RuleViolation.from_text(Text(code, **params), field="name") from None


def add_member(club_id: str, name: object) -> ClubMember:
    """A new member with no games yet (to link a player to who was taken for someone else)."""
    cleaned = member_name(name)
    key = name_key(cleaned)
    with database.transaction() as connection:
        _refuse_taken(connection, club_id, key, cleaned, member_id=None)
        _refuse_full(connection, club_id)
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
        _check_member(connection, club_id, member_id)
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
        kept_name = _check_member(connection, club_id, keep)
        merged_name = _check_member(connection, club_id, merged)
        first, second = players_of(connection, club_id, keep), players_of(connection, club_id, merged)
        refuse_together((kept_name, merged_name), games_together(connection, club_id, first, second))
        changed(connection, club_id)
        _move(connection, merged, keep)


def _move(connection: Connection, merged: int, keep: int) -> None:
    for table in (_PLAYER_LINKS, _DRIVE_LINKS, _NAMES):
        connection.execute(update(table).where(table.c.member_id == merged).values(member_id=keep))
    connection.execute(delete(_MEMBERS).where(_MEMBERS.c.id == merged))


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
        target = _check_member(connection, club_id, member_id)
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
        holder: int | None = connection.execute(_NAME_HOLDER, {"club": club_id, "key": key}).scalar()
        if holder is not None and (
            holder != before or _own_key(connection, holder) == same_name_key(cleaned)
        ):
            raise RuleViolation("club_member_name_twice", field="name", name=cleaned)
        if holder is None:
            _refuse_full(connection, club_id)
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
        _move(connection, before, member_id)


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
    holder: int | None = connection.execute(_NAME_HOLDER, {"club": club_id, "key": key}).scalar()
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


def _check_member(connection: Connection, club_id: str, member_id: int) -> str:
    """The member's name; club_no_such_member when the club has no such member."""
    query = select(_MEMBERS.c.name).where(_MEMBERS.c.club_id == club_id, _MEMBERS.c.id == member_id)
    name: str | None = connection.execute(query).scalar()
    if name is None:
        raise RuleViolation("club_no_such_member", field="member")
    return name


def _refuse_full(connection: Connection, club_id: str) -> None:
    count = connection.execute(select(func.count()).where(_MEMBERS.c.club_id == club_id)).scalar_one()
    if count >= MOST_MEMBERS:
        raise RuleViolation("club_too_many_members", field="club", most=MOST_MEMBERS)


def _refuse_taken(
    connection: Connection, club_id: str, key: str, name: str, *, member_id: int | None
) -> int | None:
    """The member the name finds (refused when it is another member than ``member_id``)."""
    holder: int | None = connection.execute(_NAME_HOLDER, {"club": club_id, "key": key}).scalar()
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
