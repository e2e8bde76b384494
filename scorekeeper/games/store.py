"""Loading and saving games: stored inputs in, engine games out.

The database keeps the table and the game's log as the engine reads it: one
row per deal entry or table event, numbered by its place in the log (for a game
without events, the deal number). Every load replays them, so a correction
re-scores everything after it.

Every request comes through here, so the statements it runs are built once
(with bound parameters) and games are read as plain rows: building a statement
and loading an ORM object cost more than the database's own work.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol, cast

from flask import abort
from sqlalchemy import (
    JSON,
    Connection,
    DateTime,
    Integer,
    String,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)

from .. import database
from ..database import ONE_STATEMENT_DIALECTS, hash_key, new_game_id, utcnow
from ..kept import KeptByVersion, StaleVersion
from ..rules import Game, Table, Text, get_variant, read_event
from ..rules.game import NumberedEntry
from ..words import english
from .current import use_variant
from .models import DealEntryRecord, DeviceGameRecord, GameRecord, SeatRecord

# Replayed games of this worker, by id and version: a game's version rises with
# every change, so a kept replay is always the replay of what is stored. A replay is
# looked up only under the version just read from the database (game_of), never under
# a version a client names: another worker may have moved the game on since.
GAMES: KeptByVersion[Game] = KeptByVersion(size=256)

# Called in the transaction of a deal entered, corrected or undone (not on PostgreSQL,
# where the change is one statement), with the game's row at its new version and the
# game as the change leaves it: groups/summaries.py keeps a table's finished game's
# summary there. Whatever they write is derived, and rebuilt when missing.
ALSO_IN_CHANGE: list[Callable[[Connection, StoredGame, Game], None]] = []

CHANGED_ELSEWHERE = english(Text("changed_elsewhere"))


class ChangedElsewhere(StaleVersion):
    """A change made from a version of the game that is no longer the stored one (``seen``, when the
    client named it), refused with the version stored now (``current``)."""

    def __init__(self, *, seen: int | str = "", current: int = 0) -> None:
        super().__init__("changed_elsewhere", seen=seen, current=current)


@dataclass(kw_only=True)
class StoredGame:
    """A game's row as stored: its table, edit key hash, version and times (no deals)."""

    id: str
    variant: str
    options: dict[str, Any]
    first_dealer: int
    first_dealer_drawn: bool
    edit_key_hash: str
    version: int
    created_at: datetime
    updated_at: datetime
    abandoned_at: datetime | None
    group_id: str | None = None  # the table it was played at (groups/), if any

    def key_matches(self, key: str | None) -> bool:
        """True when ``key`` is this game's edit key (compared in constant time)."""
        return key is not None and hmac.compare_digest(hash_key(key), self.edit_key_hash)


