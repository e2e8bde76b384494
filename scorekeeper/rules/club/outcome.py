"""What a club's engine reads: each finished game or drive as the placings of club members.

The store turns a club's finished games and drives into :class:`Outcome` values (member ids
already resolved through the club's links); ratings, the ladder and the records are worked out
from them alone. A :class:`Season` is a date range the ladder and records may be limited to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from ..variants import get_variant

Ladder = str
# Each family of games is rated on its own ladder; drives (progressive whist) have theirs.
LADDERS: tuple[Ladder, ...] = ("oh_hell", "romanian", "whist", "drive")
DRIVE: Ladder = "drive"


@dataclass(frozen=True, kw_only=True, slots=True)
class Placing:
    """One club member in one finished game or drive.

    ``side`` is the team: partners share a side, and in a free-for-all (and in a drive, where
    partners change every hand) every member has a side of their own. ``rank`` is 1 for the best;
    equal ranks are a tie. ``score`` is the member's (or their side's) final total.
    """

    member: int
    side: int
    rank: int
    score: int | None
    won: bool
    exact_bids: int = 0
    longest_run: int = 0


@dataclass(frozen=True, kw_only=True, slots=True)
class Outcome:
    """One finished game or drive of the club, with the placings of the members who played it.

    ``key`` is "game:<id>" or "drive:<id>"; ``variant`` is the variant code, or "drive".
    ``played_at`` is timezone-aware. Players not linked to a club member are left out of the
    placings, but the ranks of those left in are the ranks they had at the table. A ``friendly``
    game or drive (practice, marked so by the club) counts for no rating, record or league.
    """

    key: str
    kind: Literal["game", "drive"]
    ladder: Ladder
    variant: str
    played_at: datetime
    placings: tuple[Placing, ...]
    friendly: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Season:
    """A named date range of the club, both ends inclusive."""

    name: str
    starts_on: date
    ends_on: date

    def contains(self, moment: datetime) -> bool:
        """Whether ``moment`` falls on a day of the season.

        The day is the moment's own calendar date in the timezone it carries: the store gives
        moments in the club's local time when it wants a late game to count on its evening.
        """
        return self.starts_on <= moment.date() <= self.ends_on


def ladder_of(variant_code: str) -> Ladder:
    """The ladder a game of this variant (code or alias) is rated on; "drive" for a drive.

    Raises ``UnknownVariant`` (a ``RuleViolation``) for a code that names no variant.
    """
    if variant_code == DRIVE:
        return DRIVE
    return get_variant(variant_code).ladder


def in_season(outcomes: Sequence[Outcome], season: Season | None) -> list[Outcome]:
    """The outcomes that count played inside ``season`` (all of them for None), in played_at order,
    then key; a friendly one never counts.

    The order is the one ratings, records and leagues are worked out in, whatever order they came in.
    """
    chosen = [o for o in outcomes if not o.friendly and (season is None or season.contains(o.played_at))]
    return sorted(chosen, key=_chronological)


def ranks_by_total(totals: Sequence[int]) -> list[int]:
    """Each total's rank, highest first, equal totals an equal rank ("1, 2, 2, 4"): how a drive is
    rated, whatever tie-break its prizes were decided by."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def unique_placings(outcome: Outcome) -> list[Placing]:
    """The outcome's placings with each member once, at their better place.

    Two names of one person, both linked to the member (a merge), may both have played one
    game: one person cannot both beat and lose to themselves, so the better place stands.
    """
    best: dict[int, Placing] = {}
    for placing in outcome.placings:
        held = best.get(placing.member)
        if held is None or placing.rank < held.rank:
            best[placing.member] = placing
    return list(best.values())


def _chronological(outcome: Outcome) -> tuple[datetime, str]:
    return (outcome.played_at, outcome.key)
