"""A whole table as a file: JSON that imports to the same table elsewhere, and CSV of every deal.

The JSON format (the table's document written from the store, and a document
checked and every game replayed) is the tables store's (groups/files.py), which
a club's file shares; it is named here too for the table's pages. What is the
web's stays here: the CSV of every deal, whose event notes are worded for the
reader by the games' web package.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from sqlalchemy import select

from ... import database
from ...games import store
from ...games.models import GameRecord
from ...groups.access import Group
from ...groups.files import export_table, export_version, read_table, when
from ..games import CSV_HEADER, csv_rows, spreadsheet_cell

__all__ = ["export_table", "export_table_csv", "export_version", "read_table"]

_GAMES = GameRecord.__table__


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
        first = [record.id, when(record.created_at)[:10], spreadsheet_cell(game.table.variant.name)]
        writer.writerows([*first, *row, *[""] * (len(CSV_HEADER) + 1 - len(row))] for row in csv_rows(game))
        yield _drain(out)


def _drain(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text
