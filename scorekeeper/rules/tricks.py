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

from .cards import ACE, SUITS, Card, Trump, jokers, suited_cards
from .errors import RuleViolation
from .text import Text

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


JokerName = str
"""What a deck calls one of its Jokers, as a code the page words: "large", "small", "red", "black",
or "joker" where a deck has only one."""
DEFAULT_JOKER_NAMES: tuple[JokerName, JokerName] = ("large", "small")


def card_text(card: Card, joker_names: tuple[JokerName, JokerName] = DEFAULT_JOKER_NAMES) -> Text:
    """A card as a player names it: its face ("A♠", "10♥"), or the deck's name for a Joker."""
    if card.joker is not None:
        return Text("card", joker=joker_names[card.joker - 1])
    return Text("card", face=card.short)


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickRules:
    """Everything that decides one trick of one deal."""

    deck: tuple[Card, ...]
    deck_description: Text
    trick_size: int
    trump: Trump
    order: RankOrder = RankOrder.UPTOWN
    joker_names: tuple[JokerName, JokerName] = DEFAULT_JOKER_NAMES
    notes: tuple[Text, ...] = ()

    def name(self, card: Card) -> Text:
        """A card as a player says it: "A♠", "10♥", the Small Joker."""
        return card_text(card, self.joker_names)

    def strength(self, card: Card) -> int:
        """How strong a card of a suit is in this order: higher beats lower (Jokers are apart)."""
        if self.order is RankOrder.DOWNTOWN and card.rank != ACE:
            return ACE - card.rank
        return card.rank if self.order is RankOrder.UPTOWN else ACE


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickVerdict:
    """The winning card, its place in the trick (0 = led), its name and the rule that made it win."""

    card: Card
    position: int
    name: Text
    reason: Text


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
    deck_description: Text
    trick_size: int
    trumps: tuple[Trump, ...] = ALL_TRUMPS
    orders: tuple[RankOrder, ...] = (RankOrder.UPTOWN,)
    joker_names: tuple[JokerName, JokerName] = DEFAULT_JOKER_NAMES
    notes: tuple[Text, ...] = ()
    setting: Callable[[DealState], TrickSetting] = field(default=recorded_trump)

    def rules(self, trump: Trump, order: RankOrder = RankOrder.UPTOWN) -> TrickRules:
        """The rules of a deal with this trump and order; refuses ones the variant cannot have."""
        if trump not in self.trumps:
            allowed = tuple(choice.value for choice in self.trumps)
            raise InvalidTrick("judge_trump_not_allowed", field="trump", allowed=allowed, trump=trump.value)
        if order not in self.orders:
            raise InvalidTrick("judge_order_only", field="order", order=self.orders[0].value)
        return TrickRules(
            deck=self.deck,
            deck_description=self.deck_description,
            trick_size=self.trick_size,
            trump=trump,
            order=order,
            joker_names=self.joker_names,
            notes=self.notes,
        )

    def card_names(self) -> tuple[tuple[Card, Text], ...]:
        """Every card of the deck with its name, for a picker."""
        return tuple((card, card_text(card, self.joker_names)) for card in self.deck)


FULL_DECK = suited_cards(2)
FULL_DECK_TEXT = Text("deck_full")


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
        deck_description=Text("deck_oneonta_judge", size=deck_size, lowest=lowest),
        trick_size=trick_size,
        trumps=(*SUITS, Trump.JOKER),
        notes=(Text("judge_jokers_top_trumps"), Text("judge_joker_turned_rule")),
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
            raise InvalidTrick("judge_not_a_card", value=repr(code)) from None
    return tuple(cards)


def verify_trick(rules: TrickRules, cards: Sequence[Card]) -> None:
    """Raise the InvalidTrick that says why these cards cannot be one trick."""
    size = rules.trick_size
    if len(cards) != size:
        raise InvalidTrick("judge_trick_size", size=size, chosen=len(cards))
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidTrick("judge_card_twice", card=rules.name(card))
        seen.add(card)
    in_deck = set(rules.deck)
    for card in cards:
        if card not in in_deck:
            if not card.is_joker:
                raise InvalidTrick("judge_card_not_in_deck", card=card.short, deck=rules.deck_description)
            jokers_in_deck = sum(1 for known in rules.deck if known.is_joker)
            raise InvalidTrick("judge_joker_not_in_deck", jokers=jokers_in_deck, deck=rules.deck_description)
    played_jokers = [card for card in cards if card.is_joker]
    if rules.trump is Trump.JOKER and len(played_jokers) > 1:
        raise InvalidTrick("judge_both_jokers")


