"""Whist drives, everyone's side: the caller's big screen, each player's phone, the leaderboard and
the leaderboard on the projector.

These pages are read-only and follow the drive by themselves: with JavaScript
they ask every few seconds for a fragment, answered 304 while the drive's
version is unchanged (ETag); without it they reload themselves. Once the last
hand is in they show no final standings and no prize until the organiser
announces them (the prize-giving is :mod:`.reveal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, make_response, render_template, request
from markupsafe import Markup

from ...drives import store
from ...drives.store import StoredDrive, results_withheld
from ...kept import KeptByVersion
from ...rules.drive import Drive
from ..language import current_language
from . import hall, view
from .access import is_organiser

bp = Blueprint("drive_screens", __name__)

# Rendered fragments of the pages many screens poll, per drive version: a
# hall of phones asking for the leaderboard costs one query each, not a render.
FRAGMENTS: KeptByVersion[str] = KeptByVersion(size=256)


@bp.get("/drives/<drive_id>/caller")
def caller(drive_id: str) -> Response:
    """The caller's screen, for a projector: hand and trump, tables not in, "move now", every seat."""
    return _followed(drive_id, "caller", "drives/caller.html", "drives/caller_fragment.html", hall.caller)


@bp.get("/drives/<drive_id>/leaderboard")
def leaderboard(drive_id: str) -> Response:
    """Every player's total, best first, and the prizes at the interval and the end."""
    return _followed(
        drive_id,
        "leaderboard",
        "drives/leaderboard.html",
        "drives/leaderboard_fragment.html",
        hall.projector,
        page=lambda record, drive: {"withheld": results_withheld(record, drive)},
    )


@bp.get("/drives/<drive_id>/leaderboard/projector")
def projector(drive_id: str) -> Response:
    """The leaderboard for a projector: the whole list in columns, pages that turn by themselves."""
    return _followed(
        drive_id,
        "projector",
        "drives/leaderboard_projector.html",
        "drives/leaderboard_projector_fragment.html",
        hall.projector,
    )


@bp.get("/drives/<drive_id>/players")
def players(drive_id: str) -> str:
    """The players' names, each a link to that player's own page."""
    record, drive = store.load_drive(drive_id)
    return render_template("drives/players.html", **view.overview(record, drive))


@bp.get("/drives/<drive_id>/players/<int:index>")
def player(drive_id: str, index: int) -> Response:
    """A player's phone: "you go to table 4, North; your partner is Ann", and their card so far."""
    record, drive = store.load_drive(drive_id)
    if not 0 <= index < drive.setup.player_count:
        abort(404)

    def context(record: StoredDrive, drive: Drive) -> dict[str, Any]:
        return view.player(drive, index, withheld=results_withheld(record, drive))

    return _followed(
        drive_id,
        f"player-{index}",
        "drives/player.html",
        "drives/player_fragment.html",
        context,
        loaded=(record, drive),
        page=lambda record, drive: {"index": index, "name": drive.setup.players[index]},
    )


def _followed(
    drive_id: str,
    kind: str,
    template: str,
    fragment: str,
    build: Callable[[StoredDrive, Drive], dict[str, Any]],
    *,
    loaded: tuple[StoredDrive, Drive] | None = None,
    page: Callable[[StoredDrive, Drive], dict[str, Any]] | None = None,
) -> Response:
    """A page that follows the drive: whole, or (``?fragment=1``) the part that changes, with an ETag."""
    etag_seen = request.if_none_match
    record = loaded[0] if loaded else store.find_drive(drive_id)
    if record is None:
        abort(404)
    etag = f"{kind}-{record.version}-{current_language()}"  # a page in another language is another page
    wants_fragment = bool(request.args.get("fragment"))
    if wants_fragment and etag_seen.contains(etag):
        response = Response(status=304)
    elif wants_fragment:
        response = make_response(_fragment(record, loaded, kind, fragment, build))
    else:
        # The page around the part that changes: that part is the fragment as kept for this version,
        # so a hall's phones opening the page cost one render of its 160 lines, not one each.
        body = Markup(_fragment(record, loaded, kind, fragment, build))
        drive = loaded[1] if loaded else store.drive_of(record)
        context = {
            **view.overview(record, drive),
            **(page(record, drive) if page else {}),
            "organiser_here": is_organiser(record),
        }
        response = make_response(render_template(template, etag=etag, fragment_html=body, **context))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _fragment(
    record: StoredDrive,
    loaded: tuple[StoredDrive, Drive] | None,
    kind: str,
    fragment: str,
    build: Callable[[StoredDrive, Drive], dict[str, Any]],
) -> str:
    """The part of the page that changes, rendered once per drive version, kind and language."""
    key = (record.id, record.version, kind, current_language())
    if (body := FRAGMENTS.get(key)) is None:
        drive = loaded[1] if loaded else store.drive_of(record)
        body = render_template(fragment, **build(record, drive), **view.overview(record, drive))
        FRAGMENTS.put(key, body)
    return body
