"""A club's outcomes from its tables' summaries and its drives, its fingerprint and what is kept
(clubs/outcomes.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.clubs import access, holdings, members, outcomes, ratings
from scorekeeper.games import store as games
from scorekeeper.groups import roster
from scorekeeper.rules.club import Outcome, rate
from scorekeeper.rules.club.outcome import Placing
from tests.clubs.conftest import PHONE, deals, drive, play, table


def member_ids(club_id: str) -> dict[str, int]:
    return {member.name: member.id for member in members.members(club_id)}


def test_a_member_linked_across_a_table_and_a_drive_counts_once_in_each() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    game_id = play(group, ["Ann", "Bob", "Cat"], made=[0, 1])
    drive_id = drive(["ann", "Dan", "Eve", "Fay"])
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive_id)
    ids = member_ids(club.id)
    game, evening = outcomes.outcomes(club.id)
    assert (game.key, game.kind, game.ladder, game.variant) == (
        f"game:{game_id}",
        "game",
        "oh_hell",
        "custom-oh-hell",
    )
    assert sorted(game.placings, key=lambda placing: placing.member) == [
        Placing(member=ids["Ann"], side=0, rank=1, score=50, won=True, exact_bids=5, longest_run=5),
        Placing(member=ids["Bob"], side=1, rank=1, score=50, won=True, exact_bids=5, longest_run=5),
        Placing(member=ids["Cat"], side=2, rank=3, score=10, won=False, exact_bids=0, longest_run=0),
    ]
    assert (evening.key, evening.kind, evening.ladder, evening.variant) == (
        f"drive:{drive_id}",
        "drive",
        "drive",
        "drive",
    )
    assert [placing.member for placing in evening.placings].count(ids["Ann"]) == 1
    assert len(evening.placings) == 4
    ann = next(placing for placing in evening.placings if placing.member == ids["Ann"])
    assert ann.side == 0 and ann.won == (ann.rank == 1) and ann.score is not None
    assert (
        sum(1 for outcome in outcomes.outcomes(club.id) for p in outcome.placings if p.member == ids["Ann"])
        == 2
    )
    assert game.played_at <= evening.played_at and game.played_at.tzinfo is not None


def test_games_and_drives_still_under_way_are_no_outcomes() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    play(group, ["Ann", "Bob", "Cat"], count=3)
    holdings.add_table(club.id, group.id)
    holdings.add_drive(club.id, drive(["A", "B", "C", "D"], finish=False))
    assert outcomes.outcomes(club.id) == []
    assert len(members.members(club.id)) == 7


def test_two_players_linked_to_one_member_in_one_game_give_one_placing_the_better() -> None:
    # Ann and "Ann B." never sat together: merged, one person. A table that joins later, where an
    # "Ann" and an "Ann B." did sit together, links both names to her (its links are by name).
    club = access.create_club("Club", holder=PHONE)
    holdings.add_drive(club.id, drive(["Ann", "Bob", "Cat", "Dan"]))
    holdings.add_drive(club.id, drive(["Ann B.", "Bob", "Cat", "Dan"], name="Later drive"))
    ids = member_ids(club.id)
    members.merge_members(club.id, ids["Ann"], ids["Ann B."])
    group = table()
    play(group, ["Ann", "Ann B.", "Cat"], made=[1])
    holdings.add_table(club.id, group.id)
    [game] = [outcome for outcome in outcomes.outcomes(club.id) if outcome.kind == "game"]
    # Ann took the tricks (10 points, third), Ann B. made every bid (50, first): one placing, the first.
    assert sorted((placing.member, placing.rank) for placing in game.placings) == [
        (ids["Ann"], 1),
        (ids["Cat"], 1),
    ]


def test_the_fingerprint_changes_with_games_drives_and_links_and_the_kept_value_with_it() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    calls: list[int] = []

    def count() -> int:
        calls.append(1)
        return len(outcomes.outcomes(club.id))

    first = outcomes.club_fingerprint(club.id)
    assert outcomes.kept(club.id, "count", count) == 0
    assert outcomes.kept(club.id, "count", count) == 0
    assert len(calls) == 1
    game_id = play(group, ["Ann", "Bob", "Cat"], count=4)
    second = outcomes.club_fingerprint(club.id)
    assert second != first
    record, game = games.load_game(game_id)
    games.record_deal(record, game, 5, deals(3, [0], 1)[0])  # the last deal finishes it
    third = outcomes.club_fingerprint(club.id)
    assert third != second
    assert outcomes.kept(club.id, "count", count) == 1
    holdings.add_drive(club.id, drive(["A", "B", "C", "D"]))
    assert outcomes.club_fingerprint(club.id) != third
    assert outcomes.kept(club.id, "count", count) == 2
    before = outcomes.club_fingerprint(club.id)
    ids = member_ids(club.id)
    members.merge_members(club.id, ids["Ann"], ids["A"])
    assert outcomes.club_fingerprint(club.id) != before
    assert len(calls) == 3


def test_a_summary_gone_stale_is_rebuilt_before_it_is_read() -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    game_id = play(group, ["Ann", "Bob", "Cat"], made=[0])
    holdings.add_table(club.id, group.id)
    ids = member_ids(club.id)
    [game] = outcomes.outcomes(club.id)
    assert {placing.member for placing in game.placings if placing.won} == {ids["Ann"], ids["Cat"]}
    record, stored = games.load_game(game_id)
    games.record_deal(record, stored, 5, deals(3, [1], 1)[0])  # the last deal corrected: Ann took the tricks
    [game] = outcomes.outcomes(club.id)
    scores = {placing.member: placing.score for placing in game.placings}
    assert scores == {ids["Ann"]: 42, ids["Bob"]: 18, ids["Cat"]: 50}


def test_a_club_that_holds_nothing_has_no_outcomes() -> None:
    club = access.create_club("Club", holder=PHONE)
    assert outcomes.outcomes(club.id) == []
    assert outcomes.club_fingerprint(club.id) == "1.0.0.0.0"
    assert members.member_history(club.id, 1) == []


def test_a_read_after_a_change_reads_only_the_games_changed_and_finds_what_a_first_read_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """This worker reads again only the games whose version moved (a game finished, corrected or
    taken back); a merge or a renamed player reads every game again. Each time the outcomes are
    those a worker reading the club for the first time finds."""
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    first = play(group, ["Ann", "Bob", "Cat"], made=[0])
    built: list[str] = []
    build = outcomes.game_outcome

    def counted(game_id: str, *args: Any) -> Any:
        built.append(game_id)
        return build(game_id, *args)

    monkeypatch.setattr(outcomes, "game_outcome", counted)

    def read() -> list[str]:
        """The games built by a read, after checking it against a read from nothing."""
        built.clear()
        found = outcomes.read_outcomes(club.id)
        games_built = list(built)
        outcomes.GAMES_READ.clear()
        assert outcomes.read_outcomes(club.id) == found
        return games_built

    assert read() == [first]
    assert read() == []  # nothing changed: nothing read again
    second = play(group, ["Cat", "Ann", "Bob"], made=[1])
    assert read() == [second]
    record, stored = games.load_game(first)
    games.record_deal(record, stored, 5, deals(3, [1], 1)[0])  # the last deal corrected
    assert read() == [first]
    record, stored = games.load_game(second)
    games.undo_last(record, stored)  # no longer finished: no longer an outcome
    assert read() == []
    assert [outcome.key for outcome in outcomes.read_outcomes(club.id).outcomes] == [f"game:{first}"]
    third = play(group, ["Eve", "Bob", "Dan"], made=[2])  # new to the club: links are added
    assert sorted(read()) == sorted([first, third])  # the links changed: every finished game read again
    ids = member_ids(club.id)
    members.merge_members(club.id, ids["Ann"], ids["Dan"])  # they never sat together
    assert sorted(read()) == sorted([first, third])  # the club changed: every finished game again
    [player] = [p for p in roster.roster(group.id) if p.name == "Bob"]
    roster.rename_player(group.id, player.id, "Bobby")  # raises the versions of Bob's games
    assert sorted(read()) == sorted([first, third])


def test_ratings_after_a_new_game_go_on_from_those_before_it_and_equal_ratings_from_scratch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = access.create_club("Club", holder=PHONE)
    group = table()
    holdings.add_table(club.id, group.id)
    for made in ([0], [1], [2]):
        play(group, ["Ann", "Bob", "Cat"], made=made)
    assert ratings.club_ratings(club.id, ladder=None, season=None, season_key="all") == rate(
        outcomes.outcomes(club.id)
    )
    taken: list[int] = []
    carry_on = ratings.rate_more

    def counted(before: Any, more: Sequence[Outcome]) -> Any:
        taken.append(len(more))
        return carry_on(before, more)

    monkeypatch.setattr(ratings, "rate_more", counted)
    play(group, ["Ann", "Bob", "Dan"], made=[1])
    after = ratings.club_ratings(club.id, ladder=None, season=None, season_key="all")
    assert taken == [1]  # the new game only
    assert after == rate(outcomes.outcomes(club.id))
    ids = member_ids(club.id)
    assert after[ids["Dan"]].games == 1 and after[ids["Ann"]].games == 4
