"""Moving a table: export it as JSON (and every deal as CSV), import it on another server."""

from __future__ import annotations

import hashlib
import json
import re

from flask import (
    Blueprint,
    Flask,
    Response,
    flash,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from werkzeug.wrappers import Response as Redirect  # what redirect() and make_conditional() give

from ...groups.files import MOST_ITEMS
from ...groups.importing import store_table
from ...kept import KeptByVersion
from ...rules import RuleViolation
from ...words import ngettext
from ..device import holder
from ..games import Bounds, UnreadableFile, read_bounded
from ..limits import allow_large_body
from .access import load_group
from .exchange import export_table, export_table_csv, export_version, read_table

bp = Blueprint("table_files", __name__, url_prefix="/tables")
EXPORTS: KeptByVersion[str] = KeptByVersion(size=4)
"""Each table's file as last made, by the table's version (a few, for they may be megabytes)."""

# A table file is larger than any game's: a few KB a game, up to MOST_GAMES games
# (gzip-compressed files are read too). The app-wide limit is for everything else.
IMPORT_LIMIT = 16 * 1024 * 1024
BOUNDS = Bounds(
    packed=IMPORT_LIMIT,
    unpacked=IMPORT_LIMIT,
    memory=40 * 1024 * 1024,
    counted=frozenset({"deals", "events"}),
    most_items=MOST_ITEMS,
    missing="table_file_missing",
    too_large="table_file_too_large",
    too_many="table_file_too_many_items",
)
"""What a table's file may hold (web/games/uploads.py): refused past it before anything is built."""


@bp.get("/<group_id>/export.json")
def export_json(group_id: str) -> Response:
    """The whole table as JSON: importing it elsewhere gives the same table, games and statistics.

    Kept per version of the table (its games' versions and its roster), as PDFs are per game
    version, so asking again costs two small queries rather than reading every deal; a phone that
    has this version is answered 304.
    """
    group = load_group(group_id, fresh=False)
    key = (group.id, *export_version(group))
    etag = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        body = EXPORTS.get(key)
        if body is None:
            body = json.dumps(export_table(group), ensure_ascii=False, separators=(",", ":"))
            EXPORTS.put(key, body)
        response = _download(body, "application/json", f"{_stem(group.name)}.json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/<group_id>/export.csv")
def export_csv(group_id: str) -> Response:
    """Every deal of every game of the table, one row per deal per player."""
    group = load_group(group_id, fresh=False)
    response = Response(stream_with_context(export_table_csv(group)), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{_stem(group.name)}-deals.csv"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_table() -> Redirect | str | tuple[str, int]:
    """Start a table from an exported file; a file with any illegal game is refused, nothing stored."""
    if request.method == "GET":
        return render_template("tables/import.html", error=None)
    try:
        upload = request.files.get("file")
        sent = read_bounded(upload.stream if upload else None, BOUNDS)
        imported = read_table(sent)
        group = store_table(imported, holder=holder())
    except UnreadableFile as refused:
        return render_template("tables/import.html", error=refused), 400
    except RuleViolation as refused:
        return render_template("tables/import.html", error=refused), 422
    games = len(imported.games)
    flash(
        ngettext(
            "%(name)s is here, with %(count)s game, kept on this phone.",
            "%(name)s is here, with %(count)s games, kept on this phone.",
            games,
        )
        % {"name": group.name, "count": games}
    )
    return redirect(url_for("tables.table", group_id=group.id))


def allow_large_imports(app: Flask) -> None:
    """Let the file's upload through the app-wide body limit."""
    allow_large_body(app, "table_files.import_table", IMPORT_LIMIT)


def _stem(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "table"


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
