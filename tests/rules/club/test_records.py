"""The club's records, each kind with its ties, and the records one outcome set."""

from __future__ import annotations

from datetime import date

from scorekeeper.rules.club import ClubRecord, Season, records, records_set_by

from .building import drive, evening, free_for_all, partnership


def by_kind(found: tuple[ClubRecord, ...]) -> dict[tuple[str, str | None], ClubRecord]:
    return {(record.kind, record.variant): record for record in found}


def test_highest_score_per_variant_and_a_tie_lists_every_holder_from_the_first_game_that_set_it() -> None:
    outcomes = [
        free_for_all("game:1", [1, 2, 3], scores=[40, 31, 12], at=evening(0)),
        free_for_all("game:2", [2, 3, 1], scores=[52, 40, 8], at=evening(1)),
        free_for_all("game:3", [3, 1], scores=[52, 20], at=evening(2)),
        free_for_all("game:4", [1, 2], scores=[90, 3], at=evening(3), variant="romanian-whist"),
        partnership("game:5", (4, 5), (1, 2), scores=(7, 3), at=evening(4)),
    ]
    found = by_kind(records(outcomes))
    oh_hell = found["highest_score", "oh-hell"]
    assert (oh_hell.value, oh_hell.members, oh_hell.key, oh_hell.played_at) == (
        52,
        (2, 3),
        "game:2",
        evening(1),
    )
    assert found["highest_score", "romanian-whist"].members == (1,)
    # Partners share their side's total, so both hold it.
    assert found["highest_score", "classic-whist"].members == (4, 5)
    assert [record.variant for record in records(outcomes) if record.kind == "highest_score"] == [
        "classic-whist",
        "oh-hell",
        "romanian-whist",
    ]


def test_exact_bids_and_the_longest_run_of_them_in_one_game_and_none_at_zero() -> None:
    outcomes = [
        free_for_all("game:1", [1, 2, 3], exact_bids=[4, 6, 6], longest_runs=[3, 2, 5], at=evening(0)),
        free_for_all("game:2", [1, 2, 3], exact_bids=[6, 1, 0], longest_runs=[1, 1, 0], at=evening(1)),
    ]
    found = by_kind(records(outcomes))
    assert (found["most_exact_bids", None].value, found["most_exact_bids", None].members) == (6, (2, 3, 1))
    assert found["most_exact_bids", None].key == "game:1"
    assert (found["longest_exact_run", None].value, found["longest_exact_run", None].members) == (5, (3,))
    no_bids = [partnership("game:9", (1, 2), (3, 4))]
    assert {record.kind for record in records(no_bids)} == {"highest_score", "most_games_season"}


def test_drives_won_best_drive_score_and_games_played() -> None:
    outcomes = [
        drive("drive:1", [1, 2, 3], scores=[150, 160, 140], at=evening(0)),
        drive("drive:2", [1, 2, 3], scores=[170, 150, 170], at=evening(1)),
        drive("drive:3", [1, 2, 3], scores=[100, 120, 110], at=evening(2)),
        free_for_all("game:1", [1, 2], scores=[12, 9], at=evening(3)),
        free_for_all("game:2", [2, 4], scores=[8, 7], at=evening(4)),
    ]
    found = by_kind(records(outcomes))
    won = found["most_drives_won", None]
    # Bob won drives 1 and 3; Ann and Cat tied for drive 2 (both won), so Bob alone has 2.
    assert (won.value, won.members, won.key, won.played_at) == (2, (2,), None, None)
    best = found["best_drive_score", None]
    assert (best.value, best.members, best.key) == (170, (1, 3), "drive:2")
    games = found["most_games_season", None]
    assert (games.value, games.members, games.key) == (2, (2,), None)
    assert [record.kind for record in records(outcomes)] == [
        "highest_score",
        "most_drives_won",
        "best_drive_score",
        "most_games_season",
    ]


