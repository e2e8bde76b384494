"""Suits and trumps as the score sheet records them.

A trump is one of the four suits, no trump, or (Oneonta) a turned Joker. The sheet only needs to know
which it was; trick-by-trick ranking is the referee's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .text import Text


class Trump(StrEnum):
    """What is trump in a deal, written as the API writes it."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "NT"
    JOKER = "JK"

    @property
    def symbol(self) -> str:
        """The suit sign for the score sheet."""
        return _SYMBOLS[self]

    @property
    def is_suit(self) -> bool:
        """True for the four suits; false for no trump and the Joker case."""
        return self not in (Trump.NO_TRUMP, Trump.JOKER)

    @classmethod
    def parse(cls, text: str) -> Trump:
        """Read "S", "h", "NT", "spades", "no trump", "♠"...; raise ValueError otherwise."""
        key = text.strip().upper()
        for trump in cls:
            if key in (trump.value, trump.name, _READ_NAMES[trump], trump.symbol):
                return trump
        raise ValueError(f"{text!r} is not a suit or no trump")


SUITS: tuple[Trump, ...] = (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS)

# The names an entry may spell a trump with (as the API has always read them); the pages
# name trumps in the reader's language (``scorekeeper.words``).
_READ_NAMES = {
    Trump.SPADES: "SPADES",
    Trump.HEARTS: "HEARTS",
    Trump.DIAMONDS: "DIAMONDS",
    Trump.CLUBS: "CLUBS",
    Trump.NO_TRUMP: "NO TRUMP",
    Trump.JOKER: "JOKER TURNED: ONLY THE OTHER JOKER IS TRUMP",
}
_SYMBOLS = {
    Trump.SPADES: "♠",
    Trump.HEARTS: "♥",
    Trump.DIAMONDS: "♦",
    Trump.CLUBS: "♣",
    Trump.NO_TRUMP: "NT",
    Trump.JOKER: "🃏",
}


@dataclass(frozen=True, kw_only=True, slots=True)
class Deck:
    """The pack a table uses: how many cards, and which ones (a text for the page to word)."""

    size: int
    description: Text


# --- cards with ranks, for the trick judge ------------------------------------------------

ACE = 14
KING = 13
RANK_NAMES = {1: "1", 11: "J", 12: "Q", 13: "K", 14: "A"} | {rank: str(rank) for rank in range(2, 11)}
HIGHER_JOKER = 1
LOWER_JOKER = 2


@dataclass(frozen=True, kw_only=True, slots=True, order=True)
class Card:
    """One card: a rank (2..14, ace 14; 1 for Romanian's extra low cards) of a suit, or a Joker.

    A Joker has no suit and no rank; ``joker`` is 1 for the higher of a pair
    (Oneonta's Large, Bid Whist's red) and 2 for the lower. Its name belongs to
    the deck, so the trick rules say it.
    """

    suit: Trump | None = None
    rank: int = 0
    joker: int | None = None

    def __post_init__(self) -> None:
        if self.joker is not None:
            if self.joker not in (HIGHER_JOKER, LOWER_JOKER) or self.suit is not None or self.rank:
                raise ValueError("a Joker is 1 (the higher) or 2 (the lower), with no suit or rank")
        elif self.suit not in SUITS or self.rank not in RANK_NAMES:
            raise ValueError("a card is a rank from 1 to ace of one of the four suits")

    @property
    def is_joker(self) -> bool:
        """True for either Joker."""
        return self.joker is not None

    @property
    def code(self) -> str:
        """Short and stable, for forms and URLs: "AS", "10H", "JK1"."""
        if self.joker is not None:
            return f"JK{self.joker}"
        assert self.suit is not None
        return f"{RANK_NAMES[self.rank]}{self.suit.value}"

    @property
    def short(self) -> str:
        """The face as printed on a card: "A♠", "10♥"; a Joker is "JK1" until its deck names it."""
        if self.suit is None:
            return self.code
        return f"{RANK_NAMES[self.rank]}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "AS", "10h", "TD", "q♠", "JK1"; raise ValueError for anything else."""
        key = text.strip().upper()
        if key in ("JK1", "JK2"):
            return cls(joker=int(key[2]))
        if len(key) < 2:
            raise ValueError(f"{text!r} is not a card")
        rank_text, suit_text = key[:-1], key[-1]
        rank_text = "10" if rank_text == "T" else rank_text
        ranks = {name: rank for rank, name in RANK_NAMES.items()}
        if rank_text not in ranks:
            raise ValueError(f"{text!r} is not a card")
        try:
            suit = Trump.parse(suit_text)
        except ValueError:
            raise ValueError(f"{text!r} is not a card") from None
        if suit not in SUITS:
            raise ValueError(f"{text!r} is not a card")
        return cls(suit=suit, rank=ranks[rank_text])


def suited_cards(lowest: int, *, extra_ones: bool = False) -> tuple[Card, ...]:
    """Every card from ace down to ``lowest`` in each suit (spades first, ace first);
    ``extra_ones`` adds a rank-1 card to each suit (Romanian's 56-card pack for seven)."""
    bottom = 1 if extra_ones else lowest
    return tuple(Card(suit=suit, rank=rank) for suit in SUITS for rank in range(ACE, bottom - 1, -1))


def jokers(count: int) -> tuple[Card, ...]:
    """The first ``count`` Jokers, the higher first."""
    return tuple(Card(joker=number) for number in (HIGHER_JOKER, LOWER_JOKER)[:count])
