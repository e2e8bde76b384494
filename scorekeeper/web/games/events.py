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
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
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
    event_laws,
    possible_events,
    preview,
    read_event,
    write_event,
)
from ...words import deal_words, gettext
from ...words._core import N_
from ..device import require_edit
from ..wording import Worded, say
from . import changes, screens, view
from .event_forms import FIELDS, event_data, event_form, posted_values, stored_values, totals_change
from .table_life import KIND_LABELS

bp = Blueprint("events", __name__)

Page = str | tuple[str, int] | Response

HINTS = Worded(
    {
        "misdeal": N_("The cards were dealt wrong: {deal} {next} is dealt again"),
        "revoke": N_("Found after {deal} {last}: someone did not follow suit"),
        "arrival": N_("A player joins the table"),
        "departure": N_("A player leaves the table"),
        "substitute": N_("Someone takes over a player's seat"),
        "sit_out": N_("A player sits {deal} {next} out"),
        "adjustment": N_("Points added or taken away, with a reason"),
        "stop": N_("The game ends now, on the standings after {deal} {last}"),
    }
)
"""What each kind's target says it is for (the engine says whether and how it may be recorded)."""


@bp.get("/games/<game_id>/events")
def table_events(game_id: str) -> str:
    """The table's events: a target for each kind (disabled, with the engine's reason, where it refuses
    it now) and every event recorded, to correct or take back."""
    record, game = _editable(game_id)
    state = game.state
    word = deal_words(game.table.variant.deal_word).singular
    numbers = {"deal": word, "next": len(game.entries) + 1, "last": len(game.entries)}
    targets = [
        {
            "choice": choice,
            "label": gettext("Stop early") if choice.kind == "stop" else KIND_LABELS[choice.kind],
            "hint": HINTS[choice.kind].format(**numbers),
        }
        for choice in possible_events(game, words.stand_in)
    ]
    recorded = list(state.life.events) if state.life is not None else []
    return render_template(
        "games/events/index.html",
        record=record,
        game=game,
        targets=targets,
        recorded=list(reversed(recorded)),
        last_is_event=game.last_is_event(),
        labels=KIND_LABELS,
        back=_back(record, game),
        from_sheet=_from_sheet(),
    )


@bp.route("/games/<game_id>/events/new/<kind>", methods=["GET", "POST"])
def new_event(game_id: str, kind: str) -> Page:
    """A new event of ``kind``: its form, then what it would change, then (yes) record it."""
    if kind not in EVENT_KINDS:
        abort(404)
    record, game = _editable(game_id)
    values: dict[str, Any] = {}
    if request.method == "POST":
        values = _as_on_roster(record, kind, posted_values(kind, request.form))
    step = request.form.get("step", "check") if request.method == "POST" else "form"
    if step == "form" and not FIELDS[kind]:
        step = "check"  # nothing to ask (a misdeal, stopping): straight to what it would do
    if step == "form" or step == "change":
        return _form_page(record, game, kind, values, None)
    try:
        if step == "record" and _stale(record):
            raise store.ChangedElsewhere()
        data = event_data(kind, values)
        event = read_event(data)
        if step != "record":
            seen = preview(game, event)
            return _confirm_page(record, game, kind, values, seen.event, seen.game)
        updated = store.record_event(record, game, data)
    except store.ChangedElsewhere as changed:
        record, game = store.load_game(game_id)
        return _form_page(record, game, kind, values, changed), 409
    except RuleViolation as refused:
        return _form_page(record, game, kind, values, refused), 422
    _link_newcomer(record, updated, kind)
    changes.remember_change(record, len(updated.events), None, kind=changes.EVENT)
    return _recorded(record, updated, len(updated.events))


