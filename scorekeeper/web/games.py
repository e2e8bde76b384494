"""Games at the table: start one, enter deals, correct, undo, abandon, follow the sheet.

Every view is linear: load or 404, check the edit key, ask the engine, commit,
redirect. A refused entry re-renders the form with the player's values and
the engine's reason (422) and stores nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from .. import store
from ..kept import KeptByVersion
from ..rules import Game, RuleViolation, get_variant
from ..rules.state import DealFacts
from ..store import StoredGame
from . import view
from .device import can_edit, holder, known_game_ids, require_edit
from .entry import screen_for
from .forms import DRAW, new_game_form
from .qr import qr_svg
from .table_access import table_seating

bp = Blueprint("games", __name__)
SHEETS: KeptByVersion[str] = KeptByVersion(size=512)

Page = str | tuple[str, int] | Response


@bp.get("/games")
def your_games() -> str:
    """The games started or joined on this device: in progress first, then the rest."""
    records = [store.find_record(game_id) for game_id in known_game_ids()]
    summaries = [view.summary(record, store.game_of(record)) for record in records if record is not None]
    playing = [summary for summary in summaries if summary.playing]
    done = [summary for summary in summaries if not summary.playing]
    return render_template("games/index.html", playing=playing, done=done)


@bp.route("/games/new/<code>", methods=["GET", "POST"])
def new_game(code: str) -> Page:
    """Players, first dealer and options; the engine checks the table before anything is stored."""
    variant = _variant_or_404(code)
    form = new_game_form(variant)
    if request.method == "GET":
        _prefill(form, request.args)
        return render_template("games/new.html", variant=variant, form=form, error=None)
    move = request.form.get("move")
    if move is not None:
        _move_seat(form, move)
        return render_template("games/new.html", variant=variant, form=form, error=None)
    filled = form.filled_players()
    names = [name for _, name in filled]
    choice = form.first_dealer.data or DRAW
    drawn = choice == DRAW
    try:
        first = secrets.randbelow(len(names)) if drawn and names else _seat_of_slot(filled, choice)
        if not form.validate():
            raise RuleViolation(_first_form_error(form), field="players")
        options = form.option_values()
        seating = table_seating(request.form, names)  # a game at a table: seats at its players
        record, _game, _key = store.create_game(
            variant.code,
            seating.names if seating else names,
            first_dealer=first,
            options=options,
            drawn=drawn,
            holder=holder(),
            seating=seating,
        )
    except RuleViolation as refused:
        return render_template("games/new.html", variant=variant, form=form, error=refused), 422
    return redirect(url_for("games.sheet", game_id=record.id))


@bp.get("/games/<game_id>")
def sheet(game_id: str) -> str:
    """The score sheet: every deal, the totals, the leader, and what is due next.

    A page without a message for this visitor is kept per game version, so
    reading an unchanged game again costs one query, not a replay and a render.
    """
    record = store.load_record(game_id)
    editable = can_edit(record)
    key = (record.id, record.version, editable, request.host_url)
    personal = "_flashes" in session
    if not personal and (page := SHEETS.get(key)) is not None:
        return page
    game = store.game_of(record)
    live_url = url_for("share.live", game_id=game_id, _external=True)
    page = render_template(
        "games/sheet.html",
        live_url=live_url,
        live_qr=qr_svg(live_url, title="QR code of the live score"),
        **view.sheet_context(record, game, editable),
    )
    if not personal:
        SHEETS.put(key, page)
    return page


@bp.route("/games/<game_id>/deals/<int:number>", methods=["GET", "POST"])
def deal(game_id: str, number: int) -> Page:
    """Enter the current deal, or correct an earlier one."""
    record, game = store.load_game(game_id)
    require_edit(record)
    facts = _open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.values.get("phase") or screen.phase(game, number)
    if request.method == "GET":
        values = _stored_values(game, number)
        return _deal_page(record, game, facts, values, phase, None)
    values = screen.read(request.form, game, facts, phase)
    try:
        if _stale(record):
            raise store.ChangedElsewhere()
        updated = store.record_deal(record, game, number, values)
    except store.ChangedElsewhere as changed:
        record, game = store.load_game(game_id)
        facts = _open_facts(record, game, number)
        values = _stored_values(game, number)
        return _deal_page(record, game, facts, values, screen.phase(game, number), changed), 409
    except RuleViolation as refused:  # refused by the engine before anything was written
        return _deal_page(record, game, facts, values, phase, refused), 422
    if number < len(updated.entries) or updated.state.deals[number - 1].complete:
        flash(f"Deal {number} saved.")
        return redirect(url_for("games.sheet", game_id=game_id, _anchor=f"deal-{number}"))
    return redirect(url_for("games.deal", game_id=game_id, number=number))


@bp.post("/games/<game_id>/deals/<int:number>/check")
def check(game_id: str, number: int) -> Response:
    """The live check behind the entry form: the engine's verdict on the values so far."""
    record, game = store.load_game(game_id)
    require_edit(record)
    facts = _open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.form.get("phase") or screen.phase(game, number)
    values = screen.read(request.form, game, facts, phase)
    verdict: dict[str, Any] = {"error": None, "field": None}
    try:
        game.verify(game.table.variant.engine.read_entry(number, values))
    except RuleViolation as refused:
        verdict = {"error": refused.message, "field": refused.field}
    return jsonify({**verdict, **screen.live(game, facts, values)})


