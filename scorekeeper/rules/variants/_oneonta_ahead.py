"""The Oneonta hand due, as declared data for a page that takes it without a connection.

Oneonta's bids are judged one after another in bidding order (what the totals rule
leaves the later bidders, the double), which the declared kinds of constraints.py
do not carry: the hand is declared *not checked*, with what each bidder may name
(every bid of the hand's size) and the tricks' own rules (each 0…cards, together
the cards, or at most them beside a dummy), which are checked on the page. The
server checks the rest when the entry is sent. A stand-in entry that keeps every
rule lets foresee_events.py find the hands after this one: the hand's stored bids
where there are some, else each bidder's first bid allowed in turn, and tricks that
make the bids where they can.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUITS, Trump
from ..constraints import NAME, TOTAL, VALUE, Constraint, DealAhead, EntryPhase, Foresight
from ..state import GameState
from ..table import Table
from ..text import Text
from ._oneonta_bids import BidRules, OneontaBid, candidate_bids, legal_bids, write_bid
from ._oneonta_state import OneontaDeal
from ._oneonta_table import Form, OneontaFacts

DOUBLED_MARK = "D"
TURNED = (*(suit.value for suit in SUITS), Trump.JOKER.value)
"""What the turned card may make trump: a suit, or a Joker."""
NULL_MARK = "N"


def bid_token(bid: OneontaBid) -> str:
    """A bid as one choice of the page: "3" three tricks, "N2" a null staking 2, "N" a null without a
    stake; a doubled bid ends in "D" ("7D", "N7D")."""
    if bid.kind == "positive":
        text = str(bid.value)
    else:
        text = NULL_MARK if bid.value is None else f"{NULL_MARK}{bid.value}"
    return text + DOUBLED_MARK if bid.doubled else text


def oneonta_foresight(form: Form, rules: BidRules, table: Table, state: GameState) -> Foresight:
    """The hand due, not checked on the page, with its stand-in; the hands after it follow by replay."""
    facts = state.current
    if facts is None:
        return Foresight()
    assert isinstance(facts, OneontaFacts)
    players = state.players
    stored = _stored_bids(state, facts.number, len(players))
    phases = (
        EntryPhase(
            name="bids",
            fields=("trump", "bids"),
            rules=(
                # The turned card, as the server's screen asks for it (optional until the tricks).
                Constraint(kind="one_of", field="trump", choices=TURNED),
                Constraint(
                    kind="one_of",
                    field="bids",
                    seats=facts.bidding_order,
                    choices=tuple(bid_token(bid) for bid in candidate_bids(rules, facts.cards)),
                ),
            ),
        ),
        EntryPhase(name="tricks", fields=("tricks",), rules=_trick_rules(form, facts)),
    )
    bids = stored if any(bid is not None for bid in stored) else _first_allowed(rules, facts, players)
    stand_in: dict[str, object] | None = None
    # After the last hand of a competitive game, whether tie-break hands follow, and who plays them,
    # depends on the score: nothing is foreseen beyond it.
    last = form.tie_breaks and facts.number >= form.deals(table)
    if bids is not None and not last:
        stand_in = {"bids": [write_bid(bid) for bid in bids], "tricks": _tricks_made(form, facts, bids)}
    ahead = DealAhead(facts=facts, phases=phases, checked=False, stand_in=stand_in)
    # Tie-break hands (competitive) and a target reached (Edd Allard) follow the score.
    return Foresight(deals=(ahead,), ends_on_score=form.tie_breaks or form.edd_allard)


def _trick_rules(form: Form, facts: OneontaFacts) -> tuple[Constraint, ...]:
    """Each bidder's tricks from 0 to the cards; together the cards (without a dummy), as the engine's
    own refusals say it."""
    seats = facts.bidding_order
    each = Constraint(
        kind="one_of",
        field="tricks",
        seats=seats,
        choices=tuple(range(facts.cards + 1)),
        message=Text("oneonta_tricks_above_cards", player=NAME, took=VALUE, cards=facts.cards),
    )
    if form.dummy:
        return (each,)
    total = Constraint(
        kind="total_is",
        field="tricks",
        seats=seats,
        total=facts.cards,
        message=Text("tricks_total", total=TOTAL, cards=facts.cards),
    )
    return (each, total)


def _stored_bids(state: GameState, number: int, size: int) -> tuple[OneontaBid | None, ...]:
    """The bids stored for hand ``number`` (its bids saved, its tricks due), else none."""
    if number <= len(state.deals):
        deal = state.deals[number - 1]
        if isinstance(deal, OneontaDeal):
            return deal.bids
    return (None,) * size


def _first_allowed(
    rules: BidRules, facts: OneontaFacts, players: Sequence[str]
) -> tuple[OneontaBid | None, ...] | None:
    """Each bidder in turn names the first bid the rules allow them after those before; None when
    some bidder has none (no stand-in: the foresight stops at this hand)."""
    bids: list[OneontaBid | None] = [None] * len(players)
    for seat in facts.bidding_order:
        allowed = [choice.bid for choice in legal_bids(rules, facts, bids, players, seat) if choice.allowed]
        if not allowed:
            return None
        bids[seat] = allowed[0]
    return tuple(bids)


def _tricks_made(form: Form, facts: OneontaFacts, bids: Sequence[OneontaBid | None]) -> list[int | None]:
    """Tricks that make each bid where the cards allow, the rest to the first bidder (or the dummy)."""
    tricks: list[int | None] = [None] * len(bids)
    left = facts.cards
    for seat in facts.bidding_order:
        bid = bids[seat]
        wanted = bid.value if bid is not None and bid.kind == "positive" and bid.value is not None else 0
        tricks[seat] = min(wanted, left)
        left -= tricks[seat] or 0
    if left and not form.dummy and facts.bidding_order:
        first = facts.bidding_order[0]
        tricks[first] = (tricks[first] or 0) + left
    return tricks