@bp.route("/games/<game_id>/events/<int:number>", methods=["GET", "POST"])
def event(game_id: str, number: int) -> Page:
    """A recorded event: correct it where it stands (its form, what the correction would change, yes),
    or take it back while it is the last thing recorded."""
    record, game = _editable(game_id)
    if not 1 <= number <= len(game.events):
        abort(404)
    kind = game.events[number - 1].kind
    stored = stored_values(game.events[number - 1])
    values = stored
    if request.method == "POST":
        values = _as_on_roster(record, kind, posted_values(kind, request.form))
    step = request.form.get("step", "check") if request.method == "POST" else "form"
    if step in ("form", "change"):
        return _form_page(record, game, kind, values, None, number=number)
    try:
        if step == "record" and _stale(record):
            raise store.ChangedElsewhere()
        data = event_data(kind, values)
        if step != "record":
            after = game.correct_event(number, read_event(data))
            life = after.state.life
            assert life is not None
            return _confirm_page(record, game, kind, values, life.events[number - 1], after, number=number)
        updated = store.correct_event(record, game, number, data)
    except store.ChangedElsewhere as changed:
        record, game = store.load_game(game_id)
        if number > len(game.events) or game.events[number - 1].kind != kind:
            flash(say(changed))
            return redirect(url_for("events.table_events", game_id=game_id), 303)
        return _form_page(record, game, kind, values, changed, number=number), 409
    except RuleViolation as refused:
        return _form_page(record, game, kind, values, refused, number=number), 422
    _link_newcomer(record, updated, kind)
    changes.remember_change(record, number, write_event(game.events[number - 1]), kind=changes.EVENT)
    return _recorded(record, updated, number, corrected=True)


@bp.post("/games/<game_id>/events/<int:number>/take-back")
def take_back(game_id: str, number: int) -> Page:
    """Take back a table event that is the last thing recorded (redo brings it back)."""
    record, game = _editable(game_id)
    if not 1 <= number <= len(game.events):
        abort(404)
    back = url_for("events.table_events", game_id=game_id)
    if _stale(record):
        flash(say(store.ChangedElsewhere()))
        return redirect(back, 303)
    if not game.last_is_event() or number != len(game.events):
        word = deal_words(game.table.variant.deal_word).singular
        flash(
            gettext(
                "Only the last thing recorded can be taken back: a %(deal)s or another event came after "
                "this one. Correct it instead, or undo what came after it first."
            )
            % {"deal": word}
        )
        return redirect(back, 303)
    try:
        updated, message = changes.undo(record, game)
    except RuleViolation as refused:  # ChangedElsewhere: another phone changed the game first
        flash(say(refused))
        return redirect(back, 303)
    flash(message)
    return redirect(_next_page(record, updated))


# --- the pages ------------------------------------------------------------------------------------


def _form_page(
    record: StoredGame,
    game: Game,
    kind: str,
    values: dict[str, Any],
    error: RuleViolation | None,
    *,
    number: int | None = None,
) -> str:
    """The form of an event of ``kind`` (new, or event ``number`` to correct), with the values and the
    refusal, if any."""
    where = game if number is None else _before_event(game, number)
    choice = _choice(where, kind)
    form = event_form(where, choice, values)
    return render_template(
        "games/events/form.html",
        **_page(record, game, kind, number),
        form=form,
        choice=choice,
        error=error,
        law=say(event_laws(game.table)[kind], game.table.variant),
    )


def _confirm_page(
    record: StoredGame,
    game: Game,
    kind: str,
    values: dict[str, Any],
    seen: EventState,
    after: Game,
    *,
    number: int | None = None,
) -> str:
    """What the event would change, in the engine's words, with a yes that records it."""
    return render_template(
        "games/events/confirm.html",
        **_page(record, game, kind, number),
        values=values,
        fields=FIELDS[kind],
        seen=seen,
        totals=totals_change(game, after, view.side_names(game), view.side_names(after)),
        after=after,
        # No form said the law before: the confirmation says it.
        law=None if FIELDS[kind] else say(event_laws(game.table)[kind], game.table.variant),
    )


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


def _recorded(record: StoredGame, game: Game, number: int, *, corrected: bool = False) -> Response:
    """After an event is stored: say what it did, and go on where the table goes next."""
    life = game.state.life
    assert life is not None
    # The first clause is enough on the deal screen: the deals it re-planned were on the confirmation.
    text = say(life.events[number - 1].text, game.table.variant).split("; ")[0]
    flash(f"{'Corrected' if corrected else 'Recorded'}: {text}.")
    return redirect(_next_page(record, game))


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


def _stale(record: StoredGame) -> bool:
    """True when the form was made from another version of the game than the stored one."""
    sent = request.form.get("version")
    return sent is not None and sent.strip() != str(record.version)


def _from_args() -> dict[str, str]:
    """The query argument that keeps the way back to the sheet, when the table came from there."""
    return {"from": "sheet"} if _from_sheet() else {}


def _from_sheet() -> bool:
    """True when the table came to the events from the game's page rather than a deal's screen."""
    return (request.values.get("from") or "") == "sheet"
