"""Who sits where, deal by deal, once players arrive, leave, are replaced or sit out.

Seat identity. A seat is a stable number: the players a game starts with hold
seats 0 … n−1 in the order of the table's ``players``, and each arrival takes
the next unused number (n, n+1, …), whatever chair it sits in. Every per-seat
list the engine derives (bids, tricks, points, totals, the names) is indexed by
that number, so nothing recorded before an arrival ever moves, and existing
games replay exactly as before. A deal's lists have one entry for each seat
that exists when it is dealt: a seat that arrives later is simply not in an
earlier deal's lists. A seat that is not in a deal (it left, sits it out, or is
the Romanian dead hand) has None there.

Where a seat sits is the ``ring``: the seats at the table in clockwise order.
An arrival is inserted into the ring at the left of the seat the table chose,
and a departure leaves it; dealing, bidding and leading all go round the ring,
so "left of X" is the next seat in the ring, not X + 1. A deal's
``bidding_order`` therefore shows where an arrival sits. With no event the ring
is 0, 1, …, n−1 and everything is as it always was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .events import TableEvent
from .text import Text


def clockwise(ring: Sequence[int], start: int) -> tuple[int, ...]:
    """Every seat of the ring going clockwise, from ``start`` (included) round to the seat before it."""
    at = ring.index(start)
    return (*ring[at:], *ring[:at])


def left_of(ring: Sequence[int], seat: int) -> int:
    """The next seat clockwise after ``seat``."""
    return ring[(ring.index(seat) + 1) % len(ring)]


def right_of(ring: Sequence[int], seat: int) -> int:
    """The seat before ``seat`` going clockwise."""
    return ring[ring.index(seat) - 1]


def first_clockwise(ring: Sequence[int], start: int, among: Sequence[int]) -> int:
    """The first seat of ``among`` going clockwise from ``start`` (included)."""
    return next(seat for seat in clockwise(ring, start) if seat in among)


@dataclass(frozen=True, kw_only=True, slots=True)
class Seating:
    """Where everyone sits when a deal is dealt, after the table events before it.

    ``number`` counts the deals recorded (the deal's number); ``place`` is its
    place in the variant's deal sequence, which falls behind the number when a
    deal is dealt again. ``ring`` is the seats at the table, clockwise;
    ``sitting_out`` those of them who sit this deal out by choice; ``names``
    every seat's player at this deal (a seat that left keeps its last name).
    Hashable, so facts built from it can be cached.
    """

    number: int
    place: int
    dealer: int
    ring: tuple[int, ...]
    sitting_out: tuple[int, ...]
    names: tuple[str, ...]

    @property
    def seats(self) -> int:
        """How many seats exist at this deal, including any that were left."""
        return len(self.names)

    @property
    def players(self) -> int:
        """How many players sit at the table (those sitting this deal out included)."""
        return len(self.ring)

    def from_dealer(self) -> tuple[int, ...]:
        """The seats at the table from the dealer's left round to the dealer."""
        at = self.ring.index(self.dealer) + 1
        return (*self.ring[at:], *self.ring[:at])

    def ring_names(self) -> tuple[str, ...]:
        """The names of the seats at the table, in ring order."""
        return tuple(self.names[seat] for seat in self.ring)


# --- what replaying the events derives -------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatHistory:
    """One seat over the game: who sat in it, when it joined and when it was left.

    ``names`` lists everyone who held the seat, in order (a substitute adds
    one); ``joined_after`` is the number of deals played before an arrival took
    it (None for the seats the game started with) and ``start`` its starting
    total; ``left_after`` the deal after which its player left.
    """

    seat: int
    names: tuple[str, ...]
    joined_after: int | None = None
    start: int = 0
    left_after: int | None = None

    @property
    def name(self) -> str:
        """Who holds the seat now (or held it last)."""
        return self.names[-1]


@dataclass(frozen=True, kw_only=True, slots=True)
class PlanChange:
    """How a change in the number of players re-plans the deals not yet played.

    ``first_deal`` is the number of the first deal re-planned; ``before`` and
    ``after`` give the cards each player gets in each remaining deal, as
    planned before the change and after it.
    """

    first_deal: int
    players_before: int
    players_after: int
    before: tuple[int, ...]
    after: tuple[int, ...]

    @property
    def said(self) -> Text | None:
        """What it does to the deals to come, as a text (deals 10–15 become 5-player deals:
        9, 8, 7, … cards); None when no deal is left to re-plan."""
        if not self.after:
            return None
        return Text(
            "plan_change",
            first=self.first_deal,
            last=self.first_deal + len(self.after) - 1,
            players=self.players_after,
            cards=self.after[:3],
            more=len(self.after) > 3,
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class RevokeMark:
    """What a revoke found after a deal did to it, by the game's own laws.

    ``penalty`` is what it cost each side in points (per seat, or per team),
    already inside the deal's points; None when the penalty moved tricks
    instead. ``redeal``: the deal scores nothing and is dealt again.
    """

    seats: tuple[int, ...]
    redeal: bool
    penalty: tuple[int, ...] | None
    text: Text


@dataclass(frozen=True, kw_only=True, slots=True)
class DealMarks:
    """What table events did to one deal: ``misdeals`` are the dealers who misdealt it before it
    was dealt properly; ``revoke`` what a revoke found after it cost (its points already count it)."""

    misdeals: tuple[int, ...] = ()
    revoke: RevokeMark | None = None

    @property
    def void(self) -> bool:
        """True when a revoke had the deal dealt again: it scores nothing."""
        return self.revoke is not None and self.revoke.redeal


@dataclass(frozen=True, kw_only=True, slots=True)
class EventState:
    """One table event as replayed: where it stands, what it concerns and what it did.

    ``number`` counts the events from 1; ``after_deal`` is how many deals were
    recorded before it. ``seat`` is the seat it concerns (an arrival's new
    seat), ``side`` an adjustment's side, ``points`` the starting total, the
    adjustment or the revoke's points penalty. ``text`` says what it did (a text
    to word); ``plan`` is set when it re-planned the deals to come.
    """

    number: int
    event: TableEvent
    after_deal: int
    seat: int | None
    side: int | None
    points: int | None
    text: Text
    plan: PlanChange | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class TableLife:
    """What a game's table events derived: every seat's history, the seats at the table now
    (clockwise), each event as replayed, the marks they left on the deals (``marks[n - 1]`` for
    deal n, None where there are none), whether the game was stopped early, and the plan of the
    deals as it stands."""

    seats: tuple[SeatHistory, ...]
    ring: tuple[int, ...]
    events: tuple[EventState, ...]
    marks: tuple[DealMarks | None, ...]
    stopped: bool
    # Whether the table keeps the running totals secret now (rules/secrecy.py).
    secret: bool = False
    # The cards of each deal as planned now, and the places of that plan the deals played filled
    # (None where the number of players plans nothing): what the outlook reads of the deals left.
    plan: tuple[int, ...] | None = None
    places_done: int = 0

    def marks_of(self, number: int) -> DealMarks | None:
        """The marks on deal ``number``, if any."""
        return self.marks[number - 1] if 1 <= number <= len(self.marks) else None

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's player now (or last, for a seat that was left)."""
        return tuple(seat.name for seat in self.seats)

    def names_at(self, number: int) -> tuple[str, ...]:
        """Who held each seat in deal ``number``, for the seats that existed then."""
        seats = [seat for seat in self.seats if seat.joined_after is None or seat.joined_after < number]
        taken_over = [0] * len(seats)
        for event in self.events:
            if event.after_deal < number and event.event.kind == "substitute" and event.seat is not None:
                taken_over[event.seat] += 1
        return tuple(seat.names[steps] for seat, steps in zip(seats, taken_over, strict=True))
