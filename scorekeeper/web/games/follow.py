"""Every open page of a game follows it: another phone's change shows within a second or two, with no
reload.

The scorer's pages (the sheet and the deal screen, static/follow.js) ask ``/games/<id>/version`` every
second: one read of the game's row, answered 304 while the page shows the current version. When it
moved on, the deal screen asks ``/games/<id>/now`` for the screen of the deal due, as saving answers
it (screens.screen_answer), and says what happened to the deal it showed ("Deal 3 was entered on
another phone."); the sheet loads itself again in the background and swaps its content in. A deal
screen coming back online with nothing to send takes its screen from here too, rather than loading
a page the service worker might answer with its copy.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, make_response, render_template, request
from werkzeug.wrappers import Response

from ...games import store
from ...words import deal_words, gettext
from ..device import require_edit
from ..request_values import whole_number
from . import screens
from .entry import screen_for

bp = Blueprint("follow", __name__)


@bp.get("/games/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version (ETag; 304 while the page asking shows it), and whether it was abandoned."""
    record = store.load_record(game_id)
    etag = f"{record.version}-{'a' if record.abandoned_at else 'p'}"
    response = make_response(
        jsonify({"version": record.version, "abandoned": record.abandoned_at is not None})
    )
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/games/<game_id>/now")
def now(game_id: str) -> Response:
    """The deal screen as the game stands: the screen of the deal due (or the game's end), the version,
    the offline plan, and what happened to the deal the page showed (``shown``, at ``phase``)."""
    record, game = store.load_game(game_id)
    require_edit(record)
    shown = whole_number(request.args.get("shown"), most=999)
    phase = request.args.get("phase") or ""
    # A page correcting a deal already played stays on it, as it now stands (the deal's screen showed
    # the phase it shows for a correction); a deal due that got entered elsewhere moves on.
    deals = game.state.deals
    correcting = (
        shown is not None
        and 1 <= shown <= len(deals)
        and deals[shown - 1].complete
        and phase == screen_for(game.table.variant).phase(game, shown)
    )
    body: dict[str, Any] = {
        "message": None,
        **screens.screen_answer(record, game, shown if correcting else None),
    }
    if body["html"] is None and record.abandoned_at is None:
        context = screens.over_context(record, game)
        body.update(html=render_template("games/_over.html", **context), title=context["title"])
    if correcting:
        body["message"] = gettext("Another phone changed the game.")
    elif shown is not None:
        body["message"] = _what_happened(game, shown, phase)
    response = jsonify(body)
    response.cache_control.no_store = True
    return response


def _what_happened(game: Any, shown: int, phase: str) -> str | None:
    """What another phone did to the deal a page showed: entered it, saved its bids, or changed the game
    elsewhere (a correction, an event); None where the deal shown is still due as it was."""
    word = deal_words(game.table.variant.deal_word).title
    due = screens.current_number(game)
    deals = game.state.deals
    if due is None or shown < due:
        if 1 <= shown <= len(deals) and deals[shown - 1].complete:
            return gettext("%(Deal)s %(number)s was entered on another phone.") % {
                "Deal": word,
                "number": shown,
            }
        return gettext("Another phone changed the game.")
    if shown == due and phase == "bids" and shown <= len(game.entries):
        return gettext("%(Deal)s %(number)s's bids were saved on another phone.") % {
            "Deal": word,
            "number": shown,
        }
    return gettext("Another phone changed the game.")
