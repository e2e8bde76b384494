"""The prize-giving, and keeping the results back until it (RULES.md §10, "results until announced").

Once the last hand is in, the final standings and the prizes are the organiser's only: the caller's
screen, the leaderboards, the players' phones, the results sheet, the tally cards and the drive's
data say nothing of them until the organiser announces them. The organiser's announce page (their
key needed) reveals one prize at a time, booby first, and every screen in the hall follows; once
the last prize is revealed (or the organiser shows everything at once) the results are everyone's.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import ANNOUNCED_ALL, results_withheld
from ...words import gettext
from ...words._core import N_
from ..request_values import whole_number
from . import hall, view
from .access import is_organiser, require_organiser

bp = Blueprint("drive_reveal", __name__)

# The pages and files that would tell the results, kept back from everyone but the organiser.
WITHHELD_ENDPOINTS = frozenset({"drive_pdfs.results", "drive_pdfs.tally_cards", "drive_exchange.export_csv"})
NOT_ANNOUNCED = N_("The results are announced at the prize-giving: until then only the organiser sees them.")


@bp.get("/drives/<drive_id>/leaderboard/announce")
def announce(drive_id: str) -> str:
    """The prize-giving on the projector: one prize at a time, booby first, as far as announced."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    return render_template(
        "drives/leaderboard_announce.html", **view.overview(record, drive), **hall.announce(record, drive)
    )


@bp.post("/drives/<drive_id>/leaderboard/announce")
def step(drive_id: str) -> Response:
    """The organiser reveals the next prize (or goes back one, or shows everything at once)."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    total = len(hall.announce_order(drive.state.prizes))
    if request.form.get("all") == "yes":
        shown = ANNOUNCED_ALL
    else:
        asked = whole_number(request.form.get("shown", ""), most=ANNOUNCED_ALL)
        shown = min(total, asked if asked is not None else record.announced)
    store.announce(drive_id, shown)
    return redirect(url_for("drive_reveal.announce", drive_id=drive_id), 303)


@bp.before_app_request
def keep_results_back() -> None:
    """403 for the results sheet, the tally cards and the CSV while the results are kept back,
    but for the organiser."""
    if request.endpoint not in WITHHELD_ENDPOINTS or not request.view_args:
        return
    record = store.find_drive(str(request.view_args.get("drive_id", "")))
    if record is None or is_organiser(record):
        return
    if results_withheld(record, store.drive_of(record)):
        abort(403, gettext(NOT_ANNOUNCED))
