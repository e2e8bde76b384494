"""A season's league (rules/club/league.py): points per placing or drive totals, the best N, a
qualifying number of evenings; checked against a plain count over any club history."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.club import LeagueRule, Outcome, Season, league, league_records

from .building import FIRST_EVENING, drive, evening, free_for_all

PLACINGS = LeagueRule(kind="placings", points=(3, 2, 1))


def test_points_per_place_equal_places_alike_and_below_the_last_place_listed_nothing() -> None:
    history = [
        free_for_all("game:1", [1, 2, 3, 4], ranks=[1, 1, 3, 4]),
        drive("drive:1", [1, 2, 3, 5], scores=[40, 30, 30, 10], at=evening(1)),
    ]
    rows = league(history, PLACINGS, season=None)
    assert [(row.place, row.member, row.points) for row in rows] == [
        (1, 1, 6),  # 3 + 3
        (2, 2, 5),  # 3 + 2 (tied second in the drive)
        (3, 3, 3),  # 1 + 2
        (4, 4, 0),
        (4, 5, 0),
    ]


def test_drive_totals_count_drives_only_and_the_best_two_of_three() -> None:
    rule = LeagueRule(kind="drive_totals", best=2)
    history = [
        drive("drive:1", [1, 2], scores=[100, 90], at=evening(0)),
        drive("drive:2", [1, 2], scores=[80, 95], at=evening(1)),
        drive("drive:3", [1, 2], scores=[120, 60], at=evening(2)),
        free_for_all("game:1", [1, 2], at=evening(3)),
    ]
    rows = league(history, rule, season=None)
    assert [(row.member, row.points, row.scored) for row in rows] == [(1, 220, 3), (2, 185, 3)]
    assert [score.counted for score in rows[0].scores] == [True, False, True]
    assert [score.counted for score in rows[1].scores] == [True, True, False]


def test_a_member_takes_a_place_after_the_evenings_to_qualify() -> None:
    rule = LeagueRule(kind="placings", points=(2, 1), qualify=2)
    history = [
        free_for_all("game:1", [1, 2], at=evening(0)),
        free_for_all("game:2", [1, 2], at=evening(0) + timedelta(hours=1)),  # the same evening
        free_for_all("game:3", [2, 3], at=evening(1)),
    ]
    rows = league(history, rule, season=None)
    assert [(row.place, row.member, row.points, row.evenings, row.to_qualify) for row in rows] == [
        (1, 2, 4, 2, 0),
        (None, 1, 4, 1, 1),  # four points, one evening: not placed yet
        (None, 3, 1, 1, 1),
    ]


def test_the_season_bounds_the_league_and_its_records() -> None:
    season = Season(name="Spring", starts_on=evening(1).date(), ends_on=evening(2).date())
    history = [
        free_for_all(f"game:{week}", [1, 2, 3], ranks=[1, 2, 3], at=evening(week)) for week in range(4)
    ]
    rows = league(history, PLACINGS, season=season)
    assert [(row.member, row.points, row.evenings) for row in rows] == [(1, 6, 2), (2, 4, 2), (3, 2, 2)]
    best, most = league_records(rows)
    assert (best.kind, best.value, best.members, best.evening) == (
        "league_best_evening",
        3,
        (1,),
        evening(1).date(),
    )
    assert (most.kind, most.value, most.members) == ("league_most_evenings", 2, (1, 2, 3))
    assert league_records(()) == ()


def test_guests_are_on_no_table_but_the_places_they_took_stand() -> None:
    rows = league([free_for_all("game:1", [9, 1, 2])], PLACINGS, season=None, leave_out=frozenset({9}))
    assert [(row.member, row.points) for row in rows] == [(1, 2), (2, 1)]


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        ({"kind": "golf"}, "club_league_kind"),
        ({"kind": "placings", "points": ()}, "club_league_points"),
        ({"kind": "placings", "points": (3, -1)}, "club_league_points"),
        ({"kind": "placings", "points": tuple(range(11))}, "club_league_points"),
        ({"kind": "placings", "best": 0}, "club_league_best"),
        ({"kind": "drive_totals", "qualify": 101}, "club_league_qualify"),
    ],
)
def test_a_rule_out_of_range_is_refused(rule: dict[str, object], code: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        LeagueRule(**rule)  # type: ignore[arg-type]
    assert refused.value.code == code


@st.composite
def histories(draw: st.DrawFn) -> list[Outcome]:
    found: list[Outcome] = []
    for number in range(draw(st.integers(1, 10))):
        players = draw(st.lists(st.integers(0, 6), min_size=2, max_size=5, unique=True))
        scores = draw(st.lists(st.integers(0, 13), min_size=len(players), max_size=len(players)))
        at = FIRST_EVENING + timedelta(days=draw(st.integers(0, 6)), hours=draw(st.integers(0, 3)))
        if draw(st.booleans()):
            found.append(drive(f"drive:{number}", players, scores=scores, at=at))
        else:
            ranks = [1 + sum(1 for other in scores if other > score) for score in scores]
            found.append(free_for_all(f"game:{number}", players, ranks=ranks, scores=scores, at=at))
    return found


@settings(max_examples=60, deadline=None)
@given(
    history=histories(),
    kind=st.sampled_from(["placings", "drive_totals"]),
    points=st.lists(st.integers(0, 10), min_size=1, max_size=4),
    best=st.one_of(st.none(), st.integers(1, 4)),
    qualify=st.integers(0, 3),
)
def test_the_league_is_a_plain_count_of_each_member_s_best_scores(
    history: list[Outcome], kind: str, points: list[int], best: int | None, qualify: int
) -> None:
    rule = LeagueRule(kind=kind, points=tuple(points), best=best, qualify=qualify)
    scores: dict[int, list[int]] = defaultdict(list)
    evenings: dict[int, set[object]] = defaultdict(set)
    for outcome in history:
        for placing in outcome.placings:
            if kind == "drive_totals":
                if outcome.kind != "drive":
                    continue
                value = placing.score or 0
            else:
                value = points[placing.rank - 1] if placing.rank <= len(points) else 0
            scores[placing.member].append(value)
            evenings[placing.member].add(outcome.played_at.date())
    rows = {row.member: row for row in league(history, rule, season=None)}
    assert set(rows) == set(scores)
    for member, values in scores.items():
        counted = sorted(values, reverse=True)[:best] if best is not None else values
        row = rows[member]
        assert row.points == sum(counted)
        assert row.evenings == len(evenings[member])
        assert (row.place is None) == (len(evenings[member]) < qualify)
    placed = [row for row in league(history, rule, season=None) if row.place is not None]
    assert [row.points for row in placed] == sorted((row.points for row in placed), reverse=True)
    for row in placed:  # a place is one more than the number of members placed strictly above
        assert row.place == 1 + sum(1 for other in placed if other.points > row.points)
