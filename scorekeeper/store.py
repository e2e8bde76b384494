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

from .extensions import db
from .models import DealEntryRecord, GameRecord, SeatRecord, hash_key, utcnow
from .rules import Game, RuleViolation, Table, get_variant


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
    """Replay a stored game's inputs with the engine.

    Every page and API call comes through here, so the seats and entries are
    read as plain rows (one query each) rather than as ORM objects.
    """
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
    return Game(table, entries)  # type: ignore[arg-type]


def record_deal(record: GameRecord, game: Game, number: int, data: Mapping[str, Any]) -> Game:
    """Enter or correct deal ``number`` in one transaction; refused entries store nothing."""
    engine = game.table.variant.engine
    updated = game.record(engine.read_entry(number, data))  # raises before anything is stored
    stored = engine.write_entry(updated.entries[number - 1])
    entries = DealEntryRecord.__table__
    if number <= len(game.entries):
        db.session.execute(
            update(entries)
            .where(entries.c.game_id == record.id, entries.c.number == number)
            .values(data=stored, recorded_at=utcnow())
        )
    else:
        db.session.execute(
            insert(entries).values(game_id=record.id, number=number, data=stored, recorded_at=utcnow())
        )
    record.touch()
    db.session.commit()
    return updated


def undo_last(record: GameRecord, game: Game) -> Game:
    """Remove the last recorded deal."""
    updated = game.undo()
    entries = DealEntryRecord.__table__
    db.session.execute(
        delete(entries).where(entries.c.game_id == record.id, entries.c.number == len(game.entries))
    )
    record.touch()
    db.session.commit()
    return updated


def abandon(record: GameRecord) -> None:
    """Mark the game abandoned: it stays readable, and nothing more is entered."""
    record.abandoned_at = utcnow()
    record.touch()
    db.session.commit()
