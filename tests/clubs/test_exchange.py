"""A whole club as a file: exported, imported elsewhere the same, and a refused file stores nothing
(clubs/exchange.py)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from sqlalchemy import func, select

from scorekeeper import database
from scorekeeper.clubs import access, exchange, holdings, house_rules, members, outcomes, seasons
from scorekeeper.clubs.models import ClubMemberRecord, ClubRecord
from scorekeeper.drives.models import DriveRecord
from scorekeeper.drives.store import find_drive
from scorekeeper.games.models import GameRecord
from scorekeeper.groups.models import GroupRecord
from scorekeeper.rules import RuleViolation
from tests.clubs.conftest import PHONE, drive, play, table


def a_club() -> str:
    """A club of two tables (one game under way), two drives (one under way), a merged member with
    an alias, a member of no game and two seasons."""
    club = access.create_club("Whist club", holder=PHONE)
    thursday, friday = table("Thursday"), table("Friday")
    play(thursday, ["Ann Baker", "Bob", "Cat"], made=[0])
    play(thursday, ["Ann Baker", "Bob", "Cat"], made=[1], count=3)
    play(friday, ["Ann B.", "Dan", "Eve", "Fay"], made=[2])
    for group in (thursday, friday):
        holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive(["Ann B.", "Dan", "Gus", "Hal"]))
    holdings.add_drive(club.id, drive(["Ivy", "Jo", "Kit", "Lee"], finish=False, name="Next drive"))
    found = {member.name: member.id for member in members.members(club.id)}
    members.merge_members(club.id, found["Ann Baker"], found["Ann B."])
    members.add_member(club.id, "Newcomer")
    seasons.add_season(club.id, "2025", "2025-01-01", "2025-12-31")
    seasons.add_season(club.id, "Winter", "2025-10-01", "2026-03-31")
    return club.id


def counts() -> tuple[int, ...]:
    connection = database.connection()
    return tuple(
        connection.execute(select(func.count()).select_from(table)).scalar_one()
        for table in (ClubRecord, ClubMemberRecord, GroupRecord, GameRecord, DriveRecord)
    )


def results(club_id: str) -> list[tuple[Any, ...]]:
    """Each outcome as the names of its members and their places, without ids."""
    names = {member.id: member.name for member in members.members(club_id)}
    return [
        (
            outcome.kind,
            outcome.variant,
            sorted((names[p.member], p.rank, p.score, p.won) for p in outcome.placings),
        )
        for outcome in outcomes.outcomes(club_id)
    ]


def test_a_club_imports_elsewhere_the_same_nothing_lost() -> None:
    club_id = a_club()
    exported = json.loads(json.dumps(exchange.export_club(club_id)))
    assert exported["format"] == "scorekeeper/club"
    assert [member["name"] for member in exported["members"]][:1] == ["Ann Baker"]
    club, keys = exchange.import_club_with_keys(exported, holder="another phone")
    assert access.holds("another phone", club.id)
    assert club.name == "Whist club"
    assert exchange.export_club(club.id) == exported
    assert results(club.id) == results(club_id)
    assert len(results(club.id)) == 3
    ann = next(member for member in members.members(club.id) if member.name == "Ann Baker")
    assert ann.aliases == ("Ann B.",)
    assert len(members.member_history(club.id, ann.id)) == 3
    [(drive_id, key)] = [
        (drive_id, key) for drive_id, key in keys.items() if find_drive(drive_id).name == "Friday drive"
    ]
    stored = find_drive(drive_id)
    assert stored is not None and stored.key_matches(key)
    assert [stored.season for stored in seasons.seasons(club.id)] == [
        s.season for s in seasons.seasons(club_id)
    ]


def test_the_table_inside_a_club_file_is_a_table_file() -> None:
    club_id = a_club()
    document = exchange.export_club(club_id)["tables"][0]["table"]
    assert document["format"] == "scorekeeper/table" and document["format_version"] == 1
    assert {game["format"] for game in document["games"]} == {"scorekeeper/game"}


def refused(data: object) -> RuleViolation:
    before = counts()
    with pytest.raises(RuleViolation) as raised:
        exchange.import_club(data, holder=PHONE)
    assert counts() == before
    return raised.value


def test_a_refused_file_stores_nothing() -> None:
    good = exchange.export_club(a_club())
    assert refused([]).code == "club_file_not_club"
    assert refused({**good, "format_version": 9}).code == "club_file_version"
    assert refused({**good, "name": ""}).code == "club_name_missing"
    assert refused({**good, "members": "Ann"}).params == {"part": "members"}

    broken = copy.deepcopy(good)
    broken["drives"][0]["hands"][0]["tricks"] = 14
    found = refused(broken)
    assert (found.code, found.params["number"]) == ("club_file_drive_refused", 1)

    broken = copy.deepcopy(good)
    broken["drives"][0]["options"] = {"hands": "many"}
    assert refused(broken).code == "club_file_drive_refused"

    broken = copy.deepcopy(good)
    broken["tables"][1]["table"]["games"][0]["deals"][0]["bids"] = [9, 9, 9]
    found = refused(broken)
    assert (found.code, found.params["number"]) == ("club_file_table_refused", 2)

    broken = copy.deepcopy(good)
    broken["tables"][0]["members"] = [0, 1, 99]
    assert refused(broken).params == {"part": "tables", "number": 1}

    broken = copy.deepcopy(good)
    broken["members"][1]["names"] = ["ANN BAKER"]
    assert refused(broken).params == {"name": "ANN BAKER"}

    broken = copy.deepcopy(good)
    broken["seasons"][0]["ends_on"] = "2024-01-01"
    assert refused(broken).code == "club_season_ends_before_start"


def test_the_file_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    good = exchange.export_club(a_club())
    monkeypatch.setattr(exchange, "MOST_TABLES", 1)
    found = refused(good)
    assert (found.code, found.params) == ("club_file_too_many", {"part": "tables", "most": 1, "count": 2})


def test_a_file_without_links_imports_its_players_unlinked() -> None:
    good = exchange.export_club(a_club())
    for part in ("tables", "drives"):
        for item in good[part]:
            del item["members"]
    club = exchange.import_club(good, holder=PHONE)
    # Nobody was linked by the file: reading the club links everyone by name, as for a new table.
    assert len(members.members(club.id)) == len(good["members"])


def test_a_club_there_is_not_exports_nothing() -> None:
    with pytest.raises(RuleViolation, match="club_not_found"):
        exchange.export_club("0" * 32)


def test_the_club_s_minimum_travels_with_its_file() -> None:
    club_id = a_club()
    access.set_minimum(club_id, "5")
    good = json.loads(json.dumps(exchange.export_club(club_id)))
    assert good["minimum_games"] == 5
    assert exchange.import_club(good, holder="another phone").minimum_games == 5
    older = {key: value for key, value in good.items() if key != "minimum_games"}  # a file from before
    assert exchange.import_club(older, holder="another phone").minimum_games == 3
    assert refused({**good, "minimum_games": 0}).code == "club_minimum_range"
    assert refused({**good, "minimum_games": True}).code == "club_minimum_range"


def test_the_club_s_house_rules_travel_with_its_file() -> None:
    club_id = a_club()
    house_rules.save("Thursday short", "custom-oh-hell", {"deals": 5, "hook": "off"}, club_id=club_id)
    good = json.loads(json.dumps(exchange.export_club(club_id)))
    assert good["house_rules"] == [
        {"name": "Thursday short", "variant": "custom-oh-hell", "options": {"deals": 5, "hook": False}}
    ]
    club = exchange.import_club(good, holder="another phone")
    assert [(rules.name, dict(rules.options)) for rules in house_rules.of_club(club.id)] == [
        ("Thursday short", {"deals": 5, "hook": False})
    ]
    assert exchange.export_club(club.id) == good
    assert refused({**good, "house_rules": [{"name": "X", "variant": "oh-hell", "options": {"hook": 7}}]})
    assert refused({**good, "house_rules": "all of them"}).params == {"part": "house_rules"}
