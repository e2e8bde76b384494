"""A drive on paper: table cards with their QR codes, the players' tally cards, the results sheet.

Rendered by WeasyPrint as the game sheets are (pdf.py), but never while the reader waits: a missing
PDF is made in the background (kept_pdfs.prepared_pdf, pdf_jobs.py) and the reader sees a page that
says what is being prepared until it comes. Each is kept on the app's PDF shelf by what it shows
(kept_pdfs.py), and by nothing it does not show: the tally cards and the table cards by the drive's
version (the table cards by its name and tables only), the paper and the language, never the
reader's time zone; the results sheet by the day it shows in the reader's zone, so readers whose
days agree share one file. A drive played entirely on paper still gets its movement plan and its
totals: each tally card carries the seats known so far, and the rows after them are left for the
pencil.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, render_template, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import StoredDrive
from ...rules.drive import Drive
from ...rules.paper import LAYOUT_VERSION
from ...words import gettext, ngettext
from ..kept_pdfs import Preparing, asked_again, pdf_language, pdf_paper, prepared_pdf, shelf_key
from ..limits import leave_uncounted
from ..wording import long_day
from . import view
from .access import require_organiser, table_links
from .paper import table_cards as worded_table_cards
from .paper import tally_pages
from .paper_cards import readable_cards

bp = Blueprint("drive_pdfs", __name__)


@bp.get("/drives/<drive_id>/table-cards.pdf")
def table_cards(drive_id: str) -> Response:
    """One card per table: its number in large type and the QR code of the table's phone link.

    The links are secrets of the tables, so only the organiser prints them.
    """
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    tables = drive.state.layout.tables

    def preparing() -> Preparing:
        return _preparing(
            record,
            gettext("Preparing the table cards"),
            ngettext(
                "One card for the %(count)s table of %(drive)s, with its QR code.",
                "One card for each of the %(count)s tables of %(drive)s, with its QR code.",
                tables,
            )
            % {"count": tables, "drive": record.name},
            gettext("The table cards are ready"),
            gettext("Download the table cards (PDF)"),
        )

    # Kept while the drive's name and tables stand, for the address its links are printed with.
    return _drive_pdf(
        record,
        drive,
        "table-cards",
        (record.name, tables, request.host_url, drive.setup.hands, drive.setup.trumps, LAYOUT_VERSION),
        lambda: readable_cards(
            drive, worded_table_cards(drive, table_links(record, tables)), pdf_paper().name, record.id
        ),
        preparing,
    )


@bp.get("/drives/<drive_id>/tally-cards.pdf")
def tally_cards(drive_id: str) -> Response:
    """Every player's tally card, with a row for every hand (four to a sheet where they fit, else
    two): hand and trump, table and seat, partner, opponents, tricks, running total and the
    opponents' initials."""
    record, drive = store.load_drive(drive_id)
    players = drive.setup.player_count

    def preparing() -> Preparing:
        return _preparing(
            record,
            gettext("Preparing the tally cards"),
            ngettext(
                "A card for the %(count)s player of %(drive)s, with every hand's row.",
                "A card for each of the %(count)s players of %(drive)s, with every hand's row.",
                players,
            )
            % {"count": players, "drive": record.name},
            gettext("The tally cards are ready"),
            gettext("Download the tally cards (PDF)"),
        )

    return _drive_pdf(
        record, drive, "tally-cards", (record.version,), lambda: tally_pages(drive, pdf_paper()), preparing
    )


@bp.get("/drives/<drive_id>/results.pdf")
def results(drive_id: str) -> Response:
    """The results sheet: the prizes and every player's total, best first."""
    record, drive = store.load_drive(drive_id)

    def preparing() -> Preparing:
        return _preparing(
            record,
            gettext("Preparing the results"),
            gettext("The prizes and every player's total of %(drive)s.") % {"drive": record.name},
            gettext("The results are ready"),
            gettext("Download the results (PDF)"),
        )

    # The one thing on it the reader's zone changes is the day the drive started, as it is shown.
    return _drive_pdf(
        record,
        drive,
        "results",
        (record.version, long_day(record.created_at)),
        lambda: {"started": record.created_at, **view.leaderboard(drive)},
        preparing,
    )


def _drive_pdf(
    record: StoredDrive,
    drive: Drive,
    kind: str,
    shows: tuple[object, ...],
    context: Callable[[], dict[str, Any]],
    preparing: Callable[[], Preparing],
) -> Response:
    """The drive's PDF of ``kind`` (its template drives/paper/<kind>.html) on the reader's paper and
    in the reader's language, kept on the shelf by what it ``shows``; ``context`` is asked only to
    render, ``preparing`` only to say it is being made."""
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

    key = shelf_key(f"drive-{kind}", record.id, *shows, paper.name, language)
    response = prepared_pdf(key, render, f"{_stem(drive)}-{kind}.pdf", preparing)
    if asked_again():  # the "being prepared" page asking after its PDF: the printing limit lets it be
        leave_uncounted()
    return response


def _preparing(record: StoredDrive, title: str, detail: str, ready: str, download: str) -> Preparing:
    return Preparing(
        title=title,
        detail=detail,
        ready=ready,
        download=download,
        back_url=url_for("drives.drive", drive_id=record.id),
        back=gettext("Back to the drive"),
    )


def _stem(drive: Drive) -> str:
    """ "st-marys-autumn-drive", for the files' names."""
    words = "".join(char if char.isalnum() else " " for char in drive.setup.name.lower()).split()
    return "-".join(words)[:60] or "whist-drive"
