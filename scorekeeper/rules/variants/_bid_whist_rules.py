"""What Bid Whist records and scores (RULES.md §6): the entry, the hand, the points of a hand.
The engine (``bid_whist.py``) and the explainer (``_bid_whist_explain.py``) read them."""

from __future__ import annotations

from dataclasses import dataclass

from ..options import Options
from ..state import DealState
from ..text import Text
from ._bid_whist_auction import BOOK, BidType, Call, Declaration, Direction
from ._partnership import team_of

TRICKS_IN_PLAY = 12
KITTY_BOOKS = 1
BASE_KITTY = 4


@dataclass(frozen=True, kw_only=True, slots=True)
class BidWhistEntry:
    """One hand of Bid Whist as the table records it.

    ``auction`` is the calls in order from the dealer's left (fewer than four
    while the bidding goes on). ``declaration`` is the trump suit the winner
    names after an uptown or downtown bid, or the direction after no trump.
    ``tricks`` is the bidding side's tricks in play (0..12), None until the
    hand is over.
    """

    number: int
    auction: tuple[Call, ...]
    declaration: Declaration | None = None
    tricks: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class BidWhistDeal(DealState):
    """A recorded hand of Bid Whist; ``points`` and ``totals`` are per team.

    Once the auction is over: ``bidder`` (the seat that won it), ``bid``,
    ``forced`` (the dealer had to bid), ``contract`` (books the bidders need,
    6 + level). Once declared: ``declaration`` and ``direction`` (which cards
    win: the bid's for a trump bid, the declared one in no trump); ``trump``
    is the suit, or no trump. Once played: ``tricks`` (the bidders' tricks in
    play), ``books`` (tricks + 1 for the kitty) and ``made``. ``leader`` is
    who leads the first trick.
    """

    auction: tuple[Call, ...]
    bidder: int | None
    bid: Call | None
    forced: bool
    contract: int | None
    declaration: Declaration | None
    direction: Direction | None
    leader: int | None
    tricks: int | None
    books: int | None
    made: bool | None

    def entered(self) -> tuple[tuple[int, Text | int], ...]:
        """The calls made so far, each with its caller, in the order of the auction."""
        return tuple(zip(self.facts.bidding_order, (call.said for call in self.auction), strict=False))

    @property
    def bidding_team(self) -> int | None:
        """The partnership that won the auction (0 for seats 0 and 2)."""
        return None if self.bidder is None else team_of(self.bidder)


def hand_points(bid: Call, tricks: int, options: Options) -> tuple[int, int]:
    """(bidders, defenders) for a hand: books − 6 if made, minus the level if set.

    ``double_nt`` doubles a no-trump result either way; ``defensive_scoring``
    gives the defenders their tricks over six (they can only have them when
    the bid fails).
    """
    assert bid.level is not None
    books = tricks + KITTY_BOOKS
    bidders = books - BOOK if books >= BOOK + bid.level else -bid.level
    if bid.kind is BidType.NO_TRUMP and options.flag("double_nt"):
        bidders *= 2
    defenders = 0
    if options.flag("defensive_scoring"):
        defenders = max(0, (TRICKS_IN_PLAY - tricks) - BOOK)
    return bidders, defenders
