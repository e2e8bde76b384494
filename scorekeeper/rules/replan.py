"""Re-planning the deals not yet played when the number of players changes (RULES.md §9).

Deals already played never change; the plan goes on from the next deal's place
in the sequence, and is always derived afresh from the variant's own sequence
for the players now seated, never from the plan an earlier change left. Two
rules cover the games whose sequence depends on the table:

* the Oh Hell family keeps its number of deals, and a remaining deal larger
  than the largest hand the variant deals the new number of players is played
  at that largest hand (``capped``);
* a walk whose ends are dealt once per player (Romanian Whist, Custom Oh Hell
  with repeated ends) follows the new number in its remaining blocks, and a
  block already begun is completed to the new number (``by_blocks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise


def capped(plan: tuple[int, ...], done: int, largest: int) -> tuple[int, ...]:
    """The plan with every deal after the first ``done`` played at no more than ``largest`` cards."""
    return plan[:done] + tuple(min(cards, largest) for cards in plan[done:])


@dataclass(frozen=True, slots=True)
class _Segment:
    """Part of a walk: a block of one hand size (``repeat`` times the players), or a ramp."""

    values: tuple[int, ...]
    repeat: int = 0

    @property
    def block(self) -> bool:
        return self.repeat > 0


def _segments(waypoints: Sequence[int]) -> list[_Segment]:
    segments = [_Segment((waypoints[0],), 1)]
    for start, stop in pairwise(waypoints):
        step = 1 if stop > start else -1
        ramp = tuple(range(start + step, stop, step)) if start != stop else ()
        if ramp:
            segments.append(_Segment(ramp))
        last = segments[-1]
        if last.block and last.values == (stop,):
            segments[-1] = _Segment((stop,), last.repeat + 1)
        else:
            segments.append(_Segment((stop,), 1))
    return segments


def by_blocks(waypoints: Sequence[int], players: int, played: tuple[int, ...]) -> tuple[int, ...]:
    """The walk through ``waypoints`` after the deals ``played`` (as the walk gave them, uncapped),
    its remaining blocks dealt once per player of ``players``.

    >>> by_blocks((1, 3, 1), 4, (1, 1))
    (1, 1, 1, 1, 2, 3, 3, 3, 3, 2, 1, 1, 1, 1)
    """
    done = len(played)
    segments = _segments(waypoints)
    at = 0
    for index, segment in enumerate(segments):
        later = tuple(
            cards
            for rest in segments[index + 1 :]
            for cards in (rest.values * (rest.repeat * players) if rest.block else rest.values)
        )
        if segment.block:
            size = segment.values[0]
            run = 0
            while at < done and played[at] == size:
                run, at = run + 1, at + 1
            if at == done:
                return played + (size,) * max(0, segment.repeat * players - run) + later
        else:
            step = 0
            while at < done and step < len(segment.values) and played[at] == segment.values[step]:
                step, at = step + 1, at + 1
            if at == done:
                return played + segment.values[step:] + later
    return played


def prefix(plan: tuple[int, ...], done: int) -> tuple[int, ...]:
    """The first ``done`` deals of a plan; an open-ended plan's last deal repeats past its end."""
    return plan[:done] + plan[-1:] * max(0, done - len(plan))


def remaining(plan: tuple[int, ...], done: int, open_ended: bool) -> tuple[int, ...]:
    """The deals of a plan after the first ``done``: an open-ended plan's next deal stands for them."""
    if open_ended:
        return (plan[min(done, len(plan) - 1)],)
    return plan[done:]