@bp.route("/games/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str) -> Page:
    """Ask first, showing what will go; then remove the last recorded entry."""
    record, game = store.load_game(game_id)
    require_edit(record)
    _refuse_if_abandoned(record)
    if request.method == "GET":
        if not game.entries:
            abort(409, "There is nothing to undo: no deal has been recorded.")
        last = game.state.deals[-1]
        return render_template(
            "games/undo.html", record=record, game=game, deal=last, about=view.deal_about(game, last.facts)
        )
    try:
        if _stale(record):
            raise store.ChangedElsewhere()
        store.undo_last(record, game)
    except RuleViolation as refused:  # ChangedElsewhere among them
        flash(refused.message)
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    flash(f"Deal {len(game.entries)} removed.")
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.route("/games/<game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id: str) -> Page:
    """Ask first; then mark the game abandoned (it stays readable)."""
    record, game = store.load_game(game_id)
    require_edit(record)
    _refuse_if_abandoned(record)
    if request.method == "GET":
        return render_template("games/abandon.html", record=record, game=game)
    try:
        if _stale(record):
            raise store.ChangedElsewhere()
        store.abandon(record)
    except store.ChangedElsewhere as changed:
        flash(changed.message)
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    flash("Game abandoned. Its sheet stays here to read.")
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.get("/games/<game_id>/again")
def again(game_id: str) -> Response:
    """A new game with the same table: the same variant, players in their seats and options."""
    _record, game = store.load_game(game_id)
    table = game.table
    args = {f"players-{seat}": name for seat, name in enumerate(table.players)}
    args.update({f"option_{name}": str(value) for name, value in table.options.items()})
    return redirect(url_for("games.new_game", code=table.variant.code, **args))


# --- helpers of the views above ------------------------------------------------------


def _stale(record: StoredGame) -> bool:
    """True when the form was made from an older version of the game than the stored one."""
    sent = request.form.get("version")
    return sent is not None and sent != str(record.version)


def _variant_or_404(code: str) -> Any:
    try:
        return get_variant(code)
    except RuleViolation:
        abort(404)


def _prefill(form: Any, args: Any) -> None:
    """Fill the form from a "play again" link."""
    for slot, entry in enumerate(form.players):
        entry.data = args.get(f"players-{slot}", entry.data)
    for field in form.option_fields():
        if field.name in args:
            field.data = args[field.name] == "True" if field.type == "BooleanField" else args[field.name]


def _move_seat(form: Any, move: str) -> None:
    """Swap a player with the one above ("up-2") or below ("down-2"): seats are clockwise."""
    direction, _, slot_text = move.partition("-")
    if not slot_text.isdigit():
        return
    slot = int(slot_text)
    other = slot - 1 if direction == "up" else slot + 1
    entries = form.players.entries
    if 0 <= slot < len(entries) and 0 <= other < len(entries):
        entries[slot].data, entries[other].data = entries[other].data, entries[slot].data
        # The chosen first dealer is a player, not a seat: the choice moves with them.
        swapped = {str(slot): str(other), str(other): str(slot)}
        form.first_dealer.data = swapped.get(form.first_dealer.data, form.first_dealer.data)


def _seat_of_slot(filled: list[tuple[int, str]], choice: str) -> int:
    """The chosen first dealer's seat among the filled-in names."""
    slots = [slot for slot, _ in filled]
    if choice.isdigit() and int(choice) in slots:
        return slots.index(int(choice))
    raise RuleViolation("Choose who deals first, or let the app draw", field="first_dealer")


def _first_form_error(form: Any) -> str:
    for field in form:
        for error in field.errors:
            message = error if isinstance(error, str) else " ".join(str(e) for e in error)
            return f"{field.label.text}: {message}"
    return "Check the form"


def _refuse_if_abandoned(record: StoredGame) -> None:
    if record.abandoned_at is not None:
        abort(409, "This game was abandoned: it can be read but no longer changed.")


def _open_facts(record: StoredGame, game: Game, number: int) -> DealFacts:
    """The facts of a deal that may be entered now: a recorded one, or the current one."""
    _refuse_if_abandoned(record)
    state = game.state
    if 1 <= number <= len(state.deals):
        return state.deals[number - 1].facts
    if state.current is not None and number == state.current.number:
        return state.current
    if state.finished:
        abort(409, "The game is over: no more deals are played.")
    abort(404)


def _stored_values(game: Game, number: int) -> dict[str, Any]:
    if number <= len(game.entries):
        return game.table.variant.engine.write_entry(game.entries[number - 1])
    return {}


def _deal_page(
    record: StoredGame,
    game: Game,
    facts: DealFacts,
    values: dict[str, Any],
    phase: str,
    error: RuleViolation | None,
) -> str:
    screen = screen_for(game.table.variant)
    return render_template(
        "games/deal.html",
        record=record,
        game=game,
        state=game.state,
        facts=facts,
        about=view.deal_about(game, facts, values.get("trump")),
        values=values,
        phase=phase,
        error=error,
        form_template=screen.form_template,
        screen=screen,
        **screen.context(game, facts, values, phase),
    )
