"""Neutral entries for the partnership and two-hand games, to reach a given deal in a worked example.

Each keeps the scores small so that filling a few deals never ends the game.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.state import DealFacts


def fill_classic(facts: DealFacts) -> dict[str, Any]:
    """The sides take seven tricks in turn (one point each); valid only with honours off."""
    return {"tricks": 7 if facts.number % 2 else 6}


def fill_bid_whist(facts: DealFacts) -> dict[str, Any]:
    """Everyone passes to the dealer, who bids 4 uptown in spades; made twice, then set twice.

    The dealer's side alternates, so the totals cycle 4–0, 4–4, 0–4, 0–0 and never
    reach a target; 4 is a legal level for every minimum bid.
    """
    made = facts.number % 4 in (1, 2)
    return {"auction": ["pass", "pass", "pass", "4 uptown"], "declaration": "S", "tricks": 9 if made else 6}


def fill_german(facts: DealFacts) -> dict[str, Any]:
    """The players win seven tricks in turn."""
    return {"tricks": 7 if facts.number % 2 else 6}


FILLERS = {
    "partnership_tricks": fill_classic,
    "bid_whist_auction": fill_bid_whist,
    "two_hand_tricks": fill_german,
}
