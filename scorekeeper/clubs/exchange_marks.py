"""What a club's file says of its members and games besides who played: its guests, the members
shown by initials, and its friendly games and drives (clubs/guests.py, clubs/standings.py), in the
file's ``marks`` part, by indices into its own lists; and, read-only, every member's all-time rating
with its full precision (``ratings``: derived, so an import works them out again and reads none).

    "marks": {"guests": [3], "initials": [0], "friendly_games": [[0, 5]], "friendly_drives": [1]}
    "ratings": [{"member": 0, "mu": 27.1…, "sigma": 6.3…, "ordinal": 8.2…, "rating": 1164, …}]

``guests`` and ``initials`` are indices into ``members``; a friendly game is [table index, game
index in that table's ``games``]; a friendly drive an index into ``drives``. A file without marks
has none. Refusals: club_file_shape(part "marks"), club_file_link(part, number).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select

from .. import database
from ..database import utcnow
from ..games.models import GameRecord
from ..rules import RuleViolation
from ..rules.club import rating_points
from .guests import friendlies, guests
from .models import ClubFriendlyRecord, ClubMemberRecord
from .ratings import club_ratings

_GAMES = GameRecord.__table__
_FRIENDLIES = ClubFriendlyRecord.__table__
_MEMBERS = ClubMemberRecord.__table__
_BY_INITIALS = select(_MEMBERS.c.id).where(
    _MEMBERS.c.club_id == bindparam("club"), _MEMBERS.c.initials.is_(True)
)


@dataclass(frozen=True, kw_only=True)
class Marks:
    """A file's marks, checked: guests by member index, friendly games by (table, game) index,
    friendly drives by index."""

    guests: frozenset[int] = frozenset()
    initials: frozenset[int] = frozenset()
    friendly_games: frozenset[tuple[int, int]] = frozenset()
    friendly_drives: frozenset[int] = frozenset()


def games_in_file_order(connection: Connection, group_id: str) -> list[str]:
    """A table's games' ids in the order its file lists them (groups/files.py: by start, then id;
    two games of one table started at the very same instant are told apart by their ids alone)."""
    query = select(_GAMES.c.id).where(_GAMES.c.group_id == group_id)
    query = query.order_by(_GAMES.c.created_at, _GAMES.c.id)
    return list(connection.execute(query).scalars())


def export_marks(
    club_id: str, member_index: dict[int, int], groups: Sequence[str], drives: Sequence[str]
) -> dict[str, Any]:
    """The file's ``marks`` part ({} when there is nothing to mark): ``member_index`` gives each
    member's index in the file, ``groups`` and ``drives`` the tables' and drives' ids in file order."""
    connection = database.connection()
    marked = friendlies(club_id)
    friendly_games = []
    for number, group_id in enumerate(groups):
        for game, game_id in enumerate(games_in_file_order(connection, group_id)):
            if f"game:{game_id}" in marked:
                friendly_games.append([number, game])
    by_initials = connection.execute(_BY_INITIALS, {"club": club_id}).scalars()
    found: dict[str, Any] = {
        "guests": sorted(member_index[member] for member in guests(club_id) if member in member_index),
        "initials": sorted(member_index[member] for member in by_initials if member in member_index),
        "friendly_games": friendly_games,
        "friendly_drives": [number for number, ref in enumerate(drives) if f"drive:{ref}" in marked],
    }
    found = {part: values for part, values in found.items() if values}
    return {"marks": found} if found else {}


def export_ratings(club_id: str, member_index: dict[int, int]) -> dict[str, Any]:
    """The file's ``ratings`` part: every rated member's all-time overall rating, its numbers with
    their full precision (the JSON of a float is its exact repr), in member order."""
    rated = club_ratings(club_id, ladder=None, season=None, season_key="all")
    lines = [
        {
            "member": member_index[member],
            "rating": rating_points(found.ordinal),
            "ordinal": found.ordinal,
            "mu": found.mu,
            "sigma": found.sigma,
            "games": found.games,
            "drives": found.drives,
            "wins": found.wins,
        }
        for member, found in rated.items()
        if member in member_index
    ]
    return {"ratings": sorted(lines, key=lambda line: line["member"])}


def read_marks(data: object, *, members: int, games: Sequence[int], drives: int) -> Marks:
    """The file's marks checked against its lists: ``members`` and ``drives`` counted, ``games`` the
    number of games of each table."""
    if data is None:
        return Marks()
    if not isinstance(data, dict):
        raise RuleViolation("club_file_shape", field="file", part="marks")
    return Marks(
        guests=frozenset(_indices(data.get("guests", []), members, "members")),
        initials=frozenset(_indices(data.get("initials", []), members, "members")),
        friendly_games=frozenset(_game(item, games) for item in _list(data.get("friendly_games", []))),
        friendly_drives=frozenset(_indices(data.get("friendly_drives", []), drives, "drives")),
    )


def store_marks(
    connection: Connection,
    club_id: str,
    marks: Marks,
    *,
    member_ids: Sequence[int],
    groups: Sequence[str],
    drives: Sequence[str],
) -> None:
    """In the import's transaction: the file's marks on the members, games and drives just stored
    (``member_ids``, ``groups`` and ``drives`` their new ids in file order)."""
    for number in marks.guests:
        connection.execute(_MEMBERS.update().where(_MEMBERS.c.id == member_ids[number]).values(guest=True))
    for number in marks.initials:
        connection.execute(_MEMBERS.update().where(_MEMBERS.c.id == member_ids[number]).values(initials=True))
    keys = [f"drive:{drives[number]}" for number in sorted(marks.friendly_drives)]
    games: dict[int, list[str]] = {}
    for table, game in sorted(marks.friendly_games):
        if table not in games:
            games[table] = games_in_file_order(connection, groups[table])
        keys.append(f"game:{games[table][game]}")
    if keys:
        now = utcnow()
        rows = [{"club_id": club_id, "outcome": key, "marked_at": now} for key in keys]
        connection.execute(insert(_FRIENDLIES), rows)


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise RuleViolation("club_file_shape", field="file", part="marks")
    return value


def _indices(value: object, count: int, part: str) -> list[int]:
    found = _list(value)
    for number, item in enumerate(found, start=1):
        if type(item) is not int or not 0 <= item < count:
            raise RuleViolation("club_file_link", field="file", part=part, number=number)
    return found


def _game(item: object, games: Sequence[int]) -> tuple[int, int]:
    if not isinstance(item, list) or len(item) != 2 or not all(type(value) is int for value in item):
        raise RuleViolation("club_file_shape", field="file", part="marks")
    table, game = item
    if not 0 <= table < len(games) or not 0 <= game < games[table]:
        raise RuleViolation("club_file_link", field="file", part="tables", number=table + 1)
    return table, game
