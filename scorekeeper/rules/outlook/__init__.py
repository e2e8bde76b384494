"""The outlook of a game: who can still win, and how likely each is to.

Each family says what its game has left to race for (``Engine.race``, a ``Race``); the outlook
reads only that. ``contenders`` is exact over every ending the rules allow; ``odds`` simulates the
deals left.
"""

from __future__ import annotations

from .contenders import contenders
from .odds import Record, chances
from .race import DealScores, ListedScores, Points, Race, listed, pareto

__all__ = [
    "DealScores",
    "ListedScores",
    "Points",
    "Race",
    "Record",
    "chances",
    "contenders",
    "listed",
    "pareto",
]
