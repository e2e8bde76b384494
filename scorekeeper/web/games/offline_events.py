"""What the editing phone keeps to record the table's events with no connection.

Fetched in the background once the page is up (static/offline.js keeps it on the phone per version of
the game), never part of the page's first load: each kind of event as the sheet over the deal screen
shows it — its label and hint, the engine's verdict now, and its form, rendered from the same template
(games/events/_event_form.html). Offline, the phone shows that form, keeps what is chosen as a queued
entry "not yet checked" and sends it with the deals, in order (merge.py records it through
events.record_posted, checked by the engine as any event is).

``replans`` says whether such an event changes the deals after it (who deals, who plays, how many
cards): the engine answers it here for the game as it stands, by foreseeing the next deals with and
without one such event. After one, the phone cannot know those deals' facts, so it takes them as not
checked, their facts left for the server to work out.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ... import words
from ...games import store
from ...rules import Game, RuleViolation, read_event
from ...rules.foresee_events import foresee_game
from ...words import gettext
from ..device import require_edit
from ..wording import say
from .event_forms import event_data, posted_values
from .events import offline_targets

bp = Blueprint("offline_events", __name__)


@bp.get("/games/<game_id>/offline-events")
def offline_events(game_id: str) -> Response:
    """Each kind of event with its form, for the phone to keep (403 for a phone that may not change it)."""
    record, game = store.load_game(game_id)
    require_edit(record)
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
                "replans": _replans(game, choice.kind, form["form"].values, form["form"]),
            }
        )
    response = jsonify(
        {
            "game": record.id,
            "version": record.version,
            "events": events,
            "keep": gettext("Keep it on this phone"),
        }
    )
    response.cache_control.no_store = True
    return response


def _replans(game: Game, kind: str, values: dict[str, Any], form: Any) -> bool:
    """True when one such event changes the deals after it: the engine's foresight of the next two
    deals, with one (its form's first choices) and without. Where none can be recorded now, assumed so."""
    chosen = dict(values)
    for name, options in (("seat", form.seats), ("seats", form.seats), ("side", form.sides)):
        if name in form.fields and options and not chosen.get(name):
            chosen[name] = [options[0].value] if name == "seats" else options[0].value
    if "name" in form.fields and not chosen.get("name"):
        chosen["name"] = words.stand_in(len(game.state.players) + 1)
    if "points" in form.fields and not chosen.get("points"):
        chosen.update(points="1", reason="-")
    try:
        pairs = [
            (key, item)
            for key, value in chosen.items()
            for item in (value if isinstance(value, list) else [value])
        ]
        posted = MultiDict(pairs)
        after = game.add(read_event(event_data(kind, posted_values(kind, posted))))
    except RuleViolation:
        return True
    before = [deal.facts for deal in foresee_game(game, 2).deals]
    ahead = [deal.facts for deal in foresee_game(after, 2).deals]
    return [_seated(facts) for facts in before] != [_seated(facts) for facts in ahead]


def _seated(facts: Any) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    """What a deal's screen draws from its facts: number, dealer, cards, who sits out, the order."""
    return (facts.number, facts.dealer, facts.cards, tuple(facts.sitting_out), tuple(facts.bidding_order))
