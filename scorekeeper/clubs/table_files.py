"""A club's tables in its file: each table as the tables' own file holds it, read back and stored.

The document of a table is the one a table's JSON export writes (format "scorekeeper/table":
its name, roster and every game with its inputs and times), written here from the stores (a store
may not reach into the web layer, where a table's download lives), so that a table taken out of a
club's file imports as a table on its own too. Reading it replays every game with the engine;
storing it writes the rows groups/importing.py writes, in the club's one transaction.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, insert, select

from .. import database
from ..database import hash_key, new_game_id, utcnow
from ..games.models import DealEntryRecord, DeviceGameRecord, GameRecord, SeatRecord
from ..games.store import StoredGame
from ..groups import summaries
from ..groups.access import Group, clean_table_name
from ..groups.importing import ImportedGame, ImportedTable
from ..groups.members import members
from ..groups.models import DeviceGroupRecord, GroupPlayerRecord, GroupRecord, NewcomerRecord
from ..groups.roster import name_key, roster_name
from ..rules import Game, RuleViolation, Table, get_variant
from ..rules.table import same_name_key

TABLE_FORMAT = "scorekeeper/table"
GAME_FORMAT = "scorekeeper/game"
FORMAT_VERSION = 1
FORMAT_VERSION_WITH_EVENTS = 2
# As a table's own file (web/tables/exchange.py): forty years of a weekly table.
MOST_GAMES = 2_000
MOST_ITEMS = 60_000
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=UTC)

_GAMES = GameRecord.__table__
_SEATS = SeatRecord.__table__
_ENTRIES = DealEntryRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__
_NEWCOMERS = NewcomerRecord.__table__
_HELD_GAMES = DeviceGameRecord.__table__
_WRITTEN = (_GAMES, _SEATS, _ENTRIES, _NEWCOMERS, _HELD_GAMES)


def when(moment: datetime) -> str:
    """A time as the files write it: ISO 8601 in UTC (a time stored without its zone is UTC)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()


def read_time(raw: object, default: datetime, what: str) -> datetime:
    """A time from a file (ISO 8601; without a zone, UTC), or ``default`` when it has none; only a
    time something can have been played at (2000 to a day past now)."""
    if raw is None:
        return default
    if not isinstance(raw, str):
        raise RuleViolation("table_file_time_shape", field="file", what=what)
    try:
        found = datetime.fromisoformat(raw)
    except ValueError:
        raise RuleViolation(
            "table_file_time_unreadable", field="file", what=what, value=repr(raw[:40])
        ) from None
    found = found if found.tzinfo is not None else found.replace(tzinfo=UTC)
    if not EARLIEST_TIME <= found <= utcnow() + timedelta(days=1):
        raise RuleViolation("table_file_time_range", field="file", what=what, value=repr(raw[:40]))
    return found.astimezone(UTC)


def export_table(group: Group) -> tuple[dict[str, Any], list[int]]:
    """The table's document and its roster players' ids in the document's order."""
    connection = database.connection()
    players = connection.execute(
        select(_PLAYERS.c.id, _PLAYERS.c.name, _PLAYERS.c.created_at)
        .where(_PLAYERS.c.group_id == group.id)
        .order_by(_PLAYERS.c.id)
    ).all()
    index = {row.id: number for number, row in enumerate(players)}
    games = connection.execute(
        select(_GAMES).where(_GAMES.c.group_id == group.id).order_by(_GAMES.c.created_at, _GAMES.c.id)
    ).all()
    seats: dict[str, list[Any]] = {game.id: [] for game in games}
    log: dict[str, list[Any]] = {game.id: [] for game in games}
    in_table = select(_GAMES.c.id).where(_GAMES.c.group_id == group.id).scalar_subquery()
    for row in connection.execute(
        select(_SEATS.c.game_id, _SEATS.c.name, _SEATS.c.player_id)
        .where(_SEATS.c.game_id.in_(in_table))
        .order_by(_SEATS.c.game_id, _SEATS.c.seat)
    ):
        seats[row.game_id].append(row)
    for row in connection.execute(
        select(_ENTRIES.c.game_id, _ENTRIES.c.data, _ENTRIES.c.recorded_at)
        .where(_ENTRIES.c.game_id.in_(in_table))
        .order_by(_ENTRIES.c.game_id, _ENTRIES.c.number)
    ):
        log[row.game_id].append(row)
    document = {
        "format": TABLE_FORMAT,
        "format_version": FORMAT_VERSION,
        "name": group.name,
        "created_at": when(group.created_at),
        "players": [{"name": row.name, "joined_at": when(row.created_at)} for row in players],
        "games": [_game_document(game, seats[game.id], log[game.id], index) for game in games],
    }
    return document, [row.id for row in players]


