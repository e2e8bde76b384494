"""What the statistics need of one game, derived from the engine's replayed state alone.

No variant is named here. Who won, the totals and the teams come from the
``GameState``; per-deal figures from each deal's record where its family
offers them: a deal that can say whether a seat ``made`` its exact bid (the
bid-exactly family's ``ExactDeal`` does) feeds the bidding figures, and a
deal that names the side that won a game within a rubber feeds the rubber
figures. A seat may have no bid, no tricks or no points in a deal (a dead
hand, a sit-out, a player not yet arrived): such a deal simply does not count
for that seat.

The summary is per *member* (groups/members.py), not per seat: a player who
arrived is a member like those who started; a seat's result (total, place,
win) goes to whoever holds it at the end, a player who left keeping the total
frozen when they left; and everyone a substitute replaced is a member too,
counted as having played, their bids counted for the deals they held the
seat, with no result of their own. In a game without table events the
members are the seats, one for one.

Pure Python: no Flask, no database (checked under ``mypy --strict``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, cast

from ..rules import GameState
from ..rules.table import same_name_key
from .members import Member, holders_by_deal, members

Status = Literal["in_progress", "finished", "abandoned"]


class BidsExactly(Protocol):
    """A deal record where each seat bids an exact number of tricks (``ExactDeal``)."""

    @property
    def bids(self) -> Sequence[object]:
        """Each seat's bid (None for a seat without one)."""
        ...

    @property
    def tricks(self) -> Sequence[object] | None:
        """Each seat's tricks, None until the deal is played."""
        ...

    made: Callable[[int], bool | None]


class PartOfRubber(Protocol):
    """A deal record that says which side won a game with it, and the rubber's games won so far."""

    @property
    def game_winner(self) -> int | None:
        """The side that won a game with this deal, if one did."""
        ...

    @property
    def games_won(self) -> tuple[int, ...] | None:
        """Games won by each side in the rubber after this deal; None when no rubber is played."""
        ...


@dataclass(frozen=True, kw_only=True, slots=True)
class MemberSummary:
    """One member's result in a game (a person who played it: groups/members.py).

    ``member`` is their number in the game (for a seat's last holder, the
    seat's number), ``seat`` the seat they held and ``name`` their name in the
    game (a summary kept in the database holds no name: see summaries.py).
    ``side`` is the seat itself, or its team in a partnership game (None for a
    seat in no team, and for a member with no result: one a substitute
    replaced); ``score`` is the side's final total and ``position`` its place
    (1 first; sides level share a place). The bidding figures count the deals
    where the member bid exactly and the result is known: ``bids`` of them,
    ``made`` exactly; ``zero_bids`` bids of 0, ``zero_made`` of them made;
    ``bid_gap`` is the sum of bid minus tricks (over 0: bids more than they
    take); ``longest_run`` the most bids made in a row. ``side_games`` are the
    games their side won (each game of a rubber, else 1 for a game won).
    ``partner`` is the other seat of a team of two (None otherwise).
    """

    member: int
    seat: int
    name: str
    side: int | None
    team_size: int
    partner: int | None
    score: int | None
    position: int | None
    won: bool
    bids: int
    made: int
    zero_bids: int
    zero_made: int
    bid_gap: int
    longest_run: int
    rubber: bool
    side_games: int


