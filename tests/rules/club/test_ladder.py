"""The ladder: ranked by ordinal once a member has played the minimum, ties sharing a place."""

from __future__ import annotations

from scorekeeper.rules.club import MINIMUM_GAMES, Rated, ladder, rate

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
    assert [(row.place, row.rated.member, row.to_go) for row in rows] == [
        (1, 2, 0),
        (2, 1, 0),
        (2, 3, 0),
        (4, 4, 0),
    ]


def test_fewer_outcomes_than_the_minimum_are_unranked_below_with_how_many_to_go() -> None:
    ratings = {
        m.member: m
        for m in (
            rated(1, 2.0),
            rated(2, 30.0, games=1),  # a high rating from one game is not ranked yet
            rated(3, 5.0, games=3, drives=1),  # drives count towards the minimum
            rated(4, 6.0, games=2, drives=1),
            rated(5, -1.0, games=4),
        )
    }
    rows = ladder(ratings)
    assert [(row.place, row.rated.member, row.to_go) for row in rows] == [
        (1, 1, 0),
        (None, 3, 1),
        (None, 5, 1),
        (None, 4, 2),
        (None, 2, 4),
    ]


def test_the_minimum_is_an_option() -> None:
    ratings = {m.member: m for m in (rated(1, 2.0, games=1), rated(2, 3.0, games=2))}
    assert [row.place for row in ladder(ratings, minimum=1)] == [1, 2]
    assert [row.to_go for row in ladder(ratings, minimum=3)] == [1, 2]
    assert ladder({}) == ()


def test_a_small_club_over_five_evenings() -> None:
    # Ann wins every week, Dan is last every week, Bob and Cat swap; Eve came to one drive.
    games = [
        free_for_all(f"game:{week}", [1, 2, 3, 4] if week % 2 else [1, 3, 2, 4], at=evening(week))
        for week in range(MINIMUM_GAMES)
    ]
    rows = ladder(rate([*games, drive("drive:1", [5, 1], at=evening(9))]))
    assert (rows[0].place, rows[0].rated.member) == (1, 1)
    assert rows[-2].rated.member == 4
    assert (rows[-1].place, rows[-1].rated.member, rows[-1].to_go) == (None, 5, MINIMUM_GAMES - 1)
    assert all(row.place is not None for row in rows[:-1])