_GAMES_TABLE = GameRecord.__table__
_SEATS_TABLE = SeatRecord.__table__
_ENTRIES_TABLE = DealEntryRecord.__table__
_HELD_TABLE = DeviceGameRecord.__table__
_GAME_ROW = select(*(_GAMES_TABLE.c[name] for name in StoredGame.__dataclass_fields__)).where(
    _GAMES_TABLE.c.id == bindparam("game")
)
_NAMES = (
    select(_SEATS_TABLE.c.name)
    .where(_SEATS_TABLE.c.game_id == bindparam("game"))
    .order_by(_SEATS_TABLE.c.seat)
)
# The deals with the game's version, read in one statement (one snapshot): a
# game's row and its deals read apart could straddle another phone's change.
_VERSION_AND_ENTRIES = (
    select(_GAMES_TABLE.c.version, _ENTRIES_TABLE.c.number, _ENTRIES_TABLE.c.data)
    .select_from(_GAMES_TABLE.outerjoin(_ENTRIES_TABLE, _ENTRIES_TABLE.c.game_id == _GAMES_TABLE.c.id))
    .where(_GAMES_TABLE.c.id == bindparam("game"))
    .order_by(_ENTRIES_TABLE.c.number)
)
_CLAIM = (
    update(_GAMES_TABLE)
    .where(_GAMES_TABLE.c.id == bindparam("game"), _GAMES_TABLE.c.version == bindparam("seen"))
    .values(version=_GAMES_TABLE.c.version + 1, updated_at=bindparam("now"))
)
_ABANDON = _CLAIM.values(abandoned_at=bindparam("now"))
# ``position`` is a row's place in the game's log, from 1; ``sent`` the id a phone's offline queue gave
# the entry (None for one entered online). A correction without one keeps the row's: the queue that
# stored it, sent again, still finds it there and is not applied twice.
_KEEP_SENT = func.coalesce(bindparam("sent", type_=String), _ENTRIES_TABLE.c.sent_id)
_ADD_ENTRY = insert(_ENTRIES_TABLE).values(
    game_id=bindparam("game"),
    number=bindparam("position"),
    data=bindparam("inputs"),
    recorded_at=bindparam("now"),
    sent_id=bindparam("sent"),
)
_CORRECT_ENTRY = (
    update(_ENTRIES_TABLE)
    .where(_ENTRIES_TABLE.c.game_id == bindparam("game"), _ENTRIES_TABLE.c.number == bindparam("position"))
    .values(data=bindparam("inputs"), recorded_at=bindparam("now"), sent_id=_KEEP_SENT)
)
_REMOVE_ENTRY = delete(_ENTRIES_TABLE).where(
    _ENTRIES_TABLE.c.game_id == bindparam("game"), _ENTRIES_TABLE.c.number == bindparam("position")
)
_REMOVE_FROM = delete(_ENTRIES_TABLE).where(
    _ENTRIES_TABLE.c.game_id == bindparam("game"), _ENTRIES_TABLE.c.number >= bindparam("position")
)

# The same changes as single statements, for PostgreSQL: the claim of the
# version is a data-modifying CTE whose row, if any, feeds the change. One
# statement is one atomic transaction in autocommit mode, so a deal costs one
# round trip to the database instead of four (BEGIN, claim, change, COMMIT).
# The claim locks the game's row: of two phones at once, the second's claim
# waits, then finds the version gone, claims nothing and so changes nothing.
_CLAIMED = _CLAIM.returning(_GAMES_TABLE.c.id).cte("claimed")
_CLAIM_AND_ADD_ENTRY = (
    insert(_ENTRIES_TABLE)
    .from_select(
        ["game_id", "number", "data", "recorded_at", "sent_id"],
        select(
            _CLAIMED.c.id,
            bindparam("position", type_=Integer),
            bindparam("inputs", type_=JSON),
            bindparam("now", type_=DateTime(timezone=True)),
            bindparam("sent", type_=String),
        ),
    )
    .add_cte(_CLAIMED)
    .returning(_ENTRIES_TABLE.c.number)
)
_CLAIM_AND_CORRECT_ENTRY = (
    update(_ENTRIES_TABLE)
    .where(_ENTRIES_TABLE.c.game_id == _CLAIMED.c.id, _ENTRIES_TABLE.c.number == bindparam("position"))
    .values(data=bindparam("inputs"), recorded_at=bindparam("now"), sent_id=_KEEP_SENT)
    .add_cte(_CLAIMED)
    .returning(_ENTRIES_TABLE.c.number)
)
_CLAIM_AND_REMOVE_ENTRY = (
    delete(_ENTRIES_TABLE)
    .where(_ENTRIES_TABLE.c.game_id == _CLAIMED.c.id, _ENTRIES_TABLE.c.number == bindparam("position"))
    .add_cte(_CLAIMED)
    .returning(_ENTRIES_TABLE.c.number)
)
# The ids phones' offline queues gave the rows of a game, by the row's place in its log.
_SENT_IDS = select(_ENTRIES_TABLE.c.number, _ENTRIES_TABLE.c.sent_id).where(
    _ENTRIES_TABLE.c.game_id == bindparam("game"), _ENTRIES_TABLE.c.sent_id.is_not(None)
)
_ONE_STATEMENT = {
    _ADD_ENTRY: _CLAIM_AND_ADD_ENTRY,
    _CORRECT_ENTRY: _CLAIM_AND_CORRECT_ENTRY,
    _REMOVE_ENTRY: _CLAIM_AND_REMOVE_ENTRY,
}


