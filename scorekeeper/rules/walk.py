"""The one mechanism every family engine replays its log with (RULES.md §9).

A game's log is an ordered list of records: the deal entries of the variant's
family and the table events between them. ``TableWalk`` hands the family each
deal entry in turn, with the seating it is dealt at, and applies the events
that come between deals itself (``table_state.py``): who sits where (the
ring), who is still at the table, who deals next, who sits a deal out,
misdeals, starting totals, adjustments and stopping early. Only what a
family's own laws say stays with the family: what a revoke costs (it scores
the deal knowing ``walk.revoke``), how the deals still to come are re-planned
for a new number of players (its ``Planner``), and the
``TableLaws`` it declares. A log without events takes a fast path that changes
nothing in how the family replays it.

A family's replay reads::

    walk = TableWalk(table, log, laws=LAWS, totals=totals)
    for number, entry in enumerate(walk, start=1):
        seating = walk.seating  # None: no event so far, the deal is dealt as planned
        ...score the deal, knowing walk.revoke...
        deals.append(deal if seating is None else walk.played(deal, over=over))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from .events import EVENT_TYPES, Revoke
from .seating import RevokeMark, Seating, TableLife
from .state import DealFacts, DealState
from .table import Table
from .table_laws import Planner, TableLaws
from .table_state import TableState
from .text import Text

__all__ = ["Planner", "TableLaws", "TableWalk"]

DealT = TypeVar("DealT", bound=DealState)
_EVENT_TYPES = frozenset(EVENT_TYPES)


class TableWalk:
    """One replay's walk through a log: iterate it for the deal entries.

    While a deal entry is handed out, ``seating`` says where everyone sits for
    it (None when the log has no event: the family's plain path applies),
    ``place`` is its place in the deal sequence and ``revoke`` the revoke found
    after it, if any. The family scores the deal, then gives it to ``played``.
    ``totals`` are the per-seat totals and ``sides`` the totals the game reports
    (the same list unless partners score together): the family adds its points
    to them and the events add starting totals and adjustments.
    """

    __slots__ = ("_log", "_plain", "_state", "revoke", "seating", "table")

    def __init__(
        self,
        table: Table,
        log: Sequence[object],
        *,
        laws: TableLaws,
        totals: list[int] | None,
        sides: list[int] | None = None,
        teams: Sequence[Sequence[int]] | None = None,
        planner: Planner | None = None,
    ) -> None:
        """``planner`` is the family where the number of players plans its deals (None where it
        does not); only a log with events asks it anything."""
        self.table = table
        self.seating: Seating | None = None
        self.revoke: Revoke | None = None
        self._log = log
        self._plain = _EVENT_TYPES.isdisjoint(map(type, log))
        self._state: TableState | None = None
        if not self._plain:
            self._state = TableState(
                table,
                laws=laws,
                totals=totals,
                sides=sides,
                teams=teams,
                planner=planner,
            )

    def __iter__(self) -> Iterator[object]:
        """The deal entries, in order; the events between them are applied on the way.

        Without events this is the log itself: the family then counts the deals,
        leaves ``seating`` None and need not call ``played``.
        """
        return iter(self._log) if self._state is None else self._walk(self._state)

    def _walk(self, state: TableState) -> Iterator[object]:
        log = self._log
        for index, item in enumerate(log):
            if type(item) in _EVENT_TYPES:
                state.apply(item)  # type: ignore[arg-type]  # checked just above
                continue
            following = log[index + 1] if index + 1 < len(log) else None
            self.revoke = following if type(following) is Revoke else None
            self.seating = state.deal_begins()
            yield item

    # --- what the family reads and tells -------------------------------------------------------

    @property
    def plain(self) -> bool:
        """True when the log has no table event: every deal is dealt as the game was planned."""
        return self._plain

    @property
    def plan(self) -> tuple[int, ...] | None:
        """The cards of each deal as planned now (only for a log with events)."""
        return None if self._state is None else self._state.plan

    @property
    def place(self) -> int:
        """The place in the deal sequence of the deal handed out (only for a log with events)."""
        assert self.seating is not None
        return self.seating.place

    @property
    def stopped(self) -> bool:
        """True when the table stopped the game early."""
        return self._state is not None and self._state.stopped

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's player as the walk stands (arrivals after the seats the game began with)."""
        return self.table.players if self._state is None else tuple(self._state.names)

    def played(self, deal: DealT, *, over: bool, revoked: RevokeMark | None = None) -> DealT:
        """Take the deal the family just replayed, and what the revoke after it cost (by the
        family's laws); returns the deal, for the family to keep."""
        assert self._state is not None
        self._state.played(deal, over=over, revoke=self.revoke, revoked=revoked)
        return deal

    def revokers(self, facts: DealFacts) -> tuple[int, ...]:
        """The seats of ``walk.revoke``, each checked to have played the deal."""
        assert self._state is not None and self.revoke is not None
        return self._state.revokers(self.revoke, facts)

    def next_seating(self) -> Seating | None:
        """Where everyone sits for the deal after the log (None when the log has no event)."""
        return None if self._state is None else self._state.seating(self._state.number + 1)

    def deal_count(self) -> int | None:
        """How many deals the game lasts now, dealt-again deals included (None if open-ended)."""
        return None if self._state is None else self._state.deal_count()

    def stop_note(self, target: int | None = None, totals: Sequence[int] = ()) -> Text:
        """What the sheet says of a game stopped early: ``target`` is the game's target, said to be
        unreached unless one of ``totals`` reached it."""
        assert self._state is not None
        return self._state.stop_note(target, totals)

    def life(self) -> TableLife | None:
        """What the events derived, for the game state (None when the log has none)."""
        return None if self._state is None else self._state.life()
