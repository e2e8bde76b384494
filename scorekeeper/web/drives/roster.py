"""The organiser's arrivals, departures and tables that stop (RULES.md §10, "when the roster changes").

Recorded at any time — at "move now" they count for the hand just called, while a hand is being
entered from the next move — and moving nobody already told a seat unless the change needs that
seat (the engine's :mod:`~scorekeeper.rules.drive.changes`). The views are on the drive's own
blueprint (``drives.add_player``…), beside the organiser's other controls.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...drives import store
from ...drives.store import StoredDrive
from ...rules.drive import Drive, DriveFormat, Role, RosterChange, RosterKind
from ...rules.errors import RuleViolation
from ...words import gettext
from . import view
from .access import require_organiser
from .forms import read_arrival, read_departure, read_table
from .pages import bp, organiser_context
from .wording import names_list

Page = str | tuple[str, int] | Response


@bp.post("/drives/<drive_id>/arrivals")
def add_player(drive_id: str) -> Page:
    """A late player joins in the role they choose (a partner drive: a late pair), from the next move."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    try:
        arrival = read_arrival(request.form, pair=drive.setup.format is DriveFormat.PARTNER)
        if arrival.partner is not None:
            _record, updated = store.add_pair(drive_id, arrival.name, arrival.partner, arrival.start)
        else:
            _record, updated = store.add_player(drive_id, arrival.name, arrival.start, arrival.role)
    except RuleViolation as refused:
        return _refused(record, drive, refused)
    flash(change_message(updated, updated.roster[len(drive.roster) :]))
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="roster"), 303)


@bp.post("/drives/<drive_id>/departures")
def remove_player(drive_id: str) -> Page:
    """A player leaves from the next move (a substitute taking their place, if named); their scores
    stay theirs."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    try:
        departure = read_departure(request.form)
        player = departure.player  # a number, or what came: the engine refuses it
        _record, updated = store.remove_player(drive_id, player, departure.substitute, departure.start)  # type: ignore[arg-type]
    except RuleViolation as refused:
        return _refused(record, drive, refused)
    flash(change_message(updated, updated.roster[len(drive.roster) :]))
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="roster"), 303)


@bp.post("/drives/<drive_id>/tables/remove")
def remove_table(drive_id: str) -> Page:
    """Table N stops from the next move: its players sit out, the other tables keep their numbers."""
    record, drive = store.load_drive(drive_id)
    require_organiser(record)
    try:
        table = read_table(request.form)
        _record, updated = store.remove_table(drive_id, table)  # type: ignore[arg-type]
    except RuleViolation as refused:
        return _refused(record, drive, refused)
    flash(change_message(updated, updated.roster[len(drive.roster) :]))
    return redirect(url_for("drives.drive", drive_id=drive_id, _anchor="roster"), 303)


def _refused(record: StoredDrive, drive: Drive, refused: RuleViolation) -> tuple[str, int]:
    context = view.overview(record, drive)
    context.update(organiser_context(record, drive, roster_error=refused, roster_values=request.form))
    return render_template("drives/drive.html", organiser=True, **context), 422


def change_message(drive: Drive, changes: tuple[RosterChange, ...]) -> str:
    """What the organiser is told once a change is recorded: who, from which hand, and where they go
    when that hand's seating is known ("Mia joins from hand 3 as a lady: sits out.")."""
    names = drive.setup.players
    first = changes[0]
    hand = first.hand
    if first.kind is RosterKind.REMOVE_TABLE:
        return gettext("Table %(table)s stops from hand %(hand)s: its players sit out.") % {
            "table": first.table,
            "hand": hand,
        }
    assert first.player is not None
    values: dict[str, Any] = {"name": names[first.player], "hand": hand}
    if first.kind is RosterKind.LEAVE:
        if len(changes) > 1:  # a partner drive's pair
            values["name"] = names_list(
                [names[change.player] for change in changes if change.player is not None]
            )
            return gettext("%(name)s leave from hand %(hand)s: their scores stay theirs.") % values
        return gettext("%(name)s leaves from hand %(hand)s: their scores stay theirs.") % values
    if hand > len(drive.state.hands):
        values["where"] = gettext("where they sit is called once every table is in")
    else:
        values["where"] = view.placement_words(drive, drive.state.placement(first.player, hand))["where"]
    if first.kind is RosterKind.SUBSTITUTE:
        assert first.replaces is not None
        values["leaver"] = names[first.replaces]
        return gettext("%(name)s takes over from %(leaver)s from hand %(hand)s: %(where)s.") % values
    if len(changes) > 1:
        values["name"] = names_list([names[change.player] for change in changes if change.player is not None])
        return gettext("%(name)s join as a pair from hand %(hand)s: %(where)s.") % values
    if drive.state.roles[first.player] is Role.LADY:
        return gettext("%(name)s joins from hand %(hand)s as a lady: %(where)s.") % values
    return gettext("%(name)s joins from hand %(hand)s as a gent: %(where)s.") % values
