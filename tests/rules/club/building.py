"""Small builders of club outcomes for the engine's tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from scorekeeper.rules.club import Outcome, Placing

FIRST_EVENING = datetime(2025, 3, 6, 19, 30, tzinfo=UTC)


def evening(number: int) -> datetime:
    """The start of the club's ``number``-th weekly evening (0: the first)."""
    return FIRST_EVENING + timedelta(weeks=number)


def free_for_all(
    key: str,
    members: Sequence[int],
    *,
    at: datetime = FIRST_EVENING,
    ranks: Sequence[int] | None = None,
    scores: Sequence[int | None] | None = None,
    exact_bids: Sequence[int] | None = None,
    longest_runs: Sequence[int] | None = None,
    variant: str = "oh-hell",
    ladder: str = "oh_hell",
) -> Outcome:
    """A game where every member plays for themself; ranks default to the order given (1, 2, ...)."""
    ranks = list(ranks) if ranks is not None else list(range(1, len(members) + 1))
    placings = tuple(
        Placing(
            member=member,
            side=index,
            rank=ranks[index],
            score=scores[index] if scores is not None else None,
            won=ranks[index] == 1,
            exact_bids=exact_bids[index] if exact_bids is not None else 0,
            longest_run=longest_runs[index] if longest_runs is not None else 0,
        )
        for index, member in enumerate(members)
    )
    return Outcome(key=key, kind="game", ladder=ladder, variant=variant, played_at=at, placings=placings)


def partnership(
    key: str,
    winners: tuple[int, int],
    losers: tuple[int, int],
    *,
    at: datetime = FIRST_EVENING,
    scores: tuple[int, int] = (5, 2),
    variant: str = "classic-whist",
) -> Outcome:
    """A 2-against-2 game: ``winners`` on side 0 ranked 1st, ``losers`` on side 1 ranked 2nd."""
    placings = tuple(
        Placing(member=member, side=side, rank=side + 1, score=scores[side], won=side == 0)
        for side, pair in enumerate((winners, losers))
        for member in pair
    )
    return Outcome(key=key, kind="game", ladder="whist", variant=variant, played_at=at, placings=placings)


def drive(
    key: str, members: Sequence[int], *, at: datetime = FIRST_EVENING, scores: Sequence[int] | None = None
) -> Outcome:
    """A drive ranked by final total (highest first, equal totals tied); the top total wins."""
    totals = list(scores) if scores is not None else [len(members) - index for index in range(len(members))]
    placings = tuple(
        Placing(
            member=member,
            side=index,
            rank=1 + sum(1 for other in totals if other > totals[index]),
            score=totals[index],
            won=totals[index] == max(totals),
        )
        for index, member in enumerate(members)
    )
    return Outcome(key=key, kind="drive", ladder="drive", variant="drive", played_at=at, placings=placings)
