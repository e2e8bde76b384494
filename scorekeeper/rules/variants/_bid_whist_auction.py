"""The Bid Whist auction (RULES.md §6): one call each from the dealer's left, the dealer forced.

A call is a pass or a bid: a level from the minimum to 7 and a type, uptown
(high cards win), downtown (low cards win) or no trump. Each bid must beat
the high bid so far; within a level uptown < downtown < no trump, or, without
``low_beats_high``, uptown and downtown rank alike below no trump. The winner
then declares: a trump suit after an uptown or downtown bid, a direction
after a no-trump bid.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..cards import SUITS, Trump
from ..errors import InvalidBid, RuleViolation
from ..state import DealFacts
from ..text import Text

HIGHEST_LEVEL = 7
BOOK = 6


class InvalidCall(InvalidBid):
    """A call the auction does not allow."""

    field = "auction"


class InvalidDeclaration(RuleViolation):
    """A trump suit or direction the winning bid does not allow."""

    field = "declaration"


class BidType(StrEnum):
    """What a bid plays for: high cards, low cards, or no trump."""

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"
    NO_TRUMP = "NT"


class Direction(StrEnum):
    """Which cards win a no-trump hand: high (uptown) or low (downtown)."""

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"


Declaration = Trump | Direction
"""What the winner of the auction names: a trump suit, or a direction in no trump."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Call:
    """One player's call: a pass (``level`` and ``kind`` None) or a bid."""

    level: int | None = None
    kind: BidType | None = None

    def __post_init__(self) -> None:
        if (self.level is None) != (self.kind is None):
            raise InvalidCall("call_incomplete")

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.level is None

    @property
    def said(self) -> Text:
        """The call as a text to word ("pass", "4 downtown", "5 no trump")."""
        if self.level is None or self.kind is None:
            return Text("call")
        return Text("call", level=self.level, kind=self.kind.value)

    @property
    def text(self) -> str:
        """The call as entries write it: "pass", "4 downtown", "5 NT"."""
        if self.level is None or self.kind is None:
            return "pass"
        return f"{self.level} {self.kind.value}"


PASS = Call()


@dataclass(frozen=True, kw_only=True, slots=True)
class AuctionRules:
    """The options that shape the auction."""

    min_bid: int
    low_beats_high: bool

    def rank(self, call: Call) -> tuple[int, int]:
        """A key that orders bids: a higher key beats a lower one."""
        assert call.level is not None and call.kind is not None
        if call.kind is BidType.NO_TRUMP:
            return (call.level, 2)
        if call.kind is BidType.DOWNTOWN and self.low_beats_high:
            return (call.level, 1)
        return (call.level, 0)


@dataclass(frozen=True, kw_only=True, slots=True)
class CallChoice:
    """One call a player might make, and why it is refused if it is."""

    call: Call
    allowed: bool
    reason: Text | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class AuctionResult:
    """The winning bid of a finished auction, who made it, and whether the dealer was forced."""

    bidder: int
    bid: Call
    forced: bool


def next_caller(facts: DealFacts, calls: Sequence[Call]) -> int | None:
    """The seat whose turn it is to call, or None when all four have called."""
    if len(calls) >= len(facts.bidding_order):
        return None
    return facts.bidding_order[len(calls)]


def high_bid(calls: Sequence[Call]) -> Call | None:
    """The best bid so far: the last one made, since each must beat the one before."""
    for call in reversed(calls):
        if not call.is_pass:
            return call
    return None


def call_problem(
    facts: DealFacts, calls: Sequence[Call], call: Call, players: Sequence[str], rules: AuctionRules
) -> Text | None:
    """Why ``call`` may not follow ``calls`` (naming the caller); None when it may."""
    seat = next_caller(facts, calls)
    if seat is None:
        return Text("auction_all_called", count=len(facts.bidding_order))
    high = high_bid(calls)
    if call.level is None:
        if seat == facts.dealer and high is None:
            return Text("auction_dealer_forced", player=players[seat], lowest=rules.min_bid)
        return None
    if call.level < rules.min_bid:
        return Text("auction_below_lowest", lowest=rules.min_bid, player=players[seat], call=call.said)
    if call.level > HIGHEST_LEVEL:
        return Text("auction_above_highest", highest=HIGHEST_LEVEL, player=players[seat], call=call.said)
    if high is not None and rules.rank(call) <= rules.rank(high):
        level = call.level == high.level and not rules.low_beats_high and call.kind is not BidType.NO_TRUMP
        return Text("auction_not_higher", call=call.said, high=high.said, ranks_level=level)
    return None


