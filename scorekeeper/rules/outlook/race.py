"""What is left of a game to race for, as a family of games declares it.

A race is the totals now, who still scores, and what each deal left can score. The family
(``Engine.race``) builds it from its own declaration — the deal sequence, the hook, the scoring
function, the end — and the outlook reads only the race: who can still win (``contenders.py``)
and how likely each is to (``odds.py``). Nothing here knows a variant by its name.

The *units* of a race are whoever a total belongs to: each seat, or each partnership.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

Points = tuple[int, ...]
"""One deal's points, one entry per unit (0 for a unit that sits the deal out)."""


class DealScores(Protocol):
    """What one deal left to play can score."""

    def best(self, unit: int) -> tuple[Points, ...]:
        """The deal's results best for ``unit``: every one the rules allow that no other beats for
        it against every rival at once (more for ``unit``, no more for any rival) — a Pareto set."""
        ...

    def own(self, unit: int) -> frozenset[int]:
        """Every score ``unit`` can make in this deal, whatever the others make."""
        ...


@dataclass(frozen=True, kw_only=True, slots=True)
class Race:
    """What a game has left to play, for the outlook.

    ``totals`` per unit now; ``racing`` the units that still score (a player who left does not);
    ``deals`` every deal left to play in a game of a set length, or, in a game played to a score
    (``to_target``), one deal standing for each of those to come, and the ``target`` (a side
    falling to minus it loses; None where no single score ends it, as a rubber). ``zero_wins``: a
    unit that ends on exactly 0 wins whatever the others have (Romanian zero finish); ``reaches_zero``, where
    the family works it out itself (a unit's runs earn bonuses), says per unit whether it can end
    there. ``over``: the game has ended, and ``winners`` won it.
    """

    totals: tuple[int, ...]
    racing: tuple[bool, ...]
    deals: tuple[DealScores, ...]
    to_target: bool = False
    target: int | None = None
    zero_wins: bool = False
    reaches_zero: tuple[bool, ...] | None = None
    over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def units(self) -> int:
        """How many units race."""
        return len(self.totals)


def pareto(vectors: Iterable[Points]) -> tuple[Points, ...]:
    """The vectors no other one beats or equals in every place (largest is best), each once."""
    unique = sorted(set(vectors), key=lambda vector: -sum(vector))
    kept: list[Points] = []
    for vector in unique:
        if not any(_covers(other, vector) for other in kept):
            kept.append(vector)
    return tuple(kept)


def _covers(better: Points, worse: Points) -> bool:
    return all(high >= low for high, low in zip(better, worse, strict=True))


def gains(points: Points, unit: int) -> Points:
    """A deal's points as ``unit`` sees them: its own score, and minus each rival's."""
    return tuple(value if place == unit else -value for place, value in enumerate(points))


@dataclass(frozen=True, eq=False, slots=True)
class ListedScores:
    """A deal whose every possible result is listed (a two-sided game's few): what ``best`` and
    ``own`` read from the list. ``weights``: how often a table sees each result, as the family
    judges with no knowledge of the cards (None: all alike), for the odds."""

    results: tuple[Points, ...]
    weights: tuple[float, ...] | None = None

    def best(self, unit: int) -> tuple[Points, ...]:
        """The listed results no other beats for ``unit`` against every rival at once."""
        kept = pareto(gains(points, unit) for points in self.results)
        return tuple(gains(vector, unit) for vector in kept)

    def own(self, unit: int) -> frozenset[int]:
        """Every score ``unit`` has in some listed result."""
        return frozenset(points[unit] for points in self.results)


def listed(results: Sequence[Points], weights: Sequence[float] | None = None) -> ListedScores:
    """A deal that can end in any of ``results``, each as often as its weight says (a result listed
    twice counts its weights together)."""
    merged: dict[Points, float] = {}
    for index, points in enumerate(results):
        merged[points] = merged.get(points, 0.0) + (1.0 if weights is None else weights[index])
    return ListedScores(tuple(merged), tuple(merged.values()))
