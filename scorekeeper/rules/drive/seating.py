"""Tables, seats and movement: where everyone sits for the next hand, from who won each table.

The movement follows how halls run drives (the "ladies up, gents down" of the
tally cards, here without the genders): at every table the players in North
and East are the ones who **move up** when their pair loses, the players in
South and West the ones who **move down**. "Up" goes round the tables one way
(:class:`~.setup.UpDirection`), "down" the other, and the end tables wrap round.

- **Progressive**: the losing pair splits, North/East player up, South/West
  player down. The winners stay at their table but change partners: the winner
  in South or West crosses to the other of those seats, opposite a newcomer.
  Everyone has a new partner every hand.
- **Semi-partner**: the winners stay in their seats, together. The losers
  split as in progressive, so the two newcomers at a table form a new pair.
  (This is how the drives that call themselves semi-partner describe it: "if
  you win you keep your partner; when ladies lose they go up, gents go down".)
- **Partner**: fixed pairs. The winners stay; the losing pair moves up
  together, keeping their orientation (the partner who sat North or East takes
  the free North or East seat).

A newcomer moving up always takes the free North/East seat of the table, one
moving down the free South/West seat, so a player who keeps losing keeps going
the same way round.

**Sitting out.** With ``n`` players there are ``n // 4`` tables and ``n % 4``
players sit out each hand in a fixed rotation; :mod:`.sitouts` says who, and
how they come back after the movement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..text import Text
from .setup import DriveFormat, DriveSetup, Role, UpDirection

SEATS_PER_TABLE = 4


class Seat(StrEnum):
    """A seat at a table, clockwise from North. North–South and East–West are partners."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def offset(self) -> int:
        """0 for North, 1 East, 2 South, 3 West: the seat's place in a table's four players."""
        return _SEAT_INDEX[self]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return SEATS[(self.offset + 2) % 4]

    @property
    def pair(self) -> Pair:
        """The partnership that sits here."""
        return Pair.NORTH_SOUTH if self.offset % 2 == 0 else Pair.EAST_WEST

    @property
    def moves_up(self) -> bool:
        """True for North and East, whose players move up when their pair loses."""
        return self.offset < 2

    @property
    def role(self) -> Role:
        """The role played here: "lady" in North and East, "gent" in South and West."""
        return Role.LADY if self.offset < 2 else Role.GENT


SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SEAT_INDEX = {seat: index for index, seat in enumerate(SEATS)}
UP_SEATS = (Seat.NORTH, Seat.EAST)
DOWN_SEATS = (Seat.SOUTH, Seat.WEST)


