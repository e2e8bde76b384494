"""Properties of ratings and records over any club history hypothesis makes up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.club import (
    Outcome,
    outcome_bests,
    rate,
    rate_more,
    rated_outcomes,
    records,
    records_set_by,
    records_set_by_each,
)

from .building import evening, free_for_all

SETTINGS = settings(max_examples=60, deadline=None)


@st.composite
def games(draw: st.DrawFn) -> Outcome:
    """One free-for-all game of 3 to 7 of 9 members, with ranks (ties allowed) and scores."""
    players = draw(st.lists(st.integers(0, 8), min_size=3, max_size=7, unique=True))
    scores = draw(st.lists(st.integers(-50, 200), min_size=len(players), max_size=len(players)))
    ranks = [1 + sum(1 for other in scores if other > score) for score in scores]
    week = draw(st.integers(0, 20))
    number = draw(st.integers(0, 10**6))
    exact = draw(st.lists(st.integers(0, 10), min_size=len(players), max_size=len(players)))
    return free_for_all(
        f"game:{number}", players, ranks=ranks, scores=scores, exact_bids=exact, at=evening(week)
    )


histories = st.lists(games(), min_size=1, max_size=15, unique_by=lambda outcome: outcome.key)


@SETTINGS
@given(history=histories, order=st.randoms(use_true_random=False))
def test_ratings_and_records_do_not_depend_on_the_order_outcomes_are_given_in(
    history: list[Outcome], order: random.Random
) -> None:
    shuffled = list(history)
    order.shuffle(shuffled)
    assert rate(shuffled) == rate(history)
    assert records(shuffled) == records(history)


@SETTINGS
@given(
    others=st.lists(
        st.lists(st.integers(2, 12), min_size=1, max_size=5, unique=True), min_size=1, max_size=12
    )
)
def test_a_member_who_only_wins_is_rated_above_one_who_only_loses(others: list[list[int]]) -> None:
    # Member 0 is first and member 1 last in every game, whoever else plays.
    history = [
        free_for_all(f"game:{week}", [0, *table, 1], at=evening(week)) for week, table in enumerate(others)
    ]
    rated = rate(history)
    assert rated[0].ordinal > rated[1].ordinal
    assert rated[0].mu > 25 > rated[1].mu
    assert rated[0].wins == len(history) and rated[1].wins == 0


@SETTINGS
@given(history=histories)
def test_every_record_is_reached_by_an_outcome_and_beaten_by_none(history: list[Outcome]) -> None:
    for record in records(history):
        if record.kind != "highest_score":
            continue
        scores = [p.score for o in history if o.variant == record.variant for p in o.placings]
        assert record.value == max(score for score in scores if score is not None)
        reached = {p.member for o in history for p in o.placings if p.score == record.value}
        assert set(record.members) == reached


@SETTINGS
@given(history=histories, cut=st.integers(0, 15))
def test_ratings_carried_on_from_earlier_ones_are_the_ratings_from_scratch(
    history: list[Outcome], cut: int
) -> None:
    # What a club's page does after a new game: the ratings before it, carried on through it.
    ordered = rated_outcomes(history)
    earlier = rate_more({}, ordered[:cut])
    assert rate_more(earlier, ordered[cut:]) == rate(history)
    assert rate_more(rate(history), []) == rate(history)


@SETTINGS
@given(history=histories, picked=st.lists(st.integers(0, 14), max_size=5))
def test_the_records_an_evening_set_are_those_each_of_its_outcomes_beat(
    history: list[Outcome], picked: list[int]
) -> None:
    keys = [history[index % len(history)].key for index in picked] + ["game:none"]
    each = records_set_by_each(history, keys)
    ordered = sorted(history, key=lambda outcome: (outcome.played_at, outcome.key))
    for key in keys:
        found = [(r.kind, r.variant, r.value, r.members) for r in each.get(key, ())]
        assert found == [(r.kind, r.variant, r.value, r.members) for r in records_set_by(history, key)]
        where = next((index for index, outcome in enumerate(ordered) if outcome.key == key), None)
        if where is None:
            assert found == []
            continue
        # Independently: the hall of fame of the outcomes before it, and what this one reached.
        held = {(r.kind, r.variant): r.value for r in records(ordered[:where]) if r.key is not None}
        beaten = [
            (kind, variant, value, members)
            for kind, variant, value, members in outcome_bests(ordered[where])
            if (kind, variant) in held and value > held[kind, variant]
        ]
        assert found == beaten