class Seating(Protocol):
    """Who sits where in a game started at a table (see groups/roster.py)."""

    @property
    def group_id(self) -> str:
        """The table the game is played at."""
        ...

    def place(self, connection: Connection, seats: list[dict[str, Any]]) -> None:
        """Give each seat row its roster player (``player_id``), in the game's transaction."""
        ...


def create_game(
    variant: str,
    players: Sequence[str],
    *,
    first_dealer: int,
    options: Mapping[str, object],
    drawn: bool = False,
    log: Sequence[Mapping[str, Any]] = (),
    holder: str | None = None,
    seating: Seating | None = None,
) -> tuple[StoredGame, Game, str]:
    """Check the table with the engine, store it, and return it with its new edit key.

    Raises a RuleViolation, and stores nothing, when the engine refuses the table.
    ``log`` is a log already checked by the engine (deal entries and table
    events as data, in order), stored with the table.
    ``holder``, a device id, is given the game's edit right in the same transaction.
    ``seating`` places the game at a table, its seats at the table's players.
    """
    game = Game.start(variant, players, first_dealer=first_dealer, options=options)
    use_variant(game.table.variant)
    key = secrets.token_urlsafe(24)
    table = game.table
    now = utcnow()
    record = StoredGame(
        id=new_game_id(),
        variant=table.variant.code,
        options=dict(table.options),
        first_dealer=table.first_dealer,
        first_dealer_drawn=drawn,
        edit_key_hash=hash_key(key),
        version=1,
        created_at=now,
        updated_at=now,
        abandoned_at=None,
        group_id=None if seating is None else seating.group_id,
    )
    with database.transaction() as connection:
        connection.execute(insert(_GAMES_TABLE), [vars(record)])
        seats = [
            {"game_id": record.id, "seat": seat, "name": name, "player_id": None}
            for seat, name in enumerate(table.players)
        ]
        if seating is not None:
            seating.place(connection, seats)
        connection.execute(insert(_SEATS_TABLE), seats)
        if log:
            entries = [
                {"game_id": record.id, "number": position, "data": data, "recorded_at": now}
                for position, data in enumerate(log, start=1)
            ]
            connection.execute(insert(_ENTRIES_TABLE), entries)
        if holder is not None:
            held = {"device_hash": hash_key(holder), "game_id": record.id, "since": now}
            connection.execute(insert(_HELD_TABLE), [held])
    if not log:
        _keep(record, game)
    return record, game, key


def import_game(
    table: Mapping[str, Any], log: Sequence[Mapping[str, Any]], *, holder: str | None = None
) -> tuple[StoredGame, Game, str]:
    """Replay an exported game with the engine first; store it only if every deal and event is legal.

    ``log`` is its deal entries and table events as data, in order. A refusal
    names the deal or event at fault and stores nothing. ``holder`` as for create_game.
    """
    start = Game.start(
        table["variant"], table["players"], first_dealer=table["first_dealer"], options=table["options"]
    )
    use_variant(start.table.variant)
    game = Game.imported(start.table, log)  # one replay; a refusal names the deal or event at fault
    record, _, key = create_game(
        game.table.variant.code,
        game.table.players,
        first_dealer=game.table.first_dealer,
        options=dict(game.table.options),
        log=game.log_data(),
        holder=holder,
    )
    return record, game, key


def find_record(game_id: str) -> StoredGame | None:
    """The stored game's row, if there is one."""
    row = database.connection().execute(_GAME_ROW, {"game": game_id}).first()
    return None if row is None else StoredGame(**row._asdict())


def load_record(game_id: str) -> StoredGame:
    """The stored game's row, or 404."""
    record = find_record(game_id)
    if record is None:
        abort(404)
    return record


def load_game(game_id: str) -> tuple[StoredGame, Game]:
    """The stored game and its replayed engine game, or 404."""
    record = load_record(game_id)
    return record, game_of(record)


