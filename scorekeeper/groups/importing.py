"""Storing a whole table read from a file: its roster, its games with their dates, their summaries.

Every game has been replayed and checked by the engine before anything is
stored; then everything goes in one transaction, so a refused or failed
import leaves nothing behind. The games get new ids (and new edit keys that
nobody needs: the importing phone keeps the table and every game). A player
who joined a game after it began (an arrival, a substitute) is the roster's
player of that name, as when the event was recorded (groups/newcomers.py); a
name the roster lacks joins it.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..games.models import DealEntryRecord, DeviceGameRecord, GameRecord, SeatRecord
from ..games.store import StoredGame
from ..rules import Game
from ..rules.table import same_name_key
from . import summaries
from .access import Group
from .members import members
from .models import DeviceGroupRecord, GroupPlayerRecord, GroupRecord, NewcomerRecord
from .roster import name_key

_PLAYERS = GroupPlayerRecord.__table__
GAMES_A_STATEMENT = 200
"""How many games' rows are inserted at once."""


@dataclass(frozen=True, kw_only=True)
class ImportedGame:
    """A game of a table file, replayed: its seats (indices into the file's roster) and its times
    (``recorded_at``: one for each item of its log, deal or event)."""

    game: Game
    seats: tuple[int, ...]
    drawn: bool
    created_at: datetime
    updated_at: datetime
    abandoned_at: datetime | None
    recorded_at: tuple[datetime, ...]


@dataclass(frozen=True, kw_only=True)
class ImportedTable:
    """A table file, checked: its name, when it started, its roster's names and its games."""

    name: str
    created_at: datetime
    players: tuple[str, ...]
    joined_at: tuple[datetime, ...]
    games: tuple[ImportedGame, ...]


def store_table(imported: ImportedTable, *, holder: str) -> Group:
    """Store a checked table in one transaction; the device ``holder`` keeps it and its games."""
    with database.transaction() as connection:
        group, _ = store_table_in(connection, imported, device=hash_key(holder))
    return group


def store_table_in(
    connection: Connection, imported: ImportedTable, *, device: str
) -> tuple[Group, list[int]]:
    """Store a checked table in the caller's transaction, kept by ``device`` (a hashed device id)
    with every game; the table and its roster players' ids in the file's order.

    A club's file stores each of its tables so, all in the club's one transaction, and links the
    players to its members by these ids (clubs/exchange.py).
    """
    group = Group(id=new_game_id(), name=imported.name, created_at=imported.created_at)
    connection.execute(insert(GroupRecord.__table__), [vars(group)])
    connection.execute(
        insert(DeviceGroupRecord.__table__),
        [{"device_hash": device, "group_id": group.id, "since": utcnow()}],
    )
    player_ids = [
        _add_player(connection, group.id, name, joined)
        for name, joined in zip(imported.players, imported.joined_at, strict=True)
    ]
    rows = _Rows(
        connection, group.id, dict(zip(map(same_name_key, imported.players), player_ids, strict=True))
    )
    for number, game in enumerate(imported.games, start=1):
        rows.add(game, [player_ids[index] for index in game.seats], device)
        if number % GAMES_A_STATEMENT == 0:
            rows.store()  # a few hundred games' rows at a time: a large file's are never all in memory
    rows.store()
    return group, player_ids


def _add_player(connection: Connection, group_id: str, name: str, joined: datetime) -> int:
    row = {"group_id": group_id, "name": name, "name_key": name_key(name), "created_at": joined}
    found: int = connection.execute(insert(_PLAYERS).returning(_PLAYERS.c.id), row).scalar_one()
    return found


class _Rows:
    """The rows of every imported game, gathered to be inserted a table at a time."""

    def __init__(self, connection: Connection, group_id: str, roster: dict[str, int]) -> None:
        self.connection = connection
        self.group_id = group_id
        self.roster = roster  # the roster's players by the engine's same-name key
        self.games: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] = []
        self.entries: list[dict[str, Any]] = []
        self.newcomers: list[dict[str, Any]] = []
        self.held: list[dict[str, Any]] = []
        self.summaries: list[list[dict[str, Any]]] = []

    def add(self, imported: ImportedGame, player_ids: Sequence[int], device: str) -> None:
        game = imported.game
        table = game.table
        group_id = self.group_id
        record = StoredGame(
            id=new_game_id(),
            variant=table.variant.code,
            options=dict(table.options),
            first_dealer=table.first_dealer,
            first_dealer_drawn=imported.drawn,
            edit_key_hash=hash_key(secrets.token_urlsafe(24)),
            version=1,
            created_at=imported.created_at,
            updated_at=imported.updated_at,
            abandoned_at=imported.abandoned_at,
            group_id=group_id,
        )
        self.games.append(vars(record))
        self.seats.extend(
            {"game_id": record.id, "seat": seat, "name": name, "player_id": player_ids[seat]}
            for seat, name in enumerate(table.players)
        )
        self.entries.extend(
            {"game_id": record.id, "number": number, "data": data, "recorded_at": recorded}
            for number, (data, recorded) in enumerate(
                zip(game.log_data(), imported.recorded_at, strict=True), start=1
            )
        )
        self.held.append({"device_hash": device, "game_id": record.id, "since": imported.created_at})
        self.summaries.append(
            summaries.summary_rows(record, game, self._members(record.id, game, player_ids))
        )

    def _members(self, game_id: str, game: Game, player_ids: Sequence[int]) -> list[int]:
        """Each member's roster player: a starting seat's from the file, a newcomer's by name."""
        starting = [same_name_key(name) for name in game.table.players]
        found = []
        for member in members(game.state):
            key = same_name_key(member.name)
            if member.seat < len(starting) and starting[member.seat] == key:
                found.append(player_ids[member.seat])
                continue
            player = self.roster.get(key)
            if player is None:
                player = self.roster[key] = _add_player(self.connection, self.group_id, member.name, utcnow())
            self.newcomers.append(
                {"game_id": game_id, "seat": member.seat, "name": member.name, "player_id": player}
            )
            found.append(player)
        return found

    def store(self) -> None:
        """Insert the rows gathered since the last time, and forget them."""
        for table, rows in (
            (GameRecord.__table__, self.games),
            (SeatRecord.__table__, self.seats),
            (DealEntryRecord.__table__, self.entries),
            (NewcomerRecord.__table__, self.newcomers),
            (DeviceGameRecord.__table__, self.held),
        ):
            if rows:
                self.connection.execute(insert(table), rows)
                rows.clear()
        if self.summaries:
            summaries.keep(self.connection, self.summaries)
            self.summaries.clear()
