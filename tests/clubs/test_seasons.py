"""A club's seasons: date ranges, refused when they end before they start (clubs/seasons.py)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from scorekeeper.clubs import access, seasons
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.club.outcome import Season
from tests.clubs.conftest import PHONE


def test_seasons_may_overlap_and_the_latest_started_is_current() -> None:
    club = access.create_club("Club", holder=PHONE)
    year = seasons.add_season(club.id, "2025", date(2025, 1, 1), "2025-12-31")
    winter = seasons.add_season(club.id, " Winter  league", "2025-10-01", datetime(2026, 3, 31, 20))
    assert winter.season == Season(
        name="Winter league", starts_on=date(2025, 10, 1), ends_on=date(2026, 3, 31)
    )
    assert seasons.seasons(club.id) == [winter, year]
    assert seasons.current_season(club.id, date(2025, 11, 5)) == winter
    assert seasons.current_season(club.id, date(2025, 6, 1)) == year
    assert seasons.current_season(club.id, date(2027, 1, 1)) is None
    assert seasons.find_season(club.id, year.id) == year
    seasons.remove_season(club.id, winter.id)
    assert seasons.seasons(club.id) == [year]
    assert seasons.find_season(club.id, winter.id) is None
    with pytest.raises(RuleViolation, match="club_no_such_season"):
        seasons.remove_season(club.id, winter.id)


def test_a_one_day_season_is_taken_and_one_ending_before_it_starts_is_refused() -> None:
    club = access.create_club("Club", holder=PHONE)
    seasons.add_season(club.id, "Finals night", "2025-06-01", "2025-06-01")
    with pytest.raises(RuleViolation) as refused:
        seasons.add_season(club.id, "Backwards", "2025-06-02", "2025-06-01")
    assert (refused.value.code, refused.value.params) == (
        "club_season_ends_before_start",
        {"starts_on": "2025-06-02", "ends_on": "2025-06-01"},
    )
    assert len(seasons.seasons(club.id)) == 1


@pytest.mark.parametrize(
    ("name", "starts_on", "ends_on", "code"),
    [
        ("", "2025-01-01", "2025-02-01", "club_season_name_missing"),
        ("x" * 61, "2025-01-01", "2025-02-01", "club_season_name_too_long"),
        ("Spring", "the first of May", "2025-02-01", "club_season_date"),
        ("Spring", "2025-01-01", None, "club_season_date"),
        ("Spring", "1999-12-31", "2025-02-01", "club_season_date"),
        ("Spring", "2025-01-01", 20250201, "club_season_date"),
    ],
)
def test_bad_names_and_days_are_refused(name: str, starts_on: object, ends_on: object, code: str) -> None:
    club = access.create_club("Club", holder=PHONE)
    with pytest.raises(RuleViolation) as refused:
        seasons.add_season(club.id, name, starts_on, ends_on)
    assert refused.value.code == code
    assert seasons.seasons(club.id) == []


def test_the_seasons_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    club = access.create_club("Club", holder=PHONE)
    monkeypatch.setattr(seasons, "MOST_SEASONS", 1)
    seasons.add_season(club.id, "One", "2025-01-01", "2025-12-31")
    with pytest.raises(RuleViolation, match="club_too_many_seasons"):
        seasons.add_season(club.id, "Two", "2026-01-01", "2026-12-31")
    with pytest.raises(RuleViolation, match="club_not_found"):
        seasons.add_season("0" * 32, "One", "2025-01-01", "2025-12-31")
