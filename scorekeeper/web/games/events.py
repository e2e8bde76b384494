"""Table events through the pages: what happened at the table besides a clean deal (RULES.md §9).

One tap from a deal's screen or the game's page opens the table's events: a
big target for each kind, those the engine refuses now shown disabled with its
reason, and every event recorded so far, to correct or take back. A second tap
opens the event's form, whose choices the engine gives (``possible_events``).
Sending it asks the engine what the event would change (``preview``) and shows
that, in its words, for a yes before anything is stored. Each view is linear:
load or 404, check the edit right and the version (409 when another phone
changed the game first), ask the engine, store, redirect. A refusal shows the
form again with the values and the engine's reason (422), and stores nothing.

The deal screen's script asks the same views for JSON (``Accept``): each page
then comes as a fragment for the sheet it opens over the deal (``dialog``), the
form with what the event would change beside it, and once it is recorded the
deal screen to swap in place, as saving a deal answers (``screens.settled``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ... import words
from ...games import store
from ...games.store import StoredGame
from ...groups.newcomers import link_members
from ...groups.roster import JOINING_EVENTS, spelled_as_on_roster
from ...rules import (
    EVENT_KINDS,
    EventChoice,
    EventState,
    Game,
    RuleViolation,
    Text,
    event_laws,
    possible_events,
    preview,
    read_event,
    write_event,
)
from ...words import deal_words, gettext
from ..device import require_edit
from ..versions import changed_from, game_changed
from ..wording import say
from . import changes, screens, view
from .event_forms import (
    FIELDS,
    asked_values,
    event_data,
    event_form,
    posted_values,
    stored_values,
    totals_change,
)
from .event_hub import hub_context, offline_hint
from .player_events import player_actions
from .table_life import KIND_LABELS

bp = Blueprint("events", __name__)

Page = str | tuple[str, int] | Response | tuple[Response, int]

@bp.get("/games/<game_id>/events")
def table_events(game_id: str) -> Page:
    """The table's events: a target for each kind (disabled, with the engine's reason, where it refuses
    it now) and every event recorded, to correct or take back."""
    record, game = _editable(game_id)
    context = _hub(record, game)
    if screens.wants_json():
        return _in_sheet("games/events/sheet_hub.html", gettext("Table events"), context)
    return render_template("games/events/index.html", **context)


@bp.get("/games/<game_id>/events/for/<int:seat>")
def player(game_id: str, seat: int) -> Page:
    """One player's events (from their name on the deal screen): what the engine allows for them now."""
    record, game = _editable(game_id)
    ring = game.state.life.ring if game.state.life is not None else range(len(game.state.players))
    if seat not in ring:
        abort(404)

    def link(kind: str, **args: Any) -> str:
        return url_for("events.new_event", game_id=record.id, kind=kind, **_from_args(), **args)

    name = game.state.players[seat]
    context = {
        "record": record,
        "game": game,
        "name": name,
        "actions": player_actions(game, seat, link),
        "back": _back(record, game),
    }
    if screens.wants_json():
        return _in_sheet("games/events/sheet_player.html", name, context)
    return render_template("games/events/player.html", **context)


@bp.route("/games/<game_id>/events/new/<kind>", methods=["GET", "POST"])
def new_event(game_id: str, kind: str) -> Page:
    """A new event of ``kind``: its form, then what it would change, then (yes) record it.

    A link may choose values beforehand (``?seat=2``) and ask at once what the event would change
    (``&step=check``): a player's own menu does, where nothing is left to type."""
    if kind not in EVENT_KINDS:
        abort(404)
    record, game = _editable(game_id)
    values, step = _asked(record, kind)
    if step == "form" and not FIELDS[kind]:
        step = "check"  # nothing to ask (a misdeal, stopping): straight to what it would do
    if step == "form" or step == "change":
        return _shown(record, game, kind, values)
    try:
        if _stale(record, step):
            raise changed_from(record)
        data = event_data(kind, values)
        event = read_event(data)
        if step != "record":
            seen = preview(game, event)
            return _shown(
                record, game, kind, values, seen=seen.event, after=seen.game, under_way=seen.under_way
            )
        updated = store.record_event(record, game, data)
    except store.ChangedElsewhere as changed:
        record, game = store.load_game(game_id)
        return _shown(record, game, kind, values, error=changed, status=409, **_seen_now(game, kind, values))
    except RuleViolation as refused:
        return _shown(record, game, kind, values, error=refused, status=422)
    _link_newcomer(record, updated, kind)
    changes.remember_event(record, game, updated)
    return _recorded(record, updated, len(updated.events))


