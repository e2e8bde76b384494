"""Hypothesis strategies that play legal bid-exactly games deal by deal."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules import ExactEntry, Game, get_variant, legal_bids
from scorekeeper.rules.state import DealFacts

EXACT_VARIANTS = (
    "oh-hell",
    "oh-well",
    "contract-whist",
    "up-and-down-the-river",
    "oh-pshaw",
    "british-oh-hell",
    "nomination-whist",
    "romanian-whist",
    "custom-oh-hell",
)
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def split(draw: Any, total: int, parts: int) -> list[int]:
    """A random way of sharing ``total`` tricks among ``parts`` players."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def legal_entry(draw: Any, game: Game, facts: DealFacts) -> ExactEntry:
    """Bids in bidding order, each one the engine allows, then tricks that add up."""
    size = game.table.size
    bids: list[int | None] = [None] * size
    for seat in facts.bidding_order:
        choices = [c.value for c in legal_bids(facts, tuple(bids), game.table.players, seat) if c.allowed]
        bids[seat] = draw(st.sampled_from(choices))
    shares = split(draw, facts.cards, len(facts.bidding_order))
    tricks: list[int | None] = [None] * size
    for seat, share in zip(facts.bidding_order, shares, strict=True):
        tricks[seat] = share
    return ExactEntry(number=facts.number, bids=tuple(bids), tricks=tuple(tricks))


@st.composite
def exact_games(draw: Any, max_deals: int = 40) -> Game:
    """A game of a random bid-exactly variant, played legally for a random number of deals."""
    code = draw(st.sampled_from(EXACT_VARIANTS))
    variant = get_variant(code)
    size = draw(st.integers(variant.min_players, variant.max_players))
    first = draw(st.integers(0, size - 1))
    game = Game.start(code, list(NAMES[:size]), first_dealer=first)
    deals = draw(st.integers(0, max_deals))
    for _ in range(deals):
        facts = game.state.current
        if facts is None:
            break
        game = game.record(legal_entry(draw, game, facts))
    return game
