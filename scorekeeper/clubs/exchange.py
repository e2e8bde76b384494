"""A whole club as a file: JSON that imports to the same club elsewhere, nothing lost.

The file holds the club's name, its members (each with every name they are found by), its
seasons, each table as the tables' own file holds it (groups/files.py) and each drive's stored
inputs (set-up, prizes, arrivals and departures, seatings and every table's hand as entered, with
their times), each with the member of every player (an index into ``members``). Importing replays
every game and every drive with the engine and checks every name, link and season first: a refused
file stores nothing, and an accepted one is stored in one transaction. Tables, games and drives get
new ids; the importing phone keeps the club, its tables and their games; each drive gets a new
organiser key (``import_club_with_keys`` gives them, as a drive's start does).

Refusals (RuleViolation codes, field "file"): club_file_not_club, club_file_version(version, ours),
club_file_shape(part), club_file_too_many(part, most, count), club_file_name_twice(name),
club_file_link(part, number), club_file_table_refused(number, reason: a text),
club_file_drive_refused(number, reason: a text or None), and the club's name, members' names and
seasons' refusals (access.py, members.py, seasons.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, select

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..drives import store as drives
from ..drives.models import DriveHandRecord, DriveRecord
from ..groups import files as table_files
from ..groups.importing import ImportedTable, store_table_in
from ..groups.roster import name_key
from ..rules import RuleViolation
from ..rules.club.ladder import MINIMUM_GAMES
from ..rules.table import same_name_key
from . import house_rules
from .access import Club, clean_club_name, club_minimum, club_time_zone, find_club, store_club
from .exchange_marks import Marks, export_marks, export_ratings, read_marks, store_marks
from .file_checks import check_budget, read_drive
from .holdings import MOST_DRIVES, MOST_TABLES, drives_of, tables_of
from .linking import MOST_MEMBERS
from .members import member_name
from .models import (
    ClubDriveLinkRecord,
    ClubDriveRecord,
    ClubMemberRecord,
    ClubNameRecord,
    ClubPlayerLinkRecord,
    ClubSeasonRecord,
    ClubTableRecord,
)
from .seasons import MOST_SEASONS, StoredSeason, read_season, season_document, season_row, seasons

FORMAT = "scorekeeper/club"
FORMAT_VERSION = 1
_HAND_FIELDS = (
    "hand",
    "table_number",
    "tricks",
    "pair",
    "moved_as",
    "needs_confirmation",
    "confirmed_by",
    "corrected",
)
_DRIVE_FIELDS = ("name", "players", "options", "prizes", "roster", "seatings")
_HANDS = DriveHandRecord.__table__
_MEMBERS = ClubMemberRecord.__table__
_NAMES = ClubNameRecord.__table__
_PLAYER_LINKS = ClubPlayerLinkRecord.__table__
_DRIVE_LINKS = ClubDriveLinkRecord.__table__


def export_club(club_id: str) -> dict[str, Any]:
    """Everything of the club: name, members with their names, seasons, tables and drives with
    every player's member. Refused (club_not_found) for a club there is not."""
    club = find_club(club_id)
    if club is None:
        raise RuleViolation("club_not_found", field="club")
    connection = database.connection()
    member_rows = connection.execute(
        select(_MEMBERS.c.id, _MEMBERS.c.name).where(_MEMBERS.c.club_id == club_id).order_by(_MEMBERS.c.id)
    ).all()
    index = {row.id: number for number, row in enumerate(member_rows)}
    names: dict[int, list[str]] = {row.id: [] for row in member_rows}
    for row in connection.execute(
        select(_NAMES.c.member_id, _NAMES.c.name).where(_NAMES.c.club_id == club_id)
    ):
        names[row.member_id].append(row.name)
    by_player = select(_PLAYER_LINKS.c.player_id, _PLAYER_LINKS.c.member_id).where(
        _PLAYER_LINKS.c.club_id == club_id
    )
    player_links: dict[int, int] = {row.player_id: row.member_id for row in connection.execute(by_player)}
    drive_links = {
        (row.drive_id, row.player): row.member_id
        for row in connection.execute(select(_DRIVE_LINKS).where(_DRIVE_LINKS.c.club_id == club_id))
    }
    tables, groups = [], tables_of(club_id)
    for group in groups:
        document, players = table_files.export_table_and_players(group)
        tables.append({"table": document, "members": [_index(index, player_links.get(p)) for p in players]})
    drives = [line.id for line in reversed(drives_of(club_id))]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": club.name,
        "created_at": table_files.when(club.created_at),
        "time_zone": club.time_zone or "UTC",
        "minimum_games": club.minimum_games,
        "members": [
            {"name": row.name, "names": sorted(names[row.id], key=same_name_key)} for row in member_rows
        ],
        "seasons": [season_document(stored) for stored in reversed(seasons(club_id))],
        "tables": tables,
        "drives": [_drive_document(drive_id, index, drive_links) for drive_id in drives],
        **export_marks(club_id, index, [group.id for group in groups], drives),
        **export_ratings(club_id, index),
        **house_rules.export_part(club_id),
    }


