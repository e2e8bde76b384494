"""The ladder: everyone rated, by ordinal, ties sharing a place; provisional until the club's minimum;
shown as points a member understands (never negative for a newcomer)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.club import MINIMUM_GAMES, RATING_START, Rated, ladder, rate, rating_points

from .building import drive, evening, free_for_all


def rated(member: int, ordinal: float, *, games: int = MINIMUM_GAMES, drives: int = 0) -> Rated:
    return Rated(
        member=member,
        mu=ordinal + 9,
        sigma=3.0,
        ordinal=ordinal,
        games=games,
        wins=0,
        drives=drives,
        history=(),
    )


def test_ranked_by_ordinal_ties_share_a_place_and_the_next_is_skipped() -> None:
    ratings = {m.member: m for m in (rated(1, 4.0), rated(2, 9.5), rated(3, 4.0), rated(4, 1.0))}
    rows = ladder(ratings)
    assert [(row.place, row.rated.member, row.to_go, row.provisional) for row in rows] == [
        (1, 2, 0, False),
        (2, 1, 0, False),
        (2, 3, 0, False),
        (4, 4, 0, False),
    ]


def test_everyone_is_on_the_ladder_from_the_first_game_provisional_until_the_minimum() -> None:
    ratings = {
        m.member: m
        for m in (
            rated(1, 2.0),
            rated(2, 30.0, games=1),  # a high rating from one game: ranked first, provisional
            rated(3, 5.0, games=1, drives=1),  # drives count towards the minimum
            rated(4, 6.0, games=2, drives=1),
            rated(5, -1.0, games=2),
        )
    }
    rows = ladder(ratings)
    assert [(row.place, row.rated.member, row.to_go, row.provisional) for row in rows] == [
        (1, 2, 2, True),
        (2, 4, 0, False),
        (3, 3, 1, True),
        (4, 1, 0, False),
        (5, 5, 1, True),
    ]


def test_the_minimum_is_the_club_s_choice() -> None:
    ratings = {m.member: m for m in (rated(1, 2.0, games=1), rated(2, 3.0, games=2))}
    assert [row.provisional for row in ladder(ratings, minimum=1)] == [False, False]
    assert [row.to_go for row in ladder(ratings, minimum=5)] == [3, 4]
    assert ladder({}) == ()


def test_the_rating_shown_starts_at_a_thousand_and_a_newcomer_s_is_never_negative() -> None:
    assert rating_points(0.0) == RATING_START == 1000
    assert rating_points(3.04) == 1061 and rating_points(-3.29) == 934
    assert rating_points(-80.0) == 0
    # After one game of four newcomers: 1,060 for the winner down to 934 for the last.
    first = rate([free_for_all("game:1", [1, 2, 3, 4])])
    assert [rating_points(first[member].ordinal) for member in (1, 2, 3, 4)] == [1060, 1040, 1009, 934]


@settings(max_examples=40, deadline=None)
@given(
    tables=st.lists(st.lists(st.integers(0, 7), min_size=2, max_size=6, unique=True), min_size=1, max_size=8)
)
def test_whoever_plays_a_few_evenings_is_rated_above_zero_and_on_the_ladder(tables: list[list[int]]) -> None:
    history = [free_for_all(f"game:{week}", table, at=evening(week)) for week, table in enumerate(tables)]
    rows = ladder(rate(history))
    assert {row.rated.member for row in rows} == {member for table in tables for member in table}
    assert all(row.points > 0 for row in rows)
    assert [row.rated.ordinal for row in rows] == sorted((row.rated.ordinal for row in rows), reverse=True)


def test_a_small_club_over_three_evenings() -> None:
    # Ann wins every week, Dan is last every week, Bob and Cat swap; Eve came to one drive.
    games = [
        free_for_all(f"game:{week}", [1, 2, 3, 4] if week % 2 else [1, 3, 2, 4], at=evening(week))
        for week in range(MINIMUM_GAMES)
    ]
    rows = ladder(rate([*games, drive("drive:1", [5, 1], at=evening(9))]))
    assert (rows[0].place, rows[0].rated.member, rows[0].provisional) == (1, 1, False)
    eve = next(row for row in rows if row.rated.member == 5)
    assert (eve.provisional, eve.to_go) == (True, MINIMUM_GAMES - 1)
    assert [row.provisional for row in rows].count(False) == 4
