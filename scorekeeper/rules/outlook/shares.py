"""The best results of a deal where each player's points come from their own result alone, and the
players are tied only by the tricks they share (they add up to the cards) and by a rule on all
their bids together (the hook; one double a deal).

Each seat offers its choices as (tricks, points, mark); the marks of all the seats combine into
one, and the deal's rule accepts the combined mark or not. The search goes seat by seat, keeping
for each count of tricks taken and each combined mark only the results no other beats for the
unit (more for it, less for each rival): exact, and small, since a scoring worth racing over
gives few such results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .race import Points, gains, pareto

Choice = tuple[int, int, int]
"""(tricks, points, mark): one result a seat may have in the deal."""


def best_shares(
    *,
    units: int,
    cards: int,
    active: Sequence[int],
    unit: int,
    mine: Sequence[Choice],
    theirs: Sequence[Choice],
    combine: Callable[[int, int], int],
    accept: Callable[[int], bool],
) -> tuple[Points, ...]:
    """The deal's results (points per unit) no other beats for ``unit``: it chooses among ``mine``,
    each rival among ``theirs``; the seats' marks ``combine`` from 0, and ``accept`` says which
    combined mark the rules allow."""
    ideal = _ideal(
        units=units,
        cards=cards,
        active=active,
        unit=unit,
        mine=mine,
        theirs=theirs,
        combine=combine,
        accept=accept,
    )
    if ideal is not None:
        return (ideal,)
    layer: dict[tuple[int, int], tuple[Points, ...]] = {(0, 0): ((0,) * units,)}
    for seat in active:
        sign = 1 if seat == unit else -1
        grown: dict[tuple[int, int], list[Points]] = {}
        for (taken, mark), vectors in layer.items():
            for took, points, extra in mine if seat == unit else theirs:
                if taken + took > cards:
                    continue
                bucket = grown.setdefault((taken + took, combine(mark, extra)), [])
                for vector in vectors:
                    bucket.append((*vector[:seat], sign * points, *vector[seat + 1 :]))
        layer = {key: pareto(vectors) for key, vectors in grown.items()}
    ends = [
        vector
        for (taken, mark), vectors in layer.items()
        if taken == cards and accept(mark)
        for vector in vectors
    ]
    return tuple(gains(vector, unit) for vector in pareto(ends))


def _ideal(
    *,
    units: int,
    cards: int,
    active: Sequence[int],
    unit: int,
    mine: Sequence[Choice],
    theirs: Sequence[Choice],
    combine: Callable[[int, int], int],
    accept: Callable[[int], bool],
) -> Points | None:
    """The one best result, when the unit's highest score and every rival's lowest can all be had in
    the same deal (the usual case: the unit takes every trick, the rivals none); else None."""
    high = max(points for _, points, _ in mine)
    low = min(points for _, points, _ in theirs)
    best_mine = [choice for choice in mine if choice[1] == high]
    best_theirs = [choice for choice in theirs if choice[1] == low]
    reachable = {(0, 0)}
    for seat in active:
        reachable = {
            (taken + took, combine(mark, extra))
            for taken, mark in reachable
            for took, _, extra in (best_mine if seat == unit else best_theirs)
            if taken + took <= cards
        }
    if not any(taken == cards and accept(mark) for taken, mark in reachable):
        return None
    return tuple((high if seat == unit else low) if seat in active else 0 for seat in range(units))
