"""The summaries of a table's games, kept in the database so that statistics never replay games.

A game's summary is a row per member — each person who played it, latecomers
and substitutes included (groups/members.py) — with groups/summary.py's
figures and the game's own on each row, derived from the game's inputs
replayed by the engine and stamped with the game's version. Each row names the
member's roster player (groups/newcomers.py links those who joined after the
start; building a summary links any not linked yet). Before any page of a table reads
its summaries, ``refresh`` finds the games whose rows are missing or carry
another version and rebuilds them: a deal entered, corrected or undone, a
game abandoned, shows in the statistics on the next view. Renaming a player
raises the versions of their games and of those games' rows together, since
a summary holds no name.

Keeping a summary is one statement: insert the game's rows, or bring rows of
an older version up to this one (rows of the same or a later version stay:
another request kept them meanwhile). A row left over from an older version
(a member taken back with their arrival) is removed with it. A deal that
finishes a table's game (or corrects a finished one) keeps its summary at
once, in the deal's own transaction (store.ALSO_IN_CHANGE), so the next
view of the statistics finds it ready; everything else waits for that view.

``flask --app scorekeeper rebuild-summaries`` rebuilds every summary from the
games' inputs (after a change to what a summary holds, or to check that the
kept ones are right: it says how many it found different). It also links to
the roster every arrival and substitute of the games stored before such links
existed, so that their games count for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import Connection, Insert, bindparam, delete, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from .. import database
from ..games import store
from ..games.models import GameRecord
from ..games.store import StoredGame
from ..kept import KeptByVersion
from ..rules import Game
from .models import GameSummaryRecord
from .newcomers import link_members, players_linked
from .summary import MemberSummary, summarise

_GAMES = GameRecord.__table__
_ROWS = GameSummaryRecord.__table__
# Rebuilt per transaction: short transactions leave room for the players' writes.
BATCH = 200
# The roster player of each member of a game, by game id and version: a link, once made, stays,
# and a rename raises the version.
MEMBERS: KeptByVersion[tuple[int | None, ...]] = KeptByVersion(size=4096)

# The figures of a member's summary that its row keeps (every one but the name: the player's).
_FIGURES = tuple(name for name in MemberSummary.__dataclass_fields__ if name in _ROWS.c)

_STALE = (
    select(*(_GAMES.c[name] for name in StoredGame.__dataclass_fields__))
    .select_from(_GAMES.outerjoin(_ROWS, (_ROWS.c.game_id == _GAMES.c.id) & (_ROWS.c.member == 0)))
    .where(
        _GAMES.c.group_id == bindparam("group"),
        or_(_ROWS.c.version.is_(None), _ROWS.c.version != _GAMES.c.version),
    )
)
# Every summary is at its game's version exactly when the table has as many summaries
# as games and their versions add up to the same: a summary's version is never above
# its game's. Both sums are read from indexes of their own.
_GAMES_OF = _GAMES.c.group_id == bindparam("group")
_FIRST_ROWS = (_ROWS.c.group_id == bindparam("group")) & (_ROWS.c.member == 0)
_FINGERPRINTS = select(
    select(func.count()).where(_GAMES_OF).scalar_subquery(),
    select(func.coalesce(func.sum(_GAMES.c.version), 0)).where(_GAMES_OF).scalar_subquery(),
    select(func.count()).where(_FIRST_ROWS).scalar_subquery(),
    select(func.coalesce(func.sum(_ROWS.c.version), 0)).where(_FIRST_ROWS).scalar_subquery(),
)
_FORGET_OLDER = delete(_ROWS).where(
    _ROWS.c.game_id == bindparam("game"), _ROWS.c.version < bindparam("version")
)
_FORGET = delete(_ROWS).where(_ROWS.c.game_id == bindparam("game"))
# Rows of members a newer version no longer has (an arrival taken back), once that version is kept.
_FORGET_GONE = delete(_ROWS).where(
    _ROWS.c.game_id == bindparam("game"),
    _ROWS.c.member >= bindparam("members"),
    _ROWS.c.version < bindparam("version"),
)


def _upsert(dialect: Any) -> Insert:
    """Insert a game's rows, or bring rows of an older version up to this one (one statement)."""
    statement = dialect.insert(_ROWS)
    figures = {column.name: statement.excluded[column.name] for column in _ROWS.c if not column.primary_key}
    return statement.on_conflict_do_update(  # type: ignore[no-any-return]
        index_elements=["game_id", "member"], set_=figures, where=_ROWS.c.version < statement.excluded.version
    )


_KEEP: dict[str, Insert] = {"sqlite": _upsert(sqlite), "postgresql": _upsert(postgresql)}


def summary_rows(record: StoredGame, game: Game, player_ids: Sequence[int | None]) -> list[dict[str, Any]]:
    """The summary of a table's game as rows, one per member; ``player_ids`` is each member's roster
    player (a summary holds no name: the name is the player's)."""
    summary = summarise(game.state, abandoned=record.abandoned_at is not None)
    shared = {
        "game_id": record.id,
        "group_id": record.group_id,
        "version": record.version,
        "variant": record.variant,
        "played_at": record.created_at,
        "status": summary.status,
        "deals_played": summary.deals_played,
        "deal_count": summary.deal_count,
    }
    rows = []
    for member in summary.members:
        row = dict(shared)
        for name in _FIGURES:
            row[name] = getattr(member, name)
        row["player_id"] = _player(player_ids, member.member)
        # The partner is the other seat's last holder, whose member number is the seat's.
        row["partner_id"] = _player(player_ids, member.partner)
        rows.append(row)
    return rows