@dataclass(frozen=True, kw_only=True, slots=True)
class GameSummary:
    """A game's status, length, winners (seats) and every member's result."""

    status: Status
    deals_played: int
    deal_count: int | None
    winners: tuple[int, ...]
    members: tuple[MemberSummary, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class BidsMade:
    """How many of a member's exact bids came true in a game: ``made`` of ``bids``."""

    name: str
    made: int
    bids: int


@dataclass(slots=True)
class _Bidding:
    """A seat's bidding figures, added up deal by deal."""

    bids: int = 0
    made: int = 0
    zero_bids: int = 0
    zero_made: int = 0
    bid_gap: int = 0
    run: int = 0
    longest_run: int = 0

    def add(self, bid: int, took: int, made: bool) -> None:
        self.bids += 1
        self.made += made
        self.bid_gap += bid - took
        if bid == 0:
            self.zero_bids += 1
            self.zero_made += made
        self.run = self.run + 1 if made else 0
        self.longest_run = max(self.longest_run, self.run)


def summarise(state: GameState, *, abandoned: bool = False) -> GameSummary:
    """The summary of a replayed game (``abandoned`` when the table gave it up), one per member."""
    people = members(state)
    sides = _sides(state, len(state.players))
    positions = places(state.totals, state.winners, state.teams)
    bidding = _bidding(state, people)
    side_wins = [0] * len(state.totals)
    rubber = False
    keeps_games = False
    for deal in state.deals:
        if _reads(type(deal))[1]:
            keeps_games = True
            part = cast(PartOfRubber, deal)
            if deal.complete:
                rubber = rubber or part.games_won is not None
                if part.game_winner is not None and 0 <= part.game_winner < len(side_wins):
                    side_wins[part.game_winner] += 1
    winning_sides = {side for seat, side in enumerate(sides) if seat in state.winners and side is not None}
    status: Status = "abandoned" if abandoned else state.status
    summaries = []
    for person in people:
        seat = person.seat
        side = sides[seat] if person.result else None
        if side is None:
            games = 0
        elif keeps_games:
            games = side_wins[side]
        else:
            games = int(side in winning_sides and state.finished)
        figures = bidding[person.number]
        summaries.append(
            MemberSummary(
                member=person.number,
                seat=seat,
                name=person.name,
                side=side,
                team_size=_team_size(state, side),
                partner=_partner(state, side, seat),
                score=None if side is None else state.totals[side],
                position=None if side is None else positions[side],
                won=person.result and seat in state.winners,
                bids=figures.bids,
                made=figures.made,
                zero_bids=figures.zero_bids,
                zero_made=figures.zero_made,
                bid_gap=figures.bid_gap,
                longest_run=figures.longest_run,
                rubber=rubber,
                side_games=games,
            )
        )
    return GameSummary(
        status=status,
        deals_played=sum(1 for deal in state.deals if deal.complete),
        deal_count=state.deal_count,
        winners=tuple(state.winners),
        members=tuple(summaries),
    )


def places(
    totals: Sequence[int], winners: Sequence[int], teams: Sequence[Sequence[int]] | None
) -> tuple[int, ...]:
    """Each side's place: the winners first, then by total, highest first; level sides share a place.

    ``winners`` are seats; a side wins when one of its seats does. Putting the
    winners first keeps the places right where the rules crown someone other
    than the highest total (a solitaire lost against the game, a target).
    """
    winning = [
        any(seat in winners for seat in teams[side]) if teams is not None else side in winners
        for side in range(len(totals))
    ]
    keys = [(winning[side], totals[side]) for side in range(len(totals))]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def made_share(state: GameState) -> tuple[BidsMade, ...] | None:
    """Each member's bids made in the game, in member order (those who bid exactly at least once);
    None when no deal has exact bids."""
    people = members(state)
    bidding = _bidding(state, people)
    if not any(figures.bids for figures in bidding):
        return None
    return tuple(
        BidsMade(name=person.name, made=figures.made, bids=figures.bids)
        for person, figures in zip(people, bidding, strict=True)
        if figures.bids
    )


def _bidding(state: GameState, people: Sequence[Member]) -> list[_Bidding]:
    """Each member's bidding figures, from the deals they held their seat in."""
    bidding = [_Bidding() for _ in people]
    exact = [deal for deal in state.deals if _reads(type(deal))[0]]
    if not exact:
        return bidding
    number_of = {key: person.number for person in people for key in person.keys}
    holders = holders_by_deal(state)
    for deal in exact:
        held = [number_of.get((seat, same_name_key(name))) for seat, name in enumerate(holders[deal.number])]
        _add_bids(cast(BidsExactly, deal), held, bidding)
    return bidding


_READS: dict[type, tuple[bool, bool]] = {}


def _reads(kind: type) -> tuple[bool, bool]:
    """Whether deals of this kind say if a seat made its exact bid, and which side won a game.

    Asked of the deal's class, once: the engine's deal records are slotted dataclasses,
    whose fields and methods the class itself has.
    """
    found = _READS.get(kind)
    if found is None:
        exact = callable(getattr(kind, "made", None)) and hasattr(kind, "bids") and hasattr(kind, "tricks")
        games = hasattr(kind, "game_winner") and hasattr(kind, "games_won")
        found = _READS[kind] = (exact, games)
    return found


def _add_bids(deal: BidsExactly, held: Sequence[int | None], bidding: list[_Bidding]) -> None:
    """Add a deal's exact bids to the figures of the member holding each seat (``held``, by seat)."""
    tricks = deal.tricks
    if tricks is None:
        return
    bids = deal.bids
    for seat in range(min(len(held), len(bids), len(tricks))):
        bid, took, member = bids[seat], tricks[seat], held[seat]
        if member is not None and isinstance(bid, int) and isinstance(took, int):
            made = deal.made(seat)
            if made is not None:
                bidding[member].add(bid, took, made)


def _sides(state: GameState, seats: int) -> list[int | None]:
    """Whose total each seat shares: its own, or its team's."""
    if state.teams is None:
        return [seat if seat < len(state.totals) else None for seat in range(seats)]
    found: list[int | None] = [None] * seats
    for side, team in enumerate(state.teams):
        for seat in team:
            if 0 <= seat < seats:
                found[seat] = side
    return found


def _partner(state: GameState, side: int | None, seat: int) -> int | None:
    if side is None or state.teams is None or len(state.teams[side]) != 2:
        return None
    first, second = state.teams[side]
    return second if seat == first else first


def _team_size(state: GameState, side: int | None) -> int:
    if side is None:
        return 0
    return 1 if state.teams is None else len(state.teams[side])