def _index(index: dict[int, int], member_id: int | None) -> int | None:
    return None if member_id is None else index.get(member_id)


def _drive_document(
    drive_id: str, index: dict[int, int], links: dict[tuple[str, int], int]
) -> dict[str, Any]:
    """A drive's stored inputs, its hands as entered with their times, and each player's member."""
    record = drives.find_drive(drive_id)
    assert record is not None  # listed by drives_of a moment ago; a drive removed goes with its hold
    hands = database.connection().execute(
        select(_HANDS).where(_HANDS.c.drive_id == drive_id).order_by(_HANDS.c.hand, _HANDS.c.table_number)
    )
    return {
        **{name: getattr(record, name) for name in _DRIVE_FIELDS},
        "created_at": table_files.when(record.created_at),
        "updated_at": table_files.when(record.updated_at),
        "hands": [
            {
                **{name: getattr(row, name) for name in _HAND_FIELDS},
                "recorded_at": table_files.when(row.recorded_at),
            }
            for row in hands
        ],
        "members": [_index(index, links.get((drive_id, player))) for player in range(len(record.players))],
    }


@dataclass(frozen=True, kw_only=True)
class _Drive:
    """A drive of the file, replayed: its row as stored (without id and key), hands and links."""

    row: dict[str, Any]
    hands: list[dict[str, Any]]
    members: list[int | None]


@dataclass(frozen=True, kw_only=True)
class _File:
    """A club's file, checked entirely."""

    club: Club
    members: list[tuple[str, list[str]]]
    seasons: list[StoredSeason]
    tables: list[tuple[ImportedTable, list[int | None]]]
    drives: list[_Drive]
    marks: Marks
    house_rules: list[tuple[str, str, dict[str, Any]]]


def import_club(data: object, *, holder: str) -> Club:
    """Check a club's file entirely, then store it in one transaction, kept by the device ``holder``.
    Refused (RuleViolation), nothing is stored."""
    return import_club_with_keys(data, holder=holder)[0]


def import_club_with_keys(data: object, *, holder: str) -> tuple[Club, dict[str, str]]:
    """As ``import_club``, with each imported drive's new organiser key by the drive's new id."""
    checked = read_club(data)
    keys: dict[str, str] = {}
    with database.transaction() as connection:
        store_club(connection, checked.club, holder=holder)
        member_ids = _store_members(connection, checked)
        club_id, added = checked.club.id, checked.club.created_at
        groups: list[str] = []
        for imported, links in checked.tables:
            group, players = store_table_in(connection, imported, device=hash_key(holder))
            groups.append(group.id)
            connection.execute(
                insert(ClubTableRecord.__table__),
                {"group_id": group.id, "club_id": club_id, "added_at": added},
            )
            rows = [
                {"player_id": player, "club_id": club_id, "member_id": member_ids[link]}
                for player, link in zip(players, links, strict=True)
                if link is not None
            ]
            if rows:
                connection.execute(insert(_PLAYER_LINKS), rows)
        for drive in checked.drives:
            drive_id, key = new_game_id(), secrets.token_urlsafe(24)
            keys[drive_id] = key
            connection.execute(
                insert(DriveRecord.__table__), {**drive.row, "id": drive_id, "edit_key_hash": hash_key(key)}
            )
            if drive.hands:
                connection.execute(insert(_HANDS), [{**hand, "drive_id": drive_id} for hand in drive.hands])
            connection.execute(
                insert(ClubDriveRecord.__table__),
                {"drive_id": drive_id, "club_id": club_id, "added_at": added},
            )
            names = drive.row["players"]
            rows = [
                {
                    "drive_id": drive_id,
                    "player": player,
                    "name": names[player],
                    "club_id": club_id,
                    "member_id": member_ids[link],
                }
                for player, link in enumerate(drive.members)
                if link is not None
            ]
            if rows:
                connection.execute(insert(_DRIVE_LINKS), rows)
        for season in checked.seasons:
            connection.execute(insert(ClubSeasonRecord.__table__), season_row(club_id, season))
        new_drives = list(keys)  # the drives' new ids, in the file's order
        marks = checked.marks
        store_marks(connection, club_id, marks, member_ids=member_ids, groups=groups, drives=new_drives)
        house_rules.store_part(connection, club_id, checked.house_rules)
    return checked.club, keys


