"""Finding a table from its link, and whether this phone keeps it (may change it)."""

from __future__ import annotations

from flask import abort

from ...groups import access, summaries
from ...groups.access import Group
from ...words._core import N_
from ..device import device_id

NOT_KEPT = N_(
    "Only a phone that keeps this table can change it: open the table's own link on this phone "
    "(the phone that started the table shows it). You can still read everything."
)


def load_group(group_id: str, *, fresh: bool = True) -> Group:
    """The table, or 404 (also for a malformed id); ``fresh`` first brings its summaries up to date."""
    group = access.find_group(group_id) if len(group_id) == 32 else None
    if group is None:
        abort(404)
    if fresh:
        summaries.refresh(group.id)
    return group


def keeps(group: Group) -> bool:
    """True when this phone keeps the table."""
    return access.holds(device_id(), group.id)


def require_keeper(group: Group) -> None:
    """403 unless this phone keeps the table."""
    if not keeps(group):
        abort(403, NOT_KEPT)
