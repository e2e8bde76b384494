"""The one mechanism every family engine replays its log with (RULES.md §9).

A game's log is an ordered list of records: the deal entries of the variant's
family and the table events between them. ``TableWalk`` hands the family each
deal entry in turn, with the seating it is dealt at, and applies the events
that come between deals itself: who sits where (the ring), who is still at the
table, who deals next, who sits a deal out, misdeals, starting totals,
adjustments and stopping early. Only what a family's own laws say stays with
the family: what a revoke costs (it scores the deal knowing ``walk.revoke``)
and how the deals still to come are re-planned for a new number of players
(the ``replan`` it passes in). A log without events takes a fast path that
changes nothing in how the family replays it.

Events are checked where they stand: a refusal names the player and the rule,
and says what can be done instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .errors import OutOfTurn
from .events import (
    EVENT_TYPES,
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
    EventState,
    PlanChange,
    SeatHistory,
    Seating,
    TableLife,
    left_of,
    right_of,
)
from .state import DealFacts, DealState
from .table import Table

DealT = TypeVar("DealT", bound=DealState)
Replan = Callable[[Table, tuple[int, ...], int], tuple[int, ...]]
"""(the table as seated now, the plan so far, places played) → the new plan: cards per place,
the places played unchanged."""

MIN_PLAYING = 3
_EVENT_TYPES = frozenset(EVENT_TYPES)


def never(table: Table) -> bool:
    """A law that never applies."""
    return False


@dataclass(frozen=True, kw_only=True)
class TableLaws:
    """What a family's own laws say about table events; everything else is shared.

    ``fixed_table`` says why players can neither join nor leave (partnership and
    two-hand games), or is None where they can. ``sit_outs``: a player may sit
    a deal out (the games where each player bids for themself).
    ``misdeal_passes``: a misdeal loses the deal, so the next player deals.
    """

    fixed_table: str | None = None
    sit_outs: bool = False
    misdeal_passes: Callable[[Table], bool] = never


class TableWalk:
    """One replay's walk through a log: iterate it for the deal entries.

    While a deal entry is handed out, ``number`` is its deal number, ``place``
    its place in the deal sequence, ``seating`` where everyone sits (None when
    the log has no event: the family's plain path applies) and ``revoke`` the
    revoke found after it, if any. The family scores the deal, then gives it to
    ``played``. ``totals`` are the per-seat totals and ``sides`` the totals the
    game reports (the same list unless partners score together): the family
    adds its points to them and the walk adds starting totals and adjustments.
    """

    __slots__ = (
        "_dealt_last",
        "_events",
        "_held",
        "_joined",
        "_last",
        "_last_is_deal",
        "_left",
        "_log",
        "_misdeals",
        "_names",
        "_open_ended",
        "_places_done",
        "_plain",
        "_replan",
        "_ring",
        "_sides",
        "_sit_outs",
        "_teams",
        "_totals",
        "_voided",
        "laws",
        "number",
        "over",
        "place",
        "plan",
        "revoke",
        "seating",
        "stopped",
        "table",
    )

    def __init__(
        self,
        table: Table,
        log: Sequence[object],
        *,
        laws: TableLaws,
        totals: list[int] | None,
        sides: list[int] | None = None,
        teams: Sequence[Sequence[int]] | None = None,
        plan: Callable[[], tuple[int, ...] | None] = lambda: None,
        open_ended: bool = False,
        replan: Replan | None = None,
    ) -> None:
        """``plan`` gives the cards of each deal as planned when the game began (None where no
        number of players changes them); only a log with events asks for it."""
        self.table = table
        self.seating: Seating | None = None
        self.revoke: Revoke | None = None
        self.stopped = False
        self._log = log
        self._plain = _EVENT_TYPES.isdisjoint(map(type, log))
        if not self._plain:
            self._start(laws, totals, sides, teams, plan(), open_ended, replan)

    def _start(
        self,
        laws: TableLaws,
        totals: list[int] | None,
        sides: list[int] | None,
        teams: Sequence[Sequence[int]] | None,
        plan: tuple[int, ...] | None,
        open_ended: bool,
        replan: Replan | None,
    ) -> None:
        """Set up what only a log with events needs (a log without any takes the fast path)."""
        table = self.table
        self.laws = laws
        self.plan = plan
        self.place = 0
        self.over = False
        self.number = 0
        self._totals = totals
        self._sides = sides if sides is not None else totals
        self._teams = teams
        self._open_ended = open_ended
        self._replan = replan
        self._names = list(table.players)
        self._held: list[list[str]] = [[name] for name in table.players]
        self._joined: dict[int, tuple[int, int]] = {}
        self._left: dict[int, int] = {}
        self._ring = list(range(table.size))
        self._dealt_last: int | None = None
        self._sit_outs: list[int] = []
        self._misdeals: list[int] = []
        self._places_done = 0
        self._voided = 0
        self._last: DealState | None = None
        self._last_is_deal = False
        self._events: list[EventState] = []

    # --- the family's side of the walk ---------------------------------------------------

    @property
    def plain(self) -> bool:
        """True when the log has no table event: every deal is dealt as the game was planned."""
        return self._plain

    def __iter__(self) -> Iterator[object]:
        """The deal entries, in order; the events between them are applied on the way.

        Without events this is the log itself: the family then counts the deals,
        leaves ``seating`` None and need not call ``played``.
        """
        return iter(self._log) if self._plain else self._walk()

    def played(self, deal: DealT, *, over: bool) -> DealT:
        """Take the deal the family just replayed; returns it with the walk's marks on it."""
        self.over = over
        if self.revoke is not None and not deal.complete:
            raise InvalidEvent(
                f"A revoke is recorded once deal {self.number} is scored: enter its tricks first"
            )
        if self._misdeals:
            deal = replace(deal, misdeals=tuple(self._misdeals))
        if deal.complete:
            self._misdeals.clear()
            if deal.void:
                self._voided += 1
            else:
                self._places_done += 1
                self._dealt_last = deal.facts.dealer
                self._sit_outs.clear()
        self._last = deal
        return deal

    def revokers(self, facts: DealFacts) -> tuple[int, ...]:
        """The seats of ``walk.revoke``, each checked to have played the deal."""
        assert self.revoke is not None
        names = self._names
        for seat in self.revoke.seats:
            if not 0 <= seat < len(names) or seat not in facts.bidding_order:
                who = names[seat] if 0 <= seat < len(names) else f"Seat {seat}"
                raise InvalidEvent(
                    f"{who} did not play deal {facts.number}, so cannot have revoked in it", field="seats"
                )
        return self.revoke.seats

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's player as the walk stands (arrivals after the seats the game began with)."""
        return self.table.players if self._plain else tuple(self._names)

    def next_seating(self) -> Seating | None:
        """Where everyone sits for the deal after the log (None when the log has no event)."""
        if self._plain:
            return None
        return self._seating(self.number + 1)

    def deal_count(self) -> int | None:
        """How many deals the game lasts now, dealt-again deals included (None if open-ended)."""
        if self._plain or self.plan is None or self._open_ended:
            return None
        return len(self.plan) + self._voided

    def stop_note(self, target: int | None = None) -> str:
        """What the sheet says of a game stopped early."""
        played = self.number
        count = self.deal_count()
        text = f"Stopped after deal {played}" + (f" of {count}" if count is not None else "")
        if target is not None:
            return f"{text}: no one reached {target}, so the totals rank the players"
        return f"{text}: the standings then are final"

    def life(self) -> TableLife | None:
        """What the events derived, for the game state (None when the log has none)."""
        if self._plain:
            return None
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
            seats=tuple(seats), ring=tuple(self._ring), events=tuple(self._events), stopped=self.stopped
        )

    # --- the walk ------------------------------------------------------------------------------

    def _walk(self) -> Iterator[object]:
        log = self._log
        for index, item in enumerate(log):
            if type(item) in EVENT_TYPES:
                self._apply(item)  # type: ignore[arg-type]  # checked just above
                self._last_is_deal = False
                continue
            if self.stopped:
                raise OutOfTurn(f"The game was stopped after deal {self.number}: no deal follows")
            following = log[index + 1] if index + 1 < len(log) else None
            self.revoke = following if type(following) is Revoke else None
            self.number += 1
            self.place = self._places_done + 1
            self.seating = self._seating(self.number)
            yield item
            self._last_is_deal = True

    def _seating(self, number: int) -> Seating:
        return Seating(
            number=number,
            place=self._places_done + 1,
            dealer=self._next_dealer(),
            ring=tuple(self._ring),
            sitting_out=tuple(seat for seat in self._ring if seat in self._sit_outs),
            names=tuple(self._names),
        )

    def _next_dealer(self) -> int:
        if self._dealt_last is None:
            return self.table.first_dealer
        return left_of(self._ring, self._dealt_last)

    def _apply(self, event: TableEvent) -> None:
        if self.stopped:
            raise InvalidEvent(f"The game was stopped after deal {self.number}: nothing more is recorded")
        if isinstance(event, Revoke):
            self._revoke(event)
            return
        self._between_deals(event)
        # Each kind of event has its method here, named after it: _misdeal, _arrival, …
        apply: Callable[[TableEvent], EventState] = getattr(self, f"_{event.kind}")
        self._events.append(apply(event))

    def _between_deals(self, event: TableEvent) -> None:
        what = _WHAT[type(event)]
        if self.over:
            raise InvalidEvent(f"The game is over: {what} can no longer be recorded")
        if self._last is not None and not self._last.complete:
            raise InvalidEvent(
                f"Deal {self.number} is under way: finish it, or undo what was entered of it, before {what}"
            )

    def _state(
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

    # --- each event -------------------------------------------------------------------------------

    def _revoke(self, event: Revoke) -> None:
        deal = self._last
        if not self._last_is_deal or deal is None:
            if self._events and isinstance(self._events[-1].event, Revoke):
                raise InvalidEvent(
                    f"Deal {self.number} already has a revoke: correct that one to name every player "
                    "who revoked"
                )
            raise InvalidEvent("A revoke is recorded right after the deal it was found in")
        assert deal.revoke is not None, "the family scores a deal with the revoke after it"
        self._events.append(
            self._state(event, deal.revoke.text, seat=event.seats[0], points=_penalty_points(deal))
        )

    def _misdeal(self, event: Misdeal) -> EventState:
        dealer = self._next_dealer()
        names = self._names
        number = self.number + 1
        self._misdeals.append(dealer)
        if self.laws.misdeal_passes(self.table):
            self._dealt_last = dealer
            successor = names[self._next_dealer()]
            text = f"{names[dealer]} misdealt deal {number}: a misdeal loses the deal, so {successor} deals"
        else:
            text = f"{names[dealer]} misdealt deal {number} and deals it again"
        return self._state(event, text, seat=dealer)

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
        seat = len(self._names)
        neighbour = self._names[event.left_of]
        self._names.append(name)
        self._held.append([name])
        self._joined[seat] = (self.number, start)
        if self._totals is not None:
            self._totals.append(start)
        self._ring.insert(self._ring.index(event.left_of) + 1, seat)
        plan = self._replanned(count, f"{name} cannot join")
        how = _START_WORDS.get(str(event.start), "")
        when = f"after deal {self.number}" if self.number else "before deal 1"
        text = f"{name} joins {when} at the left of {neighbour}, starting on {start}{how}"
        return self._state(event, _with_plan(text, plan), seat=seat, points=start, plan=plan)

    def _departure(self, event: Departure) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self._names[seat], self.table.variant
        if self.number == 0:
            raise InvalidEvent(
                f"{name} cannot leave before the first deal: start the game again without {name}"
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
        text = f"{name} leaves after deal {self.number}{total}"
        return self._state(event, _with_plan(text, plan), seat=seat, plan=plan)

    def _substitute(self, event: Substitute) -> EventState:
        seat = self._seat_at_table(event.seat)
        self._check_new_name(event.name, returning_to=seat)
        before = self._names[seat]
        self._names[seat] = event.name
        self._held[seat].append(event.name)
        text = f"{event.name} takes over {before}'s seat from deal {self.number + 1}"
        return self._state(event, text, seat=seat)

    def _sit_out(self, event: SitOut) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self._names[seat], self.table.variant
        number = self.number + 1
        if not self.laws.sit_outs:
            raise InvalidEvent(
                f"{name} cannot sit out: in {variant.name} every player plays every deal. "
                f"A substitute can take over {name}'s seat"
            )
        if seat in self._sit_outs:
            raise InvalidEvent(f"{name} already sits deal {number} out")
        need = max(MIN_PLAYING, variant.min_players)
        playing = len(self._ring) - len(self._sit_outs) - 1
        if playing < need:
            raise InvalidEvent(
                f"{name} cannot sit deal {number} out: at least {need} players must play each deal of "
                f"{variant.name}, and only {playing} would"
            )
        self._sit_outs.append(seat)
        return self._state(event, f"{name} sits deal {number} out", seat=seat)

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
                f"{who} left after deal {self._left[event.side]}: their total is final", field="side"
            )
        sides[event.side] += event.points
        sign = "+" if event.points > 0 else "−"
        text = f"{who} {sign}{abs(event.points)} after deal {self.number}: {event.reason}"
        return self._state(event, text, side=event.side, points=event.points)

    def _stop(self, event: Stop) -> EventState:
        if self.number == 0:
            raise InvalidEvent("Nothing has been played yet: abandon the game rather than stop it")
        self.stopped = True
        return self._state(event, self.stop_note())

    # --- helpers ------------------------------------------------------------------------------

    def _seat_at_table(self, seat: int) -> int:
        if not 0 <= seat < len(self._names):
            raise InvalidEvent(f"There is no seat {seat} at this table", field="seat")
        if seat in self._left:
            name = self._names[seat]
            raise InvalidEvent(f"{name} left after deal {self._left[seat]}", field="seat")
        return seat

    def _check_new_name(self, name: str, returning_to: int | None = None) -> None:
        """Refuse a name another seat has had; a player may come back to their own seat."""
        for seat, held in enumerate(self._held):
            if seat != returning_to and name.casefold() in (other.casefold() for other in held):
                raise InvalidEvent(
                    f"{name} already has a seat at this table: give the newcomer a different name",
                    field="name",
                )
        if returning_to is not None and name.casefold() == self._names[returning_to].casefold():
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
            return self._names[side]
        team = self._teams[side]
        if len(self._teams) == 1:
            return "The team"
        return " and ".join(self._names[seat] for seat in team)

    def _replanned(self, before: int, refusal: str) -> PlanChange | None:
        """Re-plan the deals to come for the new number of players, by the family's own rule."""
        plan, replan = self.plan, self._replan
        if plan is None or replan is None:
            return None
        done = self._places_done
        seated = replace(self.table, players=tuple(self._names[seat] for seat in self._ring), first_dealer=0)
        try:
            new = replan(seated, plan, done)
        except InvalidEvent as refused:
            raise InvalidEvent(f"{refusal}: {refused.message}") from refused
        self.plan = new
        return PlanChange(
            first_deal=self.number + 1,
            players_before=before,
            players_after=len(self._ring),
            before=_remaining(plan, done, self._open_ended),
            after=_remaining(new, done, self._open_ended),
        )


_START_WORDS = {"lowest": " (the lowest total)", "average": " (the average, rounded down)"}
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


def _penalty_points(deal: DealState) -> int | None:
    assert deal.revoke is not None
    penalty = deal.revoke.penalty
    if penalty is None:
        return None
    return -max(penalty)
