"""A season's league, as clubs run one beside the rating: points added up over the season.

Two kinds, chosen per season (:class:`LeagueRule`):

- ``placings``: each game and drive gives points by the member's place there — ``points[0]`` for
  first, ``points[1]`` for second… and nothing below the last place listed ("3, 2, 1"). Equal
  places score alike: two members sharing first both take first's points (as the ladder's ranks,
  "1, 1, 3").
- ``drive_totals``: each drive gives the member's total (tricks), games give nothing.

``best`` counts only a member's best N scores of the season (bridge clubs' "best 10 of 15"); the
others are shown, not counted. ``qualify`` asks for at least K evenings played (an evening is a day
on the club's calendar with a game or drive of theirs) before a member takes a place; until then
the row says how many evenings are still to come. A league with nothing to show has no rows.

Everything here is numbers and codes; the words layer says them. Refusals of a rule:
club_league_kind, club_league_points(most_places, most_points), club_league_best(most),
club_league_qualify(most).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from ..errors import RuleViolation
from .outcome import Outcome, Placing, Season, in_season, unique_placings

PLACINGS = "placings"
DRIVE_TOTALS = "drive_totals"
LEAGUE_KINDS = (PLACINGS, DRIVE_TOTALS)
DEFAULT_POINTS = (3, 2, 1)
MOST_PLACES = 10
MOST_PLACE_POINTS = 100
MOST_BEST = 100
MOST_QUALIFY = 100
# The league's records (``league_records``), in the order they are listed.
BEST_EVENING = "league_best_evening"
MOST_EVENINGS = "league_most_evenings"


@dataclass(frozen=True, kw_only=True, slots=True)
class LeagueRule:
    """How a season's league scores: its kind, the points per place (placings), the best N scores
    counted (None: all) and the evenings needed to qualify (0: none)."""

    kind: str
    points: tuple[int, ...] = DEFAULT_POINTS
    best: int | None = None
    qualify: int = 0

    def __post_init__(self) -> None:
        if self.kind not in LEAGUE_KINDS:
            raise RuleViolation("club_league_kind", field="league")
        if self.kind == PLACINGS and (
            not 1 <= len(self.points) <= MOST_PLACES
            or not all(type(value) is int and 0 <= value <= MOST_PLACE_POINTS for value in self.points)
        ):
            raise RuleViolation(
                "club_league_points", field="points", most_places=MOST_PLACES, most_points=MOST_PLACE_POINTS
            )
        if self.best is not None and (type(self.best) is not int or not 1 <= self.best <= MOST_BEST):
            raise RuleViolation("club_league_best", field="best", most=MOST_BEST)
        if type(self.qualify) is not int or not 0 <= self.qualify <= MOST_QUALIFY:
            raise RuleViolation("club_league_qualify", field="qualify", most=MOST_QUALIFY)

    def score(self, outcome: Outcome, placing: Placing) -> int | None:
        """What one outcome gives a member: None when it counts for nothing in this league (a game
        in a drives' league)."""
        if self.kind == DRIVE_TOTALS:
            return placing.score if outcome.kind == "drive" and placing.score is not None else None
        return self.points[placing.rank - 1] if placing.rank <= len(self.points) else 0


@dataclass(frozen=True, kw_only=True, slots=True)
class LeagueScore:
    """One outcome's score for a member: its key, moment and evening, the points, and whether they
    count (False: outside the member's best N)."""

    key: str
    played_at: datetime
    evening: date
    points: int
    counted: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class LeagueRow:
    """A member's line: their place among the qualified (None while not qualified), points counted,
    outcomes scored, evenings played, evenings still needed to qualify, and every score in order."""

    member: int
    place: int | None
    points: int
    scored: int
    evenings: int
    to_qualify: int
    scores: tuple[LeagueScore, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class LeagueRecord:
    """A league record: its kind, value, holders, and the evening it was set (best evening only)."""

    kind: str
    value: int
    members: tuple[int, ...]
    evening: date | None


def league(
    outcomes: Sequence[Outcome],
    rule: LeagueRule,
    *,
    season: Season | None,
    leave_out: frozenset[int] = frozenset(),
) -> tuple[LeagueRow, ...]:
    """The league table over the season's outcomes: the qualified by points counted (highest first,
    equal points share a place, "1, 2, 2, 4"; member id orders their rows), then those not qualified
    yet by points. ``leave_out`` are members on no table (guests): their places still stand as
    played, so the members beside them score what their places earned."""
    scores: dict[int, list[LeagueScore]] = {}
    for outcome in in_season(outcomes, season):
        for placing in unique_placings(outcome):
            if placing.member in leave_out:
                continue
            value = rule.score(outcome, placing)
            if value is None:
                continue
            moment = outcome.played_at
            scores.setdefault(placing.member, []).append(
                LeagueScore(
                    key=outcome.key, played_at=moment, evening=moment.date(), points=value, counted=True
                )
            )
    rows = [_row(member, found, rule) for member, found in scores.items()]
    qualified = sorted(
        (row for row in rows if row.to_qualify == 0), key=lambda row: (-row.points, row.member)
    )
    waiting = sorted(
        (row for row in rows if row.to_qualify > 0), key=lambda row: (row.to_qualify, -row.points, row.member)
    )
    placed: list[LeagueRow] = []
    for index, row in enumerate(qualified):
        tied = index > 0 and qualified[index - 1].points == row.points
        place = placed[-1].place if tied else index + 1
        placed.append(replace(row, place=place))
    return (*placed, *waiting)


def league_records(rows: Sequence[LeagueRow]) -> tuple[LeagueRecord, ...]:
    """The league's records over its rows: most points counted on one evening, and most evenings
    played. None when no row has any points or evening."""
    found: list[LeagueRecord] = []
    evenings: dict[tuple[int, date], int] = {}
    for row in rows:
        for score in row.scores:
            if score.counted:
                evenings[row.member, score.evening] = (
                    evenings.get((row.member, score.evening), 0) + score.points
                )
    if evenings and (best := max(evenings.values())) > 0:
        holders = sorted(evenings.items(), key=lambda item: (item[0][1], item[0][0]))
        reached = [(member, day) for (member, day), value in holders if value == best]
        members = tuple(dict.fromkeys(member for member, _ in reached))
        found.append(LeagueRecord(kind=BEST_EVENING, value=best, members=members, evening=reached[0][1]))
    most = max((row.evenings for row in rows), default=0)
    if most > 0:
        members = tuple(sorted(row.member for row in rows if row.evenings == most))
        found.append(LeagueRecord(kind=MOST_EVENINGS, value=most, members=members, evening=None))
    return tuple(found)


def _row(member: int, scores: list[LeagueScore], rule: LeagueRule) -> LeagueRow:
    counted_keys: set[str] | None = None
    if rule.best is not None and len(scores) > rule.best:
        # The best N: highest first, the earlier of two equal scores.
        ranked = sorted(scores, key=lambda score: (-score.points, score.played_at, score.key))
        counted_keys = {score.key for score in ranked[: rule.best]}
    final = tuple(
        score if counted_keys is None or score.key in counted_keys else replace(score, counted=False)
        for score in scores
    )
    evenings = len({score.evening for score in final})
    return LeagueRow(
        member=member,
        place=None,
        points=sum(score.points for score in final if score.counted),
        scored=len(final),
        evenings=evenings,
        to_qualify=max(0, rule.qualify - evenings),
        scores=final,
    )
