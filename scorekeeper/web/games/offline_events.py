"""What the editing phone keeps to record the table's events with no connection.

Both are fetched in the background once a game's page is up (static/offline_events.js keeps them on
the phone), never part of the page's first load:

``/games/<id>/offline-events``
    each kind of event as the sheet over the deal screen shows it — its label and hint and its form,
    rendered from the same template (games/events/_event_form.html). Kept here per game version and
    language, like the sheet: every phone of the table asks for the same.

``/games/<id>/offline-events/<number>``
    what the engine says about events at deal ``number`` (the deal due, or one further ahead, played
    forward with stand-ins: rules/foresee_branches.py): its verdict on each kind there, and for each
    event that could change the deals after it — each player's sit-out and departure, a misdeal, a
    newcomer beside each seat — the deals ahead after it, as the offline plan carries them
    (offline.py), and what it would change in words. Offline, the phone draws the deals after an event
    it queued from here, and shows what the event would change before keeping it. The deals' facts do
    not depend on what is entered, so a piece holds until the table's events (or its players' names)
    change: it is kept here, and on the phone, per ``layout`` (see ``layout_of``), not per version.

Offline, the phone keeps an event as a queued entry, sent with the deals and checked by the engine
then (merge.py records it through events.record_posted).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request
from werkzeug.wrappers import Response

from ... import words
from ...games import store
from ...kept import KeptByVersion
from ...rules import Game
from ...rules.foresee_branches import EventBranch, branches_at
from ...rules.text import Param
from ...words import deal_words, gettext, ngettext
from ..device import require_edit
from ..language import current_language
from ..wording import say
from . import screens
from .events import offline_targets
from .offline import BRANCH_AHEAD, deal_data, layout_of
from .player_events import PLAYER_HINTS, PLAYER_KINDS

bp = Blueprint("offline_events", __name__)

NEWCOMER = "{newcomer}"
"""The newcomer's name in what a piece says: the phone puts the name typed in its place."""
FARTHEST = 40
"""How far past the deal due a piece may be asked for (a whole long game)."""

FORMS: KeptByVersion[dict[str, Any]] = KeptByVersion(size=256)
PIECES: KeptByVersion[dict[str, Any]] = KeptByVersion(size=512)


@bp.get("/games/<game_id>/offline-events")
def offline_events(game_id: str) -> Response:
    """Each kind of event with its form, for the phone to keep (403 for a phone that may not change it)."""
    record = store.load_record(game_id)
    require_edit(record)
    key = (record.id, record.version, current_language(), request.host_url)
    if (kept := FORMS.get(key)) is None:
        kept = _forms(record, store.game_of(record))
        FORMS.put(key, kept)
    return _private(jsonify(kept))


def _forms(record: store.StoredGame, game: Game) -> dict[str, Any]:
    events = []
    for target in offline_targets(record, game):
        choice, form = target["choice"], target["form"]
        fields = form["form"].fields
        events.append(
            {
                "kind": choice.kind,
                "label": target["label"],
                "hint": target["hint"],
                "allowed": choice.allowed,
                "reason": say(choice.reason, game.table.variant) if choice.reason is not None else None,
                "form": render_template("games/events/_event_form.html", **form) if fields else "",
            }
        )
    word = deal_words(game.table.variant.deal_word)
    return {
        "game": record.id,
        "version": record.version,
        "layout": layout_of(game),
        "events": events,
        # The sheet's words offline (a player's menu fills in the name and the deals' numbers).
        "player_hints": {
            kind: PLAYER_HINTS[kind]
            % {"name": "{name}", "deal": word.singular, "next": "{next}", "last": "{last}"}
            for kind in PLAYER_KINDS
        },
        "go_on": gettext("Go on?"),
        "yes_keep": gettext("Yes, keep it on this phone"),
        "not_now": gettext("Not possible now"),
        "close": gettext("Close"),
        "totals_later": gettext(
            "Points and totals are worked out by the server when the connection is back; "
            "it checks the event then."
        ),
        "plan_summary": gettext("Cards each in the %(plural)s to come") % {"plural": word.plural},
        "plan_region": gettext("The %(plural)s re-planned") % {"plural": word.plural},
    }


@bp.get("/games/<game_id>/offline-events/<int:number>")
def offline_piece(game_id: str, number: int) -> Response:
    """The engine's word on events at deal ``number``, and the deals ahead after each (404 for a deal
    the game will not reach, or one before the deal due)."""
    record = store.load_record(game_id)
    require_edit(record)
    screens.refuse_if_abandoned(record)
    game = store.game_of(record)
    due = screens.current_number(game)
    if due is None or not due <= number <= due + FARTHEST:
        abort(404)
    layout = layout_of(game)
    key = (record.id, layout, number, current_language())
    if (kept := PIECES.get(key)) is None:
        found = _piece(game, number)
        if found is None:
            abort(404)
        kept = {"game": record.id, "layout": layout, **found}
        PIECES.put(key, kept)
    return _private(jsonify(kept))


def _piece(game: Game, number: int) -> dict[str, Any] | None:
    """The events tried at deal ``number``, worded for the page."""
    variant = game.table.variant
    found = branches_at(game, number, BRANCH_AHEAD, newcomer=NEWCOMER, stand_in=words.stand_in)
    if found is None:
        return None
    worded: dict[Param, str] = {}  # the rules' messages, worded once for every branch's deals
    kinds = {
        choice.kind: {
            "allowed": choice.allowed,
            "reason": say(choice.reason, variant) if choice.reason is not None else None,
            "seats": list(choice.seats),
            "sides": list(choice.sides),
        }
        for choice in found.choices
    }
    return {
        "number": number,
        "players": list(found.players),
        "kinds": kinds,
        "branches": [_branch(branch, game, worded) for branch in found.branches],
    }


def _branch(branch: EventBranch, game: Game, worded: dict[Param, str]) -> dict[str, Any]:
    variant = game.table.variant
    data: dict[str, Any] = {"kind": branch.kind, "seat": branch.seat}
    if branch.refusal is not None or branch.after is None or branch.foresight is None:
        data["refused"] = say(branch.refusal, variant) if branch.refusal is not None else ""
        return data
    foresight = branch.foresight
    plan = branch.plan
    data.update(
        players=list(branch.players),
        deals=[deal_data(branch.after, ahead, worded) for ahead in foresight.deals],
        rejoins=branch.rejoins,
        ends_on_score=foresight.ends_on_score,
        unknown=say(foresight.unknown, variant) if foresight.unknown is not None else None,
        text=say(branch.text, variant) if branch.text is not None else None,
        plan=None
        if plan is None or not plan.after
        else {
            "columns": [
                deal_words(variant.deal_word).title,
                ngettext("%(count)s player", "%(count)s players", plan.players_before)
                % {"count": plan.players_before},
                ngettext("%(count)s player", "%(count)s players", plan.players_after)
                % {"count": plan.players_after},
            ],
            "first_deal": plan.first_deal,
            "players_before": plan.players_before,
            "players_after": plan.players_after,
            "before": list(plan.before),
            "after": list(plan.after),
        },
    )
    return data


def _private(response: Response) -> Response:
    """An answer for this phone only, never kept by a shared cache (it carries the game's forms)."""
    response.cache_control.no_store = True
    return response