def _store_members(connection: Connection, checked: _File) -> list[int]:
    """Each member of the file and the names that find them; their new ids in file order."""
    found = []
    for own, names in checked.members:
        member_id = connection.execute(
            insert(_MEMBERS).returning(_MEMBERS.c.id),
            {"club_id": checked.club.id, "name": own, "created_at": checked.club.created_at},
        ).scalar_one()
        found.append(member_id)
        rows = [
            {"club_id": checked.club.id, "name_key": name_key(name), "name": name, "member_id": member_id}
            for name in names
        ]
        connection.execute(insert(_NAMES), rows)
    return found


def read_club(data: object) -> _File:
    """A club's file checked entirely, every game and drive replayed; raises RuleViolation."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("club_file_not_club", field="file")
    if data.get("format_version") != FORMAT_VERSION:
        version = repr(data.get("format_version"))[:20]
        raise RuleViolation("club_file_version", field="file", version=version, ours=FORMAT_VERSION)
    name = clean_club_name(data.get("name"))
    created = table_files.read_time(data.get("created_at"), utcnow(), "club_start")
    try:
        zone = club_time_zone(data.get("time_zone"))  # a file from before time zones has none: UTC
    except RuleViolation:
        shown = repr(data.get("time_zone"))[:40]
        raise RuleViolation("club_file_time_zone", field="file", zone=shown) from None
    check_budget(data)
    minimum = club_minimum(data.get("minimum_games", MINIMUM_GAMES))  # a file from before: the default
    members = _members(_list(data, "members", MOST_MEMBERS))
    count = len(members)
    tables = [_table(n, item, count) for n, item in enumerate(_list(data, "tables", MOST_TABLES), start=1)]
    drives = [_drive(n, item, count) for n, item in enumerate(_list(data, "drives", MOST_DRIVES), start=1)]
    games = [len(imported.games) for imported, _links in tables]
    return _File(
        club=Club(id=new_game_id(), name=name, created_at=created, time_zone=zone, minimum_games=minimum),
        members=members,
        seasons=[read_season(item) for item in _list(data, "seasons", MOST_SEASONS)],
        tables=tables,
        drives=drives,
        marks=read_marks(data.get("marks"), members=count, games=games, drives=len(drives)),
        house_rules=house_rules.read_part(data.get("house_rules")),
    )


def _list(data: dict[str, Any], part: str, most: int) -> list[dict[str, Any]]:
    found = data.get(part, [])
    if not isinstance(found, list) or not all(isinstance(item, dict) for item in found):
        raise RuleViolation("club_file_shape", field="file", part=part)
    if len(found) > most:
        raise RuleViolation("club_file_too_many", field="file", part=part, most=most, count=len(found))
    return found


def _members(items: Sequence[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """Each member's own name and every name that finds them, checked: one name finds one member.

    A member's own name finds them unless another member of the file lists it among its names (a
    name played by two people, moved to one of them): the club is then as it was exported."""
    listed: list[dict[str, str]] = []
    for item in items:
        others = item.get("names", [])
        if not isinstance(others, list):
            raise RuleViolation("club_file_shape", field="file", part="members")
        names: dict[str, str] = {}
        for other in others:
            cleaned = member_name(other)
            names.setdefault(same_name_key(cleaned), cleaned)
        listed.append(names)
    seen: set[str] = set()
    found = []
    for item, names in zip(items, listed, strict=True):
        own = member_name(item.get("name"))
        key = same_name_key(own)
        if key not in names and not any(key in other for other in listed if other is not names):
            names = {key: own, **names}
        for key, name in names.items():
            if key in seen:
                raise RuleViolation("club_file_name_twice", field="file", name=name)
            seen.add(key)
        found.append((own, list(names.values())))
    return found


def _links(item: dict[str, Any], count: int, players: int, part: str, number: int) -> list[int | None]:
    """Each player's member as an index into the file's members (None: linked to nobody)."""
    links = item.get("members")
    if links is None:
        return [None] * players
    if not isinstance(links, list) or len(links) != players:
        raise RuleViolation("club_file_link", field="file", part=part, number=number)
    if not all(link is None or (type(link) is int and 0 <= link < count) for link in links):
        raise RuleViolation("club_file_link", field="file", part=part, number=number)
    return links


def _table(number: int, item: dict[str, Any], count: int) -> tuple[ImportedTable, list[int | None]]:
    try:
        imported = table_files.read_table(item.get("table"))
    except RuleViolation as refused:
        raise RuleViolation(
            "club_file_table_refused", field="file", number=number, reason=refused.text
        ) from refused
    return imported, _links(item, count, len(imported.players), "tables", number)


def _drive(number: int, item: dict[str, Any], count: int) -> _Drive:
    """A drive of the file, every field checked and replayed (file_checks.py), with its links."""
    read = read_drive(number, item)
    return _Drive(
        row=read.row,
        hands=read.hands,
        members=_links(item, count, len(read.row["players"]), "drives", number),
    )