@bp.route("/games/<game_id>/events/<int:number>", methods=["GET", "POST"])
def event(game_id: str, number: int) -> Page:
    """A recorded event: correct it where it stands (its form, what the correction would change, yes),
    or take it back while it is the last thing recorded."""
    record, game = _editable(game_id)
    step = request.form.get("step", "check") if request.method == "POST" else "form"
    if not 1 <= number <= len(game.events):
        if request.method == "POST" and _stale(record, step):  # taken back on another phone: 409, not 404
            return _gone(record, game, changed_from(record))
        abort(404)
    kind = game.events[number - 1].kind
    values = stored_values(game.events[number - 1])
    if request.method == "POST":
        values = _as_on_roster(record, kind, posted_values(kind, request.form))
    if step in ("form", "change"):
        return _shown(record, game, kind, values, number=number)
    try:
        if _stale(record, step):
            raise changed_from(record)
        data = event_data(kind, values)
        if step != "record":
            after = game.correct_event(number, read_event(data))
            life = after.state.life
            assert life is not None
            return _shown(
                record, game, kind, values, number=number, seen=life.events[number - 1], after=after
            )
        updated = store.correct_event(record, game, number, data)
    except store.ChangedElsewhere as changed:
        record, game = store.load_game(game_id)
        if number > len(game.events) or game.events[number - 1].kind != kind:
            return _gone(record, game, changed)
        return _shown(record, game, kind, values, number=number, error=changed, status=409)
    except RuleViolation as refused:
        return _shown(record, game, kind, values, number=number, error=refused, status=422)
    _link_newcomer(record, updated, kind)
    changes.remember_change(record, number, write_event(game.events[number - 1]), kind=changes.EVENT)
    return _recorded(record, updated, number, corrected=True)


@bp.post("/games/<game_id>/events/<int:number>/take-back")
def take_back(game_id: str, number: int) -> Page:
    """Take back a table event that is the last thing recorded (redo brings it back)."""
    record, game = _editable(game_id)
    if _stale(record, "record"):  # before the event is looked for: another phone may have taken it back
        return _gone(record, game, changed_from(record))
    if not 1 <= number <= len(game.events):
        abort(404)
    if not game.last_is_event() or number != len(game.events):
        word = deal_words(game.table.variant.deal_word).singular
        said = gettext(
            "Only the last thing recorded can be taken back: a %(deal)s or another event came after "
            "this one. Correct it instead, or undo what came after it first."
        ) % {"deal": word}
        if screens.wants_json():
            return jsonify({"error": said, "field": None, "seat": None}), 422
        flash(said)
        return redirect(url_for("events.table_events", game_id=game_id), 303)
    try:
        updated, message = changes.undo(record, game)
    except RuleViolation as refused:  # ChangedElsewhere: another phone changed the game first
        return _gone(record, game, refused)
    if screens.wants_json():
        return screens.settled(record, updated, message)
    flash(message)
    return redirect(_next_page(record, updated))


# --- the pages, and the sheet's fragments -----------------------------------------------------------


def _shown(
    record: StoredGame,
    game: Game,
    kind: str,
    values: dict[str, Any],
    *,
    number: int | None = None,
    error: RuleViolation | None = None,
    seen: EventState | None = None,
    after: Game | None = None,
    under_way: Text | None = None,
    status: int = 200,
) -> Page:
    """An event's form (new, or event ``number`` to correct) with the values and the refusal, if any; or
    what it would change (``seen``, the game ``after``) with a yes that records it.

    The sheet over the deal screen gets both as one fragment (``dialog``), and what it would change
    alone (``preview``), to show it beside the form as it stands; after another phone's change (409),
    the deal screen as it is now too, to swap in behind the sheet."""
    form = _form_context(record, game, kind, values, error, number)
    shown = _preview_context(record, game, kind, values, seen, after, number) if seen and after else {}
    if shown:
        shown["under_way"] = under_way
    if screens.wants_json():
        context = {**shown, **form, "in_sheet": True}
        body: dict[str, Any] = {
            "dialog": render_template("games/events/sheet_event.html", **context),
            "preview": render_template("games/events/_preview.html", **{**context, "law": None})
            if shown
            else None,
            "title": form["label"],
        }
        if error is not None:
            body.update(screens.refusal(error))
        if status == 409:
            body.update(screens.screen_answer(record, game, None))
        return jsonify(body), status
    if shown:
        return render_template("games/events/confirm.html", **shown), status
    return render_template("games/events/form.html", **form), status


