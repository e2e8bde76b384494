"""A whole table as a file: JSON that imports to the same table elsewhere, and CSV of every deal.

The JSON holds the table's name, its roster and every game as a game's own
export (exchange.py: variant, options, players, first dealer, every deal's
inputs, and the table events under "events" with format version 2) with what
a table adds: which roster player sat in each seat, whether the first dealer
was drawn, and when the game started, last changed, was abandoned and each
item of its log (deal or event) was recorded. Importing it on another server
replays every game with the engine and stores the table only if all of them
are legal; the history and the statistics come out the same. A player who
joined a game after it began is found on the roster by name, as the game's
log names them (groups/newcomers.py keeps log and roster in step).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from ... import database
from ...database import utcnow
from ...games import store
from ...games.models import DealEntryRecord, GameRecord, SeatRecord
from ...groups.access import Group, clean_table_name
from ...groups.importing import ImportedGame, ImportedTable
from ...groups.models import GroupPlayerRecord
from ...groups.roster import roster_name
from ...rules import Game, RuleViolation, Table, Text, get_variant
from ...rules.table import same_name_key
from ..games import (
    CSV_HEADER,
    FORMAT_VERSION,
    FORMAT_VERSION_WITH_EVENTS,
    csv_rows,
    read_export,
    spreadsheet_cell,
)
from ..games import FORMAT as GAME_FORMAT

FORMAT = "scorekeeper/table"
# What a table's file may hold, checked before any game of it is replayed: a table that meets
# every week for forty years plays about 2,000 games, of 25 deals or so. A 48 KB gzipped file of
# 3,100 games and 310,000 deals took 20 s of CPU and 62 MB to store.
MOST_GAMES = 2_000
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=UTC)
MOST_ITEMS = 60_000
"""The most deals and table events a table's file holds, every game's together."""

_GAMES = GameRecord.__table__
_SEATS = SeatRecord.__table__
_ENTRIES = DealEntryRecord.__table__
_PLAYERS = GroupPlayerRecord.__table__


def export_version(group: Group) -> tuple[object, ...]:
    """What the table's file depends on, read in two small queries: its games' number, versions and
    last change, and its roster's names. A change to any of them gives another file."""
    connection = database.connection()
    versions = select(
        func.count(), func.coalesce(func.sum(_GAMES.c.version), 0), func.max(_GAMES.c.updated_at)
    ).where(_GAMES.c.group_id == group.id)
    games = connection.execute(versions).one()
    names = connection.execute(
        select(_PLAYERS.c.id, _PLAYERS.c.name).where(_PLAYERS.c.group_id == group.id).order_by(_PLAYERS.c.id)
    ).all()
    return (group.name, *games, hash(tuple(map(tuple, names))))


def export_table(group: Group) -> dict[str, Any]:
    """The table's name, roster and every game with its inputs and times, oldest game first.

    The deals are the inputs as stored: what the engine wrote when they were recorded.
    """
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
    ids = [game.id for game in games]
    seats: dict[str, list[Any]] = {game_id: [] for game_id in ids}
    deals: dict[str, list[Any]] = {game_id: [] for game_id in ids}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for row in connection.execute(
            select(_SEATS.c.game_id, _SEATS.c.name, _SEATS.c.player_id)
            .where(_SEATS.c.game_id.in_(chunk))
            .order_by(_SEATS.c.game_id, _SEATS.c.seat)
        ):
            seats[row.game_id].append(row)
        for row in connection.execute(
            select(_ENTRIES.c.game_id, _ENTRIES.c.data, _ENTRIES.c.recorded_at)
            .where(_ENTRIES.c.game_id.in_(chunk))
            .order_by(_ENTRIES.c.game_id, _ENTRIES.c.number)
        ):
            deals[row.game_id].append(row)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": group.name,
        "created_at": _when(group.created_at),
        "players": [{"name": row.name, "joined_at": _when(row.created_at)} for row in players],
        "games": [_game_file(game, seats[game.id], deals[game.id], index) for game in games],
    }


def _game_file(game: Any, seats: list[Any], log: list[Any], index: dict[int, int]) -> dict[str, Any]:
    """One game of the table's file: its own export, with its seats' roster players and its times."""
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
        "created_at": _when(game.created_at),
        "updated_at": _when(game.updated_at),
        "abandoned_at": _when(game.abandoned_at) if game.abandoned_at else None,
        # One time for each item of the log, deals and events in the order they were recorded.
        "recorded_at": [_when(item.recorded_at) for item in log],
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


