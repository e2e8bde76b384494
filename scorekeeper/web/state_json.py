"""A game as the JSON contract of API.md describes it: inputs as recorded, everything else replayed."""

from __future__ import annotations

from typing import Any

from ..rules import Game
from ..rules.state import DealFacts, DealState
from ..store import StoredGame


def game_json(record: StoredGame, game: Game) -> dict[str, Any]:
    """The game state of API.md: table, deals, next deal, totals, winners, version."""
    state = game.state
    table = game.table
    engine = table.variant.engine
    document: dict[str, Any] = {
        "id": record.id,
        "variant": table.variant.code,
        "options": dict(table.options),
        "players": list(table.players),
        "first_dealer": table.first_dealer,
        "status": "abandoned" if record.abandoned_at is not None else state.status,
        "deals": [
            deal_json(deal, engine.write_entry(entry))
            for deal, entry in zip(state.deals, game.entries, strict=True)
        ],
        "next": None
        if state.current is None or record.abandoned_at is not None
        else next_json(state.current),
        "deal_count": state.deal_count,
        "totals": list(state.totals),
        "winners": list(state.winners),
        "notes": list(state.notes),
        "version": record.version,
    }
    if state.teams is not None:
        document["teams"] = [list(team) for team in state.teams]
    if state.settlement is not None:
        document["settlement"] = list(state.settlement)
    return document


def deal_json(deal: DealState, inputs: dict[str, Any]) -> dict[str, Any]:
    """One recorded deal: its facts, the inputs as entered, and what they scored."""
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
        "reminders": list(facts.reminders),
    }