def _form_context(
    record: StoredGame,
    game: Game,
    kind: str,
    values: dict[str, Any],
    error: RuleViolation | None,
    number: int | None,
) -> dict[str, Any]:
    """What an event's form shows: the choices the engine gives where the event goes, the values, the
    refusal and the law."""
    where = game if number is None else _before_event(game, number)
    choice = _choice(where, kind)
    return {
        **_page(record, game, kind, number),
        "form": event_form(where, choice, values),
        "choice": choice,
        "error": error,
        "law": say(event_laws(game.table)[kind], game.table.variant),
    }


def _preview_context(
    record: StoredGame,
    game: Game,
    kind: str,
    values: dict[str, Any],
    seen: EventState,
    after: Game,
    number: int | None,
) -> dict[str, Any]:
    """What the event would change, in the engine's words, with a yes that records it."""
    return {
        **_page(record, game, kind, number),
        "values": values,
        "fields": FIELDS[kind],
        "seen": seen,
        "totals": totals_change(game, after, view.side_names(game), view.side_names(after)),
        "after": after,
        # No form said the law before: the confirmation says it.
        "law": None if FIELDS[kind] else say(event_laws(game.table)[kind], game.table.variant),
    }


def _page(record: StoredGame, game: Game, kind: str, number: int | None) -> dict[str, Any]:
    """What every page of one event shows: the game, the kind, where the form posts and leads back to."""
    if number is None:
        action = url_for("events.new_event", game_id=record.id, kind=kind)
    else:
        action = url_for("events.event", game_id=record.id, number=number)
    return {
        "record": record,
        "game": game,
        "kind": kind,
        "label": KIND_LABELS[kind],
        "number": number,
        "action": action,
        "from_sheet": _from_sheet(),
        "hub": url_for("events.table_events", game_id=record.id, **_from_args()),
    }


def _hub(record: StoredGame, game: Game) -> dict[str, Any]:
    """What the table's events show: the targets, the events recorded, the way back."""
    return hub_context(record, game, back=_back(record, game), from_sheet=_from_sheet())


def offline_targets(record: StoredGame, game: Game) -> list[dict[str, Any]]:
    """Every kind of event as the hub shows it (label, hint, the engine's verdict), each with its form as
    the sheet shows it: what the editing phone keeps to record events with no connection
    (offline_events.py)."""
    targets: list[dict[str, Any]] = _hub(record, game)["targets"]
    for target in targets:
        kind = target["choice"].kind
        target["form"] = {**_form_context(record, game, kind, {}, None, None), "in_sheet": True}
        target["hint"] = offline_hint(game, kind)
    return targets


def record_posted(record: StoredGame, game: Game, kind: str, form: Any, *, sent: str | None = None) -> Game:
    """Record an event of ``kind`` from its form's fields as posted (a phone's offline queue, merge.py):
    checked by the engine as any event is; its newcomer linked to the table. Raises the refusal.
    ``sent`` is the id the phone's queue gave it (store.record_event)."""
    values = _as_on_roster(record, kind, posted_values(kind, form))
    updated = store.record_event(record, game, event_data(kind, values), sent=sent)
    _link_newcomer(record, updated, kind)
    changes.remember_event(record, game, updated)
    return updated


