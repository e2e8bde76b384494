"""The summaries of a table's games, kept in the database so that statistics never replay games.

A summary is derived from a game's inputs (replayed by the engine) and is
stamped with the game's version. Before any page of a table reads its
summaries, ``refresh`` finds those whose stamp is not their game's version
(or that are missing) and rebuilds them: a deal entered, corrected or undone,
a game abandoned, shows in the statistics on the next view. Renaming a player
raises the versions of their games and of their summaries together, since a
summary holds no name.

``flask --app scorekeeper rebuild-summaries`` rebuilds every summary from the
games' inputs (after a change to what a summary holds, or to check that the
kept ones are right: it says how many it found different).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import Connection, bindparam, delete, insert, or_, select

from .. import store
from ..models import GameRecord, GameSummaryRecord, SummarySeatRecord
from ..rules import Game
from ..store import StoredGame
from .roster import seated_players
from .summary import GameSummary, summarise

_GAMES = GameRecord.__table__
_SUMMARIES = GameSummaryRecord.__table__
_SUMMARY_SEATS = SummarySeatRecord.__table__
# Rebuilt per transaction: short transactions leave room for the players' writes.
BATCH = 200

_STALE = (
    select(_GAMES.c.id)
    .select_from(_GAMES.outerjoin(_SUMMARIES, _SUMMARIES.c.game_id == _GAMES.c.id))
    .where(
        _GAMES.c.group_id == bindparam("group"),
        or_(_SUMMARIES.c.version.is_(None), _SUMMARIES.c.version != _GAMES.c.version),
    )
)
_KEPT_VERSION = select(_SUMMARIES.c.version).where(_SUMMARIES.c.game_id == bindparam("game"))
_FORGET_SEATS = delete(_SUMMARY_SEATS).where(_SUMMARY_SEATS.c.game_id == bindparam("game"))
_FORGET = delete(_SUMMARIES).where(_SUMMARIES.c.game_id == bindparam("game"))


def summary_rows(
    record: StoredGame, game: Game, player_ids: Sequence[int | None]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The summary of a table's game as rows: the game's, and one per seat."""
    assert record.group_id is not None
    summary = summarise(game.state, abandoned=record.abandoned_at is not None)
    return _rows(record, summary, player_ids)


def _rows(
    record: StoredGame, summary: GameSummary, player_ids: Sequence[int | None]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game_row = {
        "game_id": record.id,
        "group_id": record.group_id,
        "version": record.version,
        "variant": record.variant,
        "played_at": record.created_at,
        "status": summary.status,
        "deals_played": summary.deals_played,
        "deal_count": summary.deal_count,
        "winners": list(summary.winners),
    }
    shared = {
        "game_id": record.id,
        "group_id": record.group_id,
        "variant": record.variant,
        "played_at": record.created_at,
        "finished": summary.status == "finished",
    }
    seat_rows = [
        {
            **shared,
            **asdict(seat),
            "player_id": player_ids[seat.seat] if seat.seat < len(player_ids) else None,
        }
        for seat in summary.seats
    ]
    return game_row, seat_rows


def refresh(group_id: str) -> int:
    """Rebuild the table's summaries that are missing or older than their games; how many."""
    stale = store.connection().execute(_STALE, {"group": group_id}).scalars().all()
    for start in range(0, len(stale), BATCH):
        rebuild(stale[start : start + BATCH])
    return len(stale)


def rebuild(game_ids: Iterable[str], *, force: bool = False) -> None:
    """Replay each game and keep its summary, in one transaction.

    A summary already kept at the same or a later version stays, unless ``force``.
    """
    built = []
    for game_id in game_ids:
        record = store.find_record(game_id)
        if record is None or record.group_id is None:
            continue
        game = store.game_of(record)  # brings ``record`` to the version it replays
        player_ids = seated_players(game_id)
        built.append(summary_rows(record, game, player_ids))
    if built:
        with store.transaction() as writing:
            keep(writing, built, force=force)


def keep(
    connection: Connection,
    built: Sequence[tuple[dict[str, Any], list[dict[str, Any]]]],
    *,
    force: bool = False,
    new: bool = False,
) -> None:
    """Store summaries built by ``summary_rows`` in the caller's transaction (``new``: of new games)."""
    games: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for game_row, seat_rows in built:
        kept = None if new else connection.execute(_KEPT_VERSION, {"game": game_row["game_id"]}).scalar()
        if kept is not None and kept >= game_row["version"] and not force:
            continue  # another request kept this version (or a later one) meanwhile
        if kept is not None:
            connection.execute(_FORGET_SEATS, {"game": game_row["game_id"]})
            connection.execute(_FORGET, {"game": game_row["game_id"]})
        games.append(game_row)
        seats.extend(seat_rows)
    if games:
        connection.execute(insert(_SUMMARIES), games)
    if seats:
        connection.execute(insert(_SUMMARY_SEATS), seats)


def kept_rows(group_id: str | None = None) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every kept summary row (of one table, or of all), in a stable order: for comparing."""
    games = select(_SUMMARIES).order_by(_SUMMARIES.c.game_id)
    seats = select(_SUMMARY_SEATS).order_by(_SUMMARY_SEATS.c.game_id, _SUMMARY_SEATS.c.seat)
    if group_id is not None:
        games = games.where(_SUMMARIES.c.group_id == group_id)
        seats = seats.where(_SUMMARY_SEATS.c.group_id == group_id)
    connection = store.connection()
    return (
        [tuple(row) for row in connection.execute(games)],
        [tuple(row) for row in connection.execute(seats)],
    )


def rebuild_all() -> tuple[int, int]:
    """Rebuild the summary of every table's game; (games, summaries found different before)."""
    connection = store.connection()
    ids = connection.execute(select(_GAMES.c.id).where(_GAMES.c.group_id.is_not(None))).scalars().all()
    before = _by_game(*kept_rows())
    for start in range(0, len(ids), BATCH):
        rebuild(ids[start : start + BATCH], force=True)
    after = _by_game(*kept_rows())
    differ = sum(1 for game_id in after if before.get(game_id) != after[game_id])
    with store.transaction() as writing:  # summaries of games that left every table
        writing.execute(
            delete(_SUMMARIES).where(
                ~_SUMMARIES.c.game_id.in_(select(_GAMES.c.id).where(_GAMES.c.group_id.is_not(None)))
            )
        )
    return len(ids), differ


def _by_game(
    games: list[tuple[Any, ...]], seats: list[tuple[Any, ...]]
) -> dict[str, tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    found: dict[str, tuple[tuple[Any, ...], list[tuple[Any, ...]]]] = {row[0]: (row, []) for row in games}
    for row in seats:
        if row[0] in found:
            found[row[0]][1].append(row)
    return found


@click.command("rebuild-summaries")
@with_appcontext
def rebuild_summaries() -> None:
    """Rebuild every table's game summary from the games' inputs."""
    games, differ = rebuild_all()
    click.echo(f"Rebuilt the summaries of {games} games; {differ} differed from the kept ones.")


def register(app: Flask) -> None:
    """Add the command to the app's ``flask`` CLI."""
    app.cli.add_command(rebuild_summaries)
