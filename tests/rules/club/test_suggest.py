"""Names that may be one person (rules/club/suggest.py), for the organiser to link."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.club.suggest import alike_pairs, looks_like


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Cristi", "Cristian"),
        ("Ann B.", "Ann Baker"),
        ("ann b", "Ann Baker"),
        ("Jonh", "John"),
        ("Cristina", "Crystina"),
        ("Eve", "Evelyn"),
        ("Cat", "Cat F."),
    ],
)
def test_names_that_may_be_one_person(first: str, second: str) -> None:
    assert looks_like(first, second) and looks_like(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Al", "Alan"),  # too short to tell
        ("Mary", "Mark"),  # one letter apart, but two names
        ("Bob", "Rob"),
        ("Member 1", "Member 2"),  # told apart by a number
        ("Table 10", "Table 11"),
        ("Ann", "ANN"),  # the same name: one member already
        ("Ann Baker", "Ann Brown"),
    ],
)
def test_names_that_are_two_people_or_one_name(first: str, second: str) -> None:
    assert not looks_like(first, second)


def test_the_pairs_of_a_club_in_order_of_their_names() -> None:
    names = {1: "Cristian", 2: "Bob", 3: "Cristi", 4: "Ann Baker", 5: "Ann B.", 6: "Zed"}
    assert alike_pairs(names) == [(4, 5), (1, 3)]
    assert alike_pairs(names, most=1) == [(4, 5)]
    assert alike_pairs({}) == []


@settings(max_examples=int(os.environ.get("CLUB_SUGGEST_EXAMPLES", "60")), deadline=None)
@given(
    st.lists(
        st.text(alphabet="abcAB .12", min_size=1, max_size=9).filter(lambda name: name.strip()),
        max_size=12,
        unique_by=lambda name: " ".join(name.casefold().replace(".", " ").split()),
    )
)
def test_the_indexes_find_every_pair_comparing_every_pair_would(names: list[str]) -> None:
    members = dict(enumerate(names))
    every = sorted(
        (first, second)
        for first in members
        for second in members
        if first < second and looks_like(members[first], members[second])
    )
    assert sorted(alike_pairs(members, most=10_000)) == every