def _seen_now(game: Game, kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """For the sheet, after another phone's change: what the event would change in the game as it is
    now, if the engine allows it (``seen`` and ``after`` for ``_shown``), for a yes on what is true now."""
    if not screens.wants_json():
        return {}
    try:
        seen = preview(game, read_event(event_data(kind, values)))
    except RuleViolation:
        return {}
    return {"seen": seen.event, "after": seen.game, "under_way": seen.under_way}


def _in_sheet(template: str, title: str, context: dict[str, Any]) -> Response:
    """A page's content as a fragment for the sheet over the deal screen."""
    return jsonify({"dialog": render_template(template, **context, in_sheet=True), "title": title})


def _recorded(record: StoredGame, game: Game, number: int, *, corrected: bool = False) -> Response:
    """After an event is stored: say what it did, and go on where the table goes next (in place, for the
    deal screen's sheet)."""
    life = game.state.life
    assert life is not None
    # The first clause is enough on the deal screen: the deals it re-planned were on the confirmation.
    text = say(life.events[number - 1].text, game.table.variant).split("; ")[0]
    said = gettext("Corrected: %(text)s.") if corrected else gettext("Recorded: %(text)s.")
    if screens.wants_json():
        return screens.settled(record, game, said % {"text": text})
    flash(said % {"text": text})
    return redirect(_next_page(record, game))


def _gone(record: StoredGame, game: Game, refused: RuleViolation) -> Page:
    """Another phone changed the game first and what was sent no longer applies: back to the table's
    events (in the sheet, with the deal screen as it is now behind it), saying so."""
    if screens.wants_json():
        hub = render_template("games/events/sheet_hub.html", **_hub(record, game), in_sheet=True)
        body = {**screens.refusal(refused), **screens.screen_answer(record, game, None), "dialog": hub}
        return jsonify(body), 409
    flash(say(refused))
    return redirect(url_for("events.table_events", game_id=record.id, **_from_args()), 303)


def _next_page(record: StoredGame, game: Game) -> str:
    """The deal due (where the table goes on), or the sheet when the game is over or the event was
    recorded from there."""
    if _from_sheet() or screens.current_number(game) is None:
        return url_for("games.sheet", game_id=record.id)
    return screens.current_url(record, game)


def _back(record: StoredGame, game: Game) -> dict[str, str]:
    """Where the way back leads: the sheet, or the deal screen the table came from."""
    number = screens.current_number(game)
    if _from_sheet() or number is None:
        return {"url": url_for("games.sheet", game_id=record.id), "label": gettext("Sheet")}
    word = deal_words(game.table.variant.deal_word).title
    return {
        "url": screens.deal_url(record, number),
        "label": gettext("%(Deal)s %(number)s") % {"Deal": word, "number": number},
    }


# --- helpers ------------------------------------------------------------------------------------------


def _editable(game_id: str) -> tuple[StoredGame, Game]:
    """The game, if this phone may change it and it was not abandoned (403, 409)."""
    record, game = store.load_game(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    return record, game


def _asked(record: StoredGame, kind: str) -> tuple[dict[str, Any], str]:
    """The values of a new event as sent (or chosen by the link that opened its form), and the step:
    "form", "change" (back to the form), "check" (what it would change) or "record"."""
    if request.method == "POST":
        return _as_on_roster(record, kind, posted_values(kind, request.form)), request.form.get(
            "step", "check"
        )
    step = "check" if request.args.get("step") == "check" else "form"
    return _as_on_roster(record, kind, asked_values(kind, request.args)), step


def _as_on_roster(record: StoredGame, kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """At a table's game, the name of an arrival or a substitute as the table's roster spells it (a
    name it knows is that player, as at a game's start); elsewhere, as typed."""
    if kind in JOINING_EVENTS and record.group_id is not None and values.get("name"):
        values["name"] = spelled_as_on_roster(record.group_id, values["name"])
    return values


def _link_newcomer(record: StoredGame, game: Game, kind: str) -> None:
    """At a table's game, link a player who just arrived or took over a seat to the table's roster
    (a new name joins it): their games count for them from now on."""
    if kind in JOINING_EVENTS and record.group_id is not None:
        try:
            link_members(record, game)
        except Exception:  # the event is stored: the table's next page links them instead
            current_app.logger.exception("A newcomer of game %s could not be linked to its table", record.id)


def _choice(game: Game, kind: str) -> EventChoice:
    """The engine's verdict on an event of ``kind`` now: allowed, for whom, or why not."""
    return next(choice for choice in possible_events(game, words.stand_in) if choice.kind == kind)


def _before_event(game: Game, number: int) -> Game:
    """The game as it stood when event ``number`` was recorded: its choices are the event's."""
    return Game(game.table, game.log[: game.event_position(number) - 1])


def _stale(record: StoredGame, step: str) -> bool:
    """True when the event was sent from another version of the game than the stored one.

    The deal screen's sheet sends the version its deal screen shows (``If-Match``) with every
    step, so that what it asks about is the game its phone shows; a page's form sends the version it
    was made from (its ``version`` field) with the yes that records."""
    return game_changed(record, form=step == "record") is not None


def _from_args() -> dict[str, Any]:
    """The query argument that keeps the way back to the sheet, when the table came from there."""
    return {"from": "sheet"} if _from_sheet() else {}


def _from_sheet() -> bool:
    """True when the table came to the events from the game's page rather than a deal's screen."""
    return (request.values.get("from") or "") == "sheet"
