"""What Classic Whist records and scores (RULES.md §5): the entry, the deal, the points of a game
and of honours. The engine (``whist.py``) and the explainer (``_whist_explain.py``) read them."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Trump
from ..declared import N_
from ..state import DealState
from ..text import Text

CLASSIC_WHIST_NAME = N_("Classic Whist")
TRICKS_PER_DEAL = 13
HONOURS_PER_DEAL = 4
BOOK = 6
RUBBER_BONUS = 2
GAMES_TO_WIN_RUBBER = 2
REVOKE_TRICKS = 3


@dataclass(frozen=True, kw_only=True, slots=True)
class WhistEntry:
    """One deal of Classic Whist as the table records it.

    ``tricks`` and ``honours`` are counts for one partnership, ``side`` (0 for
    seats 0 and 2, 1 for seats 1 and 3); the other side's counts follow.
    ``honours`` is the number of trump A K Q J *dealt* to that side, given
    only when the game counts honours. ``trump`` is the turned suit, if noted.
    """

    number: int
    tricks: int
    honours: int | None = None
    side: int = 0
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class WhistDeal(DealState):
    """A scored deal of Classic Whist. Every pair is per team, in the order of ``PARTNERSHIPS``.

    ``totals`` is the score of the game the deal belongs to (a rubber starts
    each game at 0–0). ``awards`` holds the honour points inside ``points``
    (None when honours are off). ``game_winner`` is the team that won a game
    with this deal. In a rubber ``games_won`` and ``game_points`` give the
    rubber's standing after the deal and ``standing`` says it (a text to word).
    """

    tricks: tuple[int, int]
    honours: tuple[int, int] | None
    honours_note: Text | None
    game_number: int
    game_winner: int | None
    games_won: tuple[int, int] | None
    game_points: tuple[int, int] | None
    standing: Text | None


def game_points_for(losers_score: int) -> int:
    """Game points for winning a five-point game: 3 if the losers had 0, 2 for 1–2, 1 for 3–4."""
    if losers_score == 0:
        return 3
    return 2 if losers_score <= 2 else 1


def honour_points(held: int) -> int:
    """What trump honours dealt to one side are worth: 4 for all four, 2 for three, else 0."""
    return {4: 4, 3: 2}.get(held, 0)
