"""A neutral entry for Oneonta Whist, to reach a given deal in a worked example."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.state import DealFacts


def fill_oneonta(facts: DealFacts) -> dict[str, Any]:
    """The first bidder bids every trick and takes them; everyone else bids null 1 and takes none.

    Valid in every form: the bids add up to exactly the cards (cooperative, Beat
    the Game) and the dummy, where there is one, takes nothing.
    """
    size = len(facts.bidding_order) + len(facts.sitting_out)
    bids: list[Any] = [None] * size
    tricks: list[int | None] = [None] * size
    first = facts.bidding_order[0]
    for seat in facts.bidding_order:
        bids[seat] = {"kind": "null", "value": 1}
        tricks[seat] = 0
    bids[first] = facts.cards
    tricks[first] = facts.cards
    return {"bids": bids, "tricks": tricks}


FILLERS = {"oneonta_bids": fill_oneonta}
