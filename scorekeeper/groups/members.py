"""Who played a game, as a table counts its people: the members of a game, derived from its replay.

A game's seats and its people are not always the same. A player who arrives
takes a new seat; a substitute takes over a seat that keeps its total; a
player who leaves keeps their seat, its total frozen. A table's history and
statistics count *people*, so a game's members are:

- each seat's **last holder**, who takes the seat's result (its total, its
  place, the win): the player who sat in it to the end, the one who left it
  (the total frozen when they left is theirs, and can still be the highest),
  or the substitute who held it last;
- then everyone a substitute **replaced** who played at least one deal in the
  seat: counted as having played the game (their bids count, deal by deal),
  with no result of their own, since a seat's total cannot be split between
  its holders and the standings name the seat by its last holder.

So the seat's result goes to whoever holds it at the end, and each holder is
counted as having played: a table's wins add up to its games won, and nobody
who played a deal is left out. A person is one name as the engine compares
names: a player who comes back to their own seat after a substitute is one
member, not two; nor is one who left and came back anew in another seat
(RULES.md §9), the last holder of two seats: their result is their better
seat's (a win first, then the higher total) and their bids count in both.

Members are numbered in that order: in a game without substitutes member *n*
is seat *n*, so a game without table events has exactly its seats.

Pure Python: no Flask, no database (checked under ``mypy --strict``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import Arrival, Game, GameState, TableLife
from ..rules.table import same_name_key


@dataclass(frozen=True, kw_only=True, slots=True)
class Member:
    """A person who played in a game.

    ``number`` is their place among the game's members (each seat's last
    holder first, in seat order, so their number is the seat's unless a player
    came back in a second seat; then those a substitute replaced). ``seat`` is
    the seat whose result is theirs, or that they held (their last, should they
    have held two); ``other_seats`` the seats they also held to the end (one
    they left and came back from). ``result``: the seat's result (total, place,
    win) is theirs. ``joined_after`` and ``left_after`` say when they came and
    went, as the seat's history does (None: there from the start, there to the end).
    """

    number: int
    name: str
    seat: int
    result: bool
    joined_after: int | None = None
    left_after: int | None = None
    other_seats: tuple[int, ...] = ()

    @property
    def key(self) -> tuple[int, str]:
        """The seat and the engine's same-name key: how a member is found again (groups/newcomers.py)."""
        return (self.seat, same_name_key(self.name))

    @property
    def keys(self) -> tuple[tuple[int, str], ...]:
        """The key of every seat the member held to the end: their bids in each are theirs."""
        name = same_name_key(self.name)
        return tuple((seat, name) for seat in (self.seat, *self.other_seats))


def members(state: GameState) -> tuple[Member, ...]:
    """Everyone who played the game: each seat's last holder in seat order, then those replaced."""
    life = state.life
    if life is None:
        return tuple(
            Member(number=seat, name=name, seat=seat, result=True)
            for seat, name in enumerate(state.table.players)
        )
    last = [
        Member(
            number=seat.seat,
            name=seat.name,
            seat=seat.seat,
            result=True,
            joined_after=seat.joined_after,
            left_after=seat.left_after,
        )
        for seat in life.seats
    ]
    last = _one_per_person(state, last)
    counted = {same_name_key(member.name) for member in last}
    played = _holders_who_played(state, life)
    replaced: list[Member] = []
    for seat in life.seats:
        for name in seat.names[:-1]:
            key = same_name_key(name)
            if key in counted or (seat.seat, key) not in played:
                continue
            counted.add(key)
            replaced.append(Member(number=len(last) + len(replaced), name=name, seat=seat.seat, result=False))
    return (*last, *replaced)


def _one_per_person(state: GameState, last: list[Member]) -> list[Member]:
    """The seats' last holders with a player who left and came back anew (the last holder of two
    seats) made one member: the result of their better seat (a win first, then the higher total),
    numbered in the order of their first seat."""
    by_person: dict[str, list[Member]] = {}
    for member in last:
        by_person.setdefault(same_name_key(member.name), []).append(member)
    if all(len(held) == 1 for held in by_person.values()):
        return last
    totals = state.totals

    def standing(member: Member) -> tuple[bool, int]:
        total = totals[member.seat] if member.seat < len(totals) else 0
        return (member.seat in state.winners, total)

    people = []
    for number, held in enumerate(by_person.values()):
        best = max(held, key=standing)
        people.append(
            replace(
                best,
                number=number,
                joined_after=held[0].joined_after,
                left_after=held[-1].left_after,
                other_seats=tuple(member.seat for member in held if member is not best),
            )
        )
    return people


def holders_by_deal(state: GameState) -> dict[int, tuple[str, ...]]:
    """Who held each seat in each deal, by deal number (the seats that existed then)."""
    life = state.life
    if life is None:
        return {deal.number: state.table.players for deal in state.deals}
    return {deal.number: life.names_at(deal.number) for deal in state.deals}


def options_kept(game: Game) -> dict[str, object]:
    """The options the table chose for a game (those not at their default for its number of players):
    the next game with the same people keeps them, and takes the defaults for its own number of players."""
    table = game.table
    return {
        spec.name: table.options[spec.name]
        for spec in table.variant.options
        if table.options[spec.name] != spec.default_for(table.size)
    }


def seated_at_end(state: GameState) -> tuple[int, ...]:
    """The seats still at the table, clockwise (the order they sit in): those who left are not."""
    if state.life is None:
        return tuple(range(len(state.table.players)))
    return state.life.ring


def next_first_dealer(state: GameState) -> int:
    """Who deals first in the next game, as a place in ``seated_at_end``: the deal moves on clockwise
    from the seat that dealt first in this game to the next seat still at the table (whoever sits
    there now, should that seat's player have left or arrived since)."""
    seated = seated_at_end(state)
    everyone = _every_seat_clockwise(state)
    start = everyone.index(state.table.first_dealer)
    for step in range(1, len(everyone) + 1):
        seat = everyone[(start + step) % len(everyone)]
        if seat in seated:
            return seated.index(seat)
    return 0


def _every_seat_clockwise(state: GameState) -> tuple[int, ...]:
    """Every seat the game had, clockwise, those that were left in the place they sat in."""
    ring = list(range(len(state.table.players)))
    if state.life is not None:
        for event in state.life.events:
            arrival = event.event
            if isinstance(arrival, Arrival) and event.seat is not None:
                at = ring.index(arrival.left_of) + 1 if arrival.left_of in ring else len(ring)
                ring.insert(at, event.seat)
    return tuple(ring)


def _holders_who_played(state: GameState, life: TableLife) -> set[tuple[int, str]]:
    """Each (seat, same-name key) of a holder who was at the table for at least one complete deal."""
    played: set[tuple[int, str]] = set()
    for deal in state.deals:
        if not deal.complete:
            continue
        for seat, name in enumerate(life.names_at(deal.number)):
            left = life.seats[seat].left_after
            if left is None or deal.number <= left:
                played.add((seat, same_name_key(name)))
    return played
