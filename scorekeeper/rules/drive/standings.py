"""The leaderboard and the prizes, from each player's score for each hand.

Ranking is by total, then (with the ``most_hands_won`` tie-break) by hands won;
players still level share a rank ("1, 2, 2, 4") and are shown as a tie, to be
cut for at the hall. A **hand won** is one where the player scored 7 tricks or
more, which counts a sit-out worth 7 as won and one worth 6 as lost.

**Who takes a prize** (RULES.md §10, "settled for the hall"). A player who left before the last hand
takes no prize; their total stays on the board, marked. Everyone present at the last hand, late
players with their starting total, can take every prize of the evening; the booby is the lowest
total among them. The best first half is decided at the interval among the players present then, and
stands. With ``one_prize_each`` the prizes are decided in a fixed order (:data:`PRIZE_ORDER`, which
the drive's page states): the first half's at the interval, then highest total, the organiser's
places, ladies', gents', best second half, most hands won, and the booby last, each going to the best
player who has not taken a prize yet. A prize the organiser awards to a player stands apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .setup import DriveSetup, PrizeRule, PrizeSpec, Role, TieBreak
from .state import WINNING_TRICKS, PrizeResult, Standing

BUILT_IN_PRIZES = (PrizeSpec(rule=PrizeRule.HIGHEST_TOTAL), PrizeSpec(rule=PrizeRule.LOWEST_TOTAL))
HALF_PRIZES = (PrizeSpec(rule=PrizeRule.BEST_FIRST_HALF), PrizeSpec(rule=PrizeRule.BEST_SECOND_HALF))


@dataclass(frozen=True, kw_only=True, slots=True)
class Eligible:
    """Who can take the prizes: ``evening`` the players present at the last hand (every prize of the
    evening), ``first_half`` those present at the interval (the first half's prize)."""

    evening: frozenset[int]
    first_half: frozenset[int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Tally:
    """Per player: the total, hands won and hands scored over some hands (all, or one half)."""

    totals: tuple[int, ...]
    hands_won: tuple[int, ...]
    hands_scored: tuple[int, ...]


def tally(
    scores: Sequence[Sequence[int | None]], first: int, last: int, carried: Sequence[int] | None = None
) -> Tally:
    """Add up each player's scores for hands ``first`` to ``last`` (from 1, inclusive), on top of
    ``carried``: the total a late player was given to start from."""
    totals: list[int] = []
    won: list[int] = []
    scored: list[int] = []
    for player, row in enumerate(scores):
        counted = [score for score in row[first - 1 : last] if score is not None]
        totals.append((carried[player] if carried else 0) + sum(counted))
        won.append(sum(1 for score in counted if score >= WINNING_TRICKS))
        scored.append(len(counted))
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


def leaderboard(
    overall: Tally, tie_break: TieBreak, left_after: Sequence[int | None] = ()
) -> tuple[Standing, ...]:
    """Every player, best first, with shared ranks for those level after the tie-break; a player who
    left is on the board with their total, marked (``left_after``: their last hand)."""
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
                    left_after=left_after[player] if left_after else None,
                )
            )
        position += len(group)
    return tuple(standings)


def _group_at(
    keys: Sequence[tuple[int, ...]], place: int, counted: frozenset[int], eligible: Callable[[int], bool]
) -> list[int]:
    """The eligible players level over position ``place`` (from 1) of the ranking of the ``counted``
    players (those who can take the evening's prizes).

    Past the last place, the last group. Where nobody there is eligible (they won a prize before
    this one, with ``one_prize_each``, or play the other role), the next group down with someone
    eligible.
    """
    covered = 0
    groups = [[player for player in group if player in counted] for group in _groups(keys)]
    groups = [group for group in groups if group]
    start = len(groups) - 1
    for index, group in enumerate(groups):
        covered += len(group)
        if covered >= place:
            start = index
            break
    for group in groups[start:]:
        chosen = [player for player in group if eligible(player)]
        if chosen:
            return chosen
    return []


def _last_group(keys: Sequence[tuple[int, ...]], eligible: Callable[[int], bool]) -> list[int]:
    """The eligible players level at the bottom of the ranking (the booby prize)."""
    for group in reversed(_groups(keys)):
        chosen = [player for player in group if eligible(player)]
        if chosen:
            return chosen
    return []


# With ``one_prize_each`` the prizes are decided in this order, and a player who takes one is out of
# the running for those after it: the first half's at the interval, then the evening's, the booby last.
# The organiser's own award (CHOSEN) stands apart: it takes nothing from anyone.
PRIZE_ORDER = {
    PrizeRule.BEST_FIRST_HALF: 0,
    PrizeRule.HIGHEST_TOTAL: 1,
    PrizeRule.PLACE: 2,
    PrizeRule.LADIES_HIGHEST: 3,
    PrizeRule.GENTS_HIGHEST: 4,
    PrizeRule.BEST_SECOND_HALF: 5,
    PrizeRule.MOST_HANDS_WON: 6,
    PrizeRule.LOWEST_TOTAL: 7,
    PrizeRule.CHOSEN: 8,
}


