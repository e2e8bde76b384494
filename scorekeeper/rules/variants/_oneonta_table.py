"""Oneonta Whist at the table (RULES.md §4): decks, hand sizes, who deals, bids first and leads.

Each form of the game is a :class:`Form`, plain data the one engine reads.
Competitive deals depend on the hand before (who bid highest, the totals),
so their facts are built during the replay from what came before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..cards import Deck
from ..errors import RuleViolation
from ..seating import clockwise, left_of
from ..state import DealFacts
from ..table import Table
from ..table_laws import TableLaws
from ..text import Text
from ._oneonta_bids import OneontaBid, TotalRule

LOWEST_RANK = {22: "10", 30: "8", 38: "6", 46: "4"}
JOKER_RULE = Text("reminder_oneonta_joker_turned")

Chart = Mapping[int, tuple[int, int]]
"""Number of hands dealt to players → (cards each, deck size)."""

COMPETITIVE_CHART: Chart = {2: (9, 22), 3: (7, 22), 4: (7, 30), 5: (7, 38), 6: (7, 46), 7: (7, 54)}
SOLITAIRE_CHART: Chart = {1: (9, 22)}
BEAT_THE_GAME_CHART: Chart = {2: (9, 30), 3: (7, 30), 4: (7, 38), 5: (7, 46), 6: (7, 54)}


def oneonta_deck(size: int) -> Deck:
    """The pack of ``size`` cards: aces down to some rank in each suit, plus the two Jokers."""
    if size == 54:
        return Deck(size=54, description=Text("deck_oneonta_54"))
    return Deck(size=size, description=Text("deck_oneonta", size=size, lowest=LOWEST_RANK[size]))


@dataclass(frozen=True, kw_only=True, slots=True)
class Form:
    """One form of Oneonta Whist, as data the engine reads.

    ``follows_previous_high``: the highest positive bid of the hand before bids
    first (competitive); otherwise the dealer's left does. ``lead_ties_by_total``:
    tied highest bids go to the higher total before nearness to the dealer.
    """

    title: str
    chart: Chart
    dummy: bool
    total: TotalRule
    null_has_value: bool
    edd_allard: bool
    follows_previous_high: bool
    lead_ties_by_total: bool
    team: bool
    tie_breaks: bool
    deals: Callable[[Table], int]


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaFacts(DealFacts):
    """The facts of an Oneonta deal for the referee screen.

    ``leader`` is final only when ``leader_decided``: a deal whose first lead goes
    to the highest bid has its leader once every bid is in (until then ``leader``
    holds the fallback, eldest, and ``lead_rule`` says how it will be decided).
    When ``dummy`` is true the dummy leads every trick and ``leader`` is the first
    player to play after it.
    """

    deck: Deck
    dummy: bool
    dummy_seat_text: Text | None
    first_bidder_reason: Text
    lead_rule: Text
    leader_decided: bool
    bid_rule: Text | None
    tie_break: bool


def seats_clockwise(start: int, ring: Sequence[int], active: Sequence[int]) -> tuple[int, ...]:
    """The active seats going clockwise round the ring from ``start`` (included when active)."""
    return tuple(seat for seat in clockwise(ring, start) if seat in active)


def next_active(seat: int, ring: Sequence[int], active: Sequence[int]) -> int:
    """The first active seat clockwise after ``seat``."""
    return seats_clockwise(left_of(ring, seat), ring, active)[0]


def _nearest_to_dealer(candidates: Sequence[int], dealer: int, ring: Sequence[int]) -> int:
    """The candidate nearest the dealer going clockwise, counting the dealer first."""
    at = ring.index(dealer)
    return min(candidates, key=lambda seat: (ring.index(seat) - at) % len(ring))


def highest_positive(
    bids: Sequence[OneontaBid | None],
    active: Sequence[int],
    totals: Sequence[int] | None,
    dealer: int,
    ring: Sequence[int],
) -> int | None:
    """The active seat with the highest positive bid; ties to the higher total (when
    ``totals`` is given), then to the seat nearest the dealer. None without a positive bid.
    A seat that joined after ``bids`` were made has none."""
    best = 0
    tied: list[int] = []
    for seat in active:
        bid = bids[seat] if seat < len(bids) else None
        if bid is None or bid.kind != "positive" or bid.value is None:
            continue
        if bid.value > best:
            best, tied = bid.value, [seat]
        elif bid.value == best:
            tied.append(seat)
    if not tied:
        return None
    if totals is not None and len(tied) > 1:
        top = max(totals[seat] for seat in tied)
        tied = [seat for seat in tied if totals[seat] == top]
    return _nearest_to_dealer(tied, dealer, ring)


@dataclass(frozen=True, kw_only=True, slots=True)
class Round:
    """What a hand inherits from the one before: who deals, who is in, who sits where.

    ``ring`` is the seats at the table, clockwise; ``active`` those who play the
    hand (fewer during tie-break hands, and without a player sitting it out);
    ``names`` every seat's player.
    """

    dealer: int
    active: tuple[int, ...]
    tie_break: bool
    previous_bids: tuple[OneontaBid | None, ...] | None
    ring: tuple[int, ...]
    names: tuple[str, ...]


def build_facts(form: Form, table: Table, number: int, seating: Round, totals: Sequence[int]) -> OneontaFacts:
    """The facts of deal ``number`` from its seating and the totals so far."""
    players, ring = seating.names, seating.ring
    dealer, active = seating.dealer, seating.active
    cards, deck_size = _chart_row(form, len(active))
    deck = oneonta_deck(deck_size)
    eldest = next_active(dealer, ring, active)
    first, reason = eldest, _eldest_reason(form, players, eldest, number)
    if form.follows_previous_high and seating.previous_bids is not None:
        high = highest_positive(seating.previous_bids, active, totals, dealer, ring)
        if high is not None:
            first = high
            reason = Text("oneonta_first_highest_bid", player=players[high])
        elif seating.tie_break:
            reason = Text("oneonta_first_none_still_in", player=players[eldest])
        else:
            reason = Text("oneonta_first_nobody_positive", player=players[eldest])
    order = seats_clockwise(first, ring, active)
    sitting_out = tuple(seat for seat in range(len(players)) if seat not in active)
    hands = len(active) + (1 if form.dummy else 0)
    left = deck_size - hands * cards
    reminders = [
        Text("reminder_deck", deck=deck.description),
        _deal_text(form, players, dealer, eldest, cards, left),
        JOKER_RULE,
        reason,
        _lead_rule(form, players, eldest, dealer),
    ]
    bid_rule = _bid_rule(form, cards)
    if bid_rule is not None:
        reminders.append(bid_rule)
    if "table_talk" in table.options:
        talk = table.variant.option("table_talk").choice_label(table.options.choice("table_talk"))
        reminders.append(Text("reminder_table_talk", talk=talk))
    if seating.tie_break:
        names = tuple(players[seat] for seat in active)
        out = tuple(players[seat] for seat in sitting_out)
        reminders.append(Text("reminder_tie_break_hand", players=names, out=out))
    return OneontaFacts(
        number=number,
        cards=cards,
        dealer=dealer,
        sitting_out=sitting_out,
        bidding_order=order,
        leader=eldest,
        trump=None,
        trump_turned=True,
        hook=False,
        reminders=tuple(reminders),
        deck=deck,
        dummy=form.dummy,
        dummy_seat_text=_dummy_seat(form, players, dealer, eldest),
        first_bidder_reason=reason,
        lead_rule=_lead_rule(form, players, eldest, dealer),
        leader_decided=form.dummy,
        bid_rule=bid_rule,
        tie_break=seating.tie_break,
    )


def decide_leader(
    form: Form,
    facts: OneontaFacts,
    bids: Sequence[OneontaBid | None],
    totals: Sequence[int],
    ring: Sequence[int],
) -> OneontaFacts:
    """The facts with the first leader settled, once every bid is in."""
    if facts.leader_decided or any(bids[seat] is None for seat in facts.bidding_order):
        return facts
    ranking = totals if form.lead_ties_by_total else None
    high = highest_positive(bids, facts.bidding_order, ranking, facts.dealer, ring)
    leader = facts.leader if high is None else high
    return replace(facts, leader=leader, leader_decided=True)


def _chart_row(form: Form, hands: int) -> tuple[int, int]:
    try:
        return form.chart[hands]
    except KeyError:
        raise RuleViolation("oneonta_cannot_deal", game=form.title, players=hands) from None


def _eldest_reason(form: Form, players: Sequence[str], eldest: int, number: int) -> Text:
    if form.dummy and len(players) == 1:
        return Text("oneonta_solitaire_bids", player=players[eldest])
    if form.follows_previous_high and number == 1:
        return Text("oneonta_first_dealers_left_first_hand", player=players[eldest])
    return Text("oneonta_first_dealers_left", player=players[eldest])


def _deal_text(form: Form, players: Sequence[str], dealer: int, eldest: int, cards: int, left: int) -> Text:
    if form.dummy and len(players) == 1:
        return Text("oneonta_deal_solitaire", cards=cards, player=players[0], left=left)
    return Text(
        "oneonta_deal",
        dealer=players[dealer],
        cards=cards,
        dummy=form.dummy,
        first=players[eldest],
        left=left,
    )


def _dummy_seat(form: Form, players: Sequence[str], dealer: int, eldest: int) -> Text | None:
    if not form.dummy:
        return None
    if len(players) == 1:
        return Text("oneonta_dummy_against", player=players[0])
    return Text("oneonta_dummy_between", dealer=players[dealer], first=players[eldest])


def _lead_rule(form: Form, players: Sequence[str], eldest: int, dealer: int) -> Text:
    if form.dummy:
        return Text("oneonta_lead_dummy", first=None if len(players) == 1 else players[eldest])
    return Text(
        "oneonta_lead_highest_bid",
        by_total=form.lead_ties_by_total,
        dealer=players[dealer],
        first=players[eldest],
    )


def _bid_rule(form: Form, cards: int) -> Text | None:
    if form.total == "equal":
        return Text("oneonta_rule_bids_equal", cards=cards)
    if form.total == "at_most":
        return Text("oneonta_rule_bids_at_most", cards=cards)
    return None


def oneonta_laws(form: Form, target: int) -> TableLaws:
    """What a form's laws say of the table events: players come, go and sit hands out; the hands to
    come follow the chart for the new number; a game stopped early applies the form's winner rule
    (competitive: joint winners rather than tie-break hands; Edd Allard: nobody reached ``target``)."""
    if form.tie_breaks:
        stop = Text("law_stop_no_tie_break")
    elif form.edd_allard:
        stop = Text("law_stop_target", target=target)
    else:
        stop = Text("law_stop_total_stands")
    return TableLaws(
        sit_outs=True,
        replan_law=lambda table: Text("law_replan_hands"),
        stop_winners=lambda table: stop,
    )