def export_table_csv(group: Group) -> Iterator[str]:
    """CSV of every deal of every game, oldest game first: a game's CSV with its id, date and variant."""
    out = io.StringIO()
    writer = csv.writer(out)
    # "note" holds a table event's words; a game without events leaves it empty.
    writer.writerow(("game", "date", "variant", *CSV_HEADER, "note"))
    yield _drain(out)
    ids = (
        database.connection()
        .execute(
            select(_GAMES.c.id)
            .where(_GAMES.c.group_id == group.id)
            .order_by(_GAMES.c.created_at, _GAMES.c.id)
        )
        .scalars()
        .all()
    )
    for game_id in ids:
        record = store.find_record(game_id)
        if record is None:
            continue  # removed while the file was written
        game = store.game_of(record)
        first = [record.id, _when(record.created_at)[:10], spreadsheet_cell(game.table.variant.name)]
        writer.writerows([*first, *row, *[""] * (len(CSV_HEADER) + 1 - len(row))] for row in csv_rows(game))
        yield _drain(out)


def _drain(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def read_table(data: object) -> ImportedTable:
    """Check a table file's shape and replay every game; raises RuleViolation naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("table_file_not_table", field="file")
    if data.get("format_version") != FORMAT_VERSION:
        raise RuleViolation(
            "table_file_version", field="file", version=repr(data.get("format_version")), ours=FORMAT_VERSION
        )
    name = clean_table_name(data.get("name"))
    players = data.get("players")
    games = data.get("games")
    if not isinstance(players, list) or not all(isinstance(player, dict) for player in players):
        raise RuleViolation("table_file_players", field="file")
    if not isinstance(games, list) or not all(isinstance(game, dict) for game in games):
        raise RuleViolation("table_file_games", field="file")
    if len(games) > MOST_GAMES:
        raise RuleViolation("table_file_too_many_games", field="file", most=MOST_GAMES, count=len(games))
    items = sum(_length(game.get("deals")) + _length(game.get("events")) for game in games)
    if items > MOST_ITEMS:
        raise RuleViolation("table_file_too_many_items", field="file", most=MOST_ITEMS, count=items)
    names = _roster(players)
    now = utcnow()
    return ImportedTable(
        name=name,
        created_at=_time(data.get("created_at"), now, "table_start"),
        players=names,
        joined_at=tuple(_time(player.get("joined_at"), now, "player_joining") for player in players),
        games=tuple(_game(number, game, names, now) for number, game in enumerate(games, start=1)),
    )


def _length(value: object) -> int:
    """How many items a file's list holds (0 for anything else: its shape is checked with its game)."""
    return len(value) if isinstance(value, list) else 0


def _roster(players: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    names: list[str] = []
    seen: dict[str, str] = {}
    for player in players:
        name = roster_name(player.get("name"))
        key = same_name_key(name)
        if key in seen:
            raise RuleViolation("table_file_roster_twice", field="file", name=seen[key])
        seen[key] = name
        names.append(name)
    return tuple(names)


def _game(number: int, data: Mapping[str, Any], roster: tuple[str, ...], now: datetime) -> ImportedGame:
    """One game of the file, replayed by the engine with its seats' roster names."""
    where = Text("table_file_game", number=number, variant=None)
    try:
        table, log = read_export(dict(data))
        variant = get_variant(table["variant"])
        where = Text("table_file_game", number=number, variant=variant.name)
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != len(table["players"]):
            raise RuleViolation("table_file_seats", field="file")
        if not all(type(seat) is int and 0 <= seat < len(roster) for seat in seats):
            raise RuleViolation("table_file_seats", field="file")
        if len(set(seats)) != len(seats):
            raise RuleViolation("table_file_seat_twice", field="file")
        for seat, (typed, index) in enumerate(zip(table["players"], seats, strict=True)):
            if not isinstance(typed, str) or same_name_key(typed) != same_name_key(roster[index]):
                raise RuleViolation(
                    "table_file_seat_name",
                    field="file",
                    position=seat + 1,
                    typed=repr(typed),
                    name=roster[index],
                )
        names = [roster[index] for index in seats]
        start = Table.create(variant, names, first_dealer=table["first_dealer"], options=table["options"])
        game = Game.imported(start, log)  # one replay; a refusal names the deal or event at fault
        created = _time(data.get("created_at"), now, "game_start")
        updated = _time(data.get("updated_at"), created, "game_last_change")
        abandoned = data.get("abandoned_at")
        abandoned_at = (
            _time(abandoned, updated, "game_abandoning") if abandoned or data.get("abandoned") else None
        )
        recorded = data.get("recorded_at") or []
        if not isinstance(recorded, list):
            raise RuleViolation("table_file_deal_times", field="file")
        times = tuple(
            _time(recorded[n] if n < len(recorded) else None, updated, "deal_time") for n in range(len(log))
        )
    except RuleViolation as refused:
        raise RuleViolation(
            "table_file_game_refused", field="file", game=where, reason=refused.text
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


def _time(raw: object, default: datetime, what: str) -> datetime:
    """A time from the file (ISO 8601; without a zone, UTC), or ``default`` when it has none.

    Only a time a game can have been played at is taken (from 2000 to a day past now): a year
    9999 with an offset overflowed on PostgreSQL and broke the table's pages for good.
    """
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


def _when(moment: datetime) -> str:
    """A time as the file writes it: ISO 8601 in UTC (a time read back without its zone is UTC)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()
