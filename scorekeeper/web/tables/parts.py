"""What the table feature adds to other pages, read by their templates through a few globals.

The home page lists the tables this phone keeps; the new-game form offers
them with their rosters; a game's page shows its running totals as a chart
and, once the game is over, the finish screen. Each page includes one
partial from templates/tables/ or templates/charts/, which calls a global
here: the views of those pages need no change for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from flask import Blueprint, request, url_for
from flask_babel import format_date, format_decimal, format_percent

from ..groups import access, history, roster
from ..groups.access import Group
from ..groups.summary import made_share, places
from ..rules import Game, RuleViolation, get_variant
from ..store import StoredGame
from ..words import declared
from ..words import in_sentence as words_in_sentence
from . import view
from .charts import SCREEN_HEIGHT, SCREEN_WIDTH, Chart, totals_chart
from .device import device_id

bp = Blueprint("table_parts", __name__)


@dataclass(frozen=True, kw_only=True)
class TableChoice:
    """The tables the new-game form offers, the one chosen, and the rosters to complete names from."""

    tables: list[Group]
    chosen: str | None
    rosters: dict[str, list[str]]
    last_seating_url: str | None


@dataclass(frozen=True, kw_only=True)
class Place:
    """A side on the podium: its place, its name(s) and its final total."""

    place: int
    name: str
    total: int


@dataclass(frozen=True, kw_only=True)
class MadeShare:
    """How many of a player's exact bids came true in the game."""

    name: str
    made: int
    bids: int

    @property
    def share(self) -> float:
        """The share of bids made (0 with no bid), for the ``percent`` filter."""
        return self.made / self.bids if self.bids else 0.0


@dataclass(frozen=True, kw_only=True)
class Swing:
    """The most points a side won or lost in one deal."""

    name: str
    points: int
    deal: int


@dataclass(frozen=True, kw_only=True)
class Finish:
    """The finish screen of a game: podium, bids made, biggest swing and where to go next."""

    podium: list[Place]
    made: list[MadeShare] | None
    swing: Swing | None
    again_url: str | None
    pdf_url: str
    stats_url: str | None
    table_name: str | None


@bp.app_template_filter("variant_name")
def variant_name(code: str) -> str:
    """A variant's name from its code, in the reader's language (the code itself for a variant this
    server no longer knows)."""
    try:
        return declared(get_variant(code).name)
    except RuleViolation:
        return code


@bp.app_template_filter("percent")
def percent(share: float | None) -> str:
    """A share as a whole percent in the reader's locale ("62%", "62 %" in German); a dash when
    there is nothing to share."""
    return "—" if share is None else format_percent(share)


def percent_sign() -> str:
    """What follows a whole percent in the reader's locale ("%", " %" in German), for a chart whose
    values are percents."""
    return format_percent(0).replace(format_decimal(0), "", 1)


@bp.app_template_filter("decimal")
def decimal(value: float | None, places: int = 1, *, signed: bool = False) -> str:
    """A number with ``places`` decimals in the reader's locale ("2.4", "2,4" in Romanian; "+0.3"
    when ``signed``); a dash for none."""
    if value is None:
        return "—"
    pattern = "#,##0." + "0" * places
    return format_decimal(value, format=f"+{pattern};-{pattern}" if signed else pattern)


@bp.app_template_filter("in_sentence")
def in_sentence(label: str) -> str:
    """A label set inside a sentence, as the reader's language writes it there (words.in_sentence)."""
    return words_in_sentence(label)


@bp.app_template_filter("day")
def day(moment: datetime | date) -> str:
    """A date as the pages show it, in the reader's locale: "Nov 22, 2026", "22 nov. 2026" (UTC)."""
    return format_date(moment, "medium")


@bp.app_template_filter("long_day")
def long_day(moment: datetime | date) -> str:
    """A date written out, as a sheet heads it: "November 22, 2026", "22. November 2026" (UTC)."""
    return format_date(moment, "long")


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


@bp.app_template_global()
def game_chart(game: Game) -> Chart | None:
    """The running totals of a game as a chart, once a deal is scored."""
    return totals_chart(game, width=SCREEN_WIDTH, height=SCREEN_HEIGHT)


@bp.app_template_global()
def finish_of(record: StoredGame, game: Game, editable: bool) -> Finish | None:
    """The finish screen of a finished game (None before it is over).

    A game's page is kept per version and per whether the phone may change
    the game, so nothing here depends on anything else about the visitor.
    """
    state = game.state
    if not state.finished:
        return None
    names = view.side_names(game)
    order = places(state.totals, state.winners, state.teams)
    podium = sorted(
        (Place(place=order[side], name=names[side], total=state.totals[side]) for side in range(len(names))),
        key=lambda place: (place.place, -place.total),
    )
    shares = made_share(state)
    made = None
    if shares is not None:
        made = [
            MadeShare(name=name, made=made_count, bids=bids)
            for name, (made_count, bids) in zip(game.table.players, shares, strict=True)
            if bids
        ]
    group = access.find_group(record.group_id) if record.group_id else None
    if group is not None:
        again = url_for("tables.play_again", group_id=group.id, game_id=record.id) if editable else None
    else:
        again = url_for("games.again", game_id=record.id)
    return Finish(
        podium=podium,
        made=made,
        swing=_biggest_swing(game),
        again_url=again,
        pdf_url=url_for("sheets.game_pdf", game_id=record.id),
        stats_url=url_for("table_stats.statistics", group_id=group.id) if group else None,
        table_name=group.name if group else None,
    )


def _biggest_swing(game: Game) -> Swing | None:
    """The most points (won or lost) by one side in one deal; the earliest of equals."""
    names = view.side_names(game)
    best: Swing | None = None
    for deal in game.state.deals:
        for side, points in enumerate(deal.points or ()):
            if points is None or side >= len(names):
                continue
            if best is None or abs(points) > abs(best.points):
                best = Swing(name=names[side], points=points, deal=deal.number)
    return best if best is not None and best.points else None