def _player(player_ids: Sequence[int | None], member: int | None) -> int | None:
    return player_ids[member] if member is not None and member < len(player_ids) else None


def keep_finished(connection: Connection, record: StoredGame, game: Game) -> None:
    """In a change's transaction: a table's game the change leaves finished keeps its summary.

    A summary that cannot be made here never stops the deal from being saved: the
    next page of the table builds it (and shows what went wrong) instead.
    """
    if record.group_id is None or record.abandoned_at is not None or not game.state.finished:
        return
    try:
        players = players_linked(connection, record.id, game)
        if None in players:
            return  # a newcomer not linked yet: the next page of the table links them and keeps it
        rows = summary_rows(record, game, players)
    except Exception:
        current_app.logger.exception("The summary of game %s could not be kept with its deal", record.id)
        return
    keep(connection, [rows])


def refresh(group_id: str) -> int:
    """Rebuild the table's summaries that are missing or older than their games; how many."""
    connection = database.connection()
    games, game_versions, kept, kept_versions = connection.execute(_FINGERPRINTS, {"group": group_id}).one()
    if (games, game_versions) == (kept, kept_versions):
        return 0
    stale = [StoredGame(**row._asdict()) for row in connection.execute(_STALE, {"group": group_id})]
    for start in range(0, len(stale), BATCH):
        keep_summaries(stale[start : start + BATCH])
    return len(stale)


def rebuild(game_ids: Iterable[str], *, force: bool = False) -> None:
    """Read each game and keep its summary (see keep_summaries)."""
    records = [record for game_id in game_ids if (record := store.find_record(game_id)) is not None]
    keep_summaries(records, force=force)


def keep_summaries(records: Sequence[StoredGame], *, force: bool = False) -> None:
    """Replay each table's game (or take its kept replay) and keep its summary, in one transaction.

    A summary already kept at the same or a later version stays, unless ``force`` (which also reads
    each member's roster player afresh, not from what this worker kept).
    """
    built = []
    for record in records:
        if record.group_id is None:
            continue
        game = store.game_of(record)  # brings ``record`` to the version it replays
        built.append(summary_rows(record, game, players_of(record, game, fresh=force)))
    if built:
        with database.transaction() as writing:
            keep(writing, built, force=force)


def players_of(record: StoredGame, game: Game, *, fresh: bool = False) -> tuple[int | None, ...]:
    """The roster player of each member of a table's game at ``record``'s version, linking any newcomer
    not linked yet (kept per worker and version; ``fresh`` reads them again, as a rebuild does)."""
    found = None if fresh else MEMBERS.get((record.id, record.version))
    if found is None:
        found = link_members(record, game)
        MEMBERS.put((record.id, record.version), found)
    return found


def keep(connection: Connection, built: Sequence[list[dict[str, Any]]], *, force: bool = False) -> None:
    """Store summaries built by ``summary_rows`` in the caller's transaction (``force``: replace them)."""
    rows = []
    gone = []
    for game_rows in built:
        if game_rows and force:
            connection.execute(_FORGET, {"game": game_rows[0]["game_id"]})
        elif game_rows:
            first = game_rows[0]
            gone.append({"game": first["game_id"], "members": len(game_rows), "version": first["version"]})
        rows.extend(game_rows)
    if gone:
        connection.execute(_FORGET_GONE, gone)
    if rows:
        connection.execute(_KEEP[connection.dialect.name], rows)


def kept_rows(group_id: str | None = None) -> list[tuple[Any, ...]]:
    """Every kept summary row (of one table, or of all), in a stable order: for comparing."""
    query = select(_ROWS).order_by(_ROWS.c.game_id, _ROWS.c.member)
    if group_id is not None:
        query = query.where(_ROWS.c.group_id == group_id)
    return [tuple(row) for row in database.connection().execute(query)]


def rebuild_all() -> tuple[int, int]:
    """Rebuild the summary of every table's game; (games, summaries found different before)."""
    connection = database.connection()
    ids = connection.execute(select(_GAMES.c.id).where(_GAMES.c.group_id.is_not(None))).scalars().all()
    before = _by_game(kept_rows())
    for start in range(0, len(ids), BATCH):
        rebuild(ids[start : start + BATCH], force=True)
    after = _by_game(kept_rows())
    return len(ids), sum(1 for game_id in after if before.get(game_id) != after[game_id])


def _by_game(rows: list[tuple[Any, ...]]) -> dict[str, list[tuple[Any, ...]]]:
    found: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        found.setdefault(row[0], []).append(row)
    return found


@click.command("rebuild-summaries")
@with_appcontext
def rebuild_summaries() -> None:
    """Rebuild every table's game summary from the games' inputs."""
    games, differ = rebuild_all()
    click.echo(f"Rebuilt the summaries of {games} games; {differ} differed from the kept ones.")


def register(app: Flask) -> None:
    """Add the command to the app's ``flask`` CLI, and keep finished games' summaries as they finish."""
    app.cli.add_command(rebuild_summaries)
    if keep_finished not in store.ALSO_IN_CHANGE:
        store.ALSO_IN_CHANGE.append(keep_finished)