def _game_document(game: Any, seats: list[Any], log: list[Any], index: dict[int, int]) -> dict[str, Any]:
    exported: dict[str, Any] = {
        "format": GAME_FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": game.variant,
        "options": game.options,
        "players": [seat.name for seat in seats],
        "first_dealer": game.first_dealer,
        "deals": [item.data for item in log if "event" not in item.data],
        "abandoned": game.abandoned_at is not None,
        "seats": [index.get(seat.player_id) for seat in seats],
        "first_dealer_drawn": game.first_dealer_drawn,
        "created_at": when(game.created_at),
        "updated_at": when(game.updated_at),
        "abandoned_at": when(game.abandoned_at) if game.abandoned_at else None,
        "recorded_at": [when(item.recorded_at) for item in log],
    }
    events, dealt = [], 0
    for item in log:
        if "event" in item.data:
            events.append({"after_deal": dealt, **item.data})
        else:
            dealt += 1
    if events:
        exported.update(format_version=FORMAT_VERSION_WITH_EVENTS, events=events)
    return exported


def read_table(data: object) -> ImportedTable:
    """A table's document checked and every game replayed; raises RuleViolation naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise RuleViolation("table_file_not_table", field="file")
    if data.get("format_version") != FORMAT_VERSION:
        version = repr(data.get("format_version"))[:20]
        raise RuleViolation("table_file_version", field="file", version=version, ours=FORMAT_VERSION)
    name = clean_table_name(data.get("name"))
    players, games = data.get("players"), data.get("games")
    if not isinstance(players, list) or not all(isinstance(player, dict) for player in players):
        raise RuleViolation("table_file_players", field="file")
    if not isinstance(games, list) or not all(isinstance(game, dict) for game in games):
        raise RuleViolation("table_file_games", field="file")
    if len(games) > MOST_GAMES:
        raise RuleViolation("table_file_too_many_games", field="file", most=MOST_GAMES, count=len(games))
    items = sum(_length(game.get("deals")) + _length(game.get("events")) for game in games)
    if items > MOST_ITEMS:
        raise RuleViolation("table_file_too_many_items", field="file", most=MOST_ITEMS, count=items)
    names: list[str] = []
    for player in players:
        cleaned = roster_name(player.get("name"))
        if any(same_name_key(cleaned) == same_name_key(other) for other in names):
            raise RuleViolation("table_file_roster_twice", field="file", name=cleaned)
        names.append(cleaned)
    now = utcnow()
    return ImportedTable(
        name=name,
        created_at=read_time(data.get("created_at"), now, "table_start"),
        players=tuple(names),
        joined_at=tuple(read_time(player.get("joined_at"), now, "player_joining") for player in players),
        games=tuple(_game(number, game, tuple(names), now) for number, game in enumerate(games, start=1)),
    )


def _length(value: object) -> int:
    return len(value) if isinstance(value, list) else 0


def _log(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A game document's log: its deals, each event after the deal its ``after_deal`` names."""
    version = data.get("format_version")
    if version not in (FORMAT_VERSION, FORMAT_VERSION_WITH_EVENTS) or isinstance(version, bool):
        raise RuleViolation("file_version", field="file", value=repr(version)[:20])
    deals = data.get("deals", [])
    events = data.get("events", []) if version == FORMAT_VERSION_WITH_EVENTS else []
    if not isinstance(deals, list) or not all(
        isinstance(deal, dict) and "event" not in deal for deal in deals
    ):
        raise RuleViolation("file_deals_not_list", field="file")
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise RuleViolation("file_events_shape", field="file")
    log: list[Mapping[str, Any]] = []
    done = 0
    for event in events:
        after = event.get("after_deal")
        if isinstance(after, bool) or not isinstance(after, int) or not done <= after <= len(deals):
            raise RuleViolation("file_events_shape", field="file")
        log.extend(deals[done:after])
        done = after
        log.append({key: value for key, value in event.items() if key != "after_deal"})
    log.extend(deals[done:])
    return log


def _seats(data: Mapping[str, Any], roster: tuple[str, ...]) -> list[int]:
    """The game's seats as indices into the roster, each seat's name the roster's."""
    seats, players = data.get("seats"), data.get("players")
    if not isinstance(players, list) or not isinstance(seats, list) or len(seats) != len(players):
        raise RuleViolation("table_file_seats", field="file")
    if not all(type(seat) is int and 0 <= seat < len(roster) for seat in seats) or len(set(seats)) != len(
        seats
    ):
        raise RuleViolation("table_file_seats", field="file")
    for seat, (typed, index) in enumerate(zip(players, seats, strict=True)):
        if not isinstance(typed, str) or same_name_key(typed) != same_name_key(roster[index]):
            raise RuleViolation(
                "table_file_seat_name",
                field="file",
                position=seat + 1,
                typed=repr(typed)[:40],
                name=roster[index],
            )
    return seats


