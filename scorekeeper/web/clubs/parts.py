"""What the clubs add to other pages, read by their templates through a few globals.

The home page and "Your games" list the clubs this phone keeps; a finished game of a club's table
and the caller's screen of a club's finished drive say which club records they set. Each page
includes a partial from templates/clubs/ that calls a global here: their views need no change.
"""

from __future__ import annotations

from flask import Blueprint

from ...clubs import access, holdings
from ...clubs.access import Club
from ..device import device_id
from .view import records_set

bp = Blueprint("club_parts", __name__)


@bp.app_template_global()
def clubs_on_this_phone() -> list[Club]:
    """The clubs this phone keeps, for the home page and "Your games"."""
    return access.clubs_held(device_id())


@bp.app_template_global()
def club_records_of_game(game_id: str, group_id: str | None) -> list[str]:
    """ "New club record: …" for each record a finished game of a club's table set (else none)."""
    club_id = holdings.club_of_group(group_id) if group_id else None
    return records_set(club_id, f"game:{game_id}") if club_id else []


@bp.app_template_global()
def club_records_of_drive(drive_id: str) -> list[str]:
    """ "New club record: …" for each record a finished drive of a club set (else none)."""
    club_id = holdings.club_of_drive(drive_id)
    return records_set(club_id, f"drive:{drive_id}") if club_id else []