class Pair(StrEnum):
    """One of a table's two partnerships."""

    NORTH_SOUTH = "NS"
    EAST_WEST = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The pair's two seats, the one that moves up first."""
        if self is Pair.NORTH_SOUTH:
            return (Seat.NORTH, Seat.SOUTH)
        return (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Pair:
        """The opposing pair."""
        return Pair.EAST_WEST if self is Pair.NORTH_SOUTH else Pair.NORTH_SOUTH


class MoveKind(StrEnum):
    """Why a player is where they are for a hand, compared with the hand before."""

    STAY = "stay"  # same table, same seat (a winner)
    CHANGE_SEAT = "change_seat"  # progressive: a winner crossing to face their old partner
    UP = "up"  # lost, moved up
    DOWN = "down"  # lost, moved down
    SIT_OUT = "sit_out"  # sits this hand out
    RETURN = "return"  # back from sitting out, in the seat of a player who now sits out
    JOIN = "join"  # arrived late: plays from this hand
    OTHER_TABLE = "other_table"  # sent elsewhere than the movement says: nobody meets their last partner


class WinnersMove(StrEnum):
    """What the winning pair at a table does after a hand."""

    STAY = "stay"  # both keep their seats, and their partner
    STAY_AND_SPLIT = "stay_and_split"  # both stay at the table; the South/West one crosses seats


class LosersMove(StrEnum):
    """What the losing pair at a table does after a hand."""

    SPLIT = "split"  # North/East player up, South/West player down
    TOGETHER_UP = "together_up"  # the pair moves up together


@dataclass(frozen=True, kw_only=True, slots=True)
class MovementRule:
    """A format's movement as data, for the page that says it in words (in any language).

    ``summary`` is the format's movement in one sentence, as a text (code
    ``drive_movement`` and the format); pages word the rule from the codes and numbers.
    ``winners_move`` swaps the roles: the winning pair moves as ``losers`` says
    and the losing pair stays as ``winners`` says (a local custom, RULES.md §10).
    """

    format: DriveFormat
    winners: WinnersMove
    losers: LosersMove
    up_seats: tuple[Seat, ...]
    down_seats: tuple[Seat, ...]
    up_direction: UpDirection
    tables: int
    ends_wrap: bool
    sit_outs_per_hand: int
    sit_out_by_pairs: bool
    sit_out_tricks: int
    incomplete_table: int | None
    summary: Text
    winners_move: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Layout:
    """How many tables are played and how many players sit out each hand; ``numbers`` are the
    tables' numbers (1 to ``tables`` unless a table has stopped during the evening)."""

    tables: int
    sitting_out: int
    numbers: tuple[int, ...] = ()

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """The numbers of the tables that play."""
        return self.numbers or tuple(range(1, self.tables + 1))

    @property
    def incomplete_table(self) -> int | None:
        """The table where the players sitting out wait, numbered after the full ones; None if none."""
        return max(self.table_numbers, default=0) + 1 if self.sitting_out else None

    @property
    def seat_count(self) -> int:
        """Seats at the full tables."""
        return self.tables * SEATS_PER_TABLE


def layout_for(player_count: int) -> Layout:
    """The tables a number of players fill; the rest sit out each hand in turn."""
    return Layout(tables=player_count // SEATS_PER_TABLE, sitting_out=player_count % SEATS_PER_TABLE)


def movement_rule(setup: DriveSetup, layout: Layout | None = None) -> MovementRule:
    """The movement of this drive, as codes and numbers (``layout``: the tables now, when players
    arrived or left; else those the set-up's players fill)."""
    layout = layout or layout_for(setup.player_count)
    progressive = setup.format is DriveFormat.PROGRESSIVE
    partner = setup.format is DriveFormat.PARTNER
    return MovementRule(
        format=setup.format,
        winners=WinnersMove.STAY_AND_SPLIT if progressive else WinnersMove.STAY,
        losers=LosersMove.TOGETHER_UP if partner else LosersMove.SPLIT,
        up_seats=UP_SEATS,
        down_seats=DOWN_SEATS,
        up_direction=setup.up_direction,
        tables=layout.tables,
        ends_wrap=True,
        sit_outs_per_hand=layout.sitting_out,
        sit_out_by_pairs=partner,
        sit_out_tricks=setup.sit_out_tricks,
        incomplete_table=layout.incomplete_table,
        summary=Text("drive_movement", format=setup.format.value),
        winners_move=setup.winners_move,
    )


def first_seating(player_count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hand 1: the seats in table order (N, E, S, W at table 1, then table 2...) and who sits out.

    Players are seated in entry order four to a table: North, South, East, West,
    so that players entered one after the other are partners (a partner drive
    enters its pairs that way). The last ``n % 4`` players sit out hand 1.
    """
    layout = layout_for(player_count)
    seats = [0] * layout.seat_count
    for player in range(layout.seat_count):
        table, place = divmod(player, SEATS_PER_TABLE)
        seats[table * SEATS_PER_TABLE + _ENTRY_SEAT_ORDER[place]] = player
    return tuple(seats), tuple(range(layout.seat_count, player_count))


_ENTRY_SEAT_ORDER = (Seat.NORTH.offset, Seat.SOUTH.offset, Seat.EAST.offset, Seat.WEST.offset)


@dataclass(kw_only=True, slots=True)
class Movement:
    """The seats of the next hand before the sitters-out change over, and each player's move.

    ``seats`` is in table order; ``moves`` is by player index (those sitting
    out this hand keep STAY until :mod:`.sitouts` seats them).
    """

    seats: list[int]
    moves: list[MoveKind]
    returning: list[int] = field(default_factory=list)


def next_seating(
    seats: Sequence[int],
    sitting_out: Sequence[int],
    winners_up_seat: Sequence[int],
    *,
    format: DriveFormat,
    up_direction: UpDirection,
    player_count: int | None = None,
) -> Movement:
    """Move everyone after a hand complete at every table.

    ``seats`` is the hand's seating in table order; ``winners_up_seat[t]`` is 0
    when North–South is the pair that stays at table ``t + 1`` and 1 for East–West
    (the seat index of that pair's North/East player): the winners, or the
    losers where the winners move. ``sitting_out`` are this hand's sitters-out:
    they stay out of the movement.
    """
    tables = len(winners_up_seat)
    if player_count is None:
        player_count = len(seats) + len(sitting_out)
    new = [-1] * len(seats)
    moves = [MoveKind.STAY] * player_count
    step = 1 if up_direction is UpDirection.HIGHER else -1
    progressive = format is DriveFormat.PROGRESSIVE
    together = format is DriveFormat.PARTNER
    for table in range(tables):
        base = table * SEATS_PER_TABLE
        win_up = winners_up_seat[table]
        lose_up = 1 - win_up
        new[base + win_up] = seats[base + win_up]
        winner_down = seats[base + win_up + 2]
        if progressive:
            new[base + lose_up + 2] = winner_down
            moves[winner_down] = MoveKind.CHANGE_SEAT
        else:
            new[base + win_up + 2] = winner_down
        upper = ((table + step) % tables) * SEATS_PER_TABLE
        upper_free = upper + 1 - winners_up_seat[upper // SEATS_PER_TABLE]
        loser_up, loser_down = seats[base + lose_up], seats[base + lose_up + 2]
        new[upper_free] = loser_up
        moves[loser_up] = MoveKind.UP
        if together:
            new[upper_free + 2] = loser_down
            moves[loser_down] = MoveKind.UP
            continue
        lower = ((table - step) % tables) * SEATS_PER_TABLE
        lower_win_up = winners_up_seat[lower // SEATS_PER_TABLE]
        # Progressive: the lower table's winner from South/West has crossed, freeing their seat.
        lower_free = lower + (lower_win_up if progressive else 1 - lower_win_up) + 2
        new[lower_free] = loser_down
        moves[loser_down] = MoveKind.DOWN
    return Movement(seats=new, moves=moves)


def seat_of(position: int) -> Seat:
    """The seat at a position of a seating in table order."""
    return SEATS[position % SEATS_PER_TABLE]


def table_of(position: int) -> int:
    """The table number (from 1) at a position of a seating in table order."""
    return position // SEATS_PER_TABLE + 1
