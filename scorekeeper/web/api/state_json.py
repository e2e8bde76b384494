"""A game as the JSON contract of API.md describes it: inputs as recorded, everything else replayed.

Table events add to it without changing what a game without them looks like:
an ``events`` list and a ``seats`` list, marks on the deals they touched
(``misdeals``, ``revoke``), and one entry per seat in ``players`` and the
per-seat lists once a player has arrived.
"""

from __future__ import annotations

from typing import Any

from ...games.store import StoredGame
from ...rules import EventState, Game, PlanChange, TableLife, told, told_notes, veil, write_event
from ...rules.seating import DealMarks
from ...rules.state import DealFacts, DealState
from ..wording import say


def game_json(record: StoredGame, game: Game) -> dict[str, Any]:
    """The game state of API.md: table, deals, next deal, totals, winners, version.

    While the table keeps the totals secret (rules/secrecy.py) and the game goes on, every total is
    null (the list keeps one item per side) and ``secret_totals`` says why; each deal's points stay.
    """
    state = game.state
    hidden = veil(game).hidden
    table = game.table
    engine = table.variant.engine
    document: dict[str, Any] = {
        "id": record.id,
        "variant": table.variant.code,
        "options": dict(table.options),
        "players": list(state.players),
        "first_dealer": table.first_dealer,
        "status": "abandoned" if record.abandoned_at is not None else state.status,
        "deals": [
            deal_json(deal, engine.write_entry(entry), state.marks(deal.number))
            for deal, entry in zip(state.deals, game.entries, strict=True)
        ],
        "next": None
        if state.current is None or record.abandoned_at is not None
        else next_json(state.current),
        "deal_count": state.deal_count,
        "totals": [None] * len(state.totals) if hidden else list(state.totals),
        "winners": list(state.winners),
        "notes": [say(note) for note in told_notes(game)],
        "version": record.version,
    }
    if state.teams is not None:
        document["teams"] = [list(team) for team in state.teams]
    if state.settlement is not None:
        document["settlement"] = list(state.settlement)
    if state.life is not None:
        document.update(life_json(state.life, game))
        document["secret_totals"] = hidden
    if hidden:
        for deal in document["deals"]:
            deal["totals"] = None
        for seat in document.get("seats", ()):
            seat["start"] = None  # a start that follows the totals (the lowest, the average) would tell them
    return document


def life_json(life: TableLife, game: Game) -> dict[str, Any]:
    """The table events as replayed, and every seat's history; while the totals are secret, an event's
    text and points say nothing the totals tell (``rules.told``)."""
    return {
        "events": [event_json(event, game) for event in life.events],
        "seats": [
            {
                "seat": seat.seat,
                "names": list(seat.names),
                "joined_after_deal": seat.joined_after,
                "start": seat.start,
                "left_after_deal": seat.left_after,
            }
            for seat in life.seats
        ],
        "ring": list(life.ring),
    }


def event_json(event: EventState, game: Game) -> dict[str, Any]:
    """One table event of ``game``: its inputs as recorded, where it stands, what it concerns and did.
    While the totals are secret, its text says nothing they tell, and a start taken from them (the
    derived ``points`` of an arrival) is left out."""
    hidden = veil(game).hidden
    said = told(game, event.text)
    shown: dict[str, Any] = {
        "number": event.number,
        **write_event(event.event),
        "after_deal": event.after_deal,
        "text": say(event.text if said is None else said),
    }
    for key in ("seat", "side", "points"):
        value = getattr(event, key)
        if key == "points" and hidden and said is not event.text:
            continue  # derived from the totals (an arrival's start): not said while they are secret
        if value is not None and key not in shown and not (key == "seat" and "seats" in shown):
            shown[key] = value
    if event.plan is not None:
        shown["plan"] = plan_json(event.plan)
    return shown


def plan_json(plan: PlanChange) -> dict[str, Any]:
    """How the deals to come were re-planned for a new number of players."""
    return {
        "first_deal": plan.first_deal,
        "players": [plan.players_before, plan.players_after],
        "before": list(plan.before),
        "after": list(plan.after),
    }


def deal_json(deal: DealState, inputs: dict[str, Any], marks: DealMarks | None = None) -> dict[str, Any]:
    """One recorded deal: its facts, the inputs as entered, what they scored, and what table events
    did to it (``misdeals`` before it, a ``revoke`` after it), only where they did."""
    facts = deal.facts
    shown: dict[str, Any] = {
        "number": facts.number,
        "cards": facts.cards,
        "dealer": facts.dealer,
        "sitting_out": list(facts.sitting_out),
        "bidding_order": list(facts.bidding_order),
        "leader": facts.leader,
        "bids": None,
        "tricks": None,
        **inputs,
        "trump": deal.trump.value if deal.trump is not None else None,
        "points": None if deal.points is None else list(deal.points),
        "totals": None if deal.totals is None else list(deal.totals),
        "complete": deal.complete,
    }
    if deal.awards is not None:
        shown["awards"] = list(deal.awards)
    announcement = getattr(deal, "announcement", None)
    if announcement is not None:
        shown["announcement"] = announcement
    if marks is not None and marks.misdeals:
        shown["misdeals"] = list(marks.misdeals)
    if marks is not None and marks.revoke is not None:
        revoke = marks.revoke
        shown["revoke"] = {
            "seats": list(revoke.seats),
            "dealt_again": revoke.redeal,
            "penalty": None if revoke.penalty is None else list(revoke.penalty),
            "text": say(revoke.text),
        }
    return shown


def next_json(facts: DealFacts) -> dict[str, Any]:
    """What the rules decide about the deal to enter next."""
    return {
        "number": facts.number,
        "cards": facts.cards,
        "dealer": facts.dealer,
        "sitting_out": list(facts.sitting_out),
        "bidding_order": list(facts.bidding_order),
        "leader": facts.leader,
        "trump": facts.trump.value if facts.trump is not None else None,
        "hook": facts.hook,
        "reminders": [say(note) for note in facts.reminders],
    }
