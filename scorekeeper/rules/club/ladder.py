"""The club ladder: members ranked by their conservative rating once they have played enough.

A rating after two games says little (its sigma is still wide), so a member is ranked only after
``minimum`` rated outcomes (games and drives); until then the row says how many are still to go.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .ratings import Rated

MINIMUM_GAMES = 5


@dataclass(frozen=True, kw_only=True, slots=True)
class LadderRow:
    """One member's row: their place (None while unranked), rating, and outcomes still to go."""

    place: int | None
    rated: Rated
    to_go: int


def ladder(rated: Mapping[int, Rated], *, minimum: int = MINIMUM_GAMES) -> tuple[LadderRow, ...]:
    """The ladder of these ratings: ranked rows first, then the members not yet ranked.

    Ranked rows go by ordinal, highest first; equal ordinals share a place and the next place is
    skipped ("1, 2, 2, 4"), member id breaking the tie only for the order of the rows. Unranked
    rows follow, those nearest to being ranked first, then by ordinal.
    """
    ranked = sorted(
        (one for one in rated.values() if one.outcomes >= minimum),
        key=lambda one: (-one.ordinal, one.member),
    )
    rows: list[LadderRow] = []
    for index, one in enumerate(ranked):
        tied_with_previous = index > 0 and ranked[index - 1].ordinal == one.ordinal
        place = rows[-1].place if tied_with_previous else index + 1
        rows.append(LadderRow(place=place, rated=one, to_go=0))
    unranked = sorted(
        (one for one in rated.values() if one.outcomes < minimum),
        key=lambda one: (minimum - one.outcomes, -one.ordinal, one.member),
    )
    rows.extend(LadderRow(place=None, rated=one, to_go=minimum - one.outcomes) for one in unranked)
    return tuple(rows)
