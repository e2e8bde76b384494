"""Secret totals on the pages: begun with the game (the new-game form's switch, the API's
``secret_totals``), switched on or off from ☰ on the phone that keeps the score, and the reveal.

The switch is a table event (rules/secrecy.py), so it is stored, replayed, undone and followed by the
other phones like any other change. What the pages may show is the engine's ``veil``: the sheet, the
deal screen's standings, the live view, the big screen and the API give each deal's points but no total
and no order while it is on; the PDF and the exports keep everything.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...rules import Game, RuleViolation, Secrecy, secrecy_switch, veil, write_event
from ..device import require_edit
from . import screens, view

bp = Blueprint("secrecy", __name__)


def start_log(secret: bool) -> list[dict[str, Any]]:
    """The log a game begun with its totals secret starts with: the switch, before the first deal."""
    return [write_event(Secrecy(secret=True))] if secret else []


@bp.get("/games/<game_id>/secret")
def switch_page(game_id: str) -> str:
    """On the phone that keeps the score: keep the totals secret from now on, or reveal them now."""
    record, game = _editable(game_id)
    return render_template("games/secrecy.html", **_context(record, game, error=None))


@bp.post("/games/<game_id>/secret")
def switch(game_id: str) -> Response | tuple[str, int]:
    """Record the switch the page offered; refused (the game is over, nothing to reveal), say why."""
    record, game = _editable(game_id)
    turned = secrecy_switch(game)
    try:
        store.record_event(record, game, write_event(Secrecy(secret=turned.secret)))
    except RuleViolation as refused:
        return render_template("games/secrecy.html", **_context(record, game, error=refused)), 422
    return redirect(url_for("games.sheet", game_id=record.id))  # revealed: the sheet shows the reveal


def _editable(game_id: str) -> tuple[StoredGame, Game]:
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    return record, game


def _context(record: StoredGame, game: Game, *, error: RuleViolation | None) -> dict[str, Any]:
    return {
        "record": record,
        "game": game,
        "switch": secrecy_switch(game),
        "hidden": veil(game).hidden,
        "sides": view.side_names(game),
        "error": error,
    }
