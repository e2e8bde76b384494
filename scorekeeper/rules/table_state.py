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
    start_from,
)
from .replan import capped
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
from .text import Text

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
        # The variant's own sequence as re-planned for the players seated, before any cap: each
        # change of players continues it afresh, never the capped plan an earlier change left.
        self._sequence = self.plan
        self.number = 0
        self.places_done = 0
        self.over = False
        self.stopped = False
        self.names = list(table.players)
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
            raise InvalidEvent("event_stopped_no_deal", number=self.number)
        self.number += 1
        self._last_is_deal = True
        return self.seating(self.number)

    def played(
        self, deal: DealState, *, over: bool, revoke: Revoke | None, revoked: RevokeMark | None
    ) -> None:
        """Take the deal the family just replayed, with what the revoke after it (if any) cost."""
        self.over = over
        if revoke is not None and not deal.complete:
            # A revoke waits for the deal under way, as every event but those RULES.md §9 lets in.
            raise InvalidEvent("event_deal_under_way", number=self.number, kind="revoke")
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
                who = names[seat] if 0 <= seat < len(names) else None
                raise InvalidEvent(
                    "event_revoke_not_played", field="seats", player=who, at_seat=seat, number=facts.number
                )
        return revoke.seats

    def deal_count(self) -> int | None:
        """How many deals the game lasts now, dealt-again deals included (None if open-ended)."""
        if self.plan is None or self._planner is None or self._planner.open_ended:
            return None
        return len(self.plan) + self._voided

    def stop_note(self, target: int | None = None, totals: Sequence[int] = ()) -> Text:
        """What the sheet says of a game stopped early: ``target`` is the game's target, said to be
        unreached unless one of ``totals`` reached it (level at the top, play would have gone on)."""
        if target is not None and totals and max(totals) >= target:
            target = None
        return Text("note_stopped", number=self.number, count=self.deal_count(), target=target)

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
            raise InvalidEvent("event_after_stop", number=self.number)
        if isinstance(event, Revoke):
            self._revoke(event)
        else:
            self._between_deals(event)
            # Each kind of event has its method here, named after it: _misdeal, _arrival, …
            apply: Callable[[TableEvent], EventState] = getattr(self, f"_{event.kind}")
            self._events.append(apply(event))
        self._last_is_deal = False

    def _between_deals(self, event: TableEvent) -> None:
        if self.over:
            raise InvalidEvent("event_game_over", kind=event.kind)
        if self._last is not None and not self._last.complete:
            raise InvalidEvent("event_deal_under_way", number=self.number, kind=event.kind)

    def _revoke(self, event: Revoke) -> None:
        if not self._last_is_deal or self._last is None:
            if self._events and isinstance(self._events[-1].event, Revoke):
                raise InvalidEvent("event_revoke_twice", number=self.number)
            raise InvalidEvent("event_revoke_where")
        if event.penalty is not None and event.penalty not in self.laws.revoke_penalties:
            raise InvalidEvent(
                "event_revoke_penalty_not_offered",
                field="penalty",
                variant=self.table.variant.name,
                penalty=event.penalty,
            )
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
            text = Text("event_misdeal_passes", dealer=names[dealer], number=number, successor=successor)
        else:
            text = Text("event_misdeal", dealer=names[dealer], number=number)
        return self._event(event, text, seat=dealer)

    def _arrival(self, event: Arrival) -> EventState:
        name, variant = event.name, self.table.variant
        if self.laws.fixed_table is not None:
            raise InvalidEvent(
                "event_join_fixed_table", name=name, variant=variant.name, why=self.laws.fixed_table
            )
        count = len(self._ring)
        if count + 1 > variant.max_players:
            raise InvalidEvent(
                "event_join_table_full",
                name=name,
                variant=variant.name,
                most=variant.max_players,
                count=count,
            )
        if event.left_of not in self._ring:
            raise InvalidEvent("event_left_of_absent", field="left_of", at_seat=event.left_of, name=name)
        self._check_newcomer(name)
        start = self._start_total(event)
        seat = len(self.names)
        neighbour = self.names[event.left_of]
        self.names.append(name)
        self._held.append([name])
        self._joined[seat] = (self.number, start)
        if self._totals is not None:
            self._totals.append(start)
        self._ring.insert(self._ring.index(event.left_of) + 1, seat)
        plan = self._replanned(count, "join", name)
        rule = event.start if isinstance(event.start, str) else None
        text = Text(
            "event_arrival",
            name=name,
            after=self.number,
            neighbour=neighbour,
            start=start,
            rule=rule,
            plan=_said(plan),
        )
        return self._event(event, text, seat=seat, points=start, plan=plan)

    def _departure(self, event: Departure) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self.names[seat], self.table.variant
        if self.number == 0:
            raise InvalidEvent("event_leave_before_first", name=name)
        if self.laws.fixed_table is not None:
            raise InvalidEvent(
                "event_leave_fixed_table", name=name, variant=variant.name, why=self.laws.fixed_table
            )
        left = len(self._ring) - 1
        if left < variant.min_players:
            raise InvalidEvent(
                "event_leave_too_few", name=name, variant=variant.name, least=variant.min_players, left=left
            )
        if seat in (self._dealt_last, self._next_dealer()):
            # The deal passes on from where the leaving player sat.
            self._dealt_last = right_of(self._ring, seat)
        self._ring.remove(seat)
        if seat in self._sit_outs:
            self._sit_outs.remove(seat)
        self._left[seat] = self.number
        if self._sit_outs and (playing := self._playing_next()) < MIN_PLAYING:
            # At least MIN_PLAYING play every deal: a departure may not leave too few beside a sit-out.
            raise InvalidEvent(
                "event_leave_sit_out_too_few",
                name=name,
                sitting=tuple(self.names[out] for out in self._sit_outs),
                number=self.number + 1,
                playing=playing,
                least=MIN_PLAYING,
            )
        plan = self._replanned(left + 1, "leave", name)
        total = self._totals[seat] if self._totals is not None else None
        text = Text("event_departure", name=name, number=self.number, total=total, plan=_said(plan))
        return self._event(event, text, seat=seat, plan=plan)

    def _substitute(self, event: Substitute) -> EventState:
        seat = self._seat_at_table(event.seat)
        self._check_new_name(event.name, returning_to=seat)
        before = self.names[seat]
        self.names[seat] = event.name
        self._held[seat].append(event.name)
        text = Text("event_substitute", name=event.name, before=before, number=self.number + 1)
        return self._event(event, text, seat=seat)

    def _sit_out(self, event: SitOut) -> EventState:
        seat = self._seat_at_table(event.seat)
        name, variant = self.names[seat], self.table.variant
        number = self.number + 1
        if not self.laws.sit_outs:
            raise InvalidEvent("event_sit_out_not_allowed", name=name, variant=variant.name)
        if seat in self._sit_outs:
            raise InvalidEvent("event_sits_out_already", name=name, number=number)
        playing = self._playing_next(seat)
        if playing < MIN_PLAYING:
            raise InvalidEvent(
                "event_sit_out_too_few",
                name=name,
                number=number,
                least=MIN_PLAYING,
                variant=variant.name,
                playing=playing,
            )
        self._sit_outs.append(seat)
        return self._event(event, Text("event_sit_out", name=name, number=number), seat=seat)

    def _adjustment(self, event: Adjustment) -> EventState:
        sides = self._sides
        assert sides is not None, "every game keeps totals"
        if not 0 <= event.side < len(sides):
            raise InvalidEvent(
                "event_side_out_of_range", field="side", highest=len(sides) - 1, value=event.side
            )
        who = self._side_name(event.side)
        if self._teams is None and event.side in self._left:
            raise InvalidEvent("event_side_left", field="side", who=who, number=self._left[event.side])
        sides[event.side] += event.points
        text = Text("event_adjustment", who=who, points=event.points, number=self.number, reason=event.reason)
        return self._event(event, text, side=event.side, points=event.points)

    def _stop(self, event: Stop) -> EventState:
        if self.number == 0:
            raise InvalidEvent("event_stop_before_play")
        self.stopped = True
        return self._event(event, self.stop_note())

    # --- helpers ------------------------------------------------------------------------------

    def _event(
        self,
        event: TableEvent,
        text: Text,
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

    def _next_dealer(self) -> int:
        if self._dealt_last is None:
            return self.table.first_dealer
        return left_of(self._ring, self._dealt_last)

    def _seat_at_table(self, seat: int) -> int:
        if not 0 <= seat < len(self.names):
            raise InvalidEvent("event_no_such_seat", field="seat", at_seat=seat)
        if seat in self._left:
            raise InvalidEvent(
                "event_player_left", field="seat", name=self.names[seat], number=self._left[seat]
            )
        return seat

    def _check_new_name(self, name: str, returning_to: int | None = None) -> None:
        """Refuse a name another seat has had; a player may come back to their own seat."""
        for seat, held in enumerate(self._held):
            if seat != returning_to and same_name_key(name) in (same_name_key(other) for other in held):
                raise InvalidEvent("event_name_taken", field="name", name=name)
        if returning_to is not None and same_name_key(name) == same_name_key(self.names[returning_to]):
            raise InvalidEvent("event_name_holds_seat", field="name", name=name)

    def _playing_next(self, sitting_out: int | None = None) -> int:
        """How many play the next deal, with those sitting it out (and ``sitting_out`` too). Those
        who sit out may still deal; only a dealer the rules deal no cards (the dead hand) does not
        play the deal either."""
        out = {*self._sit_outs} if sitting_out is None else {*self._sit_outs, sitting_out}
        if self.laws.dealer_sits_out(self._seated()):
            out.add(self._next_dealer())
        return len(self._ring) - len(out)

    def _check_newcomer(self, name: str) -> None:
        """Refuse a newcomer the name of a player at the table now. A player who left (or was
        replaced) and comes back arrives anew, under their own name, in a new seat."""
        key = same_name_key(name)
        if any(same_name_key(self.names[seat]) == key for seat in self._ring):
            raise InvalidEvent("event_name_taken", field="name", name=name)

    def _start_total(self, event: Arrival) -> int:
        if isinstance(event.start, int):
            return event.start
        if self._totals is None:
            return 0
        return start_from(event.start, [self._totals[seat] for seat in self._ring])

    def _side_name(self, side: int) -> str | Text | tuple[str, ...]:
        """A side by name: the player, the partners, or the one team of a cooperative game."""
        if self._teams is None:
            return self.names[side]
        if len(self._teams) == 1:
            return Text("the_team")
        return tuple(self.names[seat] for seat in self._teams[side])

    def _seated(self) -> Table:
        """The table as it sits now: its players those at the table, in ring order (the variant's
        rules that depend on the number of players read it; seats are never looked up in it)."""
        return replace(self.table, players=tuple(self.names[seat] for seat in self._ring), first_dealer=0)

    def _replanned(self, before: int, action: str, name: str) -> PlanChange | None:
        """Re-plan the deals to come for the new number of players, by the family's own rule; a refusal
        says that ``name`` cannot ``action`` ("join", "leave") and why.

        The deals played stay as they were dealt. The rest is derived afresh from the variant's
        own sequence for the players now seated (RULES.md §9), continuing from the places played,
        and only then capped at the largest hand they may hold: so a departure lifts a cap that
        an earlier arrival set.
        """
        plan, sequence, planner = self.plan, self._sequence, self._planner
        if plan is None or sequence is None or planner is None:
            return None
        done = self.places_done
        seated = self._seated()
        try:
            continued = planner.replan(self.table, seated, _prefix(sequence, done))
        except InvalidEvent as refused:
            raise InvalidEvent(
                "event_replan_refused", action=action, name=name, reason=refused.text
            ) from refused
        largest = planner.largest(seated)
        to_come = continued[done:] if largest is None else capped(continued, done, largest)[done:]
        new = _prefix(plan, done) + to_come
        self._sequence = continued
        self.plan = new
        return PlanChange(
            first_deal=self.number + 1,
            players_before=before,
            players_after=len(self._ring),
            before=_remaining(plan, done, planner.open_ended),
            after=_remaining(new, done, planner.open_ended),
        )


def _prefix(plan: tuple[int, ...], done: int) -> tuple[int, ...]:
    """The first ``done`` deals of a plan; an open-ended plan's last deal repeats past its end."""
    return plan[:done] + plan[-1:] * max(0, done - len(plan))


def _remaining(plan: tuple[int, ...], done: int, open_ended: bool) -> tuple[int, ...]:
    if open_ended:
        return (plan[min(done, len(plan) - 1)],)
    return plan[done:]


def _said(plan: PlanChange | None) -> Text | None:
    """What a re-plan does to the deals to come, for an event's text."""
    return None if plan is None else plan.said
