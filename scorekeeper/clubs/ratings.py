"""A club's ratings over a season and ladder, carried on from the last ones this worker worked out.

Rating every outcome of a big club from scratch takes a few hundred milliseconds, and every new
finished game would cost that to the first page that shows a rating. A game finished now is rated
after every earlier one, so the ratings before it stand: when the outcomes rated last time are
still the first ones now (same outcomes, same order), only those after them are rated, from the
ratings left then (``rate_more``, which gives exactly what rating all of them would). Anything
else (a game corrected, a member merged, a game that started before the last one rated) rates
them all again.
"""

from __future__ import annotations

from ..kept import KeptByVersion
from ..rules.club import Ladder, Outcome, Rated, Season, rate_more, rated_outcomes
from . import outcomes

# Per (club, season, ladder): the outcomes rated last, in rating order, and the ratings after them.
LAST_RATED: KeptByVersion[tuple[tuple[Outcome, ...], dict[int, Rated]]] = KeptByVersion(size=64)


def club_ratings(
    club_id: str, *, ladder: Ladder | None, season: Season | None, season_key: str
) -> dict[int, Rated]:
    """Every member's rating over the season (None: all time) and ladder (None: overall), kept per
    the club's fingerprint; ``season_key`` names the season in the keys."""

    def compute() -> dict[int, Rated]:
        now = tuple(rated_outcomes(outcomes.outcomes(club_id), ladder=ladder, season=season))
        before = LAST_RATED.get((club_id, season_key, ladder))
        if before is not None and before[0] == now[: len(before[0])]:
            rated = rate_more(before[1], now[len(before[0]) :])
        else:
            rated = rate_more({}, now)
        LAST_RATED.put((club_id, season_key, ladder), (now, rated))
        return rated

    return outcomes.kept(club_id, f"clubs.ratings:{season_key}:{ladder}", compute)