# The prize-giving goes from the booby up to the highest total, the organiser's own prizes and the
# halves' between them: the biggest cheer comes last.
ANNOUNCE_ORDER = {
    PrizeRule.LOWEST_TOTAL: 0,
    PrizeRule.CHOSEN: 1,
    PrizeRule.MOST_HANDS_WON: 2,
    PrizeRule.LADIES_HIGHEST: 3,
    PrizeRule.GENTS_HIGHEST: 3,
    PrizeRule.BEST_FIRST_HALF: 4,
    PrizeRule.BEST_SECOND_HALF: 5,
    PrizeRule.PLACE: 6,
    PrizeRule.HIGHEST_TOTAL: 7,
}


def announce_order(results: Sequence[PrizeResult]) -> list[PrizeResult]:
    """The decided prizes in the order they are announced: booby first, the highest total last (the
    organiser's places from the lowest place up)."""
    return sorted(
        (result for result in results if result.decided),
        key=lambda result: (ANNOUNCE_ORDER[result.prize.rule], -(result.prize.place or 0)),
    )


def prize_order(specs: Sequence[PrizeSpec]) -> list[int]:
    """The places in ``specs`` in the order the prizes are decided (places by their number)."""
    return sorted(
        range(len(specs)), key=lambda index: (PRIZE_ORDER[specs[index].rule], specs[index].place or 0)
    )


def drive_prizes(setup: DriveSetup) -> tuple[PrizeSpec, ...]:
    """Every prize of the drive: its own (highest, booby, best in each half with an interval), then
    the organiser's."""
    return BUILT_IN_PRIZES + (HALF_PRIZES if setup.interval_after is not None else ()) + setup.prizes


def award_prizes(
    setup: DriveSetup,
    overall: Tally,
    halves: tuple[Tally, Tally] | None,
    hands_complete: int,
    roles: Sequence[Role],
    eligible: Eligible,
) -> tuple[PrizeResult, ...]:
    """Who takes each prize (in the order of :func:`drive_prizes`), as the scores stand.

    With ``one_prize_each`` the prizes are decided in :data:`PRIZE_ORDER`, each going to the best
    player who has not taken one yet.
    """
    specs = drive_prizes(setup)
    order = prize_order(specs) if setup.one_prize_each else list(range(len(specs)))
    results: dict[int, PrizeResult] = {}
    taken: set[int] = set()
    for index in order:
        result = _award(
            specs[index], setup, overall, halves, hands_complete, roles, eligible, frozenset(taken)
        )
        results[index] = result
        if setup.one_prize_each and specs[index].rule is not PrizeRule.CHOSEN:
            taken.update(result.winners)
    return tuple(results[index] for index in range(len(specs)))


def _award(
    prize: PrizeSpec,
    setup: DriveSetup,
    overall: Tally,
    halves: tuple[Tally, Tally] | None,
    hands_complete: int,
    roles: Sequence[Role],
    eligible: Eligible,
    taken: frozenset[int],
) -> PrizeResult:
    finished = hands_complete >= setup.hands
    rule = prize.rule
    if rule is PrizeRule.CHOSEN:
        assert prize.player is not None
        return PrizeResult(prize=prize, winners=(prize.player,), score=None, decided=True, tied=False)
    counted = eligible.first_half if rule is PrizeRule.BEST_FIRST_HALF else eligible.evening

    def can_take(player: int) -> bool:
        if player in taken or player not in counted:
            return False
        if rule is PrizeRule.LADIES_HIGHEST:
            return roles[player] is Role.LADY
        if rule is PrizeRule.GENTS_HIGHEST:
            return roles[player] is Role.GENT
        return True

    if rule is PrizeRule.MOST_HANDS_WON:
        keys = _keys(overall.hands_won, overall.totals, setup.tie_break)
        return _result(prize, _group_at(keys, 1, counted, can_take), overall.hands_won, decided=finished)
    if rule in (PrizeRule.BEST_FIRST_HALF, PrizeRule.BEST_SECOND_HALF):
        assert halves is not None and setup.interval_after is not None
        first = rule is PrizeRule.BEST_FIRST_HALF
        half = halves[0] if first else halves[1]
        decided = hands_complete >= setup.interval_after if first else finished
        keys = _keys(half.totals, half.hands_won, setup.tie_break)
        return _result(prize, _group_at(keys, 1, counted, can_take), half.totals, decided=decided)
    keys = _keys(overall.totals, overall.hands_won, setup.tie_break)
    if rule is PrizeRule.LOWEST_TOTAL:
        return _result(prize, _last_group(keys, can_take), overall.totals, decided=finished)
    place = 1
    if rule is PrizeRule.PLACE:
        assert prize.place is not None
        place = prize.place
    return _result(prize, _group_at(keys, place, counted, can_take), overall.totals, decided=finished)


def _result(prize: PrizeSpec, winners: list[int], scores: Sequence[int], *, decided: bool) -> PrizeResult:
    """The prize's result; no winners (and no score) when nobody is left to take it."""
    return PrizeResult(
        prize=prize,
        winners=tuple(winners),
        score=scores[winners[0]] if winners else None,
        decided=decided,
        tied=len(winners) > 1,
    )
