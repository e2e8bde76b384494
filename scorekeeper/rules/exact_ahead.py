"""The bid-exactly games' deal rules as data (see constraints.py), and the words they share with the engine.

Bids first, in any order, each from 0 to the cards dealt, and with the hook
the bids of all may not add up to the cards (the refusal names the last
bidder); then each player's tricks, which add up to the cards dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bidding import hook_message
from .cards import SUITS
from .constraints import Constraint, EntryPhase
from .state import DealFacts

TURNED_SUITS: tuple[str, ...] = tuple(suit.value for suit in SUITS)


def missing_tricks_message(name: str) -> str:
    """The refusal of tricks left out for a player (``name`` may be a placeholder)."""
    return f"Enter how many tricks {name} took"


def tricks_total_message(cards: int, total: int | str) -> str:
    """The refusal of tricks that do not add up to the cards dealt (``total`` may be a placeholder)."""
    return (
        f"The tricks add up to {total}, but {cards} "
        f"{'was' if cards == 1 else 'were'} played: every card in hand makes one trick"
    )


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
                message=hook_message(facts, players, "{value}"),
            )
        )
    in_seat_order = tuple(sorted(order))
    tricks = (
        Constraint(kind="one_of", field="tricks", seats=order, choices=counts),
        Constraint(
            kind="entered", field="tricks", seats=in_seat_order, message=missing_tricks_message("{name}")
        ),
        Constraint(
            kind="total_is",
            field="tricks",
            seats=order,
            total=facts.cards,
            message=tricks_total_message(facts.cards, "{total}"),
        ),
    )
    fields = ("bids", "trump") if facts.trump_turned else ("bids",)
    return (
        EntryPhase(name="bids", fields=fields, rules=tuple(bids)),
        EntryPhase(name="tricks", fields=("tricks",), rules=tricks),
    )
