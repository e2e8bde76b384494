"""The leaderboard and the prizes, from each player's score for each hand.

Ranking is by total, then (with the ``most_hands_won`` tie-break) by hands won;
players still level share a rank ("1, 2, 2, 4") and are shown as a tie, to be
cut for at the hall. A **hand won** is one where the player scored 7 tricks or
more, which counts a sit-out worth 7 as won and one worth 6 as lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .setup import DriveSetup, PrizeRule, PrizeSpec, TieBreak
from .state import WINNING_TRICKS, PrizeResult, Standing

BUILT_IN_PRIZES = (PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL), PrizeSpec(rule=PrizeRule.LOWEST_TOTAL))
HALF_PRIZES = (PrizeSpec(rule=PrizeRule.BEST_FIRST_HALF), PrizeSpec(rule=PrizeRule.BEST_SECOND_HALF))


@dataclass(frozen=True, kw_only=True, slots=True)
class Tally:
    """Per player: the total, hands won and hands scored over some hands (all, or one half)."""

    totals: tuple[int, ...]
    hands_won: tuple[int, ...]
    hands_scored: tuple[int, ...]


def tally(scores: Sequence[Sequence[int | None]], first: int, last: int) -> Tally:
    """Add up each player's scores for hands ``first`` to ``last`` (from 1, inclusive)."""
    totals: list[int] = []
    won: list[int] = []
    scored: list[int] = []
    for row in scores:
        total = wins = count = 0
        for score in row[first - 1 : last]:
            if score is not None:
                total += score
                count += 1
                if score >= WINNING_TRICKS:
                    wins += 1
        totals.append(total)
        won.append(wins)
        scored.append(count)
    return Tally(totals=tuple(totals), hands_won=tuple(won), hands_scored=tuple(scored))


def _groups(keys: Sequence[tuple[int, ...]]) -> list[list[int]]:
    """Players from best to worst key, in groups of equal keys (entry order within a group)."""
    # A stable sort keeps equal keys in entry order, also with reverse=True.
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    groups: list[list[int]] = []
    for player in order:
        if groups and keys[groups[-1][0]] == keys[player]:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _keys(primary: Sequence[int], secondary: Sequence[int], tie_break: TieBreak) -> list[tuple[int, ...]]:
    if tie_break is TieBreak.MOST_HANDS_WON:
        return list(zip(primary, secondary, strict=True))
    return [(first,) for first in primary]


def leaderboard(overall: Tally, tie_break: TieBreak) -> tuple[Standing, ...]:
    """Every player, best first, with shared ranks for those level after the tie-break."""
    standings: list[Standing] = []
    position = 1
    for group in _groups(_keys(overall.totals, overall.hands_won, tie_break)):
        for player in group:
            standings.append(
                Standing(
                    player=player,
                    rank=position,
                    total=overall.totals[player],
                    hands_won=overall.hands_won[player],
                    hands_scored=overall.hands_scored[player],
                    tied=len(group) > 1,
                )
            )
        position += len(group)
    return tuple(standings)


def _group_at(keys: Sequence[tuple[int, ...]], place: int) -> list[int]:
    """The players level over position ``place`` (from 1) of the ranking; the last place if beyond."""
    covered = 0
    groups = _groups(keys)
    for group in groups:
        covered += len(group)
        if covered >= place:
            return group
    return groups[-1]


def award_prizes(
    setup: DriveSetup, overall: Tally, halves: tuple[Tally, Tally] | None, hands_complete: int
) -> tuple[PrizeResult, ...]:
    """The drive's own prizes (highest, booby, best in each half with an interval), then the organiser's."""
    specs = BUILT_IN_PRIZES + (HALF_PRIZES if setup.interval_after is not None else ()) + setup.prizes
    return tuple(_award(spec, setup, overall, halves, hands_complete) for spec in specs)


def _award(
    prize: PrizeSpec,
    setup: DriveSetup,
    overall: Tally,
    halves: tuple[Tally, Tally] | None,
    hands_complete: int,
) -> PrizeResult:
    finished = hands_complete >= setup.hands
    rule = prize.rule
    if rule is PrizeRule.CHOSEN:
        assert prize.player is not None
        return PrizeResult(prize=prize, winners=(prize.player,), score=None, decided=True, tied=False)
    if rule is PrizeRule.MOST_HANDS_WON:
        keys = _keys(overall.hands_won, overall.totals, setup.tie_break)
        return _result(prize, _group_at(keys, 1), overall.hands_won, decided=finished)
    if rule in (PrizeRule.BEST_FIRST_HALF, PrizeRule.BEST_SECOND_HALF):
        assert halves is not None and setup.interval_after is not None
        first = rule is PrizeRule.BEST_FIRST_HALF
        half = halves[0] if first else halves[1]
        decided = hands_complete >= setup.interval_after if first else finished
        keys = _keys(half.totals, half.hands_won, setup.tie_break)
        return _result(prize, _group_at(keys, 1), half.totals, decided=decided)
    keys = _keys(overall.totals, overall.hands_won, setup.tie_break)
    if rule is PrizeRule.LOWEST_TOTAL:
        place = setup.player_count
    elif rule is PrizeRule.PLACE:
        assert prize.place is not None
        place = prize.place
    else:
        place = 1
    return _result(prize, _group_at(keys, place), overall.totals, decided=finished)


def _result(prize: PrizeSpec, winners: list[int], scores: Sequence[int], *, decided: bool) -> PrizeResult:
    return PrizeResult(
        prize=prize,
        winners=tuple(winners),
        score=scores[winners[0]],
        decided=decided,
        tied=len(winners) > 1,
    )
