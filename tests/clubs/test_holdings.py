"""What a club holds: tables and drives, each of their players linked to a member (clubs/holdings.py)."""

from __future__ import annotations

import pytest

from scorekeeper.clubs import access, holdings, linking, members
from scorekeeper.groups.roster import add_player, roster
from scorekeeper.rules import RuleViolation
from tests.clubs.conftest import PHONE, drive, play, table


def names(club_id: str) -> list[str]:
    return [member.name for member in members.members(club_id)]


def test_a_table_links_its_roster_and_a_drive_its_players_one_member_per_name() -> None:
    club = access.create_club("Club", holder=PHONE)
    thursday, friday = table("Thursday"), table("Friday")
    play(thursday, ["Ann", "Bob", "Cat"])
    play(friday, ["ann", "Dan", "Eve"])
    holdings.add_table(club.id, thursday.id)
    holdings.add_table(club.id, friday.id)
    holdings.add_drive(club.id, drive(["ANN", "Bob", "Fay", "Gus"]))
    assert names(club.id) == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    assert [group.name for group in holdings.tables_of(club.id)] == ["Friday", "Thursday"]
    assert [line.name for line in holdings.drives_of(club.id)] == ["Friday drive"]
    assert holdings.club_of_group(thursday.id) == club.id
    assert holdings.club_of_drive(holdings.drives_of(club.id)[0].id) == club.id


def test_adding_twice_changes_nothing_and_another_club_cannot_take_it() -> None:
    club = access.create_club("Club", holder=PHONE)
    other = access.create_club("Other", holder=PHONE)
    group = table()
    add_player(group.id, "Ann")
    drive_id = drive(["A", "B", "C", "D"])
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    assert len(members.members(club.id)) == 5
    with pytest.raises(RuleViolation, match="club_table_elsewhere"):
        holdings.add_table(other.id, group.id)
    with pytest.raises(RuleViolation, match="club_drive_elsewhere"):
        holdings.add_drive(other.id, drive_id)
    with pytest.raises(RuleViolation, match="club_no_such_table"):
        holdings.add_table(club.id, "0" * 32)
    with pytest.raises(RuleViolation, match="club_no_such_drive"):
        holdings.add_drive(club.id, "0" * 32)
    with pytest.raises(RuleViolation, match="club_not_found"):
        holdings.add_table("0" * 32, table("Another").id)
    assert members.members(other.id) == []
    assert holdings.club_of_group(table("Loose").id) is None
    assert holdings.club_of_drive("0" * 32) is None


def test_removing_takes_the_links_away_and_keeps_the_members() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    play(group, ["Ann", "Bob", "Cat"])
    drive_id = drive(["Ann", "Dan", "Eve", "Fay"])
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    holdings.remove_table(club.id, group.id)
    holdings.remove_drive(club.id, drive_id)
    holdings.remove_drive(club.id, drive_id)  # no longer held: nothing happens
    assert holdings.tables_of(club.id) == [] and holdings.drives_of(club.id) == []
    assert len(names(club.id)) == 6
    # Back again, each name finds its member as before: no second Ann.
    holdings.add_table(club.id, group.id)
    assert len(names(club.id)) == 6
    # And another club may take a table this one let go.
    other = access.create_club("Other", holder=PHONE)
    holdings.add_drive(other.id, drive_id)
    assert names(other.id) == ["Ann", "Dan", "Eve", "Fay"]


def test_the_caps_refuse_and_store_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    club = access.create_club("Club", holder=PHONE)
    monkeypatch.setattr(holdings, "MOST_TABLES", 1)
    monkeypatch.setattr(holdings, "MOST_DRIVES", 1)
    holdings.add_table(club.id, table("One").id)
    holdings.add_drive(club.id, drive(["A", "B", "C", "D"]))
    with pytest.raises(RuleViolation) as refused:
        holdings.add_table(club.id, table("Two").id)
    assert (refused.value.code, refused.value.params) == ("club_too_many_tables", {"most": 1})
    with pytest.raises(RuleViolation, match="club_too_many_drives"):
        holdings.add_drive(club.id, drive(["E", "F", "G", "H"]))
    monkeypatch.setattr(linking, "MOST_MEMBERS", 5)
    other = access.create_club("Other", holder=PHONE)
    with pytest.raises(RuleViolation, match="club_too_many_members"):
        holdings.add_drive(other.id, drive(["I", "J", "K", "L", "M", "N", "O", "P"]))
    assert members.members(other.id) == [] and holdings.drives_of(other.id) == []


def test_a_player_new_to_a_club_table_is_linked_when_the_club_is_next_read() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    assert names(club.id) == []
    play(group, ["Ann", "Bob", "Cat"])
    assert names(club.id) == ["Ann", "Bob", "Cat"]
    assert len(roster(group.id)) == 3
