"""What the table feature adds to other pages, read by their templates through a few globals.

The home page lists the tables this phone keeps; the new-game form offers
them with their rosters. Each page includes one partial from templates/tables/,
which calls a global here: the views of those pages need no change for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for

from ...groups import access, history, roster
from ...groups.access import Group
from ..device import device_id

bp = Blueprint("table_parts", __name__)


@dataclass(frozen=True, kw_only=True)
class TableChoice:
    """The tables the new-game form offers, the one chosen, and the rosters to complete names from."""

    tables: list[Group]
    chosen: str | None
    rosters: dict[str, list[str]]
    last_seating_url: str | None


@bp.app_template_global()
def tables_on_this_phone() -> list[Group]:
    """The tables this phone keeps, for the home page."""
    return access.groups_held(device_id())


@bp.app_template_global()
def table_choice(code: str) -> TableChoice | None:
    """The new-game form's choice of table (None when this phone keeps none)."""
    tables = access.groups_held(device_id())
    if not tables:
        return None
    wanted = request.values.get("table")
    chosen = wanted if any(group.id == wanted for group in tables) else None
    rosters = {group.id: [player.name for player in roster.roster(group.id)] for group in tables}
    last_url = None
    if chosen is not None and history.latest(chosen):
        last_url = url_for("tables.start", group_id=chosen, variant=code, seats="last")
    return TableChoice(tables=tables, chosen=chosen, rosters=rosters, last_seating_url=last_url)
