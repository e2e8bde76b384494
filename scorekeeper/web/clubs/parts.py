"""What the clubs add to other pages, read by their templates through a few globals.

The home page and "Your games" list the clubs this phone keeps; a finished game of a club's table
and the caller's screen of a club's finished drive say which club records they set; a club game's
finish screen and a club drive's last screens lead to the club, its ladder and the evening's page. Each page
includes a partial from templates/clubs/ that calls a global here: their views need no change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal
from flask import Blueprint, url_for

from ...clubs import access, holdings, house_rules, standings
from ...clubs.access import Club
from ...clubs.house_rules import HouseRules
from ...games import store as game_store
from ..device import device_id
from .house_rules import remembered, start_url
from .nights import night_url
from .view import records_set

bp = Blueprint("club_parts", __name__)


@bp.app_template_filter("initials")
def initials_of(name: str) -> str:
    """A name as its initials ("A. B."), as public pages show a member who asked."""
    return standings.initials(name)


@bp.app_template_filter("points")
def points(number: int, locale: str) -> str:
    """A whole number as the reader's locale writes it ("1,060", "1.060"), for a long list: ``locale``
    named once by the template, each number worded once per locale (Babel's formatting was a fifth of
    a 200-member ladder's cost)."""
    return _whole(number, locale)


@lru_cache(maxsize=16_384)
def _whole(number: int, locale: str) -> str:
    return str(format_decimal(number, locale=locale))


@bp.app_template_global()
def member_links(club_id: str, **query: Any) -> Callable[[int], str]:
    """Each member's page, by member id, with the same query (season, ladder): built once for a list
    of members (url_for on every row of a 200-member ladder was a third of its cost)."""
    path, _, rest = url_for("club_members.member", club_id=club_id, member_id=0, **query).partition("?")
    prefix, suffix = path.removesuffix("0"), f"?{rest}" if rest else ""
    return lambda member: f"{prefix}{member}{suffix}"


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


@dataclass(frozen=True, kw_only=True)
class ClubLinks:
    """Where a club game or drive leads: the club's name, its page, its ladder and the evening's page
    (None for a drive not begun)."""

    name: str
    club_url: str
    ladder_url: str
    night_url: str | None


@bp.app_template_global()
def club_links_of_game(group_id: str | None, played_at: datetime) -> ClubLinks | None:
    """The club of a game's table, its ladder and the evening the game was played (None: no club)."""
    club = _club(holdings.club_of_group(group_id) if group_id else None)
    return None if club is None else _links(club, played_at)


@bp.app_template_global()
def club_links_of_table(group_id: str, played_at: datetime | None) -> ClubLinks | None:
    """The club of a table, its ladder and the evening of its latest game (``played_at``; none
    before any game), for the table's page (None: no club)."""
    club = _club(holdings.club_of_group(group_id))
    return None if club is None else _links(club, played_at)


@bp.app_template_global()
def club_links_of_games(items: list[dict[str, Any]]) -> list[ClubLinks]:
    """The clubs of the games "Carry on" lists (``group_id`` and ``played_at`` of each), once each,
    with the evening of the first of their games."""
    found: dict[str, ClubLinks] = {}
    for item in items:
        group_id = item.get("group_id")
        club_id = holdings.club_of_group(group_id) if group_id else None
        club = _club(club_id) if club_id and club_id not in found else None
        if club is not None:
            found[club.id] = _links(club, item.get("played_at"))
    return list(found.values())


@bp.app_template_global()
def club_links_of_drive(drive_id: str) -> ClubLinks | None:
    """The club of a drive, its ladder and the evening its first hand was played (None: no club)."""
    club = _club(holdings.club_of_drive(drive_id))
    return None if club is None else _links(club, holdings.drive_played_at(drive_id))


def _club(club_id: str | None) -> Club | None:
    return access.find_club(club_id) if club_id else None


def _links(club: Club, played_at: datetime | None) -> ClubLinks:
    evening = None
    if played_at is not None:
        moment = played_at if played_at.tzinfo is not None else played_at.replace(tzinfo=UTC)
        evening = night_url(club.id, moment.astimezone(club.zone).date())
    return ClubLinks(
        name=club.name,
        club_url=url_for("clubs.club", club_id=club.id),
        ladder_url=url_for("club_standings.ladder", club_id=club.id),
        night_url=evening,
    )


@bp.app_template_global()
def house_rules_at_table(group_id: str) -> list[tuple[HouseRules, str]]:
    """The house rules of the club of a table, each with the new-game form that starts them there
    (its last game's players seated), offered first on the table's page (none outside a club)."""
    club_id = holdings.club_of_group(group_id)
    if club_id is None:
        return []
    return [(rules, start_url(rules, group_id)) for rules in house_rules.of_club(club_id)]


@bp.app_template_global()
def house_rules_of_game(game_id: str) -> list[HouseRules]:
    """The house rules a game played: of its table's club, or saved or opened on this phone."""
    record, game = game_store.load_game(game_id)
    club_id = holdings.club_of_group(record.group_id) if record.group_id else None
    return house_rules.used_by(game.table, club_id, remembered())


@bp.app_template_global()
def club_house_rules(club_id: str) -> list[HouseRules]:
    """A club's house rules, for its page."""
    return house_rules.of_club(club_id)
