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
from werkzeug.wrappers import Response

from .. import store
from ..kept import KeptByVersion
from ..rules import Game, RuleViolation, get_variant
from ..rules.state import DealFacts
from ..store import StoredGame
from . import changes, view
from .device import can_edit, known_game_ids, remember_key, require_edit
from .entry import screen_for
from .forms import DRAW, new_game_form
from .qr import qr_svg

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
        record, _game, key = store.create_game(
            variant.code, names, first_dealer=first, options=form.option_values(), drawn=drawn
        )
    except RuleViolation as refused:
        return render_template("games/new.html", variant=variant, form=form, error=refused), 422
    remember_key(record.id, key)
    return redirect(url_for("games.sheet", game_id=record.id))


@bp.get("/games/<game_id>")
def sheet(game_id: str) -> str:
    """The score sheet: every deal, the totals, the leader, and what is due next.

    A follower's page (no edit right, no message) is kept per game version, so
    reading an unchanged game again costs one query, not a replay and a render.
    """
    record = store.load_record(game_id)
    editable = can_edit(record)
    key = (record.id, record.version, request.host_url)
    # The editing phone's page carries its own undo, redo and form tokens: it is never kept.
    personal = editable or "_flashes" in session
    if not personal and (page := SHEETS.get(key)) is not None:
        return page
    game = store.game_of(record)
    live_url = url_for("share.live", game_id=game_id, _external=True)
    page = render_template(
        "games/sheet.html",
        live_url=live_url,
        live_qr=qr_svg(live_url, title="QR code of the live score"),
        undo_step=changes.undo_step(record, game) if editable else None,
        redo_step=changes.redo_step(record, game) if editable else None,
        **view.sheet_context(record, game, editable),
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
    facts = _open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.values.get("phase") or screen.phase(game, number)
    if request.method == "GET":
        return _deal_page(record, game, facts, _stored_values(game, number), phase, None)
    values = screen.read(request.form, game, facts, phase)
    if request.form.get("fill") == "everyone":  # "Everyone made their bid" without the script: fill in, keep
        return _deal_page(record, game, facts, _everyone_made(game, facts, values, phase), phase, None)
    before = _stored_values(game, number) if number <= len(game.entries) else None
    try:
        if _stale(record):
            raise store.ChangedElsewhere()
        updated = store.record_deal(record, game, number, values)
    except store.ChangedElsewhere as changed:
        return _changed_elsewhere(game_id, number, changed)
    except RuleViolation as refused:  # refused by the engine before anything was written
        if _wants_json():
            return jsonify(_refusal(refused)), 422
        return _deal_page(record, game, facts, values, phase, refused), 422
    changes.remember_change(record, number, before)
    return _moved_on(record, updated, number)


@bp.post("/games/<game_id>/deals/<int:number>/check")
def check(game_id: str, number: int) -> Response:
    """The live check behind the entry form: the engine's verdict on the values so far.

    ``soft`` names the seats whose tricks the page filled in by itself: the
    answer works them out again from the ones tapped.
    """
    record, game = store.load_game(game_id)
    require_edit(record)
    facts = _open_facts(record, game, number)
    screen = screen_for(game.table.variant)
    phase = request.form.get("phase") or screen.phase(game, number)
    values = screen.read(request.form, game, facts, phase)
    soft = frozenset(int(seat) for seat in request.form.getlist("soft") if seat.isdigit())
    shown = screen.live(game, facts, values, soft)
    judged = shown.pop("values", values)
    complete = shown.pop("complete", True)
    verdict: dict[str, Any] = {"error": None, "field": None, "seat": None}
    try:
        game.verify(game.table.variant.engine.read_entry(number, judged))
    except RuleViolation as refused:
        if complete:
            verdict = _refusal(refused)
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


@bp.get("/games/<game_id>/join/<key>")
def join(game_id: str, key: str) -> Response:
    """Open the edit link on this phone: it may then enter and correct deals."""
    record, _game = store.load_game(game_id)
    if not record.key_matches(key):
        abort(403, "This edit link is not right for this game. Ask for it again.")
    remember_key(record.id, key)
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
    """True when the change was made from an older version of the game than the stored one.

    The version comes as ``If-Match`` (the page's script) or as the form's field.
    """
    sent = request.headers.get("If-Match") or request.form.get("version")
    if sent is None:
        return False
    return sent.strip().removeprefix("W/").strip('"') != str(record.version)


def _wants_json() -> bool:
    """True when the page's script asks for JSON rather than a page."""
    return request.accept_mimetypes.best == "application/json"


def _refusal(refused: RuleViolation) -> dict[str, Any]:
    """A refusal as the page's script shows it: the reason, the field and the seat at fault."""
    return {"error": refused.message, "field": refused.field, "seat": refused.seat}


def _step(game_id: str, take: Callable[[StoredGame, Game], tuple[Game, str]]) -> Page:
    """Undo or redo (``take``), then back to the sheet or to the deal due, as the form says."""
    record, game = store.load_game(game_id)
    require_edit(record)
    _refuse_if_abandoned(record)
    to_sheet = request.form.get("back") == "sheet"
    try:
        if _stale(record):
            raise store.ChangedElsewhere()
        updated, message = take(record, game)
    except RuleViolation as refused:  # ChangedElsewhere among them
        record, game = store.load_game(game_id)
        if _wants_json():
            return jsonify({**_refusal(refused), **_screen_answer(record, game, None)}), 409
        flash(refused.message)
        target = _current_url(record, game) if not to_sheet else url_for("games.sheet", game_id=game_id)
        return redirect(target, 303)
    if to_sheet and not _wants_json():
        flash(message)
        return redirect(url_for("games.sheet", game_id=game_id))
    return _answer(record, updated, _current_number(updated), message)


def _moved_on(record: StoredGame, game: Game, number: int) -> Page:
    """Where a saved deal leads: its own tricks while it is open, else the next deal; a correction
    of an earlier deal, or the last deal of a game, back to the sheet."""
    word = game.table.variant.deal_word.title
    deal = game.state.deals[number - 1]
    if number < len(game.entries):
        sheet = url_for("games.sheet", game_id=record.id, _anchor=f"deal-{number}")
        return _answer(record, game, None, f"{word} {number} corrected.", url=sheet)
    if not deal.complete:
        return _answer(record, game, number, None)
    return _answer(record, game, _current_number(game), f"{word} {number} saved.")


def _answer(
    record: StoredGame, game: Game, number: int | None, message: str | None, *, url: str | None = None
) -> Page:
    """After a change: the next screen as JSON for the page's script, else a redirect to it."""
    if url is None:
        url = _deal_url(record, number) if number is not None else url_for("games.sheet", game_id=record.id)
        if _wants_json():
            return jsonify({"message": message, **_screen_answer(record, game, number)})
    if _wants_json():
        return jsonify({"message": message, "version": record.version, "html": None, "url": url})
    if message:
        flash(message)
    return redirect(url)


def _screen_answer(record: StoredGame, game: Game, number: int | None) -> dict[str, Any]:
    """The version, and the screen of deal ``number`` (the one due when None) as an HTML fragment;
    no fragment when the game has no deal to enter (the page then goes to the sheet)."""
    number = number if number is not None else _current_number(game)
    answer: dict[str, Any] = {"version": record.version, "html": None}
    if number is None or record.abandoned_at is not None:
        answer["url"] = url_for("games.sheet", game_id=record.id)
        return answer
    facts = _facts_of(game, number)
    assert facts is not None
    screen = screen_for(game.table.variant)
    context = _screen_context(
        record, game, facts, _stored_values(game, number), screen.phase(game, number), None
    )
    answer["html"] = render_template("games/_screen.html", **context)
    answer["url"] = _deal_url(record, number)
    answer["title"] = context["about"]["title"]
    return answer


def _changed_elsewhere(game_id: str, number: int, changed: store.ChangedElsewhere) -> Page:
    """Another phone changed the game first: show what it entered, in place of what was sent (409)."""
    record, game = store.load_game(game_id)
    open_number = number if _facts_of(game, number) is not None else _current_number(game)
    if _wants_json():
        return jsonify({**_refusal(changed), **_screen_answer(record, game, open_number)}), 409
    if open_number is None:
        flash(changed.message)
        return redirect(url_for("games.sheet", game_id=game_id), 303)
    facts = _open_facts(record, game, open_number)
    phase = screen_for(game.table.variant).phase(game, open_number)
    return _deal_page(record, game, facts, _stored_values(game, open_number), phase, changed), 409


def _everyone_made(game: Game, facts: DealFacts, values: dict[str, Any], phase: str) -> dict[str, Any]:
    """The values with every player's tricks filled in from their bid, where the engine says that adds up."""
    everyone = screen_for(game.table.variant).context(game, facts, values, phase).get("everyone") or {}
    tricks = list(values.get("tricks") or [None] * game.table.size)
    for seat, took in everyone.items():
        tricks[seat] = took
    return {**values, "tricks": tricks}


def _current_number(game: Game) -> int | None:
    """The number of the deal due, None when the game is over."""
    current = game.state.current
    return current.number if current is not None else None


def _current_url(record: StoredGame, game: Game) -> str:
    number = _current_number(game)
    return _deal_url(record, number) if number is not None else url_for("games.sheet", game_id=record.id)


def _deal_url(record: StoredGame, number: int) -> str:
    return url_for("games.deal", game_id=record.id, number=number)


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
    facts = _facts_of(game, number)
    if facts is not None:
        return facts
    if game.state.finished:
        abort(409, "The game is over: no more deals are played.")
    abort(404)


def _facts_of(game: Game, number: int) -> DealFacts | None:
    """The facts of deal ``number`` when it is recorded or due, else None."""
    state = game.state
    if 1 <= number <= len(state.deals):
        return state.deals[number - 1].facts
    if state.current is not None and number == state.current.number:
        return state.current
    return None


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
    return render_template("games/deal.html", **_screen_context(record, game, facts, values, phase, error))


def _screen_context(
    record: StoredGame,
    game: Game,
    facts: DealFacts,
    values: dict[str, Any],
    phase: str,
    error: RuleViolation | None,
) -> dict[str, Any]:
    """What a deal's screen shows: the standings, the facts, the form with the values and the refusal."""
    screen = screen_for(game.table.variant)
    about = view.deal_about(game, facts, values.get("trump"))
    return {
        "record": record,
        "game": game,
        "state": game.state,
        "facts": facts,
        "about": about,
        "facts_line": view.facts_line(about),
        "strip": view.standings_strip(game),
        "undo_step": changes.undo_step(record, game),
        "redo_step": changes.redo_step(record, game),
        "values": values,
        "phase": phase,
        "error": error,
        "form_template": screen.form_template,
        "screen": screen,
        **screen.context(game, facts, values, phase),
    }
