"""Oneonta Whist bids (RULES.md §4.0): positive 1..c or null with a stake, the double, the totals.

A bid is checked against the bids made before it in bidding order, so that the
screen (``legal_bids``) and the referee (``verify_bids``) give the same reasons
in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import InvalidBid
from ..state import DealFacts
from ..text import Text

BidKind = Literal["positive", "null"]
TotalRule = Literal["free", "equal", "at_most"]
"""How the bids of a deal must add up: freely, exactly to the cards (cooperative),
or to at most the cards (Beat the Game). A null counts 0."""

BID_KINDS: tuple[BidKind, ...] = ("positive", "null")
DOUBLE_SCORE = 14


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaBid:
    """One player's bid: ``positive`` tricks, or ``null`` staking ``value`` points.

    Under Edd Allard a null has no value (``value`` is None). The bid checks its
    own shape; whether its numbers fit the deal is the engine's business, so that
    the refusal can name the player.
    """

    kind: BidKind
    value: int | None = None
    doubled: bool = False

    def __post_init__(self) -> None:
        if self.kind not in BID_KINDS:
            raise InvalidBid("oneonta_bid_kind", value=repr(self.kind))
        if self.value is not None and (isinstance(self.value, bool) or not isinstance(self.value, int)):
            raise InvalidBid("oneonta_bid_value", value=repr(self.value))
        if self.kind == "positive" and self.value is None:
            raise InvalidBid("oneonta_positive_needs_tricks")
        if not isinstance(self.doubled, bool):
            raise InvalidBid("oneonta_double_yes_no", value=repr(self.doubled))

    @property
    def tricks_bid(self) -> int:
        """What the bid adds to the bid total: its tricks, or 0 for a null."""
        return (self.value or 0) if self.kind == "positive" else 0

    @property
    def said(self) -> Text:
        """The bid as a text to word ("3", "null 2", "7 doubled")."""
        return Text("oneonta_bid", kind=self.kind, value=self.value, doubled=self.doubled)


def positive(value: int, *, doubled: bool = False) -> OneontaBid:
    """A bid of ``value`` tricks."""
    return OneontaBid(kind="positive", value=value, doubled=doubled)


def null(value: int | None = None, *, doubled: bool = False) -> OneontaBid:
    """A bid to take no trick, staking ``value`` points (no value under Edd Allard)."""
    return OneontaBid(kind="null", value=value, doubled=doubled)


@dataclass(frozen=True, kw_only=True, slots=True)
class BidRules:
    """What a table allows: the totals rule, null values, doubling."""

    total: TotalRule
    null_has_value: bool
    doubling: bool
    double_null: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class OneontaBidChoice:
    """One bid a player might make now, and why it is refused if it is."""

    bid: OneontaBid
    allowed: bool
    reason: Text | None = None


def bid_reason(
    rules: BidRules,
    facts: DealFacts,
    earlier: Sequence[tuple[int, OneontaBid]],
    seat: int,
    bid: OneontaBid,
    players: Sequence[str],
) -> Text | None:
    """Why ``seat`` may not make ``bid`` after the ``earlier`` (seat, bid) pairs; None when it may."""
    name = players[seat]
    cards = facts.cards
    reason = _range_reason(rules, name, cards, bid)
    if reason is None and bid.doubled:
        reason = _double_reason(rules, name, cards, bid, earlier, players)
    if reason is None and rules.total != "free":
        reason = _total_reason(rules, facts, earlier, seat, bid, players)
    return reason


def _range_reason(rules: BidRules, name: str, cards: int, bid: OneontaBid) -> Text | None:
    value = bid.value
    if bid.kind == "positive":
        assert value is not None
        if value == 0:
            return Text("oneonta_bid_zero", player=name)
        if value < 0:
            return Text("oneonta_bid_below_one", player=name, bid=value, cards=cards)
        if value > cards:
            return Text("oneonta_bid_above_cards", player=name, bid=value, cards=cards)
        return None
    if not rules.null_has_value:
        if value is not None:
            return Text("oneonta_null_without_value", player=name, value=value)
        return None
    if value is None:
        return Text("oneonta_null_needs_value", player=name, cards=cards)
    if not 1 <= value <= cards:
        return Text("oneonta_null_value_range", player=name, value=value, cards=cards)
    return None


def _double_reason(
    rules: BidRules,
    name: str,
    cards: int,
    bid: OneontaBid,
    earlier: Sequence[tuple[int, OneontaBid]],
    players: Sequence[str],
) -> Text | None:
    if not rules.doubling:
        return Text("oneonta_no_doubling", player=name)
    maximum = bid.value == cards and (bid.kind == "positive" or rules.double_null)
    if not maximum:
        undoubled = OneontaBid(kind=bid.kind, value=bid.value)
        return Text(
            "oneonta_double_only", player=name, cards=cards, null=rules.double_null, bid=undoubled.said
        )
    for other, made in earlier:
        if made.doubled:
            return Text("oneonta_first_double", player=players[other])
    return None


def _total_reason(
    rules: BidRules,
    facts: DealFacts,
    earlier: Sequence[tuple[int, OneontaBid]],
    seat: int,
    bid: OneontaBid,
    players: Sequence[str],
) -> Text | None:
    name = players[seat]
    cards = facts.cards
    so_far = sum(made.tricks_bid for _, made in earlier)
    left = cards - so_far
    if rules.total == "equal" and seat == facts.last_bidder:
        needed = positive(left) if left >= 1 else None
        if needed is None and bid.kind != "null":
            return Text("oneonta_total_made_bid_null", cards=cards, player=name)
        if needed is not None and (bid.kind != "positive" or bid.value != left):
            return Text("oneonta_total_bid_the_rest", cards=cards, player=name, left=left)
        return None
    if bid.tricks_bid <= left:
        return None
    exactly = rules.total == "equal"
    if left == 0:
        return Text("oneonta_total_reached", exactly=exactly, cards=cards, player=name)
    return Text("oneonta_bid_at_most", player=name, left=left, exactly=exactly, cards=cards, bid=so_far)


def earlier_bids(
    facts: DealFacts, bids: Sequence[OneontaBid | None], seat: int
) -> tuple[tuple[int, OneontaBid], ...]:
    """The (seat, bid) pairs made before ``seat`` in bidding order."""
    made: list[tuple[int, OneontaBid]] = []
    for other in facts.bidding_order:
        if other == seat:
            break
        bid = bids[other]
        if bid is not None:
            made.append((other, bid))
    return tuple(made)


def candidate_bids(rules: BidRules, cards: int) -> tuple[OneontaBid, ...]:
    """Every bid a player could name in a deal of ``cards``, doubles included when played."""
    found = [positive(value) for value in range(1, cards + 1)]
    if rules.null_has_value:
        found.extend(null(value) for value in range(1, cards + 1))
    else:
        found.append(null())
    if rules.doubling:
        found.append(positive(cards, doubled=True))
        if rules.double_null:
            found.append(null(cards, doubled=True))
    return tuple(found)


def legal_bids(
    rules: BidRules,
    facts: DealFacts,
    bids: Sequence[OneontaBid | None],
    players: Sequence[str],
    seat: int,
) -> tuple[OneontaBidChoice, ...]:
    """Every bid ``seat`` could name now, given the bids before it, each allowed or with the reason not.

    A player out of the deal (a tie-break hand) has no bids to choose from.
    """
    if seat in facts.sitting_out:
        return ()
    earlier = earlier_bids(facts, bids, seat)
    choices: list[OneontaBidChoice] = []
    for bid in candidate_bids(rules, facts.cards):
        reason = bid_reason(rules, facts, earlier, seat, bid, players)
        choices.append(OneontaBidChoice(bid=bid, allowed=reason is None, reason=reason))
    return tuple(choices)


def verify_bids(
    rules: BidRules,
    facts: DealFacts,
    bids: Sequence[OneontaBid | None],
    players: Sequence[str],
) -> tuple[OneontaBid | None, ...]:
    """Check a deal's bids: one per seat, in bidding order, each allowed after the ones before.

    Bids not made yet are None and come last in the bidding order; a seat out of
    the deal (a tie-break hand) has None. Raises InvalidBid naming the player.
    """
    if len(bids) != len(players):
        raise InvalidBid("bid_count", players=len(players))
    for seat in facts.sitting_out:
        if bids[seat] is not None:
            raise InvalidBid("oneonta_out_no_bid", player=players[seat])
    waiting: int | None = None
    earlier: list[tuple[int, OneontaBid]] = []
    for seat in facts.bidding_order:
        bid = bids[seat]
        if bid is None:
            waiting = seat if waiting is None else waiting
            continue
        if waiting is not None:
            raise InvalidBid("oneonta_bid_order", first=players[waiting], player=players[seat])
        reason = bid_reason(rules, facts, earlier, seat, bid, players)
        if reason is not None:
            raise InvalidBid.from_text(reason)
        earlier.append((seat, bid))
    return tuple(bids)


def bid_note(
    rules: BidRules, facts: DealFacts, bids: Sequence[OneontaBid | None], players: Sequence[str]
) -> Text | None:
    """What the next bidder must know about the totals (Cy bids last and must bid 2 ...)."""
    waiting = next((seat for seat in facts.bidding_order if bids[seat] is None), None)
    if waiting is None or rules.total == "free":
        return None
    so_far = sum(bid.tricks_bid for bid in bids if bid is not None)
    left = facts.cards - so_far
    name = players[waiting]
    if rules.total == "equal" and waiting == facts.last_bidder:
        if left == 0:
            return Text("oneonta_note_last_null", player=name, cards=facts.cards)
        return Text("oneonta_note_last_bid", player=name, left=left, cards=facts.cards)
    if left == 0:
        return Text("oneonta_note_null", cards=facts.cards, player=name)
    return Text("oneonta_note_at_most", player=name, left=left, bid=so_far, cards=facts.cards)


# --- bids as JSON-like data --------------------------------------------------------


def read_bid(raw: object, position: int) -> OneontaBid | None:
    """One bid from data: null (not made yet), a whole number (positive), or
    ``{"kind": "positive" | "null", "value": n, "doubled": false}``."""
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        return positive(raw)
    if not isinstance(raw, Mapping):
        raise InvalidBid("oneonta_bid_unreadable", position=position, value=repr(raw))
    unknown = sorted(set(raw) - {"kind", "value", "doubled"})
    if unknown:
        raise InvalidBid("oneonta_bid_unknown_key", key=repr(unknown[0]))
    kind = raw.get("kind", "positive")
    value = raw.get("value")
    doubled = raw.get("doubled", False)
    if kind not in BID_KINDS:
        raise InvalidBid("oneonta_bid_kind_at", position=position, value=repr(kind))
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidBid("oneonta_bid_value_at", position=position, value=repr(value))
    if not isinstance(doubled, bool):
        raise InvalidBid("oneonta_double_at", position=position, value=repr(doubled))
    if kind == "positive" and value is None:
        raise InvalidBid("oneonta_positive_needs_tricks_at", position=position)
    return OneontaBid(kind="null" if kind == "null" else "positive", value=value, doubled=doubled)


def write_bid(bid: OneontaBid | None) -> dict[str, object] | None:
    """The data ``read_bid`` reads back into the same bid."""
    if bid is None:
        return None
    data: dict[str, object] = {"kind": bid.kind}
    if bid.value is not None:
        data["value"] = bid.value
    if bid.doubled:
        data["doubled"] = True
    return data
