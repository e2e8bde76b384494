"""The club ladder: everyone who has played, ranked from the first evening, by a rating a member
understands.

**The number shown.** OpenSkill's ordinal (``mu - 3 * sigma``) is the skill a member is almost
surely above: it folds the uncertainty in, so it rises both with good results and with the games
that make them believable. Shown as it is, it starts at 0, goes below 0 after a first lost game and
reads "2.7" — a number nobody at a card table knows what to make of. The ladder shows it as
*points* instead: ``RATING_START + RATING_STEP * ordinal``, rounded — everyone starts at 1,000, a
first game won at a table of four brings 1,060, a first game lost 934, a regular who wins most
evenings stands near 1,500 — and never below 0 (only a member last at every game, evening after
evening, would go there: the rating then stays at 0).

**Provisional.** A rating after two games says little, so a member is marked provisional until
``minimum`` rated outcomes (games and drives; the club chooses it, ``MINIMUM_GAMES`` by default),
and ranked all the same: the cautious rating itself keeps a newcomer's lucky evening below a
regular's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .ratings import Rated

MINIMUM_GAMES = 3
"""Games and drives before a member's rating stops being provisional, unless the club says."""
MOST_MINIMUM = 50
"""The most a club may ask for: a season of weekly evenings."""
RATING_START = 1000
"""What a newcomer's rating shows: the points of an ordinal of 0."""
RATING_STEP = 20
"""Points per unit of ordinal: a first game's places at a table of four are some 40 points apart,
as an Elo-like scale's are."""


def rating_points(ordinal: float) -> int:
    """The rating a page shows for an ordinal: ``RATING_START + RATING_STEP * ordinal``, rounded,
    never below 0."""
    return max(0, round(RATING_START + RATING_STEP * ordinal))


@dataclass(frozen=True, kw_only=True, slots=True)
class LadderRow:
    """One member's row: their place, rating, whether it is still provisional and how many games or
    drives it needs to stop being so (0 once it is not)."""

    place: int
    rated: Rated
    to_go: int

    @property
    def provisional(self) -> bool:
        """True while the member has played fewer than the club's minimum."""
        return self.to_go > 0

    @property
    def points(self) -> int:
        """The rating shown (``rating_points`` of the ordinal)."""
        return rating_points(self.rated.ordinal)


def ladder(
    rated: Mapping[int, Rated], *, minimum: int = MINIMUM_GAMES, leave_out: frozenset[int] = frozenset()
) -> tuple[LadderRow, ...]:
    """Everyone rated, by ordinal, highest first; equal ordinals share a place and the next place is
    skipped ("1, 2, 2, 4"), member id breaking the tie only for the order of the rows. A member with
    fewer than ``minimum`` outcomes is on it, with ``to_go`` the outcomes still to play. ``leave_out``
    are on no ladder (the club's guests: rated, since their games rate the members, but not shown)."""
    ranked = sorted(
        (one for one in rated.values() if one.member not in leave_out),
        key=lambda one: (-one.ordinal, one.member),
    )
    rows: list[LadderRow] = []
    for index, one in enumerate(ranked):
        tied_with_previous = index > 0 and ranked[index - 1].ordinal == one.ordinal
        place = rows[-1].place if tied_with_previous else index + 1
        rows.append(LadderRow(place=place, rated=one, to_go=max(0, minimum - one.outcomes)))
    return tuple(rows)