def game_of(record: StoredGame) -> Game:
    """Replay a stored game's inputs with the engine, or take this version's replay if kept.

    Should another phone change the game after ``record`` was read, ``record``
    is brought up to the version whose deals were read, so the two always agree.
    """
    variant = get_variant(record.variant)
    use_variant(variant)
    connection = database.connection()
    while (kept := GAMES.get((record.id, record.version))) is None:
        rows = connection.execute(_VERSION_AND_ENTRIES, {"game": record.id}).all()
        if not rows:
            abort(404)
        if rows[0].version != record.version:
            if (fresh := find_record(record.id)) is None:
                abort(404)
            vars(record).update(vars(fresh))
            continue
        names = connection.execute(_NAMES, {"game": record.id}).scalars().all()
        table = Table.restore(variant, names, first_dealer=record.first_dealer, options=record.options)
        game = Game.from_data(table, [row.data for row in rows if row.number is not None])
        GAMES.put((record.id, record.version), game)
        return game
    return kept


def load_to_change(game_id: str, seen: int | None) -> tuple[StoredGame, Game]:
    """The stored game and its replay, for a change made from version ``seen`` (None: the client
    named none), or 404.

    The database's version decides, before anything kept is used: the row is read from the
    database, the replay is this worker's copy of *that* version (or replayed afresh), and a
    ``seen`` the database has moved past is refused (ChangedElsewhere, with the version now
    stored) before the change is judged, so a stale client never hears of a deal or event
    missing from an old copy. The write's claim then checks the version again in its own
    transaction (``_change``).
    """
    record, game = load_game(game_id)  # game_of brings the row up to the version it replayed
    if seen is not None and seen != record.version:
        raise ChangedElsewhere(seen=seen, current=record.version)
    return record, game


def _keep(record: StoredGame, game: Game) -> None:
    """Keep the replay of the version this worker just wrote (the claim made it the stored one)."""
    GAMES.put((record.id, record.version), game)


def record_deal(
    record: StoredGame, game: Game, number: int, data: Mapping[str, Any], *, sent: str | None = None
) -> Game:
    """Enter or correct deal ``number`` in one transaction; refused entries store nothing.

    ``game`` is the replay of ``record`` as loaded; if another phone changed the
    game since, ChangedElsewhere is raised and nothing is stored. ``sent`` is the
    id a phone's offline queue gave the entry (kept with the row, see ``sent_ids``).
    """
    engine = game.table.variant.engine
    updated = game.record(cast(NumberedEntry, engine.read_entry(number, data)))  # raises before storing
    stored = engine.write_entry(updated.entries[number - 1])
    change = _CORRECT_ENTRY if number <= len(game.entries) else _ADD_ENTRY
    position = updated.deal_position(number)
    _change(record, change, {"position": position, "inputs": stored, "sent": sent}, game=updated)
    _keep(record, updated)
    return updated


def record_event(record: StoredGame, game: Game, data: Mapping[str, Any], *, sent: str | None = None) -> Game:
    """Record a table event after everything recorded so far; a refused event stores nothing.
    ``sent`` as for record_deal.

    While a deal is under way the engine may record it elsewhere than at the end (a misdeal drops
    what was entered of the deal, a substitute goes before it): the log is then rewritten from
    where it changed, in the same one change."""
    updated = game.add(read_event(data))  # raises before anything is stored
    if updated.log[:-1] != game.log:
        return replace_log(record, game, updated, sent=sent)
    stored = updated.log_data()[-1]
    _change(record, _ADD_ENTRY, {"position": len(updated.log), "inputs": stored, "sent": sent}, game=updated)
    _keep(record, updated)
    return updated


def replace_log(record: StoredGame, game: Game, updated: Game, *, sent: str | None = None) -> Game:
    """Store ``updated`` (a replay checked by the engine) over ``game``, the game as loaded: its log is
    written again from the first item where the two differ, in one transaction (ChangedElsewhere if
    another phone changed the game since it was loaded).

    A row written again with the same inputs keeps the id a phone's offline queue gave it (so that
    the queue sent again still finds it applied); the one new row takes ``sent``."""
    before, after = game.log_data(), updated.log_data()
    same = next(
        (position for position, (old, new) in enumerate(zip(before, after, strict=False)) if old != new),
        min(len(before), len(after)),
    )
    ids_by_row = {number: sent_id for sent_id, number in sent_ids(record).items()}
    carried = [
        (inputs, ids_by_row.get(position)) for position, inputs in enumerate(before[same:], start=same + 1)
    ]
    written = []
    for position, inputs in enumerate(after[same:], start=same + 1):
        found = next((index for index, (old, _) in enumerate(carried) if old == inputs), None)
        if found is not None:
            sent_id = carried.pop(found)[1]
        else:
            sent_id, sent = sent, None  # the one new row: what the queue called it
        written.append((_ADD_ENTRY, {"position": position, "inputs": inputs, "sent": sent_id}))
    _change(record, _REMOVE_FROM, {"position": same + 1}, game=updated, then=written)
    _keep(record, updated)
    return updated


