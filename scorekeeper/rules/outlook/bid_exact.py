"""What a deal of a bid-exactly game can score, from the family's declaration.

Each player bids from 0 to the cards and takes tricks that add up to the cards; the scoring
function gives each player's points from their own bid and tricks (``grid[bid][tricks]``); under
the hook the bids may not add up to the cards. So the players' results are tied only by the
tricks they share and, through the bids, by the hook: with everyone exact the bids would add up
to the cards, and the bids of those who miss must not either.

``best`` searches the deal seat by seat: for each seat and each count of tricks, its exact result
and the miss best for the unit's race (the highest for the unit, the lowest for a rival), and, when
that miss can be bid only one way, the next best miss bid another way — a miss that several bids
give lets the hook be kept whatever the others bid, and otherwise one of the two always keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .race import Points
from .shares import Choice, best_shares

Grid = tuple[tuple[int, ...], ...]
"""grid[bid][tricks]: one player's points in a deal of a given number of cards."""

# A seat whose result more than one bid gives: the bids can always be made not to add up.
FREE = 1 << 20


@dataclass(frozen=True, eq=False, slots=True)
class BidExactScores:
    """One deal of a bid-exactly game left to play: its cards, who plays it, the hook, the scoring."""

    units: int
    cards: int
    active: tuple[int, ...]
    hook: bool
    grid: Grid

    def best(self, unit: int) -> tuple[Points, ...]:
        """The deal's results no other beats for ``unit`` against every rival at once."""
        return _best(self.units, self.cards, tuple(sorted(self.active)), self.hook, self.grid, unit)

    def own(self, unit: int) -> frozenset[int]:
        """Every score ``unit`` can make: any bid and any tricks (the others adjust theirs)."""
        if unit not in self.active:
            return frozenset({0})
        size = self.cards + 1
        return frozenset(self.grid[bid][took] for bid in range(size) for took in range(size))


def _choices(grid: Grid, cards: int, highest: bool) -> tuple[Choice, ...]:
    """A seat's results worth trying, for a race where it wants the ``highest`` points or the lowest;
    each marked with what its bid adds over its tricks (FREE when several bids give it)."""
    found: list[Choice] = []
    for took in range(cards + 1):
        found.append((took, grid[took][took], 0))
        misses: dict[int, set[int]] = {}
        for bid in range(cards + 1):
            if bid != took:
                misses.setdefault(grid[bid][took], set()).add(bid - took)
        ranked = sorted(misses, reverse=highest)
        if not ranked:
            continue
        first = misses[ranked[0]]
        if len(first) > 1:
            found.append((took, ranked[0], FREE))
            continue
        (over,) = first
        found.append((took, ranked[0], over))
        for points in ranked:
            others = misses[points] - {over}
            if others:
                found.append((took, points, FREE if len(others) > 1 else next(iter(others))))
                break
    return tuple(found)


@lru_cache(maxsize=4096)
def _best(
    units: int, cards: int, active: tuple[int, ...], hook: bool, grid: Grid, unit: int
) -> tuple[Points, ...]:
    def combine(over: int, extra: int) -> int:
        if not hook:
            return 0
        return FREE if FREE in (over, extra) else over + extra

    return best_shares(
        units=units,
        cards=cards,
        active=active,
        unit=unit,
        mine=_choices(grid, cards, True),
        theirs=_choices(grid, cards, False),
        combine=combine,
        # With everyone's bids fixed, the hook refuses them when they add up to the cards.
        accept=lambda over: not (hook and over == 0),
    )
