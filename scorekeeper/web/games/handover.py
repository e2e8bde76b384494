"""Handing the scoring to another phone: a one-time code, as a link, a QR code and to type.

The scorer asks for a code from the game's page (and confirms first: anyone
who sees the code in time can take the right). The link carries the code
after ``#``, which browsers never send to a server, so no access log or
proxy sees it; the join page's script moves it into the form and drops it
from the address bar and history. Without JavaScript the other phone types
the code under the QR code. Either way the code reaches the server only in
the body of a POST, and works once.

Both phones may then change the game; the game's version check keeps them
from overwriting each other.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import holders, store
from ...rules import Game
from ...words import gettext, ngettext
from ...words._core import N_
from .. import device
from ..limits import not_a_guess
from ..qr import qr_svg

bp = Blueprint("handover", __name__)

Page = str | tuple[str, int] | tuple[str, int, dict[str, str]] | Response


@bp.before_app_request
def adopt_old_keys() -> None:
    """Cookies from before device ids carry edit keys: their games become this device's."""
    device.adopt_old_keys()


@bp.route("/games/<game_id>/hand-over", methods=["GET", "POST"])
def hand_over(game_id: str) -> Page:
    """Ask first; then show a fresh code as a link, a QR code and text, good once for a while."""
    record, game = store.load_game(game_id)
    device.require_edit(record)
    if record.abandoned_at is not None:
        abort(409, N_("This game was abandoned: it can be read but no longer changed."))
    if request.method == "GET":
        return render_template(
            "handover/ask.html",
            record=record,
            game=game,
            seated=seated_now(game),
            minutes=holders.HANDOVER_MINUTES,
        )
    code = holders.offer(record.id)
    link = url_for("handover.join", game_id=record.id, _external=True, _anchor=code)
    page = render_template(
        "handover/code.html",
        record=record,
        game=game,
        seated=seated_now(game),
        link=link,
        code=holders.shown_code(code),
        qr=qr_svg.__wrapped__(link, title="QR code that hands the scoring to another phone"),
        minutes=holders.HANDOVER_MINUTES,
    )
    # The page holds a secret: no cache keeps it, and no history shows it again.
    return page, 200, {"Cache-Control": "no-store"}


@bp.route("/games/<game_id>/join", methods=["GET", "POST"])
def join(game_id: str) -> Page:
    """Take over the scoring with a code from the scorer's phone."""
    record, game = store.load_game(game_id)
    if request.method == "GET":
        return render_template(
            "handover/join.html", record=record, game=game, seated=seated_now(game), error=None, typed=""
        )
    if device.can_edit(record):
        flash(gettext("This phone already keeps the score of this game."))
        return redirect(url_for("games.sheet", game_id=game_id))
    typed = request.form.get("code", "")
    outcome = holders.redeem(device.holder(), record.id, typed)
    if outcome != "joined":
        if outcome == "used":
            error = gettext(
                "That code has been used already: it hands the scoring over once. Ask the scorer for a "
                "new one."
            )
        else:
            error = ngettext(
                "That code does not open this game: it may be mistyped, or more than %(minutes)s minute "
                "old. Ask the scorer for a new one.",
                "That code does not open this game: it may be mistyped, or more than %(minutes)s minutes "
                "old. Ask the scorer for a new one.",
                holders.HANDOVER_MINUTES,
            ) % {"minutes": holders.HANDOVER_MINUTES}
        page = render_template(
            "handover/join.html",
            record=record,
            game=game,
            seated=seated_now(game),
            error=error,
            typed=typed[:40],
        )
        if outcome == "used":
            not_a_guess()  # told it was used, and not counted towards the guessing limits
        return page, 422
    flash(gettext("This phone can now enter and correct deals."))
    return redirect(url_for("games.sheet", game_id=game_id))


def seated_now(game: Game) -> list[str]:
    """Who sits at the table now, in the order they sit: a latecomer in, a player who left out, a
    substitute under their own name."""
    state = game.state
    seats = state.life.ring if state.life is not None else range(len(state.players))
    return [state.players[seat] for seat in seats]
