"""Moving a club: export it whole as JSON (members, links, seasons, its tables and drives), import it
on another server. A refused file stores nothing."""

from __future__ import annotations

import json
import re

from flask import Blueprint, Flask, Response, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as Redirect  # what redirect() and make_conditional() give

from ...clubs.exchange import export_club, import_club_with_keys
from ...clubs.file_checks import COUNTED, MOST_ITEMS
from ...rules import RuleViolation
from ...words import gettext
from ..device import hold_drive, holder
from ..games import Bounds, UnreadableFile, read_bounded
from ..limits import allow_large_body
from .access import load_club

bp = Blueprint("club_files", __name__, url_prefix="/clubs")

# A club's file holds its tables' games and its drives, within one budget for them all (MOST_ITEMS,
# clubs/file_checks.py): as large as a table's file may be. The app-wide limit is for everything else.
IMPORT_LIMIT = 16 * 1024 * 1024
BOUNDS = Bounds(
    packed=IMPORT_LIMIT,
    unpacked=IMPORT_LIMIT,
    memory=40 * 1024 * 1024,
    counted=COUNTED,
    most_items=MOST_ITEMS,
    missing="club_file_missing",
    too_large="club_file_too_large",
    too_many="club_file_too_many_items",
)
"""What a club's file may hold (web/games/uploads.py): refused past it before anything is built."""


@bp.get("/<club_id>/export.json")
def export_json(club_id: str) -> Response:
    """The whole club as JSON: importing it elsewhere gives the same club, members and results."""
    found = load_club(club_id)
    body = json.dumps(export_club(found.id), ensure_ascii=False, separators=(",", ":"))
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{_stem(found.name)}.json"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_file() -> Redirect | str | tuple[str, int]:
    """Start a club from an exported file, kept on this phone, which runs its drives (their organiser
    keys are this phone's); a refused file stores nothing."""
    if request.method == "GET":
        return render_template("clubs/import.html", error=None)
    try:
        upload = request.files.get("file")
        club, keys = import_club_with_keys(
            read_bounded(upload.stream if upload else None, BOUNDS), holder=holder()
        )
    except UnreadableFile as refused:
        return render_template("clubs/import.html", error=refused), 400
    except RuleViolation as refused:
        return render_template("clubs/import.html", error=refused), 422
    for drive_id in keys:  # the importing phone runs the club's drives, as the exporting one did
        hold_drive(drive_id)
    flash(gettext("%(name)s is here, kept on this phone.") % {"name": club.name})
    return redirect(url_for("clubs.club", club_id=club.id))


def allow_large_imports(app: Flask) -> None:
    """Let the file's upload through the app-wide body limit."""
    allow_large_body(app, "club_files.import_file", IMPORT_LIMIT)


def _stem(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "club"
