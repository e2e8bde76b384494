"""Romanian promotions: runs of exact (or missed) deals earn a bonus (RULES.md §3).

The bid-exactly engine scores them as it replays a game; the outlook follows them over the deals
left. Both read the same rule and advance the runs the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .state import DealFacts

Streak = tuple[bool, int]
"""A player's run: whether it is of exact deals, and how long it is (0: none running)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class StreakRule:
    """Romanian promotions: ``length`` exact (or missed) deals in a row earn ±``bonus``.

    One-card deals never count; with ``one_card_resets`` they also end every streak.
    """

    length: int
    bonus: int
    one_card_resets: bool


def advance_streaks(
    rule: StreakRule,
    facts: DealFacts,
    bids: Sequence[int | None],
    tricks: Sequence[int | None],
    streaks: list[Streak],
    awards: list[int],
) -> list[Streak]:
    """Extend each player's run of made or missed deals; award and restart at the length."""
    made = {seat: bids[seat] == tricks[seat] for seat in facts.bidding_order}
    return advance_runs(rule, facts.cards, made, streaks, awards)


def advance_runs(
    rule: StreakRule, cards: int, made: dict[int, bool], streaks: list[Streak], awards: list[int]
) -> list[Streak]:
    """The runs after a deal of ``cards`` in which each seat of ``made`` was exact or not; the
    bonus each run earns is added to ``awards``."""
    if cards == 1:
        return [(False, 0)] * len(streaks) if rule.one_card_resets else streaks
    result = list(streaks)
    for seat, exact in made.items():
        kind, length = result[seat]
        length = length + 1 if (kind == exact and length) else 1
        if length == rule.length:
            awards[seat] += rule.bonus if exact else -rule.bonus
            length = 0
        result[seat] = (exact, length)
    return result