def sent_ids(record: StoredGame) -> dict[str, int]:
    """The ids phones' offline queues gave the game's stored rows, each with its row's place in the log
    (from 1): what a queue sent again finds applied already."""
    rows = database.connection().execute(_SENT_IDS, {"game": record.id})
    return {row.sent_id: row.number for row in rows}


def correct_event(record: StoredGame, game: Game, number: int, data: Mapping[str, Any]) -> Game:
    """Correct table event ``number`` where it stands; later deals are re-scored."""
    updated = game.correct_event(number, read_event(data))  # raises before anything is stored
    position = updated.event_position(number)
    inputs = updated.log_data()[position - 1]
    _change(record, _CORRECT_ENTRY, {"position": position, "inputs": inputs}, game=updated)
    _keep(record, updated)
    return updated


def undo_last(record: StoredGame, game: Game) -> Game:
    """Remove the last item of the log, deal or event (ChangedElsewhere if the game changed since
    it was loaded)."""
    updated = game.undo()
    _change(record, _REMOVE_ENTRY, {"position": len(game.log)}, game=updated)
    _keep(record, updated)
    return updated


def abandon(record: StoredGame) -> None:
    """Mark the game abandoned: it stays readable, and nothing more is entered."""
    _change(record, None, {}, claim=_ABANDON)  # the claim itself marks the game abandoned
    record.abandoned_at = record.updated_at


def _change(
    record: StoredGame,
    change: Any,
    parameters: dict[str, Any],
    *,
    claim: Any = _CLAIM,
    game: Game | None = None,
    then: Sequence[tuple[Any, dict[str, Any]]] = (),
) -> None:
    """One change to a game: the claim of its version, then ``change`` (if any), atomically.

    The claim raises the stored version by one, only if it is still the
    version ``record`` was loaded at. That takes the write lock (SQLite) or
    the game's row lock (PostgreSQL), so of two phones changing the same game
    at once exactly one goes on; the other gets ChangedElsewhere and stores
    nothing (or 404 when the game is gone). ``record`` then shows the new
    version and time.

    On PostgreSQL claim and change are one statement (see _ONE_STATEMENT);
    elsewhere they are two in one transaction, and the functions of
    ALSO_IN_CHANGE are given ``game`` (the game as the change leaves it) to
    write what they keep of it in that same transaction. ``then`` are more
    changes (a statement and its parameters each) made after ``change`` in the
    same transaction, on every database.
    """
    seen, now = record.version, utcnow()
    values = {"sent": None, **parameters, "game": record.id, "seen": seen, "now": now}
    connection = database.connection()
    if change is not None and not then and connection.dialect.name in ONE_STATEMENT_DIALECTS:
        # The deal's number comes back only if the claim succeeded (rowcount is not
        # reported for an INSERT ... SELECT).
        claimed = connection.execute(_ONE_STATEMENT[change], values).first() is not None
    else:
        with database.transaction() as connection:
            claimed = connection.execute(claim, values).rowcount == 1
            if claimed and change is not None:
                connection.execute(change, values)
                for statement, more in then:
                    connection.execute(statement, {**more, "game": record.id, "now": now})
            if claimed and game is not None and ALSO_IN_CHANGE:
                changed = replace(record, version=seen + 1, updated_at=now)
                for also in ALSO_IN_CHANGE:
                    also(connection, changed, game)
    if not claimed:
        if (stored := find_record(record.id)) is None:
            abort(404)
        raise ChangedElsewhere(seen=seen, current=stored.version)
    record.version, record.updated_at = seen + 1, now