def judge_trick(rules: TrickRules, cards: Sequence[Card]) -> TrickVerdict:
    """The card that wins the trick (cards in the order played, the lead first) and why."""
    verify_trick(rules, cards)
    if rules.trump is Trump.JOKER:
        return _judge_turned_joker(rules, cards)
    suits = [_playing_suit(rules, card) for card in cards]
    lead_note: Text | None = None
    led = next((suit for suit in suits if suit is not None), None)
    if led is None:
        raise InvalidTrick("judge_all_worthless")
    if suits[0] is None:
        first = suits.index(led)
        lead_note = Text("judge_worthless_lead", led=rules.name(cards[0]), first=rules.name(cards[first]))
    trump = rules.trump if rules.trump.is_suit else None
    trumps = [index for index, suit in enumerate(suits) if trump is not None and suit == trump]
    if trumps:
        best = max(trumps, key=lambda index: _trump_strength(rules, cards[index]))
        return _verdict(rules, cards, best, _trump_reason(rules, cards, best, trumps, led), lead_note)
    following = [index for index, suit in enumerate(suits) if suit == led]
    best = max(following, key=lambda index: rules.strength(cards[index]))
    return _verdict(rules, cards, best, _suit_reason(rules, cards, best, following, led), lead_note)


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


def _verdict(
    rules: TrickRules, cards: Sequence[Card], index: int, why: Text, lead: Text | None = None
) -> TrickVerdict:
    """The verdict, its reason worded from ``why`` (and ``lead``: how a worthless lead was passed over)."""
    card = cards[index]
    name = rules.name(card)
    reason = Text("judge_wins", card=name, lead=lead, why=why)
    return TrickVerdict(card=card, position=index, name=name, reason=reason)


def _judge_turned_joker(rules: TrickRules, cards: Sequence[Card]) -> TrickVerdict:
    """A Joker was turned: no trump suit, and the other Joker is the only trump."""
    for index, card in enumerate(cards):
        if card.is_joker:
            return _verdict(rules, cards, index, Text("judge_other_joker_wins"))
    led = cards[0].suit
    assert led is not None
    following = [index for index, card in enumerate(cards) if card.suit == led]
    best = max(following, key=lambda index: rules.strength(cards[index]))
    why = Text("judge_joker_turned_not_played", highest=_highest_of(rules, cards, best, following, led))
    return _verdict(rules, cards, best, why)


def _trump_reason(
    rules: TrickRules, cards: Sequence[Card], best: int, trumps: Sequence[int], led: Trump
) -> Text:
    """Why the best trump wins; ``led`` is named when the suit led was not trumps (a trump beats it)."""
    trump = rules.trump
    card = cards[best]
    beaten = None if led == trump else led.value
    if card.joker is not None:
        names = rules.joker_names
        if card.joker == 1:
            lower = card_text(Card(joker=2), names)
            return Text(
                "judge_top_joker", card=rules.name(card), lower=lower, trump=trump.value, beaten=beaten
            )
        higher = card_text(Card(joker=1), names)
        return Text(
            "judge_second_joker", card=rules.name(card), higher=higher, trump=trump.value, beaten=beaten
        )
    if len(trumps) == 1:
        return Text("judge_only_trump", trump=trump.value, beaten=beaten)
    downtown = rules.order is RankOrder.DOWNTOWN
    return Text("judge_best_trump", trump=trump.value, downtown=downtown, beaten=beaten)


def _suit_reason(
    rules: TrickRules, cards: Sequence[Card], best: int, following: Sequence[int], led: Trump
) -> Text:
    highest = _highest_of(rules, cards, best, following, led)
    if rules.trump is Trump.NO_TRUMP:
        return Text("judge_no_trump_at_all", highest=highest)
    return Text("judge_no_trump_played", trump=rules.trump.value, highest=highest)


def _highest_of(
    rules: TrickRules, cards: Sequence[Card], best: int, following: Sequence[int], led: Trump
) -> Text:
    """Why the card wins among those of the suit led."""
    if len(following) == 1:
        return Text("judge_only_card_of_suit", suit=led.value)
    if rules.order is RankOrder.DOWNTOWN:
        if cards[best].rank == ACE:
            return Text("judge_downtown_ace", suit=led.value)
        return Text("judge_downtown_best", suit=led.value, rank=cards[best].rank)
    return Text("judge_highest_of_suit", suit=led.value)
