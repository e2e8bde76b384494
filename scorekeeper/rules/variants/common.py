"""Pieces several variant declarations share: decks, trump rules, end rules, options."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Deck, Trump
from ..declared import N_
from ..ending import EndRule
from ..exact import TrumpRule, turn_next_card
from ..options import OptionSpec
from ..table import Table
from ..text import Text

ScheduleOf = Callable[[Table], tuple[int, ...]]
EndOf = Callable[[Table], EndRule]

FULL_PACK = Deck(size=52, description=Text("deck_full"))


def full_pack(table: Table) -> Deck:
    """One standard 52-card pack."""
    return FULL_PACK


def fixed_length(schedule_of: ScheduleOf) -> EndOf:
    """End after the last deal of the sequence; the highest total wins."""

    def end(table: Table) -> EndRule:
        return EndRule(deals=len(schedule_of(table)))

    return end


def turned_card(table: Table) -> TrumpRule:
    """Trump is the suit of the card turned after the deal (no trump when none is left)."""
    return turn_next_card


def rotation(suits: tuple[Trump, ...]) -> TrumpRule:
    """Trump cycles through ``suits``, one deal each, from deal 1."""

    def rule(table: Table, number: int, cards_left: int) -> Trump | None:
        return suits[(number - 1) % len(suits)]

    return rule


def parse_rotation(text: str) -> tuple[Trump, ...]:
    """Read a rotation such as "S H C D NT" (spaces, commas or dashes between)."""
    words = text.replace(",", " ").replace("-", " ").split()
    return tuple(Trump.parse(word) for word in words)


def no_trump_at_all(table: Table, number: int, cards_left: int) -> Trump | None:
    """Every deal is played without trump."""
    return Trump.NO_TRUMP


SIMULTANEOUS_BIDS = OptionSpec(
    name="simultaneous_bids",
    label=N_("Bid all at once"),
    help=N_(
        "Everyone shows their bid with their fingers at the same moment. "
        "With no last bidder there is no hook."
    ),
    kind="bool",
    default=False,
)

SIMULTANEOUS_REMINDER = Text("reminder_simultaneous")
