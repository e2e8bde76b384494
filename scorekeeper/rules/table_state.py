"""The seats of a game as its log is replayed, and what each table event does to them (RULES.md §9).

``TableState`` is the half of the table walk (``walk.py``) that only a log with
events needs: the ring of seats at the table, every seat's names, who deals
next, who sits the next deal out and who misdealt it, the deals played and
dealt again, the re-planned deals, and each event as replayed. Each event is
checked where it stands; a refusal names the player and the rule, and says
what can be done instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .events import (
    START_WORDS,
    Adjustment,
    Arrival,
    Departure,
    InvalidEvent,
    Misdeal,
    Revoke,
    SitOut,
    Stop,
    Substitute,
    TableEvent,
)
from .seating import (
    DealMarks,
    EventState,
    PlanChange,
    RevokeMark,
    SeatHistory,
    Seating,
    TableLife,
    left_of,
    right_of,
)
from .state import DealFacts, DealState
from .table import Table, same_name_key
from .table_laws import Planner, TableLaws

MIN_PLAYING = 3


class TableState:
    """Where everyone sits and what the events did, as the walk goes through a log.

    ``number`` counts the deals recorded so far and ``places_done`` the places
    of the deal sequence they filled (a deal dealt again fills none). ``totals``
    are the per-seat totals and ``sides`` the totals the game reports, which
    the family scores into and the events add starting totals and
    adjustments to. ``plan`` is the cards of each deal as planned now.
    """

    def __init__(
        self,
        table: Table,
        *,
        laws: TableLaws,
        totals: list[int] | None,
        sides: list[int] | None,
        teams: Sequence[Sequence[int]] | None,
        planner: Planner | None,
    ) -> None:
        self.table = table
        self.laws = laws
        self.plan = None if planner is None else planner.planned(table)
        self.number = 0
        self.places_done = 0
        self.over = False
        self.stopped = False
        self.names = list(table.players)
        self.word = table.variant.deal_word
        self._totals = totals
        self._sides = sides if sides is not None else totals
        self._teams = teams
        self._planner = planner
        self._held: list[list[str]] = [[name] for name in table.players]
        self._joined: dict[int, tuple[int, int]] = {}
        self._left: dict[int, int] = {}
        self._ring = list(range(table.size))
        self._dealt_last: int | None = None
        self._sit_outs: list[int] = []
        self._misdeals: list[int] = []
        self._voided = 0
        self._marks: list[DealMarks | None] = []
        self._last: DealState | None = None
        self._last_is_deal = False
        self._events: list[EventState] = []

    # --- deals -------------------------------------------------------------------------------

    def seating(self, number: int) -> Seating:
        """Where everyone sits for deal ``number``, the next to be dealt."""
        return Seating(
            number=number,
            place=self.places_done + 1,
            dealer=self._next_dealer(),
            ring=tuple(self._ring),
            sitting_out=tuple(seat for seat in self._ring if seat in self._sit_outs),
            names=tuple(self.names),
        )

    def deal_begins(self) -> Seating:
        """A deal entry comes next in the log: count it, and say where everyone sits for it."""
        if self.stopped:
            raise InvalidEvent(f"The game was stopped after {self._deal()}: no {self.word.singular} follows")
        self.number += 1
        self._last_is_deal = True
        return self.seating(self.number)

    def played(
        self, deal: DealState, *, over: bool, revoke: Revoke | None, revoked: RevokeMark | None
    ) -> None:
        """Take the deal the family just replayed, with what the revoke after it (if any) cost."""
        self.over = over
        if revoke is not None and not deal.complete:
            raise InvalidEvent(f"A revoke is recorded once {self._deal()} is scored: enter its tricks first")
        marks = None
        if self._misdeals or revoked is not None:
            marks = DealMarks(misdeals=tuple(self._misdeals), revoke=revoked)
        self._marks.append(marks)
        if deal.complete:
            self._misdeals.clear()
            if marks is not None and marks.void:
                self._voided += 1
            else:
                self.places_done += 1
                self._dealt_last = deal.facts.dealer
                self._sit_outs.clear()
        self._last = deal

    def revokers(self, revoke: Revoke, facts: DealFacts) -> tuple[int, ...]:
        """The seats of ``revoke``, each checked to have played the deal."""
        names = self.names
        for seat in revoke.seats:
            if not 0 <= seat < len(names) or seat not in facts.bidding_order:
                who = names[seat] if 0 <= seat < len(names) else f"Seat {seat}"
                raise InvalidEvent(
                    f"{who} did not play {self._deal(facts.number)}, so cannot have revoked in it",
                    field="seats",
                )
        return revoke.seats

    def deal_count(self) -> int | None:
        """How many deals the game lasts now, dealt-again deals included (None if open-ended)."""
        if self.plan is None or self._planner is None or self._planner.open_ended:
            return None
        return len(self.plan) + self._voided

    def stop_note(self, target: int | None = None) -> str:
        """What the sheet says of a game stopped early."""
        count = self.deal_count()
        text = f"Stopped after {self._deal()}" + (f" of {count}" if count is not None else "")
        if target is not None:
            return f"{text}: no one reached {target}, so the totals rank the players"
        return f"{text}: the standings then are final"

    def life(self) -> TableLife:
        """What the events derived, for the game state."""
        seats = []
        for seat, held in enumerate(self._held):
            joined = self._joined.get(seat)
            seats.append(
                SeatHistory(
                    seat=seat,
                    names=tuple(held),
                    joined_after=None if joined is None else joined[0],
                    start=0 if joined is None else joined[1],
                    left_after=self._left.get(seat),
                )
            )
        return TableLife(
            seats=tuple(seats),
            ring=tuple(self._ring),
            events=tuple(self._events),
            marks=tuple(self._marks),
            stopped=self.stopped,
        )

    # --- events ----------------------------------------------------------------------------------

    def apply(self, event: TableEvent) -> None:
        """Check a table event where it stands in the log and do what it does."""
        if self.stopped:
            raise InvalidEvent(f"The game was stopped after {self._deal()}: nothing more is recorded")
        if isinstance(event, Revoke):
            self._revoke(event)
        else:
            self._between_deals(event)
            # Each kind of event has its method here, named after it: _misdeal, _arrival, …
            apply: Callable[[TableEvent], EventState] = getattr(self, f"_{event.kind}")
            self._events.append(apply(event))
        self._last_is_deal = False

    def _between_deals(self, event: TableEvent) -> None:
        what = _WHAT[type(event)]
        if self.over:
            raise InvalidEvent(f"The game is over: {what} can no longer be recorded")
        if self._last is not None and not self._last.complete:
            raise InvalidEvent(
                f"{self.word.title} {self.number} is under way: finish it, or undo what was entered of it, "
                f"before {what}"
            )

    def _revoke(self, event: Revoke) -> None:
        if not self._last_is_deal or self._last is None:
            if self._events and isinstance(self._events[-1].event, Revoke):
                raise InvalidEvent(
                    f"{self.word.title} {self.number} already has a revoke: correct that one to name "
                    "every player who revoked"
                )
            raise InvalidEvent(f"A revoke is recorded right after the {self.word.singular} it was found in")
        marks = self._marks[-1]
        assert marks is not None and marks.revoke is not None, "the family scores a deal with its revoke"
        revoked = marks.revoke
        penalty = None if revoked.penalty is None else -max(revoked.penalty)
        self._events.append(self._event(event, revoked.text, seat=event.seats[0], points=penalty))

    def _misdeal(self, event: Misdeal) -> EventState:
        dealer = self._next_dealer()
        names = self.names
        number = self.number + 1
        self._misdeals.append(dealer)
        if self.laws.misdeal_passes(self.table):
            self._dealt_last = dealer
            successor = names[self._next_dealer()]
            misdealt = f"{names[dealer]} misdealt {self._deal(number)}"
            text = f"{misdealt}: a misdeal loses the deal, so {successor} deals"
        else:
            text = f"{names[dealer]} misdealt {self._deal(number)} and deals it again"
        return self._event(event, text, seat=dealer)

    def _arrival(self, event: Arrival) -> EventState:
        name, variant = event.name, self.table.variant
        if self.laws.fixed_table is not None:
            raise InvalidEvent(
                f"{name} cannot join: {variant.name} {self.laws.fixed_table}. "
                f"{name} can take over a seat as a substitute"
            )
        count = len(self._ring)
        if count + 1 > variant.max_players:
            raise InvalidEvent(
                f"{name} cannot join: {variant.name} is played by at most {variant.max_players} players, "
                f"and {count} already play. {name} can take over a seat as a substitute"
            )
        if event.left_of not in self._ring:
            raise InvalidEvent(
                f"Seat {event.left_of} is not at the table: seat {name} at the left of a player who plays",
                field="left_of",
            )
        self._check_new_name(name)
        start = self._start_total(event)
        seat = len(self.names)
        neighbour = self.names[event.left_of]
        self.names.append(name)
        self._held.append([name])
        self._joined[seat] = (self.number, start)
        if self._totals is not None:
            self._totals.append(start)
        self._ring.insert(self._ring.index(event.left_of) + 1, seat)
        plan = self._replanned(count, f"{name} cannot join")
        how = f" ({START_WORDS[event.start]})" if isinstance(event.start, str) else ""
        when = f"after {self._deal()}" if self.number else f"before {self._deal(1)}"
        text = f"{name} joins {when} at the left of {neighbour}, starting on {start}{how}"
        return self._event(event, _with_plan(text, plan), seat=seat, points=start, plan=plan)

    def _departure(self, event: Departure) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self.names[seat], self.table.variant
        if self.number == 0:
            raise InvalidEvent(
                f"{name} cannot leave before the first {self.word.singular}: "
                f"start the game again without {name}"
            )
        if self.laws.fixed_table is not None:
            raise InvalidEvent(
                f"{name} cannot leave: {variant.name} {self.laws.fixed_table}. "
                f"A substitute can take over {name}'s seat"
            )
        left = len(self._ring) - 1
        if left < variant.min_players:
            raise InvalidEvent(
                f"{name} cannot leave: {variant.name} needs at least {variant.min_players} players, "
                f"and only {left} would be left. A substitute can take over {name}'s seat"
            )
        if seat in (self._dealt_last, self._next_dealer()):
            # The deal passes on from where the leaving player sat.
            self._dealt_last = right_of(self._ring, seat)
        self._ring.remove(seat)
        if seat in self._sit_outs:
            self._sit_outs.remove(seat)
        self._left[seat] = self.number
        plan = self._replanned(left + 1, f"{name} cannot leave")
        total = f" with {self._totals[seat]}" if self._totals is not None else ""
        text = f"{name} leaves after {self._deal()}{total}"
        return self._event(event, _with_plan(text, plan), seat=seat, plan=plan)

    def _substitute(self, event: Substitute) -> EventState:
        seat = self._seat_at_table(event.seat)
        self._check_new_name(event.name, returning_to=seat)
        before = self.names[seat]
        self.names[seat] = event.name
        self._held[seat].append(event.name)
        text = f"{event.name} takes over {before}'s seat from {self._deal(self.number + 1)}"
        return self._event(event, text, seat=seat)

    def _sit_out(self, event: SitOut) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self.names[seat], self.table.variant
        number = self.number + 1
        if not self.laws.sit_outs:
            raise InvalidEvent(
                f"{name} cannot sit out: in {variant.name} every player plays every {self.word.singular}. "
                f"A substitute can take over {name}'s seat"
            )
        if seat in self._sit_outs:
            raise InvalidEvent(f"{name} already sits {self._deal(number)} out")
        need = max(MIN_PLAYING, variant.min_players)
        playing = len(self._ring) - len(self._sit_outs) - 1
        if playing < need:
            raise InvalidEvent(
                f"{name} cannot sit {self._deal(number)} out: at least {need} players must play each "
                f"{self.word.singular} of "
                f"{variant.name}, and only {playing} would"
            )
        self._sit_outs.append(seat)
        return self._event(event, f"{name} sits {self._deal(number)} out", seat=seat)

    def _adjustment(self, event: Adjustment) -> EventState:
        sides = self._sides
        assert sides is not None, "every game keeps totals"
        if not 0 <= event.side < len(sides):
            raise InvalidEvent(
                f"The points go to a side from 0 to {len(sides) - 1}, not {event.side}", field="side"
            )
        who = self._side_name(event.side)
        if self._teams is None and event.side in self._left:
            raise InvalidEvent(
                f"{who} left after {self._deal(self._left[event.side])}: their total is final", field="side"
            )
        sides[event.side] += event.points
        sign = "+" if event.points > 0 else "−"
        text = f"{who} {sign}{abs(event.points)} after {self._deal()}: {event.reason}"
        return self._event(event, text, side=event.side, points=event.points)

    def _stop(self, event: Stop) -> EventState:
        if self.number == 0:
            raise InvalidEvent("Nothing has been played yet: abandon the game rather than stop it")
        self.stopped = True
        return self._event(event, self.stop_note())

    # --- helpers ------------------------------------------------------------------------------

    def _event(
        self,
        event: TableEvent,
        text: str,
        *,
        seat: int | None = None,
        side: int | None = None,
        points: int | None = None,
        plan: PlanChange | None = None,
    ) -> EventState:
        return EventState(
            number=len(self._events) + 1,
            event=event,
            after_deal=self.number,
            text=text,
            seat=seat,
            side=side,
            points=points,
            plan=plan,
        )

    def _deal(self, number: int | None = None) -> str:
        """ "deal 5" ("hand 5" where the players say hand): deal ``number``, or the last one recorded."""
        return f"{self.word.singular} {self.number if number is None else number}"

    def _next_dealer(self) -> int:
        if self._dealt_last is None:
            return self.table.first_dealer
        return left_of(self._ring, self._dealt_last)

    def _seat_at_table(self, seat: int) -> int:
        if not 0 <= seat < len(self.names):
            raise InvalidEvent(f"There is no seat {seat} at this table", field="seat")
        if seat in self._left:
            raise InvalidEvent(f"{self.names[seat]} left after {self._deal(self._left[seat])}", field="seat")
        return seat

    def _check_new_name(self, name: str, returning_to: int | None = None) -> None:
        """Refuse a name another seat has had; a player may come back to their own seat."""
        for seat, held in enumerate(self._held):
            if seat != returning_to and same_name_key(name) in (same_name_key(other) for other in held):
                raise InvalidEvent(
                    f"{name} already has a seat at this table: give the newcomer a different name",
                    field="name",
                )
        if returning_to is not None and same_name_key(name) == same_name_key(self.names[returning_to]):
            raise InvalidEvent(f"{name} already holds this seat", field="name")

    def _start_total(self, event: Arrival) -> int:
        if isinstance(event.start, int):
            return event.start
        if self._totals is None:
            return 0
        current = [self._totals[seat] for seat in self._ring]
        if event.start == "lowest":
            return min(current)
        return sum(current) // len(current)

    def _side_name(self, side: int) -> str:
        if self._teams is None:
            return self.names[side]
        if len(self._teams) == 1:
            return "The team"
        return " and ".join(self.names[seat] for seat in self._teams[side])

    def _replanned(self, before: int, refusal: str) -> PlanChange | None:
        """Re-plan the deals to come for the new number of players, by the family's own rule."""
        plan, planner = self.plan, self._planner
        if plan is None or planner is None:
            return None
        done = self.places_done
        seated = replace(self.table, players=tuple(self.names[seat] for seat in self._ring), first_dealer=0)
        try:
            new = planner.replan(seated, plan, done)
        except InvalidEvent as refused:
            raise InvalidEvent(f"{refusal}: {refused.message}") from refused
        self.plan = new
        return PlanChange(
            first_deal=self.number + 1,
            players_before=before,
            players_after=len(self._ring),
            before=_remaining(plan, done, planner.open_ended),
            after=_remaining(new, done, planner.open_ended),
        )


_WHAT: dict[type, str] = {
    Misdeal: "a misdeal",
    Arrival: "a player's arrival",
    Departure: "a player's departure",
    Substitute: "a substitute",
    SitOut: "a sit-out",
    Adjustment: "an adjustment",
    Stop: "stopping the game",
}


def _remaining(plan: tuple[int, ...], done: int, open_ended: bool) -> tuple[int, ...]:
    if open_ended:
        return (plan[min(done, len(plan) - 1)],)
    return plan[done:]


def _with_plan(text: str, plan: PlanChange | None) -> str:
    return text if plan is None or not plan.after else f"{text}; {plan.text()}"
