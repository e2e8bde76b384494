"""Loading and saving games: stored inputs in, engine games out.

The database keeps the table and each deal's inputs as the engine reads them;
every load replays them, so a correction re-scores everything after it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from flask import abort
from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm.attributes import set_committed_value

from .extensions import db
from .kept import KeptByVersion
from .models import DealEntryRecord, GameRecord, SeatRecord, hash_key, utcnow
from .rules import Game, OutOfTurn, RuleViolation, Table, get_variant

# Replayed games of this worker, by id and version: a game's version rises with
# every change, so a kept replay is always the replay of what is stored.
GAMES: KeptByVersion[Game] = KeptByVersion(size=256)

CHANGED_ELSEWHERE = (
    "This game changed on another phone: here is the new score, enter your change again. "
    "Nothing was overwritten."
)


class ChangedElsewhere(OutOfTurn):
    """A change made from a version of the game that is no longer the stored one."""

    field = "version"

    def __init__(self, message: str = CHANGED_ELSEWHERE) -> None:
        super().__init__(message, field="version")


def create_game(
    variant: str,
    players: Sequence[str],
    *,
    first_dealer: int,
    options: Mapping[str, object],
    drawn: bool = False,
    commit: bool = True,
) -> tuple[GameRecord, Game, str]:
    """Check the table with the engine, store it, and return it with its new edit key.

    Raises a RuleViolation, and stores nothing, when the engine refuses the table.
    """
    game = Game.start(variant, players, first_dealer=first_dealer, options=options)
    key = secrets.token_urlsafe(24)
    table = game.table
    record = GameRecord(
        variant=table.variant.code,
        options=dict(table.options),
        first_dealer=table.first_dealer,
        first_dealer_drawn=drawn,
        edit_key_hash=hash_key(key),
        seats=[SeatRecord(seat=seat, name=name) for seat, name in enumerate(table.players)],
    )
    db.session.add(record)
    if commit:
        db.session.commit()
    return record, game, key


def import_game(table: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> tuple[GameRecord, Game, str]:
    """Replay an exported game with the engine first; store it only if every deal is legal.

    A refusal names the deal at fault and stores nothing.
    """
    game = Game.start(
        table["variant"], table["players"], first_dealer=table["first_dealer"], options=table["options"]
    )
    engine = game.table.variant.engine
    for number, data in enumerate(deals, start=1):
        try:
            game = game.record(engine.read_entry(number, data))
        except RuleViolation as refused:
            raise RuleViolation(f"Deal {number}: {refused.message}", field=refused.field) from refused
    record, _, key = create_game(
        game.table.variant.code,
        game.table.players,
        first_dealer=game.table.first_dealer,
        options=dict(game.table.options),
        commit=False,
    )
    for number, entry in enumerate(game.entries, start=1):
        record.entries.append(DealEntryRecord(number=number, data=engine.write_entry(entry)))
    db.session.commit()
    return record, game, key


def load_record(game_id: str) -> GameRecord:
    """The stored game's row, or 404."""
    record = db.session.get(GameRecord, game_id)
    if record is None:
        abort(404)
    return record


def load_game(game_id: str) -> tuple[GameRecord, Game]:
    """The stored game and its replayed engine game, or 404."""
    record = load_record(game_id)
    return record, game_of(record)


def game_of(record: GameRecord) -> Game:
    """Replay a stored game's inputs with the engine, or take this version's replay if kept.

    Every page and API call comes through here, so the seats and entries are
    read as plain rows (one query each) rather than as ORM objects.
    """
    if (kept := GAMES.get((record.id, record.version))) is not None:
        return kept
    names = db.session.scalars(
        select(SeatRecord.name).where(SeatRecord.game_id == record.id).order_by(SeatRecord.seat)
    ).all()
    rows = db.session.execute(
        select(DealEntryRecord.number, DealEntryRecord.data)
        .where(DealEntryRecord.game_id == record.id)
        .order_by(DealEntryRecord.number)
    ).all()
    variant = get_variant(record.variant)
    table = Table.create(variant, names, first_dealer=record.first_dealer, options=record.options)
    engine = variant.engine
    entries = tuple(engine.read_entry(number, data) for number, data in rows)
    game = Game(table, entries)  # type: ignore[arg-type]
    GAMES.put((record.id, record.version), game)
    return game


def record_deal(record: GameRecord, game: Game, number: int, data: Mapping[str, Any]) -> Game:
    """Enter or correct deal ``number`` in one transaction; refused entries store nothing.

    ``game`` is the replay of ``record`` as loaded; if another phone changed the
    game since, ChangedElsewhere is raised and nothing is stored.
    """
    engine = game.table.variant.engine
    updated = game.record(engine.read_entry(number, data))  # raises before anything is stored
    stored = engine.write_entry(updated.entries[number - 1])
    entries = DealEntryRecord.__table__
    _claim_next_version(record)
    if number <= len(game.entries):
        db.session.execute(
            update(entries)
            .where(entries.c.game_id == record.id, entries.c.number == number)
            .values(data=stored, recorded_at=record.updated_at)
        )
    else:
        db.session.execute(
            insert(entries).values(
                game_id=record.id, number=number, data=stored, recorded_at=record.updated_at
            )
        )
    _commit(record, updated)
    return updated


def undo_last(record: GameRecord, game: Game) -> Game:
    """Remove the last recorded deal (ChangedElsewhere if the game changed since it was loaded)."""
    updated = game.undo()
    entries = DealEntryRecord.__table__
    _claim_next_version(record)
    db.session.execute(
        delete(entries).where(entries.c.game_id == record.id, entries.c.number == len(game.entries))
    )
    _commit(record, updated)
    return updated


def abandon(record: GameRecord) -> None:
    """Mark the game abandoned: it stays readable, and nothing more is entered."""
    _claim_next_version(record, abandoned_at=utcnow())
    db.session.commit()


def _claim_next_version(record: GameRecord, **changes: Any) -> None:
    """Raise the stored version by one, only if it is still the version ``record`` was loaded at.

    This is the change's first statement: it takes the write lock (SQLite) or
    the game's row lock (PostgreSQL), so of two phones changing the same game
    at once exactly one goes on; the other gets ChangedElsewhere and stores
    nothing. The record then shows the new version without a reload.
    """
    games = GameRecord.__table__
    now = utcnow()
    claimed = db.session.execute(
        update(games)
        .where(games.c.id == record.id, games.c.version == record.version)
        .values(version=games.c.version + 1, updated_at=now, **changes)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]  # an UPDATE's CursorResult
        db.session.rollback()
        raise ChangedElsewhere()
    for name, value in {"version": record.version + 1, "updated_at": now, **changes}.items():
        set_committed_value(record, name, value)


def _commit(record: GameRecord, updated: Game) -> None:
    """Commit the change and keep the new version's replay for the requests that follow."""
    db.session.commit()
    GAMES.put((record.id, record.version), updated)
