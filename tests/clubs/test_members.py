"""A club's members: renamed, merged, linked by hand, and each one's history (clubs/members.py)."""

from __future__ import annotations

import pytest

from scorekeeper.clubs import access, holdings, members, outcomes
from scorekeeper.clubs.members import ClubMember
from scorekeeper.groups.roster import roster
from scorekeeper.rules import RuleViolation
from tests.clubs.conftest import PHONE, drive, play, table


def by_name(club_id: str) -> dict[str, ClubMember]:
    return {member.name: member for member in members.members(club_id)}


def games_of(club_id: str, member_id: int) -> list[str]:
    return [line.key for line in members.member_history(club_id, member_id)]


def test_a_member_is_renamed_and_the_old_name_still_finds_them() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    play(group, ["Ann", "Bob", "Cat"])
    holdings.add_table(club.id, group.id)
    ann = by_name(club.id)["Ann"]
    members.rename_member(club.id, ann.id, " Ann  Baker ")
    assert members.member(club.id, ann.id) == ClubMember(id=ann.id, name="Ann Baker", aliases=("Ann",))
    members.rename_member(club.id, ann.id, "ann baker")  # her own name, spelt otherwise
    with pytest.raises(RuleViolation) as refused:
        members.rename_member(club.id, by_name(club.id)["Bob"].id, "ANN")
    assert (refused.value.code, refused.value.params) == ("club_member_name_twice", {"name": "ANN"})
    with pytest.raises(RuleViolation, match="club_member_name_missing"):
        members.rename_member(club.id, ann.id, " ")
    with pytest.raises(RuleViolation) as refused:
        members.rename_member(club.id, ann.id, "x" * 31)
    assert (refused.value.code, refused.value.params) == (
        "club_member_name_too_long",
        {"start": "x" * 30, "most": 30},
    )
    with pytest.raises(RuleViolation, match="club_no_such_member"):
        members.rename_member(club.id, 999, "Zed")
    # A new table's "Ann" is Ann Baker.
    other = table("Friday")
    play(other, ["Ann", "Dan", "Eve"])
    holdings.add_table(club.id, other.id)
    assert sorted(by_name(club.id)) == ["Bob", "Cat", "Dan", "Eve", "ann baker"]
    assert len(games_of(club.id, ann.id)) == 2
    assert members.member(club.id, 999) is None


def test_merging_keeps_every_game_of_both() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    play(group, ["Ann Baker", "Bob", "Cat"], made=[0])
    play(group, ["Ann B.", "Bob", "Cat"], made=[1])
    drive_id = drive(["Ann B.", "Dan", "Eve", "Fay"])
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    found = by_name(club.id)
    keep, merged = found["Ann Baker"].id, found["Ann B."].id
    before = games_of(club.id, keep) + games_of(club.id, merged)
    with pytest.raises(RuleViolation, match="club_merge_same"):
        members.merge_members(club.id, keep, keep)
    with pytest.raises(RuleViolation, match="club_no_such_member"):
        members.merge_members(club.id, keep, 999)
    members.merge_members(club.id, keep, merged)
    assert sorted(games_of(club.id, keep)) == sorted(before) and len(before) == 3
    assert members.member(club.id, merged) is None
    assert members.member(club.id, keep) == ClubMember(id=keep, name="Ann Baker", aliases=("Ann B.",))
    # Once merged, the name holds for every table and drive added later.
    later = drive(["Ann B.", "Gus", "Hal", "Ivy"], name="Later")
    holdings.add_drive(club.id, later)
    assert len(games_of(club.id, keep)) == 4


def test_linking_a_drive_name_to_a_member_merges_the_member_it_leaves_empty() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    play(group, ["Ann Baker", "Bob", "Cat"])
    drive_id = drive(["Ann B.", "Dan", "Eve", "Fay"])
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    ann = by_name(club.id)["Ann Baker"]
    members.link_name(club.id, ann.id, drive_id=drive_id, drive_name="ann b.")
    assert "Ann B." not in by_name(club.id)
    assert [line.kind for line in members.member_history(club.id, ann.id)] == ["drive", "game"]
    assert members.member(club.id, ann.id) == ClubMember(id=ann.id, name="Ann Baker", aliases=("Ann B.",))


def test_linking_a_table_player_to_a_new_member_splits_two_people_of_one_name() -> None:
    club = access.create_club("Club", holder=PHONE)
    thursday, friday = table("Thursday"), table("Friday")
    play(thursday, ["Ann", "Bob", "Cat"])
    play(friday, ["Ann", "Dan", "Eve"])
    holdings.add_table(club.id, thursday.id)
    holdings.add_table(club.id, friday.id)
    ann = by_name(club.id)["Ann"]
    assert len(games_of(club.id, ann.id)) == 2
    other = members.add_member(club.id, "Ann Kent")
    friday_ann = next(player for player in roster(friday.id) if player.name == "Ann")
    members.link_name(club.id, other.id, group_player_id=friday_ann.id)
    assert len(games_of(club.id, ann.id)) == 1
    assert len(games_of(club.id, other.id)) == 1
    with pytest.raises(RuleViolation, match="club_member_name_twice"):
        members.add_member(club.id, "ann kent")


@pytest.mark.parametrize(
    ("form", "code"),
    [
        ({}, "club_link_what"),
        ({"group_player_id": 1, "drive_id": "x", "drive_name": "Ann"}, "club_link_what"),
        ({"drive_id": "x"}, "club_link_what"),
        ({"group_player_id": 999}, "club_link_not_in_club"),
        ({"drive_id": "0" * 32, "drive_name": "Ann"}, "club_link_not_in_club"),
    ],
)
def test_a_link_names_one_player_of_the_club(form: dict[str, object], code: str) -> None:
    club = access.create_club("Club", holder=PHONE)
    ann = members.add_member(club.id, "Ann")
    with pytest.raises(RuleViolation) as refused:
        members.link_name(club.id, ann.id, **form)  # type: ignore[arg-type]
    assert refused.value.code == code


def test_a_drive_name_the_drive_lacks_is_refused_by_name() -> None:
    club = access.create_club("Club", holder=PHONE)
    drive_id = drive(["A", "B", "C", "D"])
    holdings.add_drive(club.id, drive_id)
    with pytest.raises(RuleViolation) as refused:
        members.link_name(club.id, by_name(club.id)["A"].id, drive_id=drive_id, drive_name="Zed")
    assert (refused.value.code, refused.value.params) == ("club_link_no_such_name", {"name": "Zed"})
    with pytest.raises(RuleViolation, match="club_no_such_member"):
        members.link_name(club.id, 999, drive_id=drive_id, drive_name="A")


def test_a_history_line_says_what_the_member_did() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    game_id = play(group, ["Ann", "Bob", "Cat"], made=[0, 1])
    holdings.add_table(club.id, group.id)
    [line] = members.member_history(club.id, by_name(club.id)["Ann"].id)
    assert (line.key, line.kind, line.url_kind, line.ref) == (f"game:{game_id}", "game", "game", game_id)
    assert (line.title, line.variant, line.players) == ("Thursday whist", "custom-oh-hell", 3)
    assert (line.score, line.rank, line.won) == (50, 1, True)
    assert line.played_at.tzinfo is not None
    assert outcomes.outcomes(club.id)[0].placings
