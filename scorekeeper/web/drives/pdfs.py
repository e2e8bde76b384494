"""A drive on paper: table cards with their QR codes, the players' tally cards, the results sheet.

Rendered by WeasyPrint as the game sheets are (pdf.py), and kept per drive
version on the app's PDF shelf (kept_pdfs.py). A drive played entirely on
paper still gets its movement plan and its totals: each tally card carries
the seats known so far, and the rows after them are left for the pencil.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, render_template
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import StoredDrive
from ...rules.drive import Drive
from ..kept_pdfs import pdf_download, pdf_language, pdf_paper, shelf_key  # as the game sheets print
from ..language import reader_time_zone
from . import view
from .access import require_organiser, table_links
from .paper import table_cards as worded_table_cards
from .paper import tally_pages

bp = Blueprint("drive_pdfs", __name__)


@bp.get("/drives/<drive_id>/table-cards.pdf")
def table_cards(drive_id: str) -> Response:
    """One card per table: its number in large type and the QR code of the table's phone link.

    The links are secrets of the tables, so only the organiser prints them.
    """
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    # Kept while the drive's name and tables stand: the cards show nothing a hand changes.
    return _drive_pdf(
        record,
        drive,
        "table-cards",
        (record.name, drive.state.layout.tables),
        lambda: {"cards": worded_table_cards(drive, table_links(record, drive.state.layout.tables))},
    )


@bp.get("/drives/<drive_id>/tally-cards.pdf")
def tally_cards(drive_id: str) -> Response:
    """Every player's tally card, a row for every hand (four to a sheet where they fit, else two):
    hand and trump, table and seat, partner, opponents, tricks, total and the opponents' initials."""
    record, drive = store.load_drive(drive_id)
    return _drive_pdf(
        record,
        drive,
        "tally-cards",
        (record.version,),
        lambda: tally_pages(drive, pdf_paper()),
    )


@bp.get("/drives/<drive_id>/results.pdf")
def results(drive_id: str) -> Response:
    """The results sheet: the prizes and every player's total, best first."""
    record, drive = store.load_drive(drive_id)
    return _drive_pdf(
        record,
        drive,
        "results",
        (record.version,),
        lambda: {"started": record.created_at, **view.leaderboard(drive)},
    )


def _drive_pdf(
    record: StoredDrive,
    drive: Drive,
    kind: str,
    version: tuple[object, ...],
    context: Callable[[], dict[str, Any]],
) -> Response:
    """The drive's PDF of ``kind`` (its template drives/paper/<kind>.html) on the reader's paper and
    in the reader's language, kept on the shelf by ``version``; ``context`` is asked only to render."""
    paper, language = pdf_paper(), pdf_language()

    def render() -> str:
        return render_template(
            f"drives/paper/{kind.replace('-', '_')}.html",
            paper=paper,
            orientation="portrait",
            language=language,
            **context(),
            **view.overview(record, drive),
        )

    key = shelf_key(f"drive-{kind}", record.id, *version, paper.name, language, reader_time_zone())
    # A drive's cards cost seconds (160 players' tally cards): one of its PDFs is made at a time.
    return pdf_download(key, render, f"{_stem(drive)}-{kind}.pdf", queue=f"drive-{record.id}")


def _stem(drive: Drive) -> str:
    """ "st-marys-autumn-drive", for the files' names."""
    words = "".join(char if char.isalnum() else " " for char in drive.setup.name.lower()).split()
    return "-".join(words)[:60] or "whist-drive"
