"""A club's own pages: start one, its home (tables, drives, seasons, links), keep it on another phone,
and what its keepers change there — its name, the tables and drives it holds, and its seasons
(removing them asks first: web/clubs/changes.py).

Anyone with a club's id (its read-only link) reads it; a phone that keeps the club may change it.
Views are linear: load or 404, check the phone keeps the club, change, redirect (POST/redirect/GET);
a refused entry re-renders the page with the values typed and the reason (422) and stores nothing.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...clubs import access, holdings, seasons
from ...clubs.access import Club
from ...rules import RuleViolation
from ...rules.club import MOST_MINIMUM
from ...words import gettext, ngettext
from ..device import holder
from ..language import chosen_time_zone
from ..qr import qr_svg
from ..wording import time_zone_choices, time_zone_label
from .access import drives_to_add, keeps, load_club, require_keeper, tables_to_add

bp = Blueprint("clubs", __name__, url_prefix="/clubs")

Page = str | tuple[str, int] | Response
SEASON_FIELDS = ("name", "starts_on", "ends_on")
SEASON_MONTHS = 3
"""A new season's length as its form proposes it: today to the end of the third month."""


@bp.route("/new", methods=["GET", "POST"])
def new_club() -> Page:
    """A name for the club; this phone keeps it from the start."""
    if request.method == "GET":
        return render_template("clubs/new.html", error=None, name="")
    name = request.form.get("name", "")
    try:
        club = access.create_club(name, holder=holder(), time_zone=chosen_time_zone())
    except RuleViolation as refused:
        return render_template("clubs/new.html", error=refused, name=name[:100]), 422
    flash(gettext("%(name)s is kept on this phone. Add its tables and drives.") % {"name": club.name})
    return redirect(url_for("clubs.club", club_id=club.id))


@bp.get("/<club_id>")
def club(club_id: str) -> str:
    """The club: its tables and drives, its seasons, the ladder, records and members, and its links."""
    return club_page(load_club(club_id))


@bp.post("/<club_id>/name")
def rename(club_id: str) -> Page:
    """Give the club another name: its pages, results and pictures show it from now on."""
    found = load_club(club_id)
    require_keeper(found)
    typed = request.form.get("name", "")
    try:
        access.rename_club(found.id, typed)
    except RuleViolation as refused:
        return club_page(found, name_error=refused, name_typed=typed[:100]), 422
    renamed = load_club(found.id)
    flash(gettext("The club is called %(name)s now.") % {"name": renamed.name})
    return redirect(url_for("clubs.club", club_id=found.id))


@bp.post("/<club_id>/time-zone")
def time_zone(club_id: str) -> Page:
    """Count the club's seasons in another time zone: a game late in the evening counts on that
    evening (the club starts in the zone of the phone that started it)."""
    found = load_club(club_id)
    require_keeper(found)
    try:
        access.set_time_zone(found.id, request.form.get("time_zone", ""))
    except RuleViolation as refused:
        return club_page(found, zone_error=refused), 422
    moved = load_club(found.id)
    flash(gettext("The club's time zone is now %(zone)s.") % {"zone": time_zone_label(moved.time_zone)})
    return redirect(url_for("clubs.club", club_id=found.id, _anchor="seasons"))


@bp.post("/<club_id>/minimum")
def minimum(club_id: str) -> Page:
    """How many games and drives a member's rating stays provisional for (the ladder ranks everyone
    from the first evening)."""
    found = load_club(club_id)
    require_keeper(found)
    typed = request.form.get("minimum", "")
    try:
        chosen_minimum = access.set_minimum(found.id, typed)
    except RuleViolation as refused:
        return club_page(found, minimum_error=refused, minimum_typed=typed[:10]), 422
    flash(
        ngettext(
            "A rating is provisional for a member's first %(num)s game or drive.",
            "A rating is provisional for a member's first %(num)s games and drives.",
            chosen_minimum,
        )
        % {"num": chosen_minimum}
    )
    return redirect(url_for("clubs.club", club_id=found.id, _anchor="seasons"))


@bp.post("/<club_id>/tables")
def add_table(club_id: str) -> Page:
    """Add a table this phone keeps: its players become the club's members (or link to them)."""
    found = load_club(club_id)
    require_keeper(found)
    wanted = request.form.get("table", "")
    table = next((group for group in tables_to_add(found.id) if group.id == wanted), None)
    try:
        if table is None:
            raise RuleViolation("club_table_missing", field="table")
        holdings.add_table(found.id, table.id)
    except RuleViolation as refused:
        return club_page(found, table_error=refused), 422
    flash(gettext("%(table)s is the club's now: its players are members.") % {"table": table.name})
    return redirect(url_for("clubs.club", club_id=found.id, _anchor="tables"))


