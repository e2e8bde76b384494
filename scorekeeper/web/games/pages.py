"""Games at the table: start one, enter deals, correct, undo, abandon, follow the sheet.

Every view is linear: load or 404, check the edit key, ask the engine, commit,
redirect. A refused entry re-renders the form with the player's values and
the engine's reason (422) and stores nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from ...games import store
from ...games.store import StoredGame
from ...groups.members import next_first_dealer, options_kept, seated_at_end
from ...groups.roster import seating_at_kept_table
from ...kept import KeptByVersion
from ...rules import Game, RuleViolation, get_variant
from ...words import gettext
from ..device import can_edit, device_id, holder, known_game_ids, require_edit
from ..language import current_language
from ..qr import qr_svg
from ..request_values import whole_number
from ..versions import game_changed
from ..wording import say, use_variant
from . import changes, knock_ons, screens, view
from .entry import screen_for
from .forms import DRAW, new_game_form
from .offline import offline_plan

bp = Blueprint("games", __name__)
SHEETS: KeptByVersion[str] = KeptByVersion(size=512)
GRIDS: KeptByVersion[Markup] = KeptByVersion(size=256)
"""The score-sheet grids of the pages that are not kept whole (the editing phone's), per game version."""

Page = str | tuple[str, int] | Response | tuple[Response, int]


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
    """Players, first dealer and options; the engine checks the table before anything is stored.
    Started, the game opens on deal 1's screen."""
    variant = _variant_or_404(code)
    use_variant(variant)
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
        if not names:  # an empty form: the names are missing, whoever was to deal first
            raise RuleViolation(
                "form_names_missing", field="players", low=variant.min_players, high=variant.max_players
            )
        first = secrets.randbelow(len(names)) if drawn else _seat_of_slot(filled, choice)
        if not form.validate():
            raise _first_form_error(form)
        options = form.option_values()
        # A game at a table: seats at its players.
        seating = seating_at_kept_table(request.form, names, device_id())
        record, game, _key = store.create_game(
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
    return redirect(screens.current_url(record, game))  # deal 1's screen: the table starts dealing


@bp.get("/games/<game_id>")
def sheet(game_id: str) -> str:
    """The score sheet: every deal, the totals, the leader, and what is due next.

    A follower's page (no edit right, no message) is kept per game version, so
    reading an unchanged game again costs one query, not a replay and a render.
    The editing phone's page carries its own undo, redo and form tokens, so only
    its grid, the costly part, is kept. Both are kept per reader's language.
    """
    record = store.load_record(game_id)
    editable = can_edit(record)
    language = current_language()
    key = (record.id, record.version, request.host_url, language)
    personal = editable or "_flashes" in session
    if not personal and (page := SHEETS.get(key)) is not None:
        return page
    game = store.game_of(record)
    context = view.sheet_context(record, game, editable)
    grid_key = (record.id, record.version, context["editable"], language)
    if (grid := GRIDS.get(grid_key)) is None and game.state.deals:
        grid = Markup(render_template(context["sheet_template"], **context))
        GRIDS.put(grid_key, grid)
    live_url = url_for("share.live", game_id=game_id, _external=True)
    page = render_template(
        "games/sheet.html",
        live_url=live_url,
        live_qr=qr_svg(live_url, title=gettext("QR code of the live score")),
        undo_step=changes.undo_step(record, game) if editable else None,
        redo_step=changes.redo_step(record, game) if editable else None,
        grid=grid,
        plan=offline_plan(record, game) if context["editable"] and context["current"] else None,
        **context,
    )
    if not personal:
        SHEETS.put(key, page)
    return page


@bp.route("/games/<game_id>/deals/<int:number>", methods=["GET", "POST"])
def deal(game_id: str, number: int) -> Page:
    """Enter the current deal, or correct an earlier one.

    Asked for JSON (the page's script saving in place), a save answers with
    the screen to show next as an HTML fragment; a refusal with the reason,
    the field and the seat at fault, so the page shows it next to the player.
    """
    record, game = store.load_game(game_id)
    require_edit(record)
    if request.method == "POST" and (changed := game_changed(record)) is not None:
        # Sent from a version the database has moved past: 409 with the game as it is now, before
        # the deal is looked for in it (another phone's undo may have closed it).
        return screens.changed_elsewhere(game_id, number, changed)
    facts = screens.open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.values.get("phase") or screen.phase(game, number)
    if request.method == "GET":
        if screens.wants_json():  # an earlier deal, to correct in the sheet over the deal in progress
            return screens.correction_sheet(record, game, facts, phase)
        return screens.deal_page(record, game, facts, screens.stored_values(game, number), phase, None)
    values = screen.read(request.form, game, facts, phase)
    if request.form.get("fill") == "everyone":  # "Everyone made their bid" without the script: fill in, keep
        filled = screens.everyone_made(game, facts, values, phase)
        return screens.deal_page(record, game, facts, filled, phase, None)
    if request.form.get("step") == "change":  # back from what a correction would change, values kept
        return screens.deal_page(record, game, facts, values, phase, None)
    before = screens.stored_values(game, number) if number <= len(game.entries) else None
    try:
        # A correction says what it changes before it is saved, unless the screen showed it already.
        if (shown := knock_ons.unseen(record, game, number, values)) is not None:
            return knock_ons.ask(record, game, facts, values, shown)
        updated = store.record_deal(record, game, number, values)
    except store.ChangedElsewhere as changed:
        return screens.changed_elsewhere(game_id, number, changed)
    except RuleViolation as refused:  # refused by the engine before anything was written
        if screens.wants_json():
            return jsonify(screens.refusal(refused)), 422
        return screens.deal_page(record, game, facts, values, phase, refused), 422
    changes.remember_change(record, number, before)
    said = knock_ons.saved_words(game, updated, number) if screens.correcting(game, number) else None
    return screens.moved_on(record, updated, number, said)


@bp.post("/games/<game_id>/deals/<int:number>/check")
def check(game_id: str, number: int) -> Response:
    """The live check behind the entry form: the engine's verdict on the values so far.

    ``soft`` names the seats whose tricks the page filled in by itself: the
    answer works them out again from the ones tapped.
    """
    record, game = store.load_game(game_id)
    require_edit(record)
    facts = screens.open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.form.get("phase") or screen.phase(game, number)
    values = screen.read(request.form, game, facts, phase)
    soft = frozenset(
        seat for raw in request.form.getlist("soft")[:16] if (seat := whole_number(raw, most=99)) is not None
    )
    shown = screen.live(game, facts, values, soft)
    judged = shown.pop("values", values)
    complete = shown.pop("complete", True)
    verdict: dict[str, Any] = {"error": None, "field": None, "seat": None}
    after: Game | None = None
    try:
        after = knock_ons.corrected(game, number, judged)
    except RuleViolation as refused:
        if complete:
            verdict = screens.refusal(refused)
    if screens.correcting(game, number):
        # What saving the correction changes, beside Save (nothing while it cannot be saved).
        correction = knock_ons.preview(record, game, after) if after is not None and complete else None
        verdict["correction"] = correction if correction and correction["lines"] else None
    return jsonify({**verdict, **shown})


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Page:
    """Undo this phone's last change (or remove the last deal); redo can bring it back."""
    return _step(game_id, changes.undo)


@bp.post("/games/<game_id>/redo")
def redo(game_id: str) -> Page:
    """Record again what this phone's last undo took away, if the game has not changed since."""
    return _step(game_id, changes.redo)


@bp.route("/games/<game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id: str) -> Page:
    """Ask first; then mark the game abandoned (it stays readable)."""
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    if request.method == "GET":
        return render_template("games/abandon.html", record=record, game=game)
    try:
        if (changed := game_changed(record)) is not None:
            raise changed
        store.abandon(record)
    except store.ChangedElsewhere as changed:
        flash(say(changed))
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    flash(gettext("Game abandoned. Its sheet stays here to read."))
    return redirect(url_for("games.sheet", game_id=game_id))


@bp.route("/games/<game_id>/again", methods=["GET", "POST"])
def again(game_id: str) -> Page:
    """A new game with the same table: the same variant and options, and the players seated at the
    end in the seats they ended in (not those who left; those who arrived, where they sat).

    Posted (the finish screen's one tap), it starts at once, the deal moved on to the next seat, on
    deal 1's screen; asked for (a link), the new-game form filled in, to change players or options."""
    record, game = store.load_game(game_id)
    table, state = game.table, game.state
    seated = [state.players[seat] for seat in seated_at_end(state)]
    if request.method == "GET":
        args: dict[str, Any] = {f"players-{place}": name for place, name in enumerate(seated)}
        args.update({f"option_{name}": str(value) for name, value in table.options.items()})
        return redirect(url_for("games.new_game", code=table.variant.code, **args))
    require_edit(record)
    dealer = next_first_dealer(state)
    try:
        created, started, _key = store.create_game(
            table.variant.code, seated, first_dealer=dealer, options=options_kept(game), holder=holder()
        )
    except RuleViolation as refused:  # the table no longer stands (a variant's rules changed): say so
        flash(say(refused))
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    flash(gettext("A new game: %(name)s deals first.") % {"name": seated[dealer]})
    return redirect(screens.current_url(created, started))


# --- helpers of the views above ------------------------------------------------------


def _step(game_id: str, take: Callable[[StoredGame, Game], tuple[Game, str]]) -> Page:
    """Undo or redo (``take``), then back to the sheet or to the deal due, as the form says."""
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    to_sheet = request.form.get("back") == "sheet"
    try:
        if (changed := game_changed(record)) is not None:
            raise changed
        updated, message = take(record, game)
    except RuleViolation as refused:  # ChangedElsewhere among them
        record, game = store.load_game(game_id)
        if screens.wants_json():
            return jsonify({**screens.refusal(refused), **screens.screen_answer(record, game, None)}), 409
        flash(say(refused))
        back = url_for("games.sheet", game_id=game_id) if to_sheet else screens.current_url(record, game)
        return redirect(back, 303)
    if to_sheet and not screens.wants_json():
        flash(message)
        return redirect(url_for("games.sheet", game_id=game_id))
    return screens.answer(record, updated, screens.current_number(updated), message)


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
    slot = whole_number(slot_text, most=99)
    if slot is None:
        return
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
    chosen = whole_number(choice, most=99)
    if chosen is not None and chosen in slots:
        return slots.index(chosen)
    raise RuleViolation("form_choose_first_dealer", field="first_dealer")


def _first_form_error(form: Any) -> RuleViolation:
    """The refusal of the form's first field in error, with the form's own message."""
    for field in form:
        for error in field.errors:
            message = error if isinstance(error, str) else " ".join(str(e) for e in error)
            label = gettext(field.label.text)  # a label marked N_ (an option's is worded already)
            return RuleViolation("form_field_error", field="players", label=label, message=message)
    return RuleViolation("form_check", field="players")
