"""Suits and trumps as the score sheet records them.

A trump is one of the four suits, no trump, or (Oneonta) a turned Joker. The sheet only needs to know
which it was; trick-by-trick ranking is the referee's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Trump(StrEnum):
    """What is trump in a deal, written as the API writes it."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "NT"
    JOKER = "JK"

    @property
    def label(self) -> str:
        """The name a player says out loud."""
        return _LABELS[self]

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
        """Read "S", "h", "NT", "spades", "♠"...; raise ValueError otherwise."""
        key = text.strip().upper()
        for trump in cls:
            if key in (trump.value, trump.name, trump.label.upper(), trump.symbol):
                return trump
        raise ValueError(f"{text!r} is not a suit or no trump")


SUITS: tuple[Trump, ...] = (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS)

_LABELS = {
    Trump.SPADES: "Spades",
    Trump.HEARTS: "Hearts",
    Trump.DIAMONDS: "Diamonds",
    Trump.CLUBS: "Clubs",
    Trump.NO_TRUMP: "No trump",
    Trump.JOKER: "Joker turned: only the other Joker is trump",
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
    """The pack a table uses: how many cards, and in words which ones."""

    size: int
    description: str
