"""What replaying a game derives: the facts of every deal and of the game.

Nothing here is stored; it is recomputed from the inputs on every replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Trump
from .seating import DealMarks, TableLife
from .table import Table
from .text import Text

Status = Literal["in_progress", "finished"]


@dataclass(frozen=True, kw_only=True, slots=True)
class DealFacts:
    """What the rules decide about a deal before anyone bids.

    ``trump`` is the suit the rules fix, or None when the table turns a card
    and says which suit it was (``trump_turned``).
    """

    number: int
    cards: int
    dealer: int
    sitting_out: tuple[int, ...]
    bidding_order: tuple[int, ...]
    leader: int
    trump: Trump | None
    trump_turned: bool
    hook: bool
    reminders: tuple[Text, ...]

    @property
    def last_bidder(self) -> int:
        """The seat that bids last and so carries the hook."""
        return self.bidding_order[-1]

    def is_active(self, seat: int) -> bool:
        """True unless the seat sits this deal out (the Romanian dead hand)."""
        return seat not in self.sitting_out


@dataclass(frozen=True, kw_only=True, slots=True)
class DealState:
    """One recorded deal of any family: its facts and what it scores.

    ``points`` and ``totals`` are per seat, or per team in partnership games;
    a seat that sits the deal out has None in ``points``. Both are None until
    the deal is complete. ``awards`` holds bonuses that are part of ``points``
    but shown apart (Romanian promotions). Each family adds its own inputs.
    What table events did to a deal is in the game state's ``marks``.
    """

    facts: DealFacts
    trump: Trump | None
    points: tuple[int | None, ...] | None
    awards: tuple[int, ...] | None
    totals: tuple[int, ...] | None

    @property
    def number(self) -> int:
        """The deal's number, from 1."""
        return self.facts.number

    @property
    def complete(self) -> bool:
        """True once the deal is fully recorded and scored."""
        return self.points is not None

    def entered(self) -> tuple[tuple[int, Text | int], ...]:
        """What was entered of the deal so far, as (seat, bid or call) in the order of the bidding: what
        an event recorded while it is under way drops (a misdeal) or keeps (a substitute). A family
        whose deals are entered in one go has nothing to say."""
        return ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """One player's place in the standings, for a page to show (RULES.md §9).

    ``place`` counts from 1 by total, players level sharing a place (1, 1, 3).
    ``left_after`` is the deal after which the player left, None while they are
    at the table: a player who left keeps their total, frozen, and their place.
    ``leading``: no total is higher than theirs now. ``can_win`` says whether
    they may still win: once the game is over, whether they did; before, every
    player at the table may, and a player who left only while their frozen total
    is still the highest (they cannot score more, so anyone at the table who
    passes it beats them).
    """

    seat: int
    name: str
    total: int
    place: int
    left_after: int | None
    leading: bool
    can_win: bool

    @property
    def departed(self) -> bool:
        """True when the player left the table: their total is final."""
        return self.left_after is not None


@dataclass(frozen=True, kw_only=True, slots=True)
class GameState:
    """Everything the rules derive for a game from its inputs.

    ``current`` is the first deal not yet complete (its facts, so the table
    knows who deals and what may be bid), or None when the game is over.
    ``winners`` is empty until the game is finished and lists every joint
    winner. ``notes`` explain the end (code ``note_play_on``: Ann and Bob are level).
    ``life`` is what the table events derived (None when the log has none):
    then ``totals`` has one entry for every seat, arrivals included.
    """

    table: Table
    deals: tuple[DealState, ...]
    teams: tuple[tuple[int, ...], ...] | None
    current: DealFacts | None
    deal_count: int | None
    totals: tuple[int, ...]
    status: Status
    winners: tuple[int, ...]
    settlement: tuple[int, ...] | None
    notes: tuple[Text, ...]
    life: TableLife | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """Every seat's player now, in seat order (arrivals after the seats the game began with)."""
        return self.table.players if self.life is None else self.life.names

    @property
    def stopped(self) -> bool:
        """True when the table stopped the game early."""
        return self.life is not None and self.life.stopped

    def marks(self, number: int) -> DealMarks | None:
        """What table events did to deal ``number`` (misdealt first, a revoke after it), if anything."""
        return None if self.life is None else self.life.marks_of(number)

    @property
    def finished(self) -> bool:
        """True when the rules say the game is over."""
        return self.status == "finished"

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Every player by place (then seat), departed players included with their frozen totals;
        empty where partners score together (no partnership game lets a player leave)."""
        if self.teams is not None:
            return ()
        left = {seat.seat: seat.left_after for seat in self.life.seats} if self.life is not None else {}
        best = max(self.totals)
        rows = []
        for seat, (name, total) in enumerate(zip(self.players, self.totals, strict=True)):
            left_after = left.get(seat)
            # Before the end, a player who left can only hold on: their frozen total must stay on top.
            can_win = seat in self.winners if self.finished else left_after is None or total == best
            rows.append(
                Standing(
                    seat=seat,
                    name=name,
                    total=total,
                    place=1 + sum(other > total for other in self.totals),
                    left_after=left_after,
                    leading=total == best,
                    can_win=can_win,
                )
            )
        return tuple(sorted(rows, key=lambda row: (row.place, row.seat)))

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats level at the top of the totals right now."""
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)
