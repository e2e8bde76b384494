"""Guests and friendlies (clubs/guests.py): a guest's games rate the members, and the guest is on no
ladder, league or record; a friendly game counts for no rating, league or record; both undone."""

from __future__ import annotations

import pytest

from scorekeeper.clubs import access, guests, holdings, members, outcomes, ratings
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.club import LeagueRule, ladder, league, rate, records
from tests.clubs.conftest import PHONE, play, table


def club_with_a_visitor() -> tuple[str, dict[str, int], list[str]]:
    """Ann, Bob and Cy play twice; Vic, a visitor, plays once with Ann and Bob and scores the most."""
    club = access.create_club("Club", holder=PHONE)
    group = table()
    games = [
        play(group, ["Ann", "Bob", "Cy"], made=[0]),
        play(group, ["Ann", "Bob", "Cy"], made=[1]),
        play(group, ["Vic", "Ann", "Bob"], made=[0], count=5),
    ]
    holdings.add_table(club.id, group.id)
    ids = {member.name: member.id for member in members.members(club.id)}
    return club.id, ids, games


def test_a_guest_s_games_rate_the_members_but_the_guest_is_on_no_ladder_league_or_record() -> None:
    club_id, ids, _games = club_with_a_visitor()
    before = ratings.club_ratings(club_id, ladder=None, season=None, season_key="all")
    guests.set_guest(club_id, ids["Vic"], True)
    assert guests.guests(club_id) == {ids["Vic"]}
    assert members.member(club_id, ids["Vic"]).guest  # type: ignore[union-attr]
    found = outcomes.outcomes(club_id)
    after = rate(found)
    assert after == before  # the guest's game still rates Ann and Bob, as before
    out = guests.guests(club_id)
    assert {row.rated.member for row in ladder(after, leave_out=out)} == {ids["Ann"], ids["Bob"], ids["Cy"]}
    assert ids["Vic"] not in {
        row.member for row in league(found, LeagueRule(kind="placings"), season=None, leave_out=out)
    }
    assert all(ids["Vic"] not in record.members for record in records(found, leave_out=out))
    assert any(ids["Vic"] in record.members for record in records(found))  # his score would be one
    guests.set_guest(club_id, ids["Vic"], False)
    assert guests.guests(club_id) == frozenset()
    with pytest.raises(RuleViolation, match="club_no_such_member"):
        guests.set_guest(club_id, 10**6, True)


def test_a_friendly_game_counts_for_nothing_and_counts_again_when_undone() -> None:
    club_id, ids, games = club_with_a_visitor()
    key = f"game:{games[1]}"
    fingerprint = outcomes.club_fingerprint(club_id)
    guests.set_friendly(club_id, key, True)
    assert outcomes.club_fingerprint(club_id) != fingerprint  # every page of the club changes
    found = outcomes.outcomes(club_id)
    assert [outcome.friendly for outcome in found] == [False, True, False]
    rated = rate(found)
    assert rated[ids["Cy"]].games == 1 and rated[ids["Ann"]].games == 2
    assert rated == rate([outcome for outcome in found if not outcome.friendly])
    assert all(record.key != key for record in records(found))
    history = members.member_history(club_id, ids["Cy"])
    assert [(line.key, line.friendly) for line in history] == [(key, True), (f"game:{games[0]}", False)]
    guests.set_friendly(club_id, key, True)  # again: still one mark
    guests.set_friendly(club_id, key, False)
    assert not any(outcome.friendly for outcome in outcomes.outcomes(club_id))
    assert rate(outcomes.outcomes(club_id))[ids["Cy"]].games == 2


@pytest.mark.parametrize("key", ["game:" + "0" * 32, "drive:" + "0" * 32, "hand:1", "game:", "x" * 60])
def test_only_a_game_or_drive_of_the_club_is_made_friendly(key: str) -> None:
    club_id, _ids, _games = club_with_a_visitor()
    other = table("Elsewhere")
    elsewhere = play(other, ["Zed", "Yan", "Xi"])
    for wrong in (key, f"game:{elsewhere}"):
        with pytest.raises(RuleViolation, match="club_no_such_outcome"):
            guests.set_friendly(club_id, wrong, True)
    assert guests.friendlies(club_id) == frozenset()
