"""Deal sequences: how many cards each player gets in every deal.

Every sequence in the rules is a walk through a few waypoints, one card a
deal, with each waypoint dealt one or more times: Oh Hell is 10 → 1 → 10,
Romanian 1-8-1 is 1 → 8 → 1 with each end dealt once per player.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise


def walk(waypoints: Sequence[int], *, repeats: int = 1) -> tuple[int, ...]:
    """Deal sizes from waypoint to waypoint, one card a step, each waypoint ``repeats`` times.

    Waypoints that coincide are one waypoint, dealt ``repeats`` times in all: a
    game from 3 up to 3 is the one deal of 3, and going down to 1 from 1 and
    back up is the one deal of 1 (RULES.md §1.4: S down to 1 and up again is
    2S − 1 deals, one when S is 1).

    >>> walk((3, 1, 3))
    (3, 2, 1, 2, 3)
    >>> walk((1, 3, 1), repeats=2)
    (1, 1, 2, 3, 3, 2, 1, 1)
    >>> walk((2, 2, 1))
    (2, 1)
    >>> walk((1, 1, 1), repeats=3)
    (1, 1, 1)
    """
    if not waypoints:
        raise ValueError("a walk needs at least one waypoint")
    distinct = [size for size, before in zip(waypoints, (None, *waypoints), strict=False) if size != before]
    sizes: list[int] = [distinct[0]] * repeats
    for start, stop in pairwise(distinct):
        step = 1 if stop > start else -1
        sizes.extend(range(start + step, stop, step))
        sizes.extend([stop] * repeats)
    return tuple(sizes)


def down_up(top: int) -> tuple[int, ...]:
    """top, top − 1, …, 1, …, top: 2·top − 1 deals (Oh Hell, Nomination)."""
    return walk((top, 1, top))


def ascending(top: int) -> tuple[int, ...]:
    """1, 2, …, top (Oh Pshaw, British Oh Hell)."""
    return walk((1, top))


def fixed(cards: int, deals: int) -> tuple[int, ...]:
    """The same hand size every deal."""
    return (cards,) * deals
