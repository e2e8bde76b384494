"""Who can still take each prize, realistically: who leads, by how much, and who is out of reach.

A hand gives a pair 0 to 13 tricks, but a player 30 tricks behind with 12 hands left does not catch
up in any drive a hall has seen. So the reach is what the hands left realistically allow: the
difference between two players' scores over ``k`` hands spreads like a sum of ``k`` hands'
differences, whose spread this drive's own results give (the standard deviation of a pair's tricks
in a hand, about 2.5 in a real drive). A player is **in reach** of a place while the gap to it is no
more than :data:`REACH_DEVIATIONS` standard deviations of that sum (never more than 13 a hand): about
one chance in a hundred and sixty of being wrong for any one player. Pure Python, like the rest of
the engine.

Only the players who can take a prize count (RULES.md §10): those present at the last hand (at the
interval, for the first half's), of the prize's role for ladies' and gents', and with one prize each
not those who have already taken a prize decided earlier (the first half's at the interval) or are
sure of one (alone in reach).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .replay import DriveState
from .setup import PrizeRule, PrizeSpec, Role
from .standings import prize_order
from .state import TRICKS_PER_HAND, PrizeResult

# How many standard deviations of the hands left still count as "in reach".
REACH_DEVIATIONS = 2.5
# The spread of a pair's tricks in a hand before the drive has enough hands to measure its own.
USUAL_SPREAD = 2.5
# How many table results the drive needs before its own spread is used (clamped to a sane range).
RESULTS_TO_MEASURE = 30
SPREAD_RANGE = (1.5, 4.5)


@dataclass(frozen=True, kw_only=True, slots=True)
class PrizeOutlook:
    """One prize's outlook.

    ``contenders``: the players still in reach of it, best placed first. ``leaders``: those best
    placed now (several when level), ``lead``: how far they lead the next player in the running
    (None when nobody else is). ``reach``: the most a player can be behind and still in reach with
    the hands left; ``out_of_reach``: how many who could take the prize are further behind.
    ``decided`` prizes name their winners only; ``clinched``: one player alone is still in reach.
    """

    prize: PrizeSpec
    contenders: tuple[int, ...]
    decided: bool
    clinched: bool
    hands_left: int
    leaders: tuple[int, ...] = ()
    lead: int | None = None
    reach: int = 0
    out_of_reach: int = 0


def outlook_from(state: DriveState) -> int:
    """The hand after which the outlook is shown: the interval, else half-way through the drive."""
    setup = state.setup
    return setup.interval_after if setup.interval_after is not None else max(1, setup.hands // 2)


def shows_outlook(state: DriveState) -> bool:
    """True from the interval on (half-way without one), while the drive is not over."""
    return not state.finished and state.hands_complete >= outlook_from(state)


def pair_spread(state: DriveState) -> float:
    """The standard deviation of a pair's tricks in a hand: this drive's own, once it has enough results."""
    tricks = [tricks for hand in state.hands for tricks in hand.north_south if tricks is not None]
    if len(tricks) < RESULTS_TO_MEASURE:
        return USUAL_SPREAD
    mean = sum(tricks) / len(tricks)
    spread = math.sqrt(sum((value - mean) ** 2 for value in tricks) / (len(tricks) - 1))
    low, high = SPREAD_RANGE
    return min(high, max(low, spread))


def reach(hands_left: int, spread: float, most_a_hand: int) -> int:
    """How far behind a player can be and still realistically catch up in ``hands_left`` hands."""
    if hands_left <= 0:
        return 0
    realistic = REACH_DEVIATIONS * spread * math.sqrt(2 * hands_left)
    return min(most_a_hand * hands_left, math.ceil(realistic))


def outlook(state: DriveState) -> tuple[PrizeOutlook, ...]:
    """Each of the drive's prizes (in the order of ``state.prizes``) with who can still take it."""
    results = state.prizes
    one_each = state.setup.one_prize_each
    order = prize_order([result.prize for result in results]) if one_each else range(len(results))
    found: dict[int, PrizeOutlook] = {}
    gone: set[int] = set()  # with one prize each: those who have taken, or are sure of, an earlier prize
    spread = pair_spread(state)
    for at in order:
        item = _prize_outlook(state, results[at], frozenset(gone), spread)
        found[at] = item
        if one_each and item.prize.rule is not PrizeRule.CHOSEN and (item.decided or item.clinched):
            gone.update(item.contenders)
    return tuple(found[at] for at in range(len(results)))


