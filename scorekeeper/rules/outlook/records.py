"""Each player's record of bids made, for the odds: from the deals of a game, added to the table's.

A deal whose players each bid a number of tricks and make it or not says so (``made``); a deal of a
partnership game says nothing of one player's bidding, and its units' records stay None (the odds
then draw from the neutral prior).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..state import GameState
from .odds import Record


@runtime_checkable
class MadeOrMissed(Protocol):
    """A deal that says whether each seat made its bid (None: it did not bid, or is not scored)."""

    def made(self, seat: int) -> bool | None:
        """Whether ``seat`` took exactly its bid."""
        ...


def game_records(state: GameState) -> tuple[Record | None, ...]:
    """Per unit of the totals, its bids made and missed in the game's complete deals; all None where
    partners score together or no deal says."""
    units = len(state.totals)
    if state.teams is not None:
        return (None,) * units
    made = [0] * units
    missed = [0] * units
    said = False
    for deal in state.deals:
        if not deal.complete or not isinstance(deal, MadeOrMissed):
            continue
        for seat in deal.facts.bidding_order:
            result = deal.made(seat)
            if result is None:
                continue
            said = True
            made[seat] += result
            missed[seat] += not result
    if not said:
        return (None,) * units
    return tuple(Record(made=made[seat], missed=missed[seat]) for seat in range(units))


def combined(*records: Sequence[Record | None]) -> tuple[Record | None, ...]:
    """Records of the same units added together (a game's to the table's history)."""
    width = max((len(row) for row in records), default=0)
    out: list[Record | None] = []
    for unit in range(width):
        found = [row[unit] for row in records if unit < len(row) and row[unit] is not None]
        if not found:
            out.append(None)
            continue
        out.append(
            Record(
                made=sum(record.made for record in found if record is not None),
                missed=sum(record.missed for record in found if record is not None),
            )
        )
    return tuple(out)
