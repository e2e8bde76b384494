"""Taking a table, a drive or a season out of a club, after a page that asks first.

Nothing played is lost: a table removed keeps every game on the phones that keep it, a drive
removed keeps its results, and a season is only a date range over the club's games. The club only
stops counting them (its ladder, records and results are worked out again without them); the
members stay, and adding the table or drive again brings everything back.

Views are linear: load or 404, check the phone keeps the club, then either the page that asks
(GET; 404 for what the club does not hold) or the removal (POST) and a redirect to the club's page.
A refused removal re-renders the club's page with the reason (422) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...clubs import holdings, seasons
from ...clubs.access import Club
from ...rules import RuleViolation
from ...words import gettext
from .access import load_club, require_keeper
from .pages import club_page

bp = Blueprint("club_changes", __name__, url_prefix="/clubs")

Page = str | tuple[str, int] | Response
LONGEST_ID = 64


@dataclass(frozen=True, kw_only=True)
class Held:
    """Something the club holds, as the page that asks names it: its kind ("table", "drive" or
    "season"), its id as the form sends it, and its name."""

    kind: str
    id: str
    name: str


@bp.route("/<club_id>/tables/remove", methods=["GET", "POST"])
def remove_table(club_id: str) -> Page:
    """Take a table out of the club (``table``: its id); its games stay the table's."""
    found = load_club(club_id)
    require_keeper(found)
    tables = {group.id: group.name for group in holdings.tables_of(found.id)}
    return _remove(found, "table", tables, lambda held: holdings.remove_table(found.id, held.id))


@bp.route("/<club_id>/drives/remove", methods=["GET", "POST"])
def remove_drive(club_id: str) -> Page:
    """Take a drive out of the club (``drive``: its id); its results stay the drive's."""
    found = load_club(club_id)
    require_keeper(found)
    drives = {line.id: line.name for line in holdings.drives_of(found.id)}
    return _remove(found, "drive", drives, lambda held: holdings.remove_drive(found.id, held.id))


@bp.route("/<club_id>/seasons/remove", methods=["GET", "POST"])
def remove_season(club_id: str) -> Page:
    """Remove one of the club's seasons (``season``: its number); its games and drives stay."""
    found = load_club(club_id)
    require_keeper(found)
    stored = {str(item.id): item.season.name for item in seasons.seasons(found.id)}
    return _remove(found, "season", stored, lambda held: seasons.remove_season(found.id, int(held.id)))


def _remove(found: Club, kind: str, held: dict[str, str], remove: Callable[[Held], None]) -> Page:
    """The page that asks (GET), or the removal (POST) of what the request names among ``held``
    (ids to names)."""
    values = request.args if request.method == "GET" else request.form
    wanted = values.get(kind, "")[:LONGEST_ID]
    chosen = Held(kind=kind, id=wanted, name=held[wanted]) if wanted in held else None
    if request.method == "GET":
        if chosen is None:
            abort(404)
        return render_template("clubs/remove.html", club=found, held=chosen)
    try:
        if chosen is None:
            raise RuleViolation(f"club_{kind}_not_held", field=kind)
        remove(chosen)
    except RuleViolation as refused:
        return _refused(found, kind, refused), 422
    flash(_removed(chosen))
    return redirect(url_for("clubs.club", club_id=found.id, _anchor=f"{kind}s"))


def _refused(found: Club, kind: str, refused: RuleViolation) -> str:
    """The club's page with the refusal beside the list it concerns."""
    return club_page(
        found,
        table_error=refused if kind == "table" else None,
        drive_error=refused if kind == "drive" else None,
        season_error=refused if kind == "season" else None,
    )


def _removed(held: Held) -> str:
    """What the flash says once ``held`` is out of the club."""
    if held.kind == "table":
        return gettext("%(name)s is no longer the club's: its games are kept at the table.") % {
            "name": held.name
        }
    if held.kind == "drive":
        return gettext("%(name)s is no longer the club's: its results are kept with the drive.") % {
            "name": held.name
        }
    return gettext("The season %(name)s is removed: its games and drives are all kept.") % {"name": held.name}
