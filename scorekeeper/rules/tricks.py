"""The trick judge: which card wins a trick, and the rule that made it win.

Every ranking in RULES.md is one set of :class:`TrickRules`: the deck, how many
cards a trick has, the trump (a suit, no trump, or Oneonta's turned Joker) and
the order of the ranks (uptown: ace high; downtown: ace, 2, 3 … king). The
Jokers need no switch of their own: under a trump suit they are its two top
trumps, in no trump they are worthless, and when a Joker was turned the other
one is the only trump.

A variant declares its :class:`Ranking` (deck, trick size, Joker names, the
trumps and orders it can have); the judge is given the rules of one deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import (
    ACE,
    RANK_WORDS,
    SUIT_PLURALS,
    SUIT_SINGULARS,
    SUITS,
    Card,
    Trump,
    jokers,
    suited_cards,
)
from .errors import RuleViolation

if TYPE_CHECKING:
    from .state import DealFacts, DealState
    from .table import Table


class InvalidTrick(RuleViolation):
    """A trick that cannot have been played: a card twice, a card not in the deck, too few or many."""

    field = "cards"


class RankOrder(StrEnum):
    """Which cards win: uptown (high cards, ace best) or downtown (low cards, ace best, then 2, 3 … K)."""

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"

    @property
    def label(self) -> str:
        """The order in words."""
        return _ORDER_LABELS[self]


_ORDER_LABELS = {
    RankOrder.UPTOWN: "uptown: high cards win, ace best",
    RankOrder.DOWNTOWN: "downtown: low cards win, ace best, then 2, 3 … king",
}

DEFAULT_JOKER_NAMES = ("Large Joker", "Small Joker")


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickRules:
    """Everything that decides one trick of one deal."""

    deck: tuple[Card, ...]
    deck_description: str
    trick_size: int
    trump: Trump
    order: RankOrder = RankOrder.UPTOWN
    joker_names: tuple[str, str] = DEFAULT_JOKER_NAMES
    notes: tuple[str, ...] = ()

    def name(self, card: Card) -> str:
        """A card as a player says it: "A♠", "10♥", "Small Joker"."""
        if card.joker is not None:
            return self.joker_names[card.joker - 1]
        return card.short

    def strength(self, card: Card) -> int:
        """How strong a card of a suit is in this order: higher beats lower (Jokers are apart)."""
        if self.order is RankOrder.DOWNTOWN and card.rank != ACE:
            return ACE - card.rank
        return card.rank if self.order is RankOrder.UPTOWN else ACE


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickVerdict:
    """The winning card, its place in the trick (0 = led) and the rule that made it win, in words."""

    card: Card
    position: int
    name: str
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickSetting:
    """What a recorded deal says about its tricks: the trump (None if not noted) and the order."""

    trump: Trump | None
    order: RankOrder = RankOrder.UPTOWN


def recorded_trump(deal: DealState) -> TrickSetting:
    """The trump the table entered for the deal, or the one its rules fix; uptown."""
    return TrickSetting(trump=deal.trump or deal.facts.trump)


ALL_TRUMPS: tuple[Trump, ...] = (*SUITS, Trump.NO_TRUMP)


@dataclass(frozen=True, kw_only=True)
class Ranking:
    """How a variant's tricks are won, as its declaration gives it.

    ``trumps`` are what a deal can have as trump and ``orders`` the rank orders
    it can be played in (Bid Whist: uptown and downtown). ``setting`` reads a
    recorded deal's own trump and order.
    """

    deck: tuple[Card, ...]
    deck_description: str
    trick_size: int
    trumps: tuple[Trump, ...] = ALL_TRUMPS
    orders: tuple[RankOrder, ...] = (RankOrder.UPTOWN,)
    joker_names: tuple[str, str] = DEFAULT_JOKER_NAMES
    notes: tuple[str, ...] = ()
    setting: Callable[[DealState], TrickSetting] = field(default=recorded_trump)

    def rules(self, trump: Trump, order: RankOrder = RankOrder.UPTOWN) -> TrickRules:
        """The rules of a deal with this trump and order; refuses ones the variant cannot have."""
        if trump not in self.trumps:
            allowed = ", ".join(choice.label.lower() for choice in self.trumps)
            raise InvalidTrick(
                f"The trump here is one of {allowed}, not {trump.label.lower()}", field="trump"
            )
        if order not in self.orders:
            raise InvalidTrick(f"This game is played {self.orders[0].label} only", field="order")
        return TrickRules(
            deck=self.deck,
            deck_description=self.deck_description,
            trick_size=self.trick_size,
            trump=trump,
            order=order,
            joker_names=self.joker_names,
            notes=self.notes,
        )

    def card_names(self) -> tuple[tuple[Card, str], ...]:
        """Every card of the deck with its name, for a picker."""
        names = dict(zip((1, 2), self.joker_names, strict=True))
        return tuple((card, names[card.joker] if card.joker else card.short) for card in self.deck)


FULL_DECK = suited_cards(2)
FULL_DECK_TEXT = "52 cards, aces high"


def standard_ranking(table: Table, facts: DealFacts | None) -> Ranking:
    """One 52-card pack, aces high; a card from each player in the deal; a suit or no trump."""
    return Ranking(deck=FULL_DECK, deck_description=FULL_DECK_TEXT, trick_size=players_in(table, facts))


def oneonta_ranking(deck_size: int, trick_size: int) -> Ranking:
    """Oneonta's pack of ``deck_size``: aces down to some rank and the Large and Small Jokers.

    A turned Joker (trump ``JK``) leaves the other one the only trump.
    """
    lowest = ACE + 1 - (deck_size - 2) // len(SUITS)
    return Ranking(
        deck=(*suited_cards(lowest), *jokers(2)),
        deck_description=f"{deck_size} cards: A down to {RANK_WORDS[lowest]} of each suit and two Jokers",
        trick_size=trick_size,
        trumps=(*SUITS, Trump.JOKER),
        notes=(
            "The Large and Small Joker are the top trumps, above the ace",
            "If a Joker is turned there is no trump suit: the other Joker is the only trump, wins any "
            "trick it is played to, and when it is led the others may play any card",
        ),
    )


def players_in(table: Table, facts: DealFacts | None) -> int:
    """How many play to each trick: everyone in the deal (a dead hand sits out), else the table."""
    return len(facts.bidding_order) if facts is not None else table.size


# --- judging ---------------------------------------------------------------------------------


def read_cards(codes: Sequence[str]) -> tuple[Card, ...]:
    """Cards from their codes ("AS", "10H", "JK1"); refuses an unreadable one, naming it."""
    cards = []
    for code in codes:
        try:
            cards.append(Card.parse(code))
        except ValueError:
            raise InvalidTrick(f"{code!r} is not a card: write it as AS, 10H, QD or JK1") from None
    return tuple(cards)


def verify_trick(rules: TrickRules, cards: Sequence[Card]) -> None:
    """Raise the InvalidTrick that says why these cards cannot be one trick."""
    size = rules.trick_size
    if len(cards) != size:
        played = "no card was" if not cards else "1 card was" if len(cards) == 1 else f"{len(cards)} were"
        raise InvalidTrick(f"A trick has {size} cards, one from each player: {played} chosen")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidTrick(f"The {rules.name(card)} is played twice: the deck has only one")
        seen.add(card)
    in_deck = set(rules.deck)
    for card in cards:
        if card not in in_deck:
            if not card.is_joker:
                raise InvalidTrick(f"This deck has no {card.short}: it is {rules.deck_description}")
            jokers_in_deck = sum(1 for known in rules.deck if known.is_joker)
            what = "only one Joker" if jokers_in_deck == 1 else "no Jokers"
            raise InvalidTrick(f"This deck has {what}: it is {rules.deck_description}")
    played_jokers = [card for card in cards if card.is_joker]
    if rules.trump is Trump.JOKER and len(played_jokers) > 1:
        raise InvalidTrick(
            "A Joker was turned for trump, so only the other Joker is in play: a trick cannot hold both"
        )


def judge_trick(rules: TrickRules, cards: Sequence[Card]) -> TrickVerdict:
    """The card that wins the trick (cards in the order played, the lead first) and why."""
    verify_trick(rules, cards)
    if rules.trump is Trump.JOKER:
        return _judge_turned_joker(rules, cards)
    suits = [_playing_suit(rules, card) for card in cards]
    lead_note = ""
    led = next((suit for suit in suits if suit is not None), None)
    if led is None:
        raise InvalidTrick("Every card of this trick is a worthless Joker: no card can win it")
    if suits[0] is None:
        first = suits.index(led)
        lead_note = (
            f"the {rules.name(cards[0])} led is worthless in no trump, so the first other card, "
            f"the {rules.name(cards[first])}, sets the suit led; "
        )
    trump = rules.trump if rules.trump.is_suit else None
    trumps = [index for index, suit in enumerate(suits) if trump is not None and suit == trump]
    if trumps:
        best = max(trumps, key=lambda index: _trump_strength(rules, cards[index]))
        return _verdict(rules, cards, best, lead_note + _trump_reason(rules, cards, best, trumps, led))
    following = [index for index, suit in enumerate(suits) if suit == led]
    best = max(following, key=lambda index: rules.strength(cards[index]))
    return _verdict(rules, cards, best, lead_note + _suit_reason(rules, cards, best, following, led))


def _playing_suit(rules: TrickRules, card: Card) -> Trump | None:
    """The suit a card counts as: a Joker belongs to the trump suit, and to none in no trump."""
    if card.is_joker:
        return rules.trump if rules.trump.is_suit else None
    return card.suit


def _trump_strength(rules: TrickRules, card: Card) -> int:
    # The Jokers sit above every rank of trumps, the higher Joker first.
    if card.joker is not None:
        return 100 - card.joker
    return rules.strength(card)


def _verdict(rules: TrickRules, cards: Sequence[Card], index: int, why: str) -> TrickVerdict:
    card = cards[index]
    name = rules.name(card)
    reason = f"The {name} wins: {why}"
    return TrickVerdict(card=card, position=index, name=name, reason=reason)


def _judge_turned_joker(rules: TrickRules, cards: Sequence[Card]) -> TrickVerdict:
    """A Joker was turned: no trump suit, and the other Joker is the only trump."""
    for index, card in enumerate(cards):
        if card.is_joker:
            return _verdict(
                rules,
                cards,
                index,
                "a Joker was turned, so the other Joker is the only trump and wins any trick it is played to",
            )
    led = cards[0].suit
    assert led is not None
    following = [index for index, card in enumerate(cards) if card.suit == led]
    best = max(following, key=lambda index: rules.strength(cards[index]))
    why = "a Joker was turned, so there is no trump suit, and the other Joker was not played; " + _highest_of(
        rules, cards, best, following, led
    )
    return _verdict(rules, cards, best, why)


def _trump_reason(
    rules: TrickRules, cards: Sequence[Card], best: int, trumps: Sequence[int], led: Trump
) -> str:
    trump = rules.trump
    plural = SUIT_PLURALS[trump]
    card = cards[best]
    beats_lead = "" if led == trump else f"; a trump beats every card of {SUIT_PLURALS[led]}, the suit led"
    if card.joker is not None:
        names = rules.joker_names
        rank = (
            f"the top trump, above the {names[1]} and the ace"
            if card.joker == 1
            else f"a trump, second only to the {names[0]}"
        )
        return (
            f"the {rules.name(card)} is {rank} ({plural} are trump); no higher trump was played{beats_lead}"
        )
    if len(trumps) == 1:
        return f"{plural} are trump and it is the only trump played{beats_lead}"
    order = " (downtown: ace, then 2, 3 … king)" if rules.order is RankOrder.DOWNTOWN else ""
    return f"{plural} are trump and it is the best trump played{order}{beats_lead}"


def _suit_reason(
    rules: TrickRules, cards: Sequence[Card], best: int, following: Sequence[int], led: Trump
) -> str:
    if rules.trump is Trump.NO_TRUMP:
        start = "there is no trump; "
    else:
        start = f"no trump ({SUIT_PLURALS[rules.trump]}) was played; "
    return start + _highest_of(rules, cards, best, following, led)


def _highest_of(
    rules: TrickRules, cards: Sequence[Card], best: int, following: Sequence[int], led: Trump
) -> str:
    """Why the card wins among those of the suit led."""
    plural = SUIT_PLURALS[led]
    if len(following) == 1:
        return f"it is the only {SUIT_SINGULARS[led]} played, and {plural} were led"
    if rules.order is RankOrder.DOWNTOWN:
        rank = RANK_WORDS[cards[best].rank]
        if cards[best].rank == ACE:
            return f"it is the best of {plural}, the suit led: downtown the ace is still best"
        return (
            f"it is the best of {plural}, the suit led: downtown low cards win, "
            f"and with no ace played the {rank} is best"
        )
    return f"it is the highest of {plural}, the suit led"
