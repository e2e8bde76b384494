"""A drive's data to take away: a CSV of every player's hands (one row per player per hand) and the
whole drive as JSON (the API's document, offered as a file).

Anyone who can follow the drive can read its data, as the leaderboard; the
files count with the PDFs against the request limits. The CSV's columns are
codes and numbers, not words, so that a spreadsheet reads it in any language.
"""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, redirect, url_for
from werkzeug.wrappers import Response as Redirect  # what redirect() and make_conditional() give

from ...drives import store
from ...rules.drive import Drive
from ..games import spreadsheet_cell

bp = Blueprint("drive_exchange", __name__)

SEAT_CODES = ("N", "E", "S", "W")
CSV_COLUMNS = (
    "player",
    "name",
    "hand",
    "trump",
    "table",
    "seat",
    "partner",
    "opponents",
    "sat_out",
    "tricks",
    "running_total",
    "total",
    "rank",
)


@bp.get("/drives/<drive_id>/export.csv")
def export_csv(drive_id: str) -> Response:
    """Every player's hands: table, seat, partner, opponents, tricks, running total, final standing."""
    record, drive = store.load_drive(drive_id)
    response = Response(drive_csv(drive), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="drive-{record.id}.csv"'
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/drives/<drive_id>/export.json")
def export_json(drive_id: str) -> Redirect:
    """The whole drive as JSON: the API's document of it, as a file."""
    record, _drive = store.load_drive(drive_id)
    return redirect(url_for("api.read_drive", drive_id=record.id, download=1), code=303)


def _text(name: str) -> str:
    """A name as a spreadsheet cell: one that would start a formula ("=SUM…") is kept as text."""
    return str(spreadsheet_cell(name))


def drive_csv(drive: Drive) -> str:
    """The CSV text: a header, then a row per player per hand whose seating is known."""
    state = drive.state
    names = drive.setup.players
    standing = {line.player: line for line in state.standings}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for player in range(drive.setup.player_count):
        line = standing[player]
        for row in state.card(player):
            place = state.hand(row.hand).placement(player)
            writer.writerow(
                (
                    player + 1,
                    _text(names[player]),
                    row.hand,
                    row.trump.value,
                    "" if row.table is None else row.table,
                    "" if row.seat is None else SEAT_CODES[row.seat.offset],
                    "" if row.partner is None else _text(names[row.partner]),
                    _text(" & ".join(names[other] for other in place.opponents)),
                    "yes" if row.sat_out else "",
                    "" if row.tricks is None else row.tricks,
                    "" if row.running_total is None else row.running_total,
                    line.total,
                    f"{line.rank}=" if line.tied else line.rank,
                )
            )
    return out.getvalue()
