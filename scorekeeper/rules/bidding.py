"""Bids in the games where each player bids an exact number of tricks.

The hook: the last bidder may not make the bids add up to the number of
tricks. The one forbidden value is ``cards − (sum of the earlier bids)``, and
only when that value is a bid anyone could make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import HookViolation, InvalidBid
from .state import DealFacts

Bids = tuple[int | None, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class BidChoice:
    """One bid a player might make, and why it is refused if it is."""

    value: int
    allowed: bool
    reason: str | None = None


def forbidden_bid(cards: int, earlier: Sequence[int]) -> int | None:
    """The bid the hook forbids the last bidder, or None when no bid can complete it."""
    value = cards - sum(earlier)
    return value if 0 <= value <= cards else None


def over_under(cards: int, bids: Sequence[int | None]) -> str:
    """ "over", "under" or "even": the bids made against the tricks in the deal."""
    total = sum(bid for bid in bids if bid is not None)
    return "over" if total > cards else "under" if total < cards else "even"


def next_bidder(facts: DealFacts, bids: Bids) -> int | None:
    """The seat whose turn it is to bid, or None when everyone has bid."""
    for seat in facts.bidding_order:
        if bids[seat] is None:
            return seat
    return None


def hook_message(facts: DealFacts, players: Sequence[str], value: int) -> str:
    """Why the last bidder may not bid ``value``, in a player's words."""
    seat = facts.last_bidder
    role = "deals" if seat == facts.dealer else "bids last"
    return (
        f"{players[seat]} {role} and may not bid {value}: the bids would add up to "
        f"{facts.cards}, the number of cards"
    )


def legal_bids(facts: DealFacts, bids: Bids, players: Sequence[str], seat: int) -> tuple[BidChoice, ...]:
    """Every bid 0..cards for ``seat``, given the bids already made, each allowed or not."""
    blocked: int | None = None
    if facts.hook and seat == facts.last_bidder:
        earlier = [bid for other, bid in enumerate(bids) if other != seat and bid is not None]
        if len(earlier) == len(facts.bidding_order) - 1:
            blocked = forbidden_bid(facts.cards, earlier)
    return tuple(
        BidChoice(
            value=value,
            allowed=value != blocked,
            reason=hook_message(facts, players, value) if value == blocked else None,
        )
        for value in range(facts.cards + 1)
    )


def verify_bids(facts: DealFacts, bids: Sequence[object], players: Sequence[str]) -> Bids:
    """Check a deal's bids: one per seat, in range, in bidding order, within the hook.

    Bids not yet made are None and must come last in the bidding order.
    Returns the bids as a tuple; raises InvalidBid or HookViolation.
    """
    checked = _well_formed_bids(facts, bids, len(players))
    if checked is None:
        _explain_bids(facts, bids, players)
        raise AssertionError("unreachable: malformed bids always raise")  # pragma: no cover
    last_bid = checked[facts.bidding_order[-1]]
    # Bids come in order, so when the last bidder has bid every other bid is in too.
    if facts.hook and last_bid is not None and sum(bid for bid in checked if bid is not None) == facts.cards:
        raise HookViolation(hook_message(facts, players, last_bid))
    return checked


def _well_formed_bids(facts: DealFacts, bids: Sequence[object], size: int) -> Bids | None:
    """The bids as a tuple when every one is in order and in range; None otherwise.

    Replays run this on every deal of every request, so it is the fast path;
    ``_explain_bids`` finds the words for whatever it rejects.
    """
    if len(bids) != size:
        return None
    cards = facts.cards
    waiting = False
    for seat in facts.sitting_out:
        if bids[seat] is not None:
            return None
    checked: list[int | None] = [None] * size
    for seat in facts.bidding_order:
        bid = bids[seat]
        if bid is None:
            waiting = True
        elif type(bid) is not int or waiting or not 0 <= bid <= cards:
            return None
        else:
            checked[seat] = bid
    return tuple(checked)


def _explain_bids(facts: DealFacts, bids: Sequence[object], players: Sequence[str]) -> None:
    """Raise the InvalidBid that says what is wrong with malformed bids."""
    if len(bids) != len(players):
        raise InvalidBid(f"Enter one bid for each of the {len(players)} players")
    for seat in facts.sitting_out:
        if bids[seat] is not None:
            raise InvalidBid(f"{players[seat]} sits this deal out and has no bid")
    waiting: int | None = None
    for seat in facts.bidding_order:
        bid = bids[seat]
        if bid is None:
            waiting = seat if waiting is None else waiting
            continue
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise InvalidBid(f"{players[seat]}'s bid must be a number of tricks, not {bid!r}")
        if waiting is not None:
            raise InvalidBid(
                f"{players[waiting]} bids before {players[seat]}: enter the bids in bidding order"
            )
        if not 0 <= bid <= facts.cards:
            raise InvalidBid(_range_message(players[seat], bid, facts.cards))


def _range_message(name: str, bid: int, cards: int) -> str:
    if bid < 0:
        return f"{name} bid {bid}: a bid cannot be below 0"
    noun = "card was" if cards == 1 else "cards were"
    return f"{name} bid {bid}, but only {cards} {noun} dealt: bid from 0 to {cards}"
