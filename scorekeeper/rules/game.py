"""A game is its table and the ordered log of what was recorded; everything else is replayed.

The log holds the deal entries of the variant's family and the table events
(``events.py``) in the order the table recorded them. ``Game`` is immutable:
recording, correcting or undoing returns a new game, after the whole log has
been replayed and checked against the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol, cast

from .ending import MOST_DEALS, MOST_LOG_ITEMS
from .errors import OutOfTurn, RuleViolation
from .events import TableEvent, is_event, is_event_data, read_event, write_event
from .state import DealState, GameState
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
    """A table and its log: the deal entries, one per deal in order, and the table events between."""

    table: Table
    log: tuple[object, ...] = ()

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

    @classmethod
    def from_data(cls, table: Table, items: Sequence[Mapping[str, object]]) -> Game:
        """The game whose log is ``items`` as JSON-like data (a stored or exported log), unchecked:
        reading its ``state`` replays and checks it."""
        engine = table.variant.engine
        log: list[object] = []
        deals = 0
        for data in items:
            if is_event_data(data):
                log.append(read_event(data))
            else:
                deals += 1
                log.append(engine.read_entry(deals, data))
        return cls(table, tuple(log))

    @classmethod
    def imported(cls, table: Table, items: Sequence[Mapping[str, object]]) -> Game:
        """The game whose log is ``items`` (an exported log as data), checked in one replay.

        Refused, before any replay, past MOST_LOG_ITEMS ("import_log_limit"); past MOST_DEALS or
        on a refusal of the rules, recorded item by item (only then) to raise "import_refused"
        naming the first deal or event at fault and why.
        """
        if len(items) > MOST_LOG_ITEMS:
            events = sum(1 for data in items if is_event_data(data))
            raise OutOfTurn(
                "import_log_limit",
                field="file",
                most=MOST_LOG_ITEMS,
                entered=len(items) - events,
                events=events,
            )
        try:
            game = cls.from_data(table, items)
            if len(game.entries) <= MOST_DEALS:
                return _checked(game)
        except RuleViolation:
            pass
        # Refused: record the items one by one, to name the first at fault and why.
        return cls(table)._first_refusal(items)

    def _first_refusal(self, items: Sequence[Mapping[str, object]]) -> Game:
        """Record ``items`` one by one; raise the refusal of the first the rules refuse, named."""
        game, engine = self, self.table.variant.engine
        for data in items:
            event = is_event_data(data)
            number = len(game.events) + 1 if event else len(game.entries) + 1
            try:
                if event:
                    game = game.add(read_event(data))
                else:
                    game = game.record(cast(NumberedEntry, engine.read_entry(number, data)))
            except RuleViolation as refused:
                raise RuleViolation(
                    "import_refused",
                    field=refused.field,
                    item="event" if event else "deal",
                    number=number,
                    reason=refused.text,
                ) from refused
        return game

    def log_data(self) -> list[dict[str, object]]:
        """The log as JSON-like data, which ``from_data`` reads back into the same game."""
        engine = self.table.variant.engine
        return [
            write_event(item) if is_event(item) else engine.write_entry(item)  # type: ignore[arg-type]
            for item in self.log
        ]

    @cached_property
    def entries(self) -> tuple[NumberedEntry, ...]:
        """The deal entries, in order: deal ``n`` is ``entries[n - 1]``."""
        return tuple(item for item in self.log if not is_event(item))  # type: ignore[misc]

    @cached_property
    def events(self) -> tuple[TableEvent, ...]:
        """The table events, in order: event ``k`` is ``events[k - 1]``."""
        return tuple(item for item in self.log if is_event(item))  # type: ignore[misc]

    @cached_property
    def state(self) -> GameState:
        """The derived state: dealers, cards, constraints, points, totals, winners."""
        return self.table.variant.engine.replay(self.table, self.log)

    # --- positions in the log ----------------------------------------------------------

    def deal_position(self, number: int) -> int:
        """Where deal ``number`` stands in the log, from 1."""
        return self._position(number, deal=True)

    def event_position(self, number: int) -> int:
        """Where event ``number`` stands in the log, from 1."""
        return self._position(number, deal=False)

    def _position(self, number: int, *, deal: bool) -> int:
        seen = 0
        for position, item in enumerate(self.log, start=1):
            if is_event(item) != deal:
                seen += 1
                if seen == number:
                    return position
        if deal:
            raise OutOfTurn("no_such_deal", number=number, recorded=seen)
        raise OutOfTurn("no_such_event", number=number, recorded=seen)

    def before_deal(self, number: int) -> Game:
        """The game as it stood when deal ``number`` was dealt: the log before its entry."""
        if number > len(self.entries):
            return self
        return Game(self.table, self.log[: self.deal_position(number) - 1])

    # --- deals -------------------------------------------------------------------------------

    def record(self, entry: NumberedEntry) -> Game:
        """Enter the current deal, or correct an earlier one; later deals are re-scored.

        Raises a RuleViolation, and changes nothing, when the rules refuse it, or
        when the deal is past the most any game takes (``MOST_DEALS``).
        """
        number = entry.number
        count = len(self.entries)
        if number == count + 1 > MOST_DEALS:
            raise OutOfTurn("deal_limit", number=number, most=MOST_DEALS)
        if number == count + 1:
            self._check_room()
            log = (*self.log, entry)
        elif 1 <= number <= count:
            at = self.deal_position(number) - 1
            log = (*self.log[:at], entry, *self.log[at + 1 :])
        else:
            raise OutOfTurn("deal_not_yet", number=number, next=count + 1)
        return _checked(Game(self.table, log))

    def verify(self, entry: NumberedEntry) -> None:
        """Raise the RuleViolation that recording ``entry`` would raise, if any."""
        self.record(entry)

    # --- table events --------------------------------------------------------------------

    def add(self, event: TableEvent) -> Game:
        """Record a table event after everything recorded so far.

        While a deal is under way (``deal_under_way``), the events RULES.md §9 allows then are recorded
        as their ``mid_deal`` says: a misdeal or stopping early drops what was entered of the deal (it
        is not scored), a substitute goes before it (taking over the seat for that deal, whose entries
        stay). Any other event is refused there, as it is after an incomplete deal.

        Raises a RuleViolation naming the player and the rule, and changes
        nothing, when the rules refuse it there, or when the log already holds
        the most items a game keeps (``MOST_LOG_ITEMS``).
        """
        self._check_room()
        log = (*self.log, event)
        if event.mid_deal is not None and self.deal_under_way() is not None:
            under_way = self.log[-1]
            log = (*self.log[:-1], event) if event.mid_deal == "drops" else (*self.log[:-1], event, under_way)
        return _checked(Game(self.table, log))

    def deal_under_way(self) -> DealState | None:
        """The deal being entered, when its entry is the last thing recorded and it is not complete
        (bids saved, tricks not yet); None between deals."""
        if not self.log or is_event(self.log[-1]):
            return None
        deals = self.state.deals
        return deals[-1] if deals and not deals[-1].complete else None

    def with_tail(self, position: int, items: Sequence[Mapping[str, object]]) -> Game:
        """The game with its log from ``position`` (from 1) on replaced by ``items`` (as data, which
        ``log_data`` writes): what a change replaced, put back by undo; checked in one replay."""
        kept = self.log_data()[: max(0, position - 1)]
        return _checked(Game.from_data(self.table, [*kept, *items]))

    def _check_room(self) -> None:
        """Refuse one more item once the log holds MOST_LOG_ITEMS deals and events together."""
        if len(self.log) >= MOST_LOG_ITEMS:
            raise OutOfTurn(
                "log_limit", most=MOST_LOG_ITEMS, entered=len(self.entries), events=len(self.events)
            )

    def verify_event(self, event: TableEvent) -> None:
        """Raise the RuleViolation that recording ``event`` now would raise, if any."""
        self.add(event)

    def correct_event(self, number: int, event: TableEvent) -> Game:
        """Replace event ``number`` (from 1) with ``event`` where it stands; later deals are re-scored."""
        at = self.event_position(number) - 1
        return _checked(Game(self.table, (*self.log[:at], event, *self.log[at + 1 :])))

    # --- undo ----------------------------------------------------------------------------------

    def undo(self) -> Game:
        """The game without the last item of its log, deal or event."""
        if not self.log:
            raise OutOfTurn("nothing_to_undo")
        return Game(self.table, self.log[:-1])

    def last_is_event(self) -> bool:
        """True when the last item of the log is a table event."""
        return bool(self.log) and is_event(self.log[-1])


def _checked(game: Game) -> Game:
    """The game, once its whole log has replayed without a RuleViolation."""
    _ = game.state  # replays and checks the whole log
    return game
