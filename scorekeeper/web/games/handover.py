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

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...games import holders, store
from ...games.store import StoredGame
from ...groups import access
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
            group=_kept_table(record),
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


@bp.route("/games/<game_id>/another-phone", methods=["GET", "POST"])
def another_phone(game_id: str) -> Page:
    """Another phone keeps score, two taps from the deal (☰ or the table's events) and shown in the
    sheet over it: where the game is played at a table this phone keeps, the table's own link and its
    QR code, which give the other phone every game of the table; otherwise (or asked for this game
    only, ``only=game``) a fresh one-time code for this game.

    The sheet's script asks for it (JSON, with the phone's own cookies, which a page elsewhere does not
    send) and is given the code at once; a page without the script asks first, as the hand-over does,
    and posts for it."""
    record, game = store.load_game(game_id)
    device.require_edit(record)
    if record.abandoned_at is not None:
        abort(409, N_("This game was abandoned: it can be read but no longer changed."))
    group = _kept_table(record)
    context: dict[str, Any] = {"record": record, "game": game, "seated": seated_now(game), "group": group}
    if group is not None and request.values.get("only") != "game":
        link = url_for("tables.join", group_id=group.id, game=record.id, _external=True)
        link += "#" + access.join_key(group.id)
        context.update(link=link, qr=qr_svg(link, title=gettext("QR code of the table's own link")))
        return _another(context)
    if request.method == "GET" and request.accept_mimetypes.best != "application/json":
        return redirect(url_for("handover.hand_over", game_id=record.id))  # a code is asked for, first
    code = holders.offer(record.id)
    link = url_for("handover.join", game_id=record.id, _external=True, _anchor=code)
    context.update(
        link=link,
        code=holders.shown_code(code),
        qr=qr_svg.__wrapped__(link, title=gettext("QR code that hands the scoring to another phone")),
        minutes=holders.HANDOVER_MINUTES,
    )
    return _another(context)


def _kept_table(record: StoredGame) -> access.Group | None:
    """The table the game is played at, when this phone keeps it (and so may give it to another phone);
    a phone given this game only hands over this game."""
    group = access.find_group(record.group_id) if record.group_id else None
    return group if group is not None and access.holds(device.device_id(), group.id) else None


def _another(context: dict[str, Any]) -> Page:
    """The second phone's link: a fragment for the sheet over the deal screen, or a page. It holds a
    secret: no cache keeps it."""
    title = gettext("Another phone keeps score")
    if request.accept_mimetypes.best == "application/json":
        html = render_template("handover/_another.html", **context, title=title, in_sheet=True)
        answer = jsonify({"dialog": html, "title": title})
        answer.headers["Cache-Control"] = "no-store"
        return answer
    page = render_template("handover/another.html", **context, title=title)
    return page, 200, {"Cache-Control": "no-store"}


def keeps_score(record: StoredGame) -> bool:
    """True when this phone may change the game (and so give its scoring to another phone): for the
    menu's "Another phone keeps score"."""
    return record.abandoned_at is None and device.can_edit(record)


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
