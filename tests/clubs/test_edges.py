"""A club at its edges, as a secretary meets them: a name moved out of a member and its file imported
again, a merge made by mistake and undone, two members who sat together refused as one, a drive's
equal totals rated as a tie, and a drive counted on the evening it was played."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from scorekeeper import database
from scorekeeper.clubs import access, exchange, holdings, members, outcomes, seasons
from scorekeeper.drives import store as drives
from scorekeeper.drives.models import DriveHandRecord, DriveRecord
from scorekeeper.groups.roster import roster
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.club import rate
from scorekeeper.rules.drive import HandEntry
from tests.clubs.conftest import PHONE, play, table
from tests.clubs.test_exchange import results


def by_name(club_id: str) -> dict[str, members.ClubMember]:
    return {member.name: member for member in members.members(club_id)}


def test_a_name_moved_to_a_new_member_leaves_the_club_s_file_importable_and_its_name_where_it_was() -> None:
    club = access.create_club("Club", holder=PHONE)
    thursday, friday = table("Thursday"), table("Friday Club")
    play(thursday, ["Cat", "Ann", "Bob"], made=[0])
    play(friday, ["Cat", "Dan", "Eve"], made=[0])
    holdings.add_table(club.id, thursday.id)
    holdings.add_table(club.id, friday.id)
    friday_cat = next(player for player in roster(friday.id) if player.name == "Cat")
    # The page's own way: a new member, then the name played at Friday's table moved to her.
    cat_f = members.add_member(club.id, "Cat F.")
    members.link_name(club.id, cat_f.id, group_player_id=friday_cat.id)
    cat = by_name(club.id)["Cat"]
    assert [line.title for line in members.member_history(club.id, cat.id)] == ["Thursday"]
    assert [line.title for line in members.member_history(club.id, cat_f.id)] == ["Friday Club"]

    document = json.loads(json.dumps(exchange.export_club(club.id)))
    assert {member["name"]: member["names"] for member in document["members"]}["Cat"] == ["Cat"]
    imported = exchange.import_club(document, holder="another phone")
    assert exchange.export_club(imported.id) == document
    assert results(imported.id) == results(club.id)

    # A later "Cat" is the Cat the club always knew, not the one moved out.
    later = table("Later")
    play(later, ["Cat", "Gus", "Hal"], made=[0])
    holdings.add_table(club.id, later.id)
    assert len(members.member_history(club.id, cat.id)) == 2
    assert len(members.member_history(club.id, cat_f.id)) == 1


def test_a_merge_made_by_mistake_is_undone_by_moving_the_name_back_to_its_old_name() -> None:
    club = access.create_club("Club", holder=PHONE)
    thursday = table("Thursday")
    play(thursday, ["Ben", "Ann", "Cat"], made=[0])
    play(thursday, ["Dan", "Ann", "Cat"], made=[1])
    holdings.add_table(club.id, thursday.id)
    found = by_name(club.id)
    ben, dan = found["Ben"], found["Dan"]
    members.merge_members(club.id, ben.id, dan.id)  # a slip: Ben and Dan are two people
    assert members.member(club.id, ben.id) == members.ClubMember(id=ben.id, name="Ben", aliases=("Dan",))
    [dan_played] = [item for item in members.names_played(club.id, ben.id) if item.name == "Dan"]
    with pytest.raises(RuleViolation) as refused:  # Ben's own name is Ben's
        members.link_to_new_member(club.id, "BEN", group_player_id=dan_played.player)
    assert refused.value.code == "club_member_name_twice"

    back = members.link_to_new_member(club.id, "Dan", group_player_id=dan_played.player)
    assert back.name == "Dan"
    assert members.member(club.id, ben.id) == members.ClubMember(id=ben.id, name="Ben", aliases=())
    assert members.member(club.id, back.id) == members.ClubMember(id=back.id, name="Dan", aliases=())
    assert [line.title for line in members.member_history(club.id, back.id)] == ["Thursday"]
    assert sorted(by_name(club.id)) == ["Ann", "Ben", "Cat", "Dan"]
    # And a later "Dan" is Dan again.
    later = table("Later")
    play(later, ["Dan", "Gus", "Hal"], made=[0])
    holdings.add_table(club.id, later.id)
    assert len(members.member_history(club.id, back.id)) == 2


def test_two_members_who_sat_at_the_same_games_are_not_merged_and_the_games_are_named() -> None:
    club = access.create_club("Club", holder=PHONE, time_zone="Europe/London")
    thursday = table("Thursday")
    for game in range(7):
        play(thursday, ["Ben", "Dan", "Cat"], made=[game % 3])
    play(thursday, ["Ben", "Ann", "Cat"], made=[0])
    holdings.add_table(club.id, thursday.id)
    found = by_name(club.id)
    ben, dan = found["Ben"], found["Dan"]
    before = json.dumps(exchange.export_club(club.id))
    with pytest.raises(RuleViolation) as refused:
        members.merge_members(club.id, ben.id, dan.id)
    assert refused.value.code == "club_merge_played_together"
    params = refused.value.params
    assert (params["name"], params["other"], params["count"]) == ("Ben", "Dan", 7)
    assert isinstance(params["games"], tuple) and len(params["games"]) == 3
    assert {text.params["where"] for text in params["games"]} == {"Thursday"}  # type: ignore[union-attr]
    # One of Dan's games linked to Ben is refused too; nothing changed.
    dan_played = members.names_played(club.id, dan.id)[0]
    with pytest.raises(RuleViolation, match="club_merge_played_together"):
        members.link_name(club.id, ben.id, group_player_id=dan_played.player)
    assert json.dumps(exchange.export_club(club.id)) == before
    assert len(members.member_history(club.id, ben.id)) == 8
    # Ann never sat with Dan: one person, merged.
    members.merge_members(club.id, found["Ann"].id, dan.id)
    assert len(members.member_history(club.id, found["Ann"].id)) == 8


def test_a_drive_is_rated_by_its_totals_equal_totals_a_tie_whatever_its_tie_break() -> None:
    club = access.create_club("Club", holder=PHONE)
    names = [f"P{number}" for number in range(8)]
    record, _drive, _key = drives.create_drive("Friday drive", names, hands=2)
    for hand, table_number, tricks in ((1, 1, 5), (1, 2, 6), (2, 1, 7), (2, 2, 10)):
        entry = HandEntry(hand=hand, table=table_number, tricks=tricks)
        drives.enter_hand(record.id, entry, drives.Seen(hand=hand, table=table_number))
    holdings.add_drive(club.id, record.id)
    standings = drives.load_drive(record.id)[1].state.standings
    # P3 and P0 are level on 15; the tie-break (hands won: 2 against 1) puts P3 second, P0 third.
    assert [(line.player, line.total, line.rank) for line in standings[1:3]] == [(3, 15, 2), (0, 15, 3)]
    [outcome] = outcomes.outcomes(club.id)
    found = by_name(club.id)
    ranks = {placing.member: placing.rank for placing in outcome.placings}
    assert ranks[found["P3"].id] == ranks[found["P0"].id] == 2
    assert sorted(ranks.values()) == [1, 2, 2, 4, 5, 6, 7, 8]
    rated = rate([outcome])
    assert rated[found["P3"].id].mu == rated[found["P0"].id].mu  # a tie moves both alike


def test_a_drive_counts_on_the_evening_its_first_hand_was_played_not_the_day_it_was_set_up() -> None:
    club = access.create_club("Club", holder=PHONE, time_zone="Europe/London")
    record, _drive, _key = drives.create_drive("Last drive", ["A", "B", "C", "D"], hands=2)
    for hand in (1, 2):
        drives.enter_hand(record.id, HandEntry(hand=hand, table=1, tricks=8), drives.Seen(hand=hand, table=1))
    set_up = datetime(2025, 11, 30, 10, tzinfo=UTC)  # to print the cards, on the season's last day
    played = datetime(2025, 12, 1, 19, 30, tzinfo=UTC)  # and played the next evening
    with database.transaction() as connection:
        connection.execute(
            update(DriveRecord.__table__)
            .where(DriveRecord.__table__.c.id == record.id)
            .values(created_at=set_up)
        )
        connection.execute(update(DriveHandRecord.__table__).values(recorded_at=played))
    holdings.add_drive(club.id, record.id)
    seasons.add_season(club.id, "Autumn", "2025-09-01", "2025-11-30")
    seasons.add_season(club.id, "Winter", "2025-12-01", "2026-02-28")
    [outcome] = outcomes.outcomes(club.id)
    assert outcome.played_at == played and outcome.played_at.date().isoformat() == "2025-12-01"
    winter, autumn = seasons.seasons(club.id)
    assert rate([outcome], season=autumn.season) == {}
    assert len(rate([outcome], season=winter.season)) == 4
    [line] = holdings.drives_of(club.id)
    assert line.played_at == played and holdings.drive_played_at(record.id) == played
