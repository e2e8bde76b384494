"""A game is its table and the ordered log of what was recorded; everything else is replayed.

``Game`` is immutable: recording, correcting or undoing returns a new game,
after the whole log has been replayed and checked against the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from .ending import MOST_DEALS, deal_limit_refusal
from .errors import OutOfTurn
from .state import GameState
from .table import Table
from .variants import get_variant


class NumberedEntry(Protocol):
    """Any per-deal record: the engine of the variant's family says which kind."""

    @property
    def number(self) -> int:
        """The deal the entry belongs to, from 1."""
        ...


@dataclass(frozen=True)
class Game:
    """A table and its recorded entries, one per deal, in order."""

    table: Table
    entries: tuple[NumberedEntry, ...] = ()

    @classmethod
    def start(
        cls,
        variant: str,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, object] | None = None,
    ) -> Game:
        """A new game of the variant with this code or alias; checks the table."""
        table = Table.create(get_variant(variant), players, first_dealer=first_dealer, options=options)
        return cls(table)

    @cached_property
    def state(self) -> GameState:
        """The derived state: dealers, cards, constraints, points, totals, winners."""
        return self.table.variant.engine.replay(self.table, self.entries)

    def record(self, entry: NumberedEntry) -> Game:
        """Enter the current deal, or correct an earlier one; later deals are re-scored.

        Raises a RuleViolation, and changes nothing, when the rules refuse it, or
        when the deal is past the most any game takes (``MOST_DEALS``).
        """
        number = entry.number
        count = len(self.entries)
        if number == count + 1 > MOST_DEALS:
            raise OutOfTurn(deal_limit_refusal(number))
        if number == count + 1:
            entries = (*self.entries, entry)
        elif 1 <= number <= count:
            entries = (*self.entries[: number - 1], entry, *self.entries[number:])
        else:
            raise OutOfTurn(f"Deal {number} cannot be entered yet: the next deal is {count + 1}")
        game = Game(self.table, entries)
        _ = game.state  # replays and checks the whole log
        return game

    def verify(self, entry: NumberedEntry) -> None:
        """Raise the RuleViolation that recording ``entry`` would raise, if any."""
        self.record(entry)

    def undo(self) -> Game:
        """The game without its last entry."""
        if not self.entries:
            raise OutOfTurn("There is nothing to undo: no deal has been recorded")
        return Game(self.table, self.entries[:-1])
