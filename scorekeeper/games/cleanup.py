"""``flask --app scorekeeper remove-old-games``: remove games nobody will come back to.

Anyone may start a game, and games started and left empty (or by a script)
would pile up for ever. Run this from cron, daily. A game goes when the first
of these rules that fits it does (0 days turns a rule off):

- empty (no deal entered) and untouched for ``--empty-days`` (default 7);
- abandoned, and untouched since, for ``--abandoned-days`` (default 30);
- any other game untouched for ``--untouched-days`` (default 400: the lifetime
  of the cookie that holds its edit key, so no phone can still change it).

"Untouched" counts from the game's last change (a deal entered, corrected or
undone, the game abandoned). ``--dry-run`` counts without removing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import ColumnElement, and_, delete, exists, func, not_, select

from ..database import utcnow
from ..extensions import db
from ..writers import WriterQueue
from .models import DealEntryRecord, GameRecord, SeatRecord

# Games removed per transaction: short transactions leave room for the players' writes.
BATCH = 200


@dataclass(frozen=True, kw_only=True)
class Rule:
    """Which games go after how many days untouched, and what the report calls them."""

    label: str
    days: int
    fits: Callable[[], ColumnElement[bool]]


def _empty() -> ColumnElement[bool]:
    return ~exists().where(DealEntryRecord.game_id == GameRecord.id)


def _abandoned() -> ColumnElement[bool]:
    return GameRecord.abandoned_at.is_not(None)


def _any() -> ColumnElement[bool]:
    return GameRecord.id.is_not(None)


def register(app: Flask) -> None:
    """Add the command to the app's ``flask`` CLI."""
    app.cli.add_command(remove_old_games)


@click.command("remove-old-games")
@click.option(
    "--empty-days",
    type=click.IntRange(min=0),
    default=7,
    show_default=True,
    help="Remove games with no deal, untouched this many days (0: never).",
)
@click.option(
    "--abandoned-days",
    type=click.IntRange(min=0),
    default=30,
    show_default=True,
    help="Remove abandoned games, untouched this many days (0: never).",
)
@click.option(
    "--untouched-days",
    type=click.IntRange(min=0),
    default=400,
    show_default=True,
    help="Remove any game untouched this many days (0: never).",
)
@click.option("--dry-run", is_flag=True, help="Count the games that would go; remove nothing.")
@with_appcontext
def remove_old_games(empty_days: int, abandoned_days: int, untouched_days: int, dry_run: bool) -> None:
    """Remove games that are empty, abandoned or untouched for a while."""
    rules = [
        Rule(label="empty", days=empty_days, fits=_empty),
        Rule(label="abandoned", days=abandoned_days, fits=_abandoned),
        Rule(label="untouched", days=untouched_days, fits=_any),
    ]
    counts = remove(rules, now=utcnow(), dry_run=dry_run)
    verb = "Would remove" if dry_run else "Removed"
    parts = [
        f"{counts[rule.label]} {rule.label} for {rule.days} day{'s' if rule.days != 1 else ''}"
        for rule in rules
        if rule.days
    ]
    click.echo(f"{verb} {sum(counts.values())} games: {', '.join(parts) or 'every rule is off'}.")


def remove(rules: list[Rule], *, now: datetime, dry_run: bool = False) -> dict[str, int]:
    """Remove the games each rule fits, in order; how many each rule removed (or would)."""
    counts = {rule.label: 0 for rule in rules}
    earlier: list[ColumnElement[bool]] = []  # a game counts under the first rule that fits it
    for rule in rules:
        if not rule.days:
            continue
        fits = and_(rule.fits(), GameRecord.updated_at < now - timedelta(days=rule.days), *map(not_, earlier))
        earlier.append(fits)
        if dry_run:
            counts[rule.label] = (
                db.session.scalar(select(func.count()).select_from(GameRecord).where(fits)) or 0
            )
            continue
        while batch := _remove_batch(fits):
            counts[rule.label] += batch
    return counts


def _remove_batch(fits: ColumnElement[bool]) -> int:
    """Remove up to BATCH of the games that fit, in one transaction; how many went."""
    writers: WriterQueue = current_app.extensions["scorekeeper.writers"]
    with writers.turn(), db.engine.begin() as connection:
        ids = connection.execute(select(GameRecord.id).where(fits).limit(BATCH)).scalars().all()
        if ids:
            connection.execute(delete(DealEntryRecord).where(DealEntryRecord.game_id.in_(ids)))
            connection.execute(delete(SeatRecord).where(SeatRecord.game_id.in_(ids)))
            connection.execute(delete(GameRecord).where(GameRecord.id.in_(ids)))
    return len(ids)
