"""What the rules decide about a deal of a bid-exactly game before anyone bids.

Who deals, who sits out, the bidding order, the cards, the trump, the hook and
the reminders, for the deals of a game as planned (``plain_facts``) and for a
deal dealt after table events changed the seating (``seated_facts``). Both are
cached: replays run on every request.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import Deck, Trump
from .errors import RuleViolation
from .seating import Seating
from .state import DealFacts
from .table import Table
from .text import Text

if TYPE_CHECKING:
    from .exact import ExactBidEngine


@dataclass(frozen=True, kw_only=True, slots=True)
class Spot:
    """Where a deal falls, for a variant's reminders.

    ``place`` is its place in the deal sequence (its number, unless a deal was
    dealt again), ``deals`` how many places the sequence has now (None when the
    game is open-ended), ``cards_left`` the cards left over once it is dealt,
    ``dealer`` the dealer's name.
    """

    place: int
    cards: int
    deals: int | None
    cards_left: int
    dealer: str


TrumpRule = Callable[[Table, int, int], Trump | None]
"""(table, place in the sequence, cards left after the deal) → the fixed trump, or None to turn a card."""
Reminders = Callable[[Table, Spot], tuple[Text, ...]]
"""(table as seated, where the deal falls) → what to remind the table of."""


def turn_next_card(table: Table, number: int, cards_left: int) -> Trump | None:
    """The next card is turned for trump; with none left the deal has no trump."""
    return Trump.NO_TRUMP if cards_left == 0 else None


def never(table: Table) -> bool:
    """A switch that is off for every table."""
    return False


def no_reminders(table: Table, spot: Spot) -> tuple[Text, ...]:
    """Nothing to remind the table of."""
    return ()


def no_blocks(table: Table) -> tuple[int, ...] | None:
    """The deal sequence is not a walk whose ends are dealt once per player."""
    return None


def always_hook(table: Table, cards: int) -> bool:
    """The hook applies to every deal."""
    return True


def seated_table(table: Table, seating: Seating) -> Table:
    """The table as it sits for a deal: its players those at the table now, in ring order.

    The variant's rules that depend on the number of players (the pack, the
    sequence, the dead hand) read it; seats are never looked up in it.
    """
    return _seated_table(table, seating.ring_names())


@lru_cache(maxsize=1024)
def _seated_table(table: Table, players: tuple[str, ...]) -> Table:
    return replace(table, players=players, first_dealer=0)


def build_facts(
    engine: ExactBidEngine,
    rules: Table,
    *,
    number: int,
    place: int,
    clockwise: tuple[int, ...],
    out: tuple[int, ...],
    dealer_name: str,
    seats: int,
    cards: int,
    deals: int | None,
) -> DealFacts:
    """The facts of deal ``number``, dealt ``cards`` each; ``rules`` is the table as seated.

    ``clockwise`` is the seats at the table from the dealer's left round to the
    dealer, ``out`` those sitting the deal out by choice; ``seats`` counts every
    seat (those that left included), whose players not in the deal sit it out.
    """
    dealer = clockwise[-1]
    if engine.dealer_sits_out(rules):
        out = (*out, dealer)
    order = tuple(seat for seat in clockwise if seat not in out) if out else clockwise
    deck: Deck = engine.deck(rules)
    cards_left = deck.size - cards * len(order)
    if cards_left < 0:
        raise RuleViolation("deck_too_small", deck=deck.description, cards=cards, players=len(order))
    trump = engine.trump(rules)(rules, place, cards_left)
    reminders: tuple[Text, ...] = ()
    if engine.reminders is not no_reminders:
        spot = Spot(place=place, cards=cards, deals=deals, cards_left=cards_left, dealer=dealer_name)
        reminders = engine.reminders(rules, spot)
    return DealFacts(
        number=number,
        cards=cards,
        dealer=dealer,
        sitting_out=() if len(order) == seats else tuple(seat for seat in range(seats) if seat not in order),
        bidding_order=order,
        leader=order[0],
        trump=trump,
        trump_turned=trump is None,
        hook=engine.hook(rules, cards),
        reminders=reminders,
    )


@lru_cache(maxsize=4096)
def plain_facts(engine: ExactBidEngine, table: Table, number: int) -> DealFacts | None:
    """The facts of deal ``number`` as planned when the game began (None past the last deal)."""
    schedule = schedule_of(engine, table)
    if number < 1:
        return None
    if number > len(schedule):
        if not engine.open_ended:
            return None
        cards = schedule[-1]
    else:
        cards = schedule[number - 1]
    size = table.size
    dealer = (table.first_dealer + number - 1) % size
    return build_facts(
        engine,
        table,
        number=number,
        place=number,
        clockwise=tuple((dealer + step) % size for step in range(1, size + 1)),
        out=(),
        dealer_name=table.players[dealer],
        seats=size,
        cards=cards,
        deals=None if engine.open_ended else len(schedule),
    )


@lru_cache(maxsize=4096)
def seated_facts(
    engine: ExactBidEngine, table: Table, seating: Seating, plan: tuple[int, ...]
) -> DealFacts | None:
    """The facts of the deal at ``seating`` with the deals planned as ``plan`` (None past its end)."""
    place = seating.place
    if place > len(plan):
        if not engine.open_ended:
            return None
        cards = plan[-1]
    else:
        cards = plan[place - 1]
    return build_facts(
        engine,
        seated_table(table, seating),
        number=seating.number,
        place=place,
        clockwise=seating.from_dealer(),
        out=seating.sitting_out,
        dealer_name=seating.names[seating.dealer],
        seats=seating.seats,
        cards=cards,
        deals=None if engine.open_ended else len(plan),
    )


@lru_cache(maxsize=256)
def planned_facts(engine: ExactBidEngine, table: Table) -> tuple[DealFacts, ...]:
    """The facts of every deal of a fixed-length game, worked out once per table."""
    return engine.plan(table)


@lru_cache(maxsize=256)
def schedule_of(engine: ExactBidEngine, table: Table) -> tuple[int, ...]:
    """The variant's deal sequence for the table, worked out once per table."""
    return engine.schedule(table)
