"""Storing a whole table read from a file: its roster, its games with their dates, their summaries.

Every game has been replayed and checked by the engine before anything is
stored; then everything goes in one transaction, so a refused or failed
import leaves nothing behind. The games get new ids (and new edit keys that
nobody needs: the importing phone keeps the table and every game).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..games.models import DealEntryRecord, DeviceGameRecord, GameRecord, SeatRecord
from ..games.store import StoredGame
from ..rules import Game
from . import summaries
from .access import Group
from .models import DeviceGroupRecord, GroupPlayerRecord, GroupRecord
from .roster import name_key


@dataclass(frozen=True, kw_only=True)
class ImportedGame:
    """A game of a table file, replayed: its seats (indices into the file's roster) and its times."""

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
    group = Group(id=new_game_id(), name=imported.name, created_at=imported.created_at)
    device = hash_key(holder)
    now = utcnow()
    with database.transaction() as connection:
        connection.execute(insert(GroupRecord.__table__), [vars(group)])
        connection.execute(
            insert(DeviceGroupRecord.__table__), [{"device_hash": device, "group_id": group.id, "since": now}]
        )
        player_ids = [
            connection.execute(
                insert(GroupPlayerRecord.__table__).returning(GroupPlayerRecord.__table__.c.id),
                {"group_id": group.id, "name": name, "name_key": name_key(name), "created_at": joined},
            ).scalar_one()
            for name, joined in zip(imported.players, imported.joined_at, strict=True)
        ]
        rows = _Rows()
        for game in imported.games:
            rows.add(group.id, game, [player_ids[index] for index in game.seats], device)
        rows.store(connection)
    return group


class _Rows:
    """The rows of every imported game, gathered to be inserted a table at a time."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] = []
        self.entries: list[dict[str, Any]] = []
        self.held: list[dict[str, Any]] = []
        self.summaries: list[list[dict[str, Any]]] = []

    def add(self, group_id: str, imported: ImportedGame, player_ids: Sequence[int], device: str) -> None:
        game = imported.game
        table = game.table
        engine = table.variant.engine
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
            {
                "game_id": record.id,
                "number": number,
                "data": engine.write_entry(entry),
                "recorded_at": recorded,
            }
            for number, (entry, recorded) in enumerate(
                zip(game.entries, imported.recorded_at, strict=True), start=1
            )
        )
        self.held.append({"device_hash": device, "game_id": record.id, "since": imported.created_at})
        self.summaries.append(summaries.summary_rows(record, game, player_ids))

    def store(self, connection: Any) -> None:
        for table, rows in (
            (GameRecord.__table__, self.games),
            (SeatRecord.__table__, self.seats),
            (DealEntryRecord.__table__, self.entries),
            (DeviceGameRecord.__table__, self.held),
        ):
            if rows:
                connection.execute(insert(table), rows)
        summaries.keep(connection, self.summaries)
