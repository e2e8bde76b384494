"""Bids in the games where each player bids an exact number of tricks.

The hook: the last bidder may not make the bids add up to the number of
tricks. The one forbidden value is ``cards − (sum of the other bids)``, and
only when that value is a bid anyone could make.

At a noisy table bids are called faster than the scorer taps them, so they may
be entered in any order: the bids are judged as a set, by the bidding order.
Whoever's bid is entered last, the hook binds the player who bids last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import HookViolation, InvalidBid
from .state import DealFacts
from .text import Text

Bids = tuple[int | None, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class BidChoice:
    """One bid a player might make, and why it is refused if it is."""

    value: int
    allowed: bool
    reason: Text | None = None


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


def hook_text(facts: DealFacts, players: Sequence[str], value: int | str) -> Text:
    """Why the last bidder may not bid ``value`` (code ``hook``): who, whether they deal, the bid
    and the cards (``value`` may be a placeholder of a declared rule, constraints.py)."""
    seat = facts.last_bidder
    return Text("hook", player=players[seat], dealer=seat == facts.dealer, forbidden=value, cards=facts.cards)


def legal_bids(facts: DealFacts, bids: Bids, players: Sequence[str], seat: int) -> tuple[BidChoice, ...]:
    """Every bid 0..cards for ``seat``, given the bids entered so far, each allowed or not.

    The bids may have been entered in any order: once every other player in
    the deal has bid, the last bidder's one forbidden value is struck.
    """
    blocked: int | None = None
    if facts.hook and seat == facts.last_bidder:
        others = [bids[other] for other in facts.bidding_order if other != seat]
        made = [bid for bid in others if bid is not None]
        if len(made) == len(others):
            blocked = forbidden_bid(facts.cards, made)
    return tuple(
        BidChoice(
            value=value,
            allowed=value != blocked,
            reason=hook_text(facts, players, value) if value == blocked else None,
        )
        for value in range(facts.cards + 1)
    )


def implied_tricks(
    facts: DealFacts,
    wanted: Sequence[int | None],
    tricks: Sequence[int | None],
    *,
    rest_to_dummy: bool = False,
) -> tuple[int | None, ...]:
    """The tricks of the players not entered yet, where the ones entered imply them.

    ``wanted`` is the number of tricks each seat bid to take, ``tricks`` what was
    entered (None where nothing was). Once the tricks entered leave none (they take
    every trick of the deal, or more), the players not entered took none: a count
    entered wrong is then a total to put right, never a player to enter. With one
    player left, they took the tricks nobody else did. Otherwise, when the players
    left bid exactly the tricks the others did not take, they are taken to have made
    their bids (with nothing entered yet: everyone made their bid) — the likeliest
    count, for the table to confirm or change. Where a dummy takes the tricks nobody
    else took, only the first and third apply, the third only while the bids leave
    the dummy none or more. Seats entered, sitting out, or with nothing implied are None.
    """
    size = len(tricks)
    active = [seat for seat in facts.bidding_order if seat < size]
    missing = [seat for seat in active if tricks[seat] is None]
    implied: list[int | None] = [None] * size
    if not missing:
        return tuple(implied)
    taken = sum(took for seat, took in enumerate(tricks) if took is not None and seat in active)
    left = facts.cards - taken
    if left <= 0:
        for seat in missing:
            implied[seat] = 0
        return tuple(implied)
    if len(missing) == 1 and not rest_to_dummy:
        if 0 <= left <= facts.cards:
            implied[missing[0]] = left
        return tuple(implied)
    bids = [wanted[seat] if seat < len(wanted) else None for seat in missing]
    if any(bid is None for bid in bids):
        return tuple(implied)
    promised = sum(bid for bid in bids if bid is not None)
    if promised == left or (rest_to_dummy and 0 <= promised <= left):
        for seat, bid in zip(missing, bids, strict=True):
            implied[seat] = bid
    return tuple(implied)


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickCount:
    """The tricks entered so far against the tricks played, as a screen shows them while they are tapped.

    ``wrong`` says the count cannot stand as it is: more tricks entered than were played, or every
    player's entered and some tricks nobody took (where no dummy takes the rest).
    """

    entered: int
    played: int
    complete: bool
    wrong: bool

    @property
    def left(self) -> int:
        """The tricks not given to anyone yet (below 0 when more were entered than played)."""
        return self.played - self.entered


def count_tricks(
    facts: DealFacts, tricks: Sequence[int | None], *, rest_to_dummy: bool = False
) -> TrickCount:
    """How the tricks entered so far stand against the tricks of the deal (``rest_to_dummy``: a dummy
    takes the tricks nobody else took)."""
    active = [seat for seat in facts.bidding_order if seat < len(tricks)]
    entered = sum(took for seat in active if (took := tricks[seat]) is not None)
    complete = len(active) == len(facts.bidding_order) and all(tricks[seat] is not None for seat in active)
    short = complete and entered < facts.cards and not rest_to_dummy
    return TrickCount(
        entered=entered, played=facts.cards, complete=complete, wrong=entered > facts.cards or short
    )


def verify_bids(facts: DealFacts, bids: Sequence[object], players: Sequence[str]) -> Bids:
    """Check a deal's bids: one per seat, in range, and within the hook once all are in.

    Bids not yet made are None, whichever seats they are: bids may be entered
    in any order. Once every seat in the deal has bid, the set is judged by the
    bidding order: the hook binds the last bidder, and the refusal names them.
    Returns the bids as a tuple; raises InvalidBid or HookViolation.
    """
    checked = _well_formed_bids(facts, bids, len(players))
    if checked is None:
        _explain_bids(facts, bids, players)
        raise AssertionError("unreachable: malformed bids always raise")  # pragma: no cover
    total = sum(bid for bid in checked if bid is not None)
    if facts.hook and total == facts.cards and _all_in(facts, checked):
        last_bid = checked[facts.last_bidder]
        assert last_bid is not None
        raise HookViolation.from_text(hook_text(facts, players, last_bid), seat=facts.last_bidder)
    return checked


def _all_in(facts: DealFacts, bids: Bids) -> bool:
    """True when every seat in the deal has bid."""
    return all(bids[seat] is not None for seat in facts.bidding_order)


def _well_formed_bids(facts: DealFacts, bids: Sequence[object], size: int) -> Bids | None:
    """The bids as a tuple when every one made is in range; None otherwise.

    Replays run this on every deal of every request, so it is the fast path;
    ``_explain_bids`` finds the words for whatever it rejects.
    """
    if len(bids) != size:
        return None
    cards = facts.cards
    for seat in facts.sitting_out:
        if bids[seat] is not None:
            return None
    checked: list[int | None] = [None] * size
    for seat in facts.bidding_order:
        bid = bids[seat]
        if bid is None:
            continue
        if type(bid) is not int or not 0 <= bid <= cards:
            return None
        checked[seat] = bid
    return tuple(checked)


def _explain_bids(facts: DealFacts, bids: Sequence[object], players: Sequence[str]) -> None:
    """Raise the InvalidBid that says what is wrong with malformed bids."""
    if len(bids) != len(players):
        raise InvalidBid("bid_count", players=len(players))
    for seat in facts.sitting_out:
        if bids[seat] is not None:
            raise InvalidBid("bid_sitting_out", seat=seat, player=players[seat])
    for seat in facts.bidding_order:
        bid = bids[seat]
        if bid is None:
            continue
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise InvalidBid("bid_not_number", seat=seat, player=players[seat], value=repr(bid))
        if bid < 0:
            raise InvalidBid("bid_below_zero", seat=seat, player=players[seat], bid=bid)
        if bid > facts.cards:
            raise InvalidBid("bid_above_cards", seat=seat, player=players[seat], bid=bid, cards=facts.cards)
