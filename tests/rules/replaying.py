"""Playing a game from entries written as data, and reading its deals back as one kind."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from scorekeeper.rules import Game, get_variant

Deal = TypeVar("Deal")


def play(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, object],
    entries: Iterable[Mapping[str, object]],
) -> Game:
    """A game of ``variant`` with each entry recorded in turn, read as the store reads its data."""
    engine = get_variant(variant).engine
    game = Game.start(variant, players, options=options)
    for data in entries:
        game = game.record(engine.read_entry(len(game.entries) + 1, data))
    return game


def deals_as(game: Game, kind: type[Deal]) -> list[Deal]:
    """The game's deals, every one of them of ``kind``."""
    deals = [deal for deal in game.state.deals if isinstance(deal, kind)]
    assert len(deals) == len(game.state.deals)
    return deals
