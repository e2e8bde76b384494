"""Finding a club from its link, whether this phone keeps it, and what this phone may add to it.

A club's id is its read-only link; a phone that keeps the club (it started it, or opened the club's
own link) may change it — as tables are kept (web/tables/access.py). What a club may be given is
what this phone has itself: the tables it keeps, and the drives it runs (drives/keepers.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, request

from ...clubs import access, holdings
from ...clubs.access import Club
from ...drives import keepers
from ...groups import access as table_access
from ...groups.access import Group
from ...words._core import N_
from ..device import device_id
from ..language import show_dates_in
from ..versions import version_sent

NOT_KEPT = N_(
    "Only a phone that keeps this club can change it: open the club's own link on this phone "
    "(the phone that started the club shows it). You can still read everything."
)
LONGEST_ID = 64


@dataclass(frozen=True, kw_only=True)
class DriveChoice:
    """A drive this browser runs, as the club page offers it."""

    id: str
    name: str


def load_club(club_id: str) -> Club:
    """The club, or 404 (also for a malformed id). The page's dates fall on the club's calendar
    from now on: a New York evening is that evening read from London too, as its seasons count it."""
    well_formed = len(club_id) <= LONGEST_ID and club_id.isascii() and club_id.isalnum()
    club = access.find_club(club_id) if well_formed else None
    if club is None:
        abort(404)
    show_dates_in(club.time_zone)
    return club


def keeps(club: Club) -> bool:
    """True when this phone keeps the club."""
    return access.holds(device_id(), club.id)


def require_keeper(club: Club) -> None:
    """403 unless this phone keeps the club; and a change (POST) made from a version of the club the
    database has moved past is refused before anything is judged (409, the club as it is now: see
    clubs.access.expect_version), its version claimed again in the change's own transaction."""
    if not keeps(club):
        abort(403, NOT_KEPT)
    if request.method == "POST":
        access.expect_version(club, version_sent())


def tables_to_add(club_id: str) -> list[Group]:
    """The tables this phone keeps that the club does not hold yet."""
    held = {group.id for group in holdings.tables_of(club_id)}
    return [group for group in table_access.groups_held(device_id()) if group.id not in held]


def drives_run_here() -> list[DriveChoice]:
    """The drives this phone runs (drives/keepers.py), newest first."""
    return [DriveChoice(id=kept.id, name=kept.name) for kept in keepers.drives_held(device_id())]


def drives_to_add(club_id: str) -> list[DriveChoice]:
    """The drives this browser runs that the club does not hold yet."""
    held = {line.id for line in holdings.drives_of(club_id)}
    return [drive for drive in drives_run_here() if drive.id not in held]