def every_call(rules: AuctionRules) -> tuple[Call, ...]:
    """Pass, then every bid from the lowest, each level uptown, downtown, no trump."""
    bids = (
        Call(level=level, kind=kind) for level in range(rules.min_bid, HIGHEST_LEVEL + 1) for kind in BidType
    )
    return (PASS, *bids)


def legal_calls(
    facts: DealFacts, calls: Sequence[Call], players: Sequence[str], rules: AuctionRules
) -> tuple[CallChoice, ...]:
    """Every call the next player might make, each allowed or refused with the reason.

    Empty once all four players have called.
    """
    if next_caller(facts, calls) is None:
        return ()
    choices = []
    for call in every_call(rules):
        reason = call_problem(facts, calls, call, players, rules)
        choices.append(CallChoice(call=call, allowed=reason is None, reason=reason))
    return tuple(choices)


def verify_auction(
    facts: DealFacts, calls: Sequence[Call], players: Sequence[str], rules: AuctionRules
) -> AuctionResult | None:
    """Check every call in turn; the result once all have called, else None (still bidding)."""
    if len(calls) > len(facts.bidding_order):
        raise InvalidCall("auction_too_many", calls=len(facts.bidding_order), given=len(calls))
    for position, call in enumerate(calls):
        problem = call_problem(facts, calls[:position], call, players, rules)
        if problem is not None:
            raise InvalidCall.from_text(problem)
    if len(calls) < len(facts.bidding_order):
        return None
    high = high_bid(calls)
    assert high is not None  # the dealer may not pass when everyone else has
    position = max(index for index, call in enumerate(calls) if not call.is_pass)
    return AuctionResult(
        bidder=facts.bidding_order[position],
        bid=high,
        forced=all(call.is_pass for call in calls[:-1]),
    )


def verify_declaration(bid: Call, declaration: Declaration, bidder: str) -> None:
    """A suit after an uptown or downtown bid; a direction after a no-trump bid."""
    if bid.kind is BidType.NO_TRUMP:
        if not isinstance(declaration, Direction):
            raise InvalidDeclaration("declaration_direction", player=bidder, call=bid.said)
    elif not isinstance(declaration, Trump) or declaration not in SUITS:
        raise InvalidDeclaration("declaration_suit", player=bidder, call=bid.said)


def declaration_choices(bid: Call) -> tuple[Declaration, ...]:
    """What the winner of ``bid`` may declare, for a form to offer."""
    if bid.kind is BidType.NO_TRUMP:
        return (Direction.UPTOWN, Direction.DOWNTOWN)
    return SUITS


# --- reading and writing ------------------------------------------------------------

_CALL_TEXT = re.compile(r"(\d{1,2})\s*(.+)")
_KIND_WORDS = {
    "uptown": BidType.UPTOWN,
    "up": BidType.UPTOWN,
    "↑": BidType.UPTOWN,
    "high": BidType.UPTOWN,
    "downtown": BidType.DOWNTOWN,
    "down": BidType.DOWNTOWN,
    "↓": BidType.DOWNTOWN,
    "low": BidType.DOWNTOWN,
    "nt": BidType.NO_TRUMP,
    "notrump": BidType.NO_TRUMP,
    "no_trump": BidType.NO_TRUMP,
    "no trump": BidType.NO_TRUMP,
}


def read_call(raw: object) -> Call:
    """A call from data: "pass", "4 downtown", "5 NT", or {"level": 4, "type": "downtown"}."""
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == "pass":
            return PASS
        match = _CALL_TEXT.match(text)
        if match is not None:
            kind = _KIND_WORDS.get(match.group(2).strip())
            if kind is not None:
                return Call(level=int(match.group(1)), kind=kind)
    elif isinstance(raw, Mapping) and set(raw) == {"level", "type"}:
        level, word = raw["level"], raw["type"]
        kind = _KIND_WORDS.get(word.strip().lower()) if isinstance(word, str) else None
        if isinstance(level, int) and not isinstance(level, bool) and kind is not None:
            return Call(level=level, kind=kind)
    raise InvalidCall("call_unreadable", value=repr(raw))


def read_declaration(raw: object) -> Declaration | None:
    """A trump suit (S, H, D, C) or a direction (uptown, downtown); None when not given."""
    if raw is None:
        return None
    if isinstance(raw, str):
        text = raw.strip().lower()
        for direction in Direction:
            if text == direction.value:
                return direction
        try:
            suit = Trump.parse(raw)
        except ValueError:
            suit = None
        if suit in SUITS:
            return suit
    raise InvalidDeclaration("declaration_unreadable", value=repr(raw))
