"""The deals played so far, to correct one: from the standings on the deal screen.

Each deal scored, the latest first, with what it gave each side; a tap opens its screen to correct
(``games.deal``). The deal screen's script shows the list, and the deal, in the sheet it opens over
the deal in progress (a fragment, asked for as JSON); without it, this is a page.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...rules import Game
from ...words import deal_words, gettext, signed
from ..device import require_edit
from . import screens, view
from .entry import deal_players

bp = Blueprint("corrections", __name__)


@bp.get("/games/<game_id>/deals")
def past_deals(game_id: str) -> str | Response:
    """Every deal scored, the latest first, each a tap from its correction."""
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    context = {"record": record, "game": game, "deals": deal_rows(record, game), "back": _back(record, game)}
    if screens.wants_json():
        html = render_template("games/sheet_corrections.html", **context, in_sheet=True)
        return jsonify({"dialog": html, "title": gettext("Correct a %(deal)s") % _word(game)})
    return render_template("games/corrections.html", **context)


def deal_rows(record: StoredGame, game: Game) -> list[dict[str, Any]]:
    """The deals scored, the latest first: number, dealer, cards, each side's points, the way to correct."""
    state = game.state
    names = view.side_names(game)
    rows = []
    for deal in reversed(state.deals):
        if not deal.complete:
            continue
        facts = deal.facts
        points = deal.points or ()
        rows.append(
            {
                "number": facts.number,
                "dealer": deal_players(game, facts.number)[facts.dealer],
                "cards": facts.cards,
                "points": [
                    (names[side] if side < len(names) else "", signed(gained))
                    for side, gained in enumerate(points)
                    if gained is not None
                ],
                "url": url_for("games.deal", game_id=record.id, number=facts.number),
            }
        )
    return rows


def _back(record: StoredGame, game: Game) -> dict[str, str]:
    """The way back: the deal in progress, or the sheet once the game is over."""
    number = screens.current_number(game)
    if number is None:
        return {"url": url_for("games.sheet", game_id=record.id), "label": gettext("Sheet")}
    word = deal_words(game.table.variant.deal_word).title
    return {
        "url": screens.deal_url(record, number),
        "label": gettext("%(Deal)s %(number)s") % {"Deal": word, "number": number},
    }


def _word(game: Game) -> dict[str, str]:
    return {"deal": deal_words(game.table.variant.deal_word).singular}
