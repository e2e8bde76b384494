"""A neutral entry for the bid-exactly games, to reach a given deal in a worked example."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.state import DealFacts


def fill_exact(facts: DealFacts) -> dict[str, Any]:
    """Everyone bids 0 and the first bidder takes every trick: valid under every hook."""
    size = len(facts.bidding_order) + len(facts.sitting_out)
    bids: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(size)]
    tricks: list[int | None] = [None if seat in facts.sitting_out else 0 for seat in range(size)]
    tricks[facts.bidding_order[0]] = facts.cards
    return {"bids": bids, "tricks": tricks}


FILLERS = {"exact_bids": fill_exact}
