"""Following and sharing a game: the live read-only view, export and import."""

from __future__ import annotations

import io
import json

from flask import Blueprint, Response, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as Redirect  # what redirect() and make_conditional() give

from ...games import store
from ...games.store import StoredGame
from ...rules import RuleViolation
from ..device import holder
from ..language import current_language
from . import view
from .exchange import UnreadableFile, export_csv, export_json, read_export
from .uploads import Bounds, read_bounded

bp = Blueprint("share", __name__)

IMPORT_LIMIT = 200 * 1024
BOUNDS = Bounds(
    packed=IMPORT_LIMIT,
    unpacked=4 * IMPORT_LIMIT,
    memory=16 * 1024 * 1024,
    counted=frozenset({"deals", "events"}),
    most_items=10_000,
    missing="file_missing",
    too_large="file_too_large",
    too_many="file_too_large",
)
"""What a game's file may hold (uploads.py): a game of the longest kind is a few hundred deals."""


@bp.get("/games/<game_id>/live")
def live(game_id: str) -> Redirect:
    """The score for everyone at the table: read-only, refreshed as soon as the game changes.

    Answers 304 to a page that already shows the current version (ETag), so
    the phones polling it cost almost nothing. The page reads in the reader's language, which
    the ETag names too: a reader who picks another language gets the page again in it.
    """
    record, game = store.load_game(game_id)
    etag = live_etag(record)
    context = view.sheet_context(record, game, editable=False)
    template = "games/live_fragment.html" if request.args.get("fragment") else "games/live.html"
    response = make_response(render_template(template, live_etag=etag, **context))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


def live_etag(record: StoredGame) -> str:
    """What the live view shows: the game's version, whether it was abandoned, and the language."""
    return f"{record.version}-{'a' if record.abandoned_at else 'p'}-{current_language()}"


@bp.get("/games/<game_id>/export.json")
def export_game_json(game_id: str) -> Response:
    """The game's inputs as a JSON file that imports to the same sheet."""
    record, game = store.load_game(game_id)
    body = json.dumps(export_json(record, game), indent=1, ensure_ascii=False)
    return _download(body, "application/json", f"{view.file_stem(game)}.json")


@bp.get("/games/<game_id>/export.csv")
def export_game_csv(game_id: str) -> Response:
    """The sheet as CSV: one row per deal per player."""
    _record, game = store.load_game(game_id)
    return _download(export_csv(game), "text/csv", f"{view.file_stem(game)}.csv")


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> Redirect | tuple[str, int] | str:
    """Start a game from an exported file; a file that breaks the rules is refused with the reason."""
    if request.method == "GET":
        return render_template("games/import.html", error=None)
    upload = request.files.get("file")
    sent = upload.stream if upload else io.BytesIO(request.form.get("text", "").encode())
    try:
        table, deals = read_export(read_bounded(sent, BOUNDS))
        record, _game, _key = store.import_game(table, deals, holder=holder())
    except UnreadableFile as refused:
        return render_template("games/import.html", error=refused), 400
    except RuleViolation as refused:
        return render_template("games/import.html", error=refused), 422
    return redirect(url_for("games.sheet", game_id=record.id))


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
