"""The Bid Whist hand due, as declared data for a page that takes it without a connection.

The auction is judged call by call against the high bid so far (and the dealer's
right to take it), which the declared kinds of constraints.py do not carry: the hand
is declared *not checked*, with every call each player may name, every declaration
and every count of tricks; the server checks the entry when it is sent. The stand-in
entry that keeps every rule (the first caller's lowest bid allowed, passes after it,
its first declaration; the contract made and set in turn, so that the totals swing
rather than end the game) lets foresee_events.py find the hands after this one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUITS
from ..constraints import Constraint, DealAhead, EntryPhase, Foresight
from ..state import DealFacts, GameState
from ._bid_whist_auction import (
    BOOK,
    AuctionRules,
    Call,
    Direction,
    call_problem,
    declaration_choices,
    every_call,
)
from ._bid_whist_rules import KITTY_BOOKS, TRICKS_IN_PLAY
from ._partnership import team_of


def bid_whist_foresight(rules: AuctionRules, state: GameState) -> Foresight:
    """The hand due, not checked on the page, with its stand-in; the game ends on a score."""
    facts = state.current
    if facts is None:
        return Foresight()
    calls = tuple(call.text for call in every_call(rules))
    declarations = tuple(str(choice.value) for choice in (*SUITS, *Direction))
    phases = (
        EntryPhase(
            name="auction",
            fields=("auction",),
            rules=(Constraint(kind="one_of", field="auction", seats=facts.bidding_order, choices=calls),),
        ),
        EntryPhase(
            name="play",
            fields=("declaration", "tricks"),
            rules=(
                Constraint(kind="one_of", field="declaration", choices=declarations),
                Constraint(kind="one_of", field="tricks", choices=tuple(range(TRICKS_IN_PLAY + 1))),
            ),
        ),
    )
    stand_in = _stand_in(rules, facts, state.players, totals=state.totals)
    ahead = DealAhead(facts=facts, phases=phases, checked=False, stand_in=stand_in)
    return Foresight(deals=(ahead,), ends_on_score=True)


def _stand_in(
    rules: AuctionRules, facts: DealFacts, players: Sequence[str], *, totals: Sequence[int]
) -> dict[str, object] | None:
    """An auction the rules allow (a bid, then passes where they may be made), its first declaration,
    and the contract made when the bidders are not ahead, else set: the totals swing about nought, so
    that the game lasts as long as it can; None when no call is allowed to someone."""
    calls: list[Call] = []
    for _ in facts.bidding_order:
        allowed = [
            call for call in every_call(rules) if call_problem(facts, calls, call, players, rules) is None
        ]
        if not allowed:
            return None
        bids = [call for call in allowed if not call.is_pass]
        # The first caller bids the lowest bid; the others pass where they may.
        calls.append(bids[0] if bids and not calls else allowed[0])
    bid = next((call for call in reversed(calls) if not call.is_pass), None)
    if bid is None or bid.level is None:
        return None
    contract = BOOK + bid.level - KITTY_BOOKS
    bidder = facts.bidding_order[calls.index(bid)]
    made = len(totals) <= team_of(bidder) or totals[team_of(bidder)] <= 0
    return {
        "auction": [call.text for call in calls],
        "declaration": str(declaration_choices(bid)[0].value),
        "tricks": contract if made else 0,
    }
