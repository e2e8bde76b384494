"""What German Whist records and scores (RULES.md §7): the entry, the hand, the points of a hand.
The engine (``german.py``) and the explainer (``_german_explain.py``) read them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Trump
from ..state import DealState

STAGE_TRICKS = 13
TARGET_STEP = 10


@dataclass(frozen=True, kw_only=True, slots=True)
class GermanEntry:
    """One hand of German Whist: the counted tricks of one player.

    ``tricks`` are the stage-two tricks (0..13), or all tricks (0..26) with
    ``count_all_tricks``, of the player in seat ``side``; the other player's
    follow. ``trump`` is the suit turned from the stock, if noted.
    """

    number: int
    tricks: int
    side: int = 0
    trump: Trump | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class GermanDeal(DealState):
    """A scored hand of German Whist; ``points`` and ``totals`` are per player.

    ``tricks`` are the counted tricks of each player, ``hand_winner`` the seat
    with the majority (None for a drawn 13–13 hand), and ``target`` the score
    that wins after this hand in ``trick_points`` scoring (None otherwise).
    """

    tricks: tuple[int, int]
    hand_winner: int | None
    target: int | None


def counted_tricks(count_all_tricks: bool) -> int:
    """How many tricks a hand counts: the 13 of stage two, or all 26."""
    return 2 * STAGE_TRICKS if count_all_tricks else STAGE_TRICKS


def raised_target(target: int, totals: Sequence[int]) -> int:
    """The target after a hand: up by 10 as long as both players have reached it."""
    while min(totals) >= target:
        target += TARGET_STEP
    return target


def hand_points(scoring: str, tricks: tuple[int, int], winner: int | None, stake: int) -> tuple[int, int]:
    if scoring == "trick_points":
        return tricks
    points = [0, 0]
    if winner is not None:
        points[winner] = (tricks[winner] - tricks[1 - winner]) * stake if scoring == "difference" else 1
    return (points[0], points[1])