def _prize_outlook(
    state: DriveState, result: PrizeResult, gone: frozenset[int], spread: float
) -> PrizeOutlook:
    prize = result.prize
    rule = prize.rule
    if result.decided or rule is PrizeRule.CHOSEN:
        return PrizeOutlook(
            prize=prize, contenders=result.winners, decided=True, clinched=False, hands_left=0
        )
    figures, left = _figures(state, rule)
    candidates = [player for player in _can_take(state, rule) if player not in gone]
    if not candidates:
        return PrizeOutlook(prize=prize, contenders=(), decided=False, clinched=False, hands_left=0)
    hands_left = max(left[player] for player in candidates)
    most_a_hand = 1 if rule is PrizeRule.MOST_HANDS_WON else TRICKS_PER_HAND
    per_hand = 0.5 if rule is PrizeRule.MOST_HANDS_WON else spread  # a hand won or not: at most 1 apart
    within = reach(hands_left, per_hand, most_a_hand)
    lowest_wins = rule is PrizeRule.LOWEST_TOTAL
    ranked = sorted(
        candidates, key=lambda player: (figures[player] if lowest_wins else -figures[player], player)
    )
    place = (prize.place or 1) if rule is PrizeRule.PLACE else 1
    target = figures[ranked[min(place, len(ranked)) - 1]]
    contenders = tuple(player for player in ranked if abs(figures[player] - target) <= within)
    leaders = tuple(player for player in ranked if figures[player] == target)
    others = [figures[player] for player in ranked if figures[player] != target]
    lead = None
    if others and rule is not PrizeRule.PLACE:
        lead = abs(others[0] - target)
    return PrizeOutlook(
        prize=prize,
        contenders=contenders,
        decided=False,
        clinched=len(contenders) == 1 and len(candidates) > 1,
        hands_left=hands_left,
        leaders=leaders,
        lead=lead,
        reach=within,
        out_of_reach=len(candidates) - len(contenders),
    )


def _can_take(state: DriveState, rule: PrizeRule) -> list[int]:
    """The players the prize can go to: present at the last hand (at the interval for the first half),
    of the prize's role for ladies' and gents'."""
    eligible = state.eligible
    count = state.setup.player_count
    if eligible is None:
        players: Sequence[int] = range(count)
    elif rule is PrizeRule.BEST_FIRST_HALF:
        players = sorted(eligible.first_half)
    else:
        players = sorted(eligible.evening)
    roles = state.roles
    if rule is PrizeRule.LADIES_HIGHEST:
        return [player for player in players if roles[player] is Role.LADY]
    if rule is PrizeRule.GENTS_HIGHEST:
        return [player for player in players if roles[player] is Role.GENT]
    return list(players)


def _figures(state: DriveState, rule: PrizeRule) -> tuple[list[int], list[int]]:
    """Each player's figure for the prize now (a total, a half's total, hands won) and the hands they
    still score towards it (a hand they were not there for, or will not be, never scores)."""
    setup = state.setup
    first, last = 1, setup.hands
    counted = state.overall
    if rule is PrizeRule.BEST_FIRST_HALF and setup.interval_after is not None and state.halves:
        last, counted = setup.interval_after, state.halves[0]
    elif rule is PrizeRule.BEST_SECOND_HALF and setup.interval_after is not None and state.halves:
        first, counted = setup.interval_after + 1, state.halves[1]
    # A late player's total starts where the organiser put it: the evening's totals count it (the
    # overall tally has it), a half's total and hands won do not.
    figures = list(counted.hands_won if rule is PrizeRule.MOST_HANDS_WON else counted.totals)
    away = [0] * setup.player_count
    for hand in state.hands[first - 1 : last]:
        for player in hand.absent:
            away[player] += 1
    unknown = max(0, last - max(first - 1, len(state.hands)))  # hands whose seating is not known yet
    gone = state.left_after or (None,) * setup.player_count
    span = last - first + 1
    left = [
        span - counted.hands_scored[player] - away[player] - (unknown if gone[player] is not None else 0)
        for player in range(setup.player_count)
    ]
    return figures, left
