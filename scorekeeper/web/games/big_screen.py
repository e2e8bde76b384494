"""The big screen: any game on a television, a projector or a cast tab, read from across the room.

It shows the deal now (its number, cards, dealer, trump and the hook), the bids as they are entered,
the standings with the last deal's points, who can still win and each side's chance of winning, and
a chart of the totals; dark by default. It follows the game by itself: the page asks every second
whether the game changed (ETag), and an unchanged game is answered 304 from the stored version alone,
before any replay or rendering, so a poll costs less than the live view's.

While the totals are secret (rules/secrecy.py) it shows each deal's result but no total, no order
and no chances; when they are revealed it names the places from last to first, the winner last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...rules import Game, veil
from ...words import deal_words, gettext
from ..language import current_language
from ..qr import qr_svg
from ..wording import percent
from . import view
from .charts import totals_chart
from .entry import screen_for
from .outlook import Outlook, outlook_of

bp = Blueprint("big_screen", __name__)

# The chart on the big screen: drawn at about the size it is shown, so that its text reads across a room.
CHART_WIDTH = 420
CHART_HEIGHT = 300


@bp.get("/games/<game_id>/screen")
def big_screen(game_id: str) -> Response:
    """The big screen of a game (``?fragment=1``: its changing part, for the page's script)."""
    record = store.load_record(game_id)
    etag = screen_etag(record)
    if request.if_none_match.contains(etag):
        # The game is as this screen shows it: answered from the stored version alone.
        response = make_response("", 304)
    else:
        game = store.game_of(record)
        context = screen_context(record, game)
        fragment = request.args.get("fragment")
        template = "games/big_screen_fragment.html" if fragment else "games/big_screen.html"
        response = make_response(render_template(template, etag=etag, **context))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/screen/open")
def put_on_screen(game_id: str) -> str:
    """How to put the game on a big screen, from ☰: the big screen's link and its QR code (for the
    television's or the laptop's browser), and a way to open it on this device."""
    record, game = store.load_game(game_id)
    link = url_for("big_screen.big_screen", game_id=record.id, _external=True)
    return render_template(
        "games/big_screen_open.html",
        record=record,
        game=game,
        link=link,
        qr=qr_svg(link, title=gettext("QR code of the big screen")),
    )


def screen_etag(record: StoredGame) -> str:
    """What the big screen shows: the game's version, whether it was abandoned, and the language."""
    return f"screen-{record.version}-{'a' if record.abandoned_at else 'p'}-{current_language()}"


def screen_context(record: StoredGame, game: Game) -> dict[str, Any]:
    """Everything the big screen shows of the game at this version."""
    state = game.state
    current = state.current
    abandoned = record.abandoned_at is not None
    seen = veil(game)
    outlook = None if seen.hidden else outlook_of(record, game)
    under_way = current is not None and current.number <= len(state.deals)
    sides = view.side_names(game)
    live = url_for("share.live", game_id=record.id, _external=True)
    return {
        "record": record,
        "game": game,
        "state": state,
        "abandoned": abandoned,
        "hidden": seen.hidden,
        "reveal": view.revealed(game, seen.order) if seen.revealing else None,
        "current": view.deal_about(game, current) if current is not None and not abandoned else None,
        "winners": view.winners_text(game),
        "rows": rows(game, outlook, hidden=seen.hidden, under_way=under_way),
        "entered_label": _entered_label(game) if under_way else None,
        "chart": None if seen.hidden else totals_chart(game, width=CHART_WIDTH, height=CHART_HEIGHT),
        "last_caption": _last_caption(game),
        "sides": sides,
        "qr": qr_svg(live, title=gettext("QR code of the live score")),
        "light": request.args.get("light") == "1",
        "step": _step(),
    }


def _step() -> int:
    """How many places of a reveal are shown (``?step=``): a page without its script reveals one more
    at each refresh, the script shows them one by one itself."""
    asked = request.args.get("step", "0")
    return min(int(asked), 99) if asked.isdigit() else 0


@dataclass(frozen=True, kw_only=True)
class Row:
    """One side on the big screen: its name, total (None while secret), the last deal's points, its
    bid in the deal under way, whether it leads, is out of the running, and its chance of winning."""

    unit: int
    name: str
    total: int | None
    points: int | None
    bid: str | None
    leading: bool
    out: bool
    chance: float | None


def rows(game: Game, outlook: Outlook | None, *, hidden: bool, under_way: bool) -> list[Row]:
    """One row per side, by total from the highest, or by seat while the totals are secret."""
    state = game.state
    scored = [deal for deal in state.deals if deal.complete]
    last = scored[-1].points if scored else None
    entered = _entered(game) if under_way else None
    best = max(state.totals) if state.totals else 0
    can_win = outlook.can_win if outlook is not None else None
    chances = outlook.chances if outlook is not None and not state.finished else None
    found = [
        Row(
            unit=unit,
            name=name,
            total=None if hidden else state.totals[unit],
            points=last[unit] if last is not None and unit < len(last) else None,
            bid=entered[unit] if entered is not None and unit < len(entered) else None,
            leading=not hidden and bool(scored) and state.totals[unit] == best,
            out=can_win is not None and not can_win[unit] and not state.finished,
            chance=chances[unit] if chances is not None else None,
        )
        for unit, name in enumerate(view.side_names(game))
    ]
    if not hidden:
        found.sort(key=lambda row: (-state.totals[row.unit], row.unit))
    return found


def _entered(game: Game) -> list[str | None] | None:
    """The values entered so far of the deal under way, per side, as the game's entry screen words
    them (its bids); None where the screen says nothing per side."""
    screen = screen_for(game.table.variant)
    if screen.entered is None:
        return None
    return screen.entered(game, game.state.deals[-1])


def _entered_label(game: Game) -> str | None:
    screen = screen_for(game.table.variant)
    return None if screen.entered is None else gettext("Bid")


def _last_caption(game: Game) -> str | None:
    scored = [deal for deal in game.state.deals if deal.complete]
    if not scored:
        return None
    word = deal_words(game.table.variant.deal_word)
    return gettext("%(Deal)s %(number)s") % {"Deal": word.title, "number": scored[-1].number}


@bp.app_template_filter("chance")
def chance(share: float) -> str:
    """A chance of winning as a whole percent, never rounded to a certainty it is not: "<1%" for a
    side that can still win but rarely does in the simulation, ">99%" short of a sure win."""
    if 0 < share < 0.005 or share == 0:
        return gettext("<%(percent)s") % {"percent": percent(0.01)}
    if 0.995 <= share < 1:
        return gettext(">%(percent)s") % {"percent": percent(0.99)}
    return percent(share)
