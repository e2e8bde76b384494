"""A club's time zone: its seasons count their days on its calendar (clubs/access.py, the outcomes'
moments in clubs/outcomes.py), it starts as the phone's, changes, and travels with the club's file."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from scorekeeper import database
from scorekeeper.clubs import access, exchange, holdings, outcomes, seasons
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GameSummaryRecord
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.club.outcome import in_season
from tests.clubs.conftest import PHONE, play, table

# Half past nine on the last evening of November in New York: already December in UTC.
LATE_IN_NEW_YORK = datetime(2025, 12, 1, 2, 30, tzinfo=UTC)


def club_with_a_late_game(time_zone: str | None) -> str:
    club = access.create_club("Club", holder=PHONE, time_zone=time_zone)
    group = table()
    game_id = play(group, ["Ann", "Bob", "Cat"], made=[0])
    with database.transaction() as connection:
        connection.execute(
            update(GameRecord.__table__)
            .where(GameRecord.__table__.c.id == game_id)
            .values(created_at=LATE_IN_NEW_YORK, version=GameRecord.__table__.c.version + 1)
        )
        connection.execute(update(GameSummaryRecord.__table__).values(version=0))  # rebuilt when read
    holdings.add_table(club.id, group.id)
    seasons.add_season(club.id, "November", "2025-11-01", "2025-11-30")
    return club.id


def in_november(club_id: str) -> int:
    [november] = seasons.seasons(club_id)
    return len(in_season(outcomes.outcomes(club_id), november.season))


def test_a_game_late_on_the_season_s_last_evening_counts_in_it_on_the_club_s_calendar() -> None:
    assert in_november(club_with_a_late_game("America/New_York")) == 1
    assert in_november(club_with_a_late_game(None)) == 0  # in UTC it was played on December 1st
    [outcome] = outcomes.outcomes(club_with_a_late_game("America/New_York"))
    assert outcome.played_at == LATE_IN_NEW_YORK and outcome.played_at.day == 30  # the same moment


def test_the_time_zone_changes_what_the_season_holds_and_a_refused_one_changes_nothing() -> None:
    club_id = club_with_a_late_game(None)
    assert in_november(club_id) == 0
    before = outcomes.club_fingerprint(club_id)
    access.set_time_zone(club_id, "America/New_York")
    assert outcomes.club_fingerprint(club_id) != before
    assert in_november(club_id) == 1
    with pytest.raises(RuleViolation) as raised:
        access.set_time_zone(club_id, "Mars/Olympus_Mons")
    assert raised.value.code == "club_time_zone_unknown"
    found = access.find_club(club_id)
    assert found is not None and found.time_zone == "America/New_York"
    access.set_time_zone(club_id, "UTC")
    found = access.find_club(club_id)
    assert found is not None and found.time_zone is None and in_november(club_id) == 0


def test_the_time_zone_travels_with_the_club_s_file() -> None:
    club_id = club_with_a_late_game("Pacific/Auckland")
    exported = json.loads(json.dumps(exchange.export_club(club_id)))
    assert exported["time_zone"] == "Pacific/Auckland"
    imported = exchange.import_club(exported, holder="another phone")
    assert imported.time_zone == "Pacific/Auckland"
    older = {key: value for key, value in exported.items() if key != "time_zone"}  # a file from before
    assert exchange.import_club(older, holder="another phone").time_zone is None
    with pytest.raises(RuleViolation) as raised:
        exchange.import_club({**exported, "time_zone": "Nowhere/Land"}, holder="another phone")
    assert raised.value.code == "club_file_time_zone"
