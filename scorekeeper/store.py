"""Loading and saving games: stored inputs in, engine games out.

The database keeps the table and each deal's inputs as the engine reads them;
every load replays them, so a correction re-scores everything after it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from flask import abort

from .extensions import db
from .models import DealEntryRecord, GameRecord, SeatRecord, hash_key, utcnow
from .rules import Game, Table, get_variant


def create_game(
    variant: str,
    players: Sequence[str],
    *,
    first_dealer: int,
    options: Mapping[str, object],
    drawn: bool = False,
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
    db.session.commit()
    return record, game, key


def load_game(game_id: str) -> tuple[GameRecord, Game]:
    """The stored game and its replayed engine game, or 404."""
    record = db.session.get(GameRecord, game_id)
    if record is None:
        abort(404)
    return record, game_of(record)


def game_of(record: GameRecord) -> Game:
    """Replay a stored game's inputs with the engine."""
    variant = get_variant(record.variant)
    table = Table.create(variant, record.players, first_dealer=record.first_dealer, options=record.options)
    engine = variant.engine
    entries = tuple(engine.read_entry(entry.number, entry.data) for entry in record.entries)
    return Game(table, entries)  # type: ignore[arg-type]


def record_deal(record: GameRecord, game: Game, number: int, data: Mapping[str, Any]) -> Game:
    """Enter or correct deal ``number`` in one transaction; refused entries store nothing."""
    engine = game.table.variant.engine
    updated = game.record(engine.read_entry(number, data))  # raises before anything is stored
    stored = engine.write_entry(updated.entries[number - 1])
    existing = next((entry for entry in record.entries if entry.number == number), None)
    if existing is None:
        record.entries.append(DealEntryRecord(number=number, data=stored))
    else:
        existing.data = stored
        existing.recorded_at = utcnow()
    record.touch()
    db.session.commit()
    return updated


def undo_last(record: GameRecord, game: Game) -> Game:
    """Remove the last recorded deal."""
    updated = game.undo()
    record.entries.remove(record.entries[-1])
    record.touch()
    db.session.commit()
    return updated


def abandon(record: GameRecord) -> None:
    """Mark the game abandoned: it stays readable, and nothing more is entered."""
    record.abandoned_at = utcnow()
    record.touch()
    db.session.commit()