@bp.post("/<club_id>/drives")
def add_drive(club_id: str) -> Page:
    """Add a drive this browser runs: its players become the club's members (or link to them)."""
    found = load_club(club_id)
    require_keeper(found)
    wanted = request.form.get("drive", "")
    drive = next((item for item in drives_to_add(found.id) if item.id == wanted), None)
    try:
        if drive is None:
            raise RuleViolation("club_drive_missing", field="drive")
        holdings.add_drive(found.id, drive.id)
    except RuleViolation as refused:
        return club_page(found, drive_error=refused), 422
    flash(gettext("%(drive)s is the club's now: its players are members.") % {"drive": drive.name})
    return redirect(url_for("clubs.club", club_id=found.id, _anchor="drives"))


@bp.post("/<club_id>/seasons")
def add_season(club_id: str) -> Page:
    """A season: a name and its first and last days."""
    found = load_club(club_id)
    require_keeper(found)
    typed = {key: request.form.get(key, "")[:100] for key in SEASON_FIELDS}
    try:
        season = seasons.add_season(found.id, typed["name"], typed["starts_on"], typed["ends_on"])
    except RuleViolation as refused:
        return club_page(found, season_error=refused, season_typed=typed), 422
    flash(gettext("The season %(name)s is set.") % {"name": season.season.name})
    return redirect(url_for("clubs.club", club_id=found.id, _anchor="seasons"))


@bp.route("/<club_id>/join", methods=["GET", "POST"])
def join(club_id: str) -> Page:
    """Keep the club on this phone, with the key of the club's own link (after ``#``: the page's
    script moves it into the form; without a script it is pasted)."""
    found = load_club(club_id)
    if request.method == "GET":
        return render_template("clubs/join.html", club=found, error=None)
    typed = request.form.get("key", "").strip().lstrip("#")
    if not typed.isascii() or not access.key_opens(found.id, typed):
        error = gettext("That is not this club's key: copy the whole link from a phone that keeps the club.")
        return render_template("clubs/join.html", club=found, error=error), 422
    access.hold(holder(), found.id)
    flash(
        gettext("This phone keeps %(club)s now: add its tables and drives here too.") % {"club": found.name}
    )
    return redirect(url_for("clubs.club", club_id=found.id))


def _next_season(found: Club) -> dict[str, str]:
    """The season form as it opens: no name yet, from today on the club's calendar for three months
    (the dates a secretary most often wants; a tap on each changes it)."""
    first = found.today()
    months = first.month - 1 + SEASON_MONTHS
    year, month = first.year + months // 12, months % 12 + 1
    last = date(year, month, 1) - timedelta(days=1)  # the last day of the third month
    return {"name": "", "starts_on": first.isoformat(), "ends_on": last.isoformat()}


def club_page(
    found: Club,
    *,
    table_error: RuleViolation | None = None,
    drive_error: RuleViolation | None = None,
    season_error: RuleViolation | None = None,
    season_typed: dict[str, str] | None = None,
    name_error: RuleViolation | None = None,
    name_typed: str | None = None,
    zone_error: RuleViolation | None = None,
    minimum_error: RuleViolation | None = None,
    minimum_typed: str | None = None,
) -> str:
    """The club's page, with a form's refusal and what was typed in it."""
    kept = keeps(found)
    read_link = url_for("clubs.club", club_id=found.id, _external=True)
    context: dict[str, Any] = {
        "club": found,
        "keeps": kept,
        "tables": holdings.tables_of(found.id),
        "drives": holdings.drives_of(found.id),
        "seasons": seasons.seasons(found.id),
        "current_season": seasons.current_season(found.id, found.today()),
        "tables_to_add": tables_to_add(found.id) if kept else [],
        "drives_to_add": drives_to_add(found.id) if kept else [],
        "table_error": table_error,
        "drive_error": drive_error,
        "season_error": season_error,
        "season_typed": season_typed or _next_season(found),
        "name_error": name_error,
        "name_typed": found.name if name_typed is None else name_typed,
        "zone_error": zone_error,
        "minimum_error": minimum_error,
        "minimum_typed": str(found.minimum_games) if minimum_typed is None else minimum_typed,
        "most_minimum": MOST_MINIMUM,
        "zones": time_zone_choices(found.time_zone) if kept else (),
        "read_link": read_link,
        "read_qr": qr_svg(read_link, title=gettext("QR code of the club's read-only link")),
    }
    if kept:
        own = url_for("clubs.join", club_id=found.id, _external=True) + "#" + access.join_key(found.id)
        context.update(own_link=own, own_qr=qr_svg(own, title=gettext("QR code of the club's own link")))
    return render_template("clubs/club.html", **context)
