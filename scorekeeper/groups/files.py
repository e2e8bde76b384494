"""A whole table's JSON file format: its document written from the store, and one checked and replayed.

The document holds the table's name, its roster and every game as a game's own
document (games/files.py: variant, options, players, first dealer, every deal's
inputs, and the table events under "events" with format version 2) with what
a table adds: which roster player sat in each seat, whether the first dealer
was drawn, and when the game started, last changed, was abandoned and each
item of its log (deal or event) was recorded. Reading it replays every game
with the engine, so that a table is stored only if all of them are legal; the
history and the statistics come out the same. A player who joined a game after
it began is found on the roster by name, as the game's log names them
(groups/newcomers.py keeps log and roster in step).

The format lives here, below the web, so that the table's download and import
(web/tables/) and a club's file, which holds each of its tables as this document
(clubs/exchange.py), share one writer and one reader. Refusals are RuleViolation
codes (field "file"); their words are the words layer's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from .. import database
from ..database import utcnow
from ..games.files import FORMAT as GAME_FORMAT
from ..games.files import FORMAT_VERSION, add_events, read_export
from ..games.models import DealEntryRecord, GameRecord, SeatRecord
from ..rules import Game, RuleViolation, Table, Text, get_variant
from ..rules.table import same_name_key
from .access import Group, clean_table_name
from .importing import ImportedGame, ImportedTable
from .models import GroupPlayerRecord
from .roster import roster_name

FORMAT = "scorekeeper/table"
# What a table's file may hold, checked before any game of it is replayed: a table that meets
# every week for forty years plays about 2,000 games, of 20 deals or so. A 48 KB gzipped file of
# 3,100 games and 310,000 deals took 20 s of CPU and 62 MB to store. A file of 1,786 games and
# 40,000 deals takes 4.4 s of CPU, and the worker 63 MB more at its peak, to read and store.
MOST_GAMES = 2_000
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=UTC)
MOST_ITEMS = 40_000
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
    return export_table_and_players(group)[0]


def export_table_and_players(group: Group) -> tuple[dict[str, Any], list[int]]:
    """The table's document (as ``export_table``) and its roster players' ids in the document's
    order, by which a club's file links each of them to a member."""
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
    # A few hundred ids a query keeps each IN list under the database's limit on parameters.
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
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": group.name,
        "created_at": when(group.created_at),
        "players": [{"name": row.name, "joined_at": when(row.created_at)} for row in players],
        "games": [_game_file(game, seats[game.id], deals[game.id], index) for game in games],
    }
    return document, [row.id for row in players]


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
        "created_at": when(game.created_at),
        "updated_at": when(game.updated_at),
        "abandoned_at": when(game.abandoned_at) if game.abandoned_at else None,
        # One time for each item of the log, deals and events in the order they were recorded.
        "recorded_at": [when(item.recorded_at) for item in log],
    }
    add_events(exported, (item.data for item in log))
    return exported


def read_table(data: object) -> ImportedTable:
    """Check a table file's shape and replay every game; raises RuleViolation naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("table_file_not_table", field="file")
    if data.get("format_version") != FORMAT_VERSION:
        # The refusal quotes what it found, cut short: a file may hold a megabyte where a number goes.
        version = repr(data.get("format_version"))[:20]
        raise RuleViolation("table_file_version", field="file", version=version, ours=FORMAT_VERSION)
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
        created_at=read_time(data.get("created_at"), now, "table_start"),
        players=names,
        joined_at=tuple(read_time(player.get("joined_at"), now, "player_joining") for player in players),
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
                    typed=repr(typed)[:40],
                    name=roster[index],
                )
        names = [roster[index] for index in seats]
        start = Table.create(variant, names, first_dealer=table["first_dealer"], options=table["options"])
        game = Game.imported(start, log)  # one replay; a refusal names the deal or event at fault
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


def read_time(raw: object, default: datetime, what: str) -> datetime:
    """A time from a file (ISO 8601; without a zone, UTC), or ``default`` when it has none.

    Only a time something can have been played at is taken (from 2000 to a day past now): a year
    9999 with an offset overflowed on PostgreSQL and broke the table's pages for good. A club's
    file reads its own times (the club's, its drives') with this too.
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


def when(moment: datetime) -> str:
    """A time as the files write it: ISO 8601 in UTC (a time read back without its zone is UTC)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()
