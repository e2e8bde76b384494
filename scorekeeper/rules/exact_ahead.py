"""The bid-exactly games' deal rules as data (see constraints.py), refusing as the engine refuses.

Bids first, in any order, each from 0 to the cards dealt, and with the hook
the bids of all may not add up to the cards (the refusal names the last
bidder); then each player's tricks, which add up to the cards dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bidding import hook_text
from .cards import SUITS
from .constraints import NAME, TOTAL, VALUE, Constraint, EntryPhase
from .state import DealFacts
from .text import Text

TURNED_SUITS: tuple[str, ...] = tuple(suit.value for suit in SUITS)


def exact_phases(facts: DealFacts, players: Sequence[str]) -> tuple[EntryPhase, ...]:
    """The rules of a bid-exactly deal's two phases, bids then tricks, for a page to check by itself."""
    order = facts.bidding_order
    counts = tuple(range(facts.cards + 1))
    bids: list[Constraint] = [Constraint(kind="one_of", field="bids", seats=order, choices=counts)]
    if facts.trump_turned:
        bids.append(Constraint(kind="one_of", field="trump", choices=TURNED_SUITS))
    if facts.hook:
        bids.append(
            Constraint(
                kind="total_not",
                field="bids",
                seats=order,
                total=facts.cards,
                blame=facts.last_bidder,
                message=hook_text(facts, players, VALUE),
            )
        )
    in_seat_order = tuple(sorted(order))
    tricks = (
        Constraint(kind="one_of", field="tricks", seats=order, choices=counts),
        Constraint(
            kind="entered", field="tricks", seats=in_seat_order, message=Text("tricks_missing", player=NAME)
        ),
        Constraint(
            kind="total_is",
            field="tricks",
            seats=order,
            total=facts.cards,
            message=Text("tricks_total", total=TOTAL, cards=facts.cards),
        ),
    )
    fields = ("bids", "trump") if facts.trump_turned else ("bids",)
    return (
        EntryPhase(name="bids", fields=fields, rules=tuple(bids)),
        EntryPhase(name="tricks", fields=("tricks",), rules=tricks),
    )
