"""What the table feature adds to other pages, read by their templates through a few globals.

The home page lists the tables this phone keeps; the new-game form offers
them with their rosters; the forms of an arrival and of a substitute at a
table's game offer the roster's names, and their confirmation says whether the
name is the table's player or joins its roster. Each page includes one partial from templates/tables/,
which calls a global here: the views of those pages need no change for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for

from ...games.store import StoredGame
from ...groups import access, history, roster
from ...groups.access import Group
from ...rules import Game
from ...rules.table import same_name_key
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


@dataclass(frozen=True, kw_only=True)
class NewcomerChoice:
    """What an arrival's or a substitute's form at a table's game offers: the table's name, and the
    roster's players who are not in the game yet."""

    table_name: str
    names: list[str]


@dataclass(frozen=True, kw_only=True)
class NewcomerOnRoster:
    """Whether a newcomer's name is a player of the game's table (``known``) or joins its roster."""

    name: str
    table_name: str
    known: bool


@bp.app_template_global()
def newcomer_choice(record: StoredGame, game: Game) -> NewcomerChoice | None:
    """The roster's names for an arrival's or a substitute's form (None for a game played on its own)."""
    group = _group_of(record)
    if group is None:
        return None
    life = game.state.life
    held = [name for seat in life.seats for name in seat.names] if life is not None else game.table.players
    taken = {same_name_key(name) for name in held}
    names = [player.name for player in roster.roster(group.id) if same_name_key(player.name) not in taken]
    return NewcomerChoice(table_name=group.name, names=names)


@bp.app_template_global()
def newcomer_on_roster(record: StoredGame, name: object) -> NewcomerOnRoster | None:
    """For the confirmation of an arrival or a substitute at a table's game: is the name the table's?"""
    group = _group_of(record)
    if group is None or not isinstance(name, str) or not name.strip():
        return None
    key = same_name_key(" ".join(name.split()))
    known = any(same_name_key(player.name) == key for player in roster.roster(group.id))
    return NewcomerOnRoster(name=name, table_name=group.name, known=known)


def _group_of(record: StoredGame) -> Group | None:
    return access.find_group(record.group_id) if record.group_id else None
