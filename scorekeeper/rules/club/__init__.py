"""A club's engine: members' ratings, the ladder and the records, from its games and drives.

Pure Python, no I/O, like the rest of the engine. The store gives each finished game or drive as
an :class:`Outcome` (:mod:`.outcome`); :func:`rate` rates members with OpenSkill's Weng-Lin
Plackett-Luce model, per ladder or overall, over a season or for ever (:mod:`.ratings`);
:func:`ladder` ranks the ratings and :func:`rating_points` shows one as points (:mod:`.ladder`);
:func:`records` and :func:`records_set_by` find the hall of fame (:mod:`.records`); :func:`league`
adds up a season's league and :func:`league_records` finds its records (:mod:`.league`). Everything is
codes and numbers; the words layer says them.
"""

from __future__ import annotations

from .ladder import MINIMUM_GAMES, MOST_MINIMUM, RATING_START, LadderRow, ladder, rating_points
from .league import (
    DRIVE_TOTALS,
    LEAGUE_KINDS,
    PLACINGS,
    LeagueRecord,
    LeagueRow,
    LeagueRule,
    LeagueScore,
    league,
    league_records,
)
from .outcome import (
    DRIVE,
    LADDERS,
    Ladder,
    Outcome,
    Placing,
    Season,
    ladder_of,
    ranks_by_total,
    unique_placings,
)
from .ratings import MODEL, Rated, rate, rate_more, rated_outcomes, sides_of
from .records import RECORD_KINDS, ClubRecord, outcome_bests, records, records_set_by, records_set_by_each

__all__ = [
    "DRIVE",
    "DRIVE_TOTALS",
    "LADDERS",
    "LEAGUE_KINDS",
    "MINIMUM_GAMES",
    "MODEL",
    "MOST_MINIMUM",
    "PLACINGS",
    "RATING_START",
    "RECORD_KINDS",
    "ClubRecord",
    "Ladder",
    "LadderRow",
    "LeagueRecord",
    "LeagueRow",
    "LeagueRule",
    "LeagueScore",
    "Outcome",
    "Placing",
    "Rated",
    "Season",
    "ladder",
    "ladder_of",
    "league",
    "league_records",
    "outcome_bests",
    "ranks_by_total",
    "rate",
    "rate_more",
    "rated_outcomes",
    "rating_points",
    "records",
    "records_set_by",
    "records_set_by_each",
    "sides_of",
    "unique_placings",
]