def _game(number: int, data: Mapping[str, Any], roster: tuple[str, ...], now: datetime) -> ImportedGame:
    """One game of the document, replayed by the engine with its seats' roster names."""
    try:
        if data.get("format") != GAME_FORMAT:
            raise RuleViolation("file_not_export", field="file")
        log = _log(data)
        variant = get_variant(str(data.get("variant")))
        seats = _seats(data, roster)
        options = data.get("options") or {}
        first_dealer = data.get("first_dealer", 0)
        if not isinstance(options, dict) or type(first_dealer) is not int:
            raise RuleViolation("file_table_shape", field="file")
        start = Table.create(
            variant, [roster[index] for index in seats], first_dealer=first_dealer, options=options
        )
        game = Game.imported(start, log)
        created = read_time(data.get("created_at"), now, "game_start")
        updated = read_time(data.get("updated_at"), created, "game_last_change")
        abandoned = data.get("abandoned_at")
        abandoned_at = (
            read_time(abandoned, updated, "game_abandoning") if abandoned or data.get("abandoned") else None
        )
        recorded = data.get("recorded_at") or []
        if not isinstance(recorded, list):
            raise RuleViolation("table_file_deal_times", field="file")
        times = tuple(
            read_time(recorded[n] if n < len(recorded) else None, updated, "deal_time")
            for n in range(len(log))
        )
    except RuleViolation as refused:
        raise RuleViolation(
            "club_file_game_refused", field="file", game=number, reason=refused.text
        ) from refused
    return ImportedGame(
        game=game,
        seats=tuple(seats),
        drawn=bool(data.get("first_dealer_drawn", False)),
        created_at=created,
        updated_at=updated,
        abandoned_at=abandoned_at,
        recorded_at=times,
    )


def store_table(connection: Connection, imported: ImportedTable, device: str) -> tuple[str, list[int]]:
    """In the caller's transaction: the table, kept by ``device`` (a hashed device id) with every
    game, as groups/importing.py stores one; its id and its roster players' ids in file order."""
    group = Group(id=new_game_id(), name=imported.name, created_at=imported.created_at)
    connection.execute(insert(GroupRecord.__table__), [vars(group)])
    held = {"device_hash": device, "group_id": group.id, "since": utcnow()}
    connection.execute(insert(DeviceGroupRecord.__table__), [held])
    player_ids = [
        _add_player(connection, group.id, name, joined)
        for name, joined in zip(imported.players, imported.joined_at, strict=True)
    ]
    roster = dict(zip(map(same_name_key, imported.players), player_ids, strict=True))
    rows: dict[Any, list[dict[str, Any]]] = {table: [] for table in _WRITTEN}
    built = []
    for imported_game in imported.games:
        game = imported_game.game
        record = StoredGame(
            id=new_game_id(),
            variant=game.table.variant.code,
            options=dict(game.table.options),
            first_dealer=game.table.first_dealer,
            first_dealer_drawn=imported_game.drawn,
            edit_key_hash=hash_key(secrets.token_urlsafe(24)),
            version=1,
            created_at=imported_game.created_at,
            updated_at=imported_game.updated_at,
            abandoned_at=imported_game.abandoned_at,
            group_id=group.id,
        )
        seated = [player_ids[index] for index in imported_game.seats]
        rows[_GAMES].append(vars(record))
        rows[_SEATS].extend(
            {"game_id": record.id, "seat": seat, "name": name, "player_id": seated[seat]}
            for seat, name in enumerate(game.table.players)
        )
        logged = zip(game.log_data(), imported_game.recorded_at, strict=True)
        rows[_ENTRIES].extend(
            {"game_id": record.id, "number": number, "data": data, "recorded_at": recorded}
            for number, (data, recorded) in enumerate(logged, start=1)
        )
        rows[_HELD_GAMES].append({"device_hash": device, "game_id": record.id, "since": record.created_at})
        linked = _members(connection, group.id, record.id, game, seated, roster, rows[_NEWCOMERS])
        built.append(summaries.summary_rows(record, game, linked))
    for table, table_rows in rows.items():
        if table_rows:
            connection.execute(insert(table), table_rows)
    summaries.keep(connection, built)
    return group.id, player_ids


def _members(
    connection: Connection,
    group_id: str,
    game_id: str,
    game: Game,
    seated: Sequence[int],
    roster: dict[str, int],
    newcomers: list[dict[str, Any]],
) -> list[int]:
    """Each member's roster player: a starting seat's from the file, a newcomer's by name (a name
    the roster lacks joins it), as groups/importing.py finds them."""
    starting = [same_name_key(name) for name in game.table.players]
    found = []
    for member in members(game.state):
        key = same_name_key(member.name)
        if member.seat < len(starting) and starting[member.seat] == key:
            found.append(seated[member.seat])
            continue
        player = roster.get(key)
        if player is None:
            player = roster[key] = _add_player(connection, group_id, member.name, utcnow())
        newcomers.append({"game_id": game_id, "seat": member.seat, "name": member.name, "player_id": player})
        found.append(player)
    return found


def _add_player(connection: Connection, group_id: str, name: str, joined: datetime) -> int:
    row = {"group_id": group_id, "name": name, "name_key": name_key(name), "created_at": joined}
    found: int = connection.execute(insert(_PLAYERS).returning(_PLAYERS.c.id), row).scalar_one()
    return found