def test_counts_tied_list_every_holder_in_the_order_they_reached_it() -> None:
    outcomes = [
        drive("drive:1", [3, 1], at=evening(0)),
        drive("drive:2", [1, 3], at=evening(1)),
    ]
    assert by_kind(records(outcomes))["most_drives_won", None].members == (3, 1)


def test_a_season_counts_only_its_own_outcomes() -> None:
    spring = Season(name="Spring", starts_on=date(2025, 3, 13), ends_on=date(2025, 3, 27))
    outcomes = [
        free_for_all("game:1", [1, 2], scores=[99, 0], at=evening(0)),
        free_for_all("game:2", [1, 2], scores=[10, 20], at=evening(1)),
        free_for_all("game:3", [2, 3], scores=[30, 5], at=evening(2)),
        free_for_all("game:4", [1, 3], scores=[1, 2], at=evening(5)),
    ]
    found = by_kind(records(outcomes, season=spring))
    assert found["highest_score", "oh-hell"].value == 30
    assert (found["most_games_season", None].value, found["most_games_season", None].members) == (2, (2,))
    assert by_kind(records(outcomes))["highest_score", "oh-hell"].value == 99
    assert records([], season=spring) == ()


def test_the_first_outcome_sets_nothing_a_later_beat_sets_and_equalling_does_not() -> None:
    outcomes = [
        free_for_all("game:1", [1, 2], scores=[40, 30], exact_bids=[3, 1], at=evening(0)),
        free_for_all("game:2", [2, 1], scores=[40, 10], exact_bids=[3, 0], at=evening(1)),
        free_for_all("game:3", [3, 1], scores=[45, 20], exact_bids=[5, 5], at=evening(2)),
        free_for_all("game:4", [1, 2], scores=[80, 0], at=evening(3), variant="romanian-whist"),
    ]
    assert records_set_by(outcomes, "game:1") == ()
    assert records_set_by(outcomes, "game:2") == ()  # 40 and 3 equalled, not beaten
    assert records_set_by(outcomes, "game:3") == (
        ClubRecord(
            kind="highest_score",
            variant="oh-hell",
            value=45,
            members=(3,),
            key="game:3",
            played_at=evening(2),
        ),
        ClubRecord(
            kind="most_exact_bids", variant=None, value=5, members=(3, 1), key="game:3", played_at=evening(2)
        ),
    )
    # The first game of a variant sets nothing for that variant, whatever other variants hold.
    assert records_set_by(outcomes, "game:4") == ()
    assert records_set_by(outcomes, "game:404") == ()


def test_a_record_set_then_is_still_said_to_be_set_by_it_once_beaten_later() -> None:
    outcomes = [
        free_for_all("game:1", [1, 2], scores=[40, 30], at=evening(0)),
        free_for_all("game:2", [1, 2], scores=[50, 30], at=evening(1)),
        free_for_all("game:3", [1, 2], scores=[60, 30], at=evening(2)),
    ]
    assert [record.value for record in records_set_by(outcomes, "game:2")] == [50]
    assert [record.value for record in records_set_by(list(reversed(outcomes)), "game:3")] == [60]


def test_drives_set_best_score_and_most_drives_won_only_when_they_go_beyond() -> None:
    outcomes = [
        drive("drive:1", [1, 2], scores=[150, 140], at=evening(0)),
        drive("drive:2", [2, 1], scores=[150, 140], at=evening(1)),
        drive("drive:3", [2, 1], scores=[160, 140], at=evening(2)),
    ]
    assert records_set_by(outcomes, "drive:1") == ()
    # Bob's first drive won equals Ann's one; 150 equals 150.
    assert records_set_by(outcomes, "drive:2") == ()
    assert {(r.kind, r.value, r.members) for r in records_set_by(outcomes, "drive:3")} == {
        ("best_drive_score", 160, (2,)),
        ("most_drives_won", 2, (2,)),
    }
