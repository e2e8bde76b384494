"""What a drive records (one entry per table per hand) and what replaying it derives.

Only :class:`HandEntry` is input; everything else here is rebuilt on every
replay and never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Trump
from .seating import SEATS, SEATS_PER_TABLE, MoveKind, Pair, Seat
from .setup import PrizeSpec

TRICKS_PER_HAND = 13
WINNING_TRICKS = 7


@dataclass(frozen=True, kw_only=True, slots=True)
class HandEntry:
    """One table's hand as the table (or the organiser, from its card) enters it.

    ``tricks`` are those of ``pair``; the other pair took the rest of the 13.
    ``moved_as`` is set only by a correction (see :meth:`~.drive.Drive.correct`)
    that gave the hand to the other pair after the hand's movement was called:
    the movement the players made as if ``moved_as`` had won stands, the score
    changes. ``corrected`` is set by a correction that changed the tricks.

    A table that enters its own result (``needs_confirmation``) waits for a
    player of the other pair to confirm it (``confirmed_by``, an index in the
    drive's players), as a bridge table's East verifies North's entry; the
    organiser's entries need no confirmation. The hand's movement is called
    only once every table's result is in and confirmed.
    """

    hand: int
    table: int
    tricks: int
    pair: Pair = Pair.NORTH_SOUTH
    moved_as: Pair | None = None
    needs_confirmation: bool = False
    confirmed_by: int | None = None
    corrected: bool = False

    @property
    def confirmed(self) -> bool:
        """True when the result stands: entered by the organiser, or confirmed by the other pair."""
        return not self.needs_confirmation or self.confirmed_by is not None

    @property
    def north_south_tricks(self) -> int:
        """The tricks of North–South, whichever pair was entered."""
        return self.tricks if self.pair is Pair.NORTH_SOUTH else TRICKS_PER_HAND - self.tricks

    @property
    def winner(self) -> Pair:
        """The pair with 7 tricks or more (13 is odd: a hand always has a winner)."""
        return Pair.NORTH_SOUTH if self.north_south_tricks >= WINNING_TRICKS else Pair.EAST_WEST

    @property
    def movement_winner(self) -> Pair:
        """The pair that moved as the winners: ``moved_as`` when a correction kept it, else the winner."""
        return self.moved_as or self.winner


@dataclass(frozen=True, kw_only=True, slots=True)
class TableHand:
    """One table in one hand: its four players (N, E, S, W) and, once entered, the tricks.

    ``tricks`` is (N–S, E–W). ``moved_as`` is the pair that moved as winners
    when a later correction gave the hand to the other pair; None otherwise.
    ``entry`` is the table's recorded entry, None until entered.
    """

    hand: int
    table: int
    players: tuple[int, int, int, int]
    tricks: tuple[int, int] | None
    moved_as: Pair | None
    entry: HandEntry | None = None

    @property
    def confirmed(self) -> bool:
        """True once the result is entered and stands (confirmed, or the organiser's)."""
        return self.entry is not None and self.entry.confirmed

    @property
    def corrected(self) -> bool:
        """True when a correction changed the tricks first entered."""
        return self.entry is not None and self.entry.corrected

    @property
    def confirming_pair(self) -> Pair | None:
        """The pair one of whose players confirms the result: the pair the tricks were not entered for.

        None when there is nothing to confirm (not entered, or already standing).
        """
        if self.entry is None or self.entry.confirmed:
            return None
        return self.entry.pair.other

    @property
    def confirmed_by(self) -> int | None:
        """The player who confirmed the result, if a player did."""
        return None if self.entry is None else self.entry.confirmed_by

    @property
    def entered(self) -> bool:
        """True once the table's tricks for the hand are recorded."""
        return self.tricks is not None

    @property
    def winner(self) -> Pair | None:
        """The pair that took 7 tricks or more, once entered."""
        if self.tricks is None:
            return None
        return Pair.NORTH_SOUTH if self.tricks[0] >= WINNING_TRICKS else Pair.EAST_WEST

    @property
    def movement_winner(self) -> Pair | None:
        """The pair that moved (or will move) as the winners: ``moved_as`` if set, else the winner."""
        return self.moved_as or self.winner

    def player_at(self, seat: Seat) -> int:
        """The player (index in the drive's players) in ``seat``."""
        return self.players[seat.offset]

    def pair_players(self, pair: Pair) -> tuple[int, int]:
        """The two players of ``pair``, North or East first."""
        first, second = pair.seats
        return (self.players[first.offset], self.players[second.offset])


@dataclass(frozen=True, kw_only=True, slots=True)
class Placement:
    """Where a player is for a hand: table and seat, partner and opponents, or sitting out.

    ``move`` says how they got there from the hand before (None for hand 1).
    ``absent``: the player is not there for this hand (not yet arrived, or gone).
    """

    player: int
    hand: int
    table: int | None
    seat: Seat | None
    partner: int | None
    opponents: tuple[int, ...]
    move: MoveKind | None
    absent: bool = False

    @property
    def sitting_out(self) -> bool:
        """True when the player sits this hand out (one who is absent does not)."""
        return self.table is None and not self.absent


@dataclass(frozen=True, kw_only=True, slots=True)
class HandState:
    """One hand whose seating is known: its trump, its tables and who sits out.

    ``seats`` are the players in table order, four to a table (N, E, S, W): the table at place
    ``p // 4`` has the number ``numbers[p // 4]`` (tables keep their numbers all evening, so a table
    that stops leaves a gap), the seat is ``SEATS[p % 4]``; ``positions[player]`` is the player's
    place in it, or -1 when sitting out. ``north_south``, ``moved_as`` and ``entries`` are per
    table, in the same order (see :class:`TableHand`). ``moves[player]`` says how each player came
    to their place (None for hand 1).
    """

    number: int
    trump: Trump
    half: int
    seats: tuple[int, ...]
    north_south: tuple[int | None, ...]
    moved_as: tuple[Pair | None, ...]
    sitting_out: tuple[int, ...]
    positions: tuple[int, ...]
    moves: tuple[MoveKind, ...] | None
    entries: tuple[HandEntry | None, ...] = ()
    absent: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """The numbers of the tables that play this hand, in order."""
        return self.numbers or tuple(range(1, len(self.north_south) + 1))

    @property
    def tables(self) -> tuple[TableHand, ...]:
        """Every table's line, lowest number first (built on each call)."""
        return tuple(self._line(place) for place in range(len(self.north_south)))

    def has_table(self, number: int) -> bool:
        """True when a table with this number plays this hand."""
        return number in self.table_numbers

    def table(self, number: int) -> TableHand:
        """Table ``number``'s line for this hand (the caller checks that it plays: :meth:`has_table`)."""
        return self._line(self.table_numbers.index(number))

    def _line(self, place: int) -> TableHand:
        base = place * SEATS_PER_TABLE
        north, east, south, west = self.seats[base : base + SEATS_PER_TABLE]
        north_south = self.north_south[place]
        tricks = None if north_south is None else (north_south, TRICKS_PER_HAND - north_south)
        return TableHand(
            hand=self.number,
            table=self.table_numbers[place],
            players=(north, east, south, west),
            tricks=tricks,
            moved_as=self.moved_as[place],
            entry=self.entries[place] if self.entries else None,
        )

    @property
    def complete(self) -> bool:
        """True when every table's result is in and stands (confirmed): the movement is called."""
        if None in self.north_south:
            return False
        return all(entry is None or entry.confirmed for entry in self.entries)

    @property
    def unconfirmed_tables(self) -> tuple[int, ...]:
        """The tables whose result is entered but waits for the other pair's confirmation, in order."""
        return tuple(
            number
            for number, entry in zip(self.table_numbers, self.entries, strict=False)
            if entry is not None and not entry.confirmed
        )

    @property
    def tables_not_in(self) -> tuple[int, ...]:
        """The tables still to enter the hand or to confirm it: those the movement waits for."""
        unconfirmed = set(self.unconfirmed_tables)
        return tuple(
            number
            for number, tricks in zip(self.table_numbers, self.north_south, strict=True)
            if tricks is None or number in unconfirmed
        )

    @property
    def corrected_tables(self) -> tuple[int, ...]:
        """The tables whose result a correction changed, in order."""
        return tuple(
            number
            for number, entry in zip(self.table_numbers, self.entries, strict=False)
            if entry is not None and entry.corrected
        )

    @property
    def waiting_tables(self) -> tuple[int, ...]:
        """The tables that have not yet entered the hand, in order."""
        return tuple(
            number
            for number, tricks in zip(self.table_numbers, self.north_south, strict=True)
            if tricks is None
        )

    @property
    def entered_tables(self) -> tuple[int, ...]:
        """The tables that have entered the hand, in order."""
        return tuple(
            number
            for number, tricks in zip(self.table_numbers, self.north_south, strict=True)
            if tricks is not None
        )

    def placement(self, player: int) -> Placement:
        """Where ``player`` (an index in the drive's players) is for this hand."""
        move = self.moves[player] if self.moves is not None else None
        position = self.positions[player]
        if position < 0:
            return Placement(
                player=player,
                hand=self.number,
                table=None,
                seat=None,
                partner=None,
                opponents=(),
                move=move,
                absent=player in self.absent,
            )
        base = position - position % SEATS_PER_TABLE
        offset = position % SEATS_PER_TABLE
        return Placement(
            player=player,
            hand=self.number,
            table=self.table_numbers[base // SEATS_PER_TABLE],
            seat=SEATS[offset],
            partner=self.seats[base + (offset + 2) % 4],
            opponents=(self.seats[base + (offset + 1) % 4], self.seats[base + (offset + 3) % 4]),
            move=move,
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """A player's line on the leaderboard.

    ``rank`` is shared by players level after the tie-break ("1, 2, 2, 4"), and
    then ``tied`` is true. ``hands_scored`` counts the hands in ``total`` so far
    (a table not yet entered, or a hand still under way, is not counted).
    ``left_after``: the last hand played by a player who left (their total stays on the board,
    marked, and takes no prize); None for everyone else.
    """

    player: int
    rank: int
    total: int
    hands_won: int
    hands_scored: int
    tied: bool
    left_after: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PrizeResult:
    """Who wins a prize so far: several ``winners`` when level after the tie-break (``tied``).

    ``score`` is the figure the prize is judged on (a total, a half's total,
    hands won), None for a prize the organiser awards. ``decided`` is true once
    the hands the prize counts are complete at every table.
    """

    prize: PrizeSpec
    winners: tuple[int, ...]
    score: int | None
    decided: bool
    tied: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class CardRow:
    """A row of a player's tally card: one hand.

    ``tricks`` is None until the player's table has entered the hand (for a
    player sitting out, until every table has); ``running_total`` is the total
    after this hand, None while this hand or an earlier one is not yet scored;
    it starts from the total a late player was given. ``absent``: not there for this hand (no
    table, no tricks, no running total; the hands after it carry the total on).
    """

    hand: int
    trump: Trump
    table: int | None
    seat: Seat | None
    partner: int | None
    sat_out: bool
    tricks: int | None
    running_total: int | None
    absent: bool = False
