"""What the score sheet shows of a game's table events, from what the engine derived (``GameState.life``).

Every grid (the sheet, the live view, the PDF) puts each event in its place: a
row after the deal it follows, in the engine's words; a seat's column heading
with every name it has had; a seat's cells blank before its player arrived and
marked once they left. A game without events gets the plain words and nothing
else, so its sheet is the one it always was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...rules import Game, TableLife, Text, told_event
from ...words import gettext
from ...words._core import N_
from ..wording import Worded

SUBSTITUTED = " → "
"""Between the names a seat has had, in order: "Peggy → Sue"."""

KIND_LABELS = Worded(
    {
        "misdeal": N_("Misdeal"),
        "revoke": N_("Revoke"),
        "arrival": N_("Arrival"),
        "departure": N_("Departure"),
        "substitute": N_("Substitute"),
        "sit_out": N_("Sit-out"),
        "adjustment": N_("Adjustment"),
        "stop": N_("Stop"),
        "secrecy": N_("Secret totals"),
    }
)
"""What the pages call each kind of table event."""


@dataclass(frozen=True, kw_only=True)
class EventRow:
    """One table event as a row of the sheet: its number, kind and the engine's words for it."""

    number: int
    kind: str
    label: str
    text: Text


@dataclass(frozen=True, kw_only=True)
class SheetLife:
    """The table events of a game as the grids show them.

    ``rows`` are the event rows after each deal (0: before the first);
    ``seats_at`` how many seats existed in each deal (an arrival's column starts
    at their first deal); ``left_after`` the deal after which a seat was left;
    ``void`` the deals a revoke had dealt again.
    """

    rows: dict[int, list[EventRow]]
    seats_at: dict[int, int]
    left_after: dict[int, int]
    joined_after: dict[int, int]
    void: frozenset[int] = field(default_factory=frozenset)

    def after(self, number: int) -> list[EventRow]:
        """The events recorded after deal ``number`` (0: before the first deal)."""
        return self.rows.get(number, [])

    def cell(self, number: int, seat: int) -> str | None:
        """What a seat's cell in deal ``number`` holds besides a score: "absent" before the seat's
        player arrived, "left" once they left, None when they were at the table."""
        if seat >= self.seats_at.get(number, seat + 1):
            return "absent"
        left = self.left_after.get(seat)
        if left is not None and left < number:
            return "left"
        return None


def sheet_life(game: Game) -> SheetLife | None:
    """The events as the grids show them; None for a game without events."""
    state = game.state
    life = state.life
    if life is None:
        return None
    rows: dict[int, list[EventRow]] = {}
    for event in life.events:
        kind = event.event.kind
        row = EventRow(number=event.number, kind=kind, label=KIND_LABELS[kind], text=told_event(game, event))
        rows.setdefault(event.after_deal, []).append(row)
    void = frozenset(
        deal.number for deal in state.deals if (marks := life.marks_of(deal.number)) and marks.void
    )
    return SheetLife(
        rows=rows,
        seats_at={deal.number: len(life.names_at(deal.number)) for deal in state.deals},
        left_after={seat.seat: seat.left_after for seat in life.seats if seat.left_after is not None},
        joined_after={seat.seat: seat.joined_after for seat in life.seats if seat.joined_after is not None},
        void=void,
    )


def seat_heads(game: Game) -> list[str]:
    """Each seat's column heading: its player, or every player it has had ("Peggy → Sue")."""
    life = game.state.life
    if life is None:
        return list(game.table.players)
    return [SUBSTITUTED.join(seat.names) for seat in life.seats]


def side_heads(game: Game, sides: Sequence[str]) -> list[str]:
    """Each side's column heading: ``sides`` where every seat kept its player; a partnership whose
    seat was taken over shows both names ("Ann & Cy → Sue")."""
    state = game.state
    if state.life is None:
        return list(sides)
    heads = seat_heads(game)
    if state.teams is None:
        return heads
    return [" & ".join(heads[seat] for seat in team) for team in state.teams]


def dealers(game: Game) -> list[str]:
    """Who dealt each deal, by the names of that deal (a substitute deals under their own name)."""
    state = game.state
    life = state.life
    if life is None:
        names = game.table.players
        return [names[deal.facts.dealer] for deal in state.deals]
    return [life.names_at(deal.number)[deal.facts.dealer] for deal in state.deals]


def seat_notes(life: TableLife | None, word: str) -> dict[int, str]:
    """What the standings say of a seat beside its total: "left after deal 9", "joined after deal 3"."""
    if life is None:
        return {}
    notes = {}
    for seat in life.seats:
        if seat.left_after is not None:
            notes[seat.seat] = gettext("left after %(deal)s %(number)s") % {
                "deal": word,
                "number": seat.left_after,
            }
        elif seat.joined_after:
            joined = {"deal": word, "number": seat.joined_after}
            notes[seat.seat] = gettext("joined after %(deal)s %(number)s") % joined
    return notes
