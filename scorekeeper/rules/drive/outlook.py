"""Who can still take each prize, from what is scored so far and the hands left.

A hand gives a player 0 to 13 tricks, so after the interval the hall wants to
know who is still in the running: a player is a **contender** for a prize while
some way of playing out the hands left could still give them that prize (alone
or shared). Each player's final figure lies between what they have now (every
hand left scoring 0) and that plus 13 for each hand left. The bounds treat the
players as independent — they are not (a pair's 9 is their opponents' 4) — so
the list can hold someone who in fact cannot make it, never leave out someone
who can: nobody is told they are out of it while they are not.

A hand "left" for a player is one whose score for them is not yet known: a
table still to enter the hand in play counts, a sit-out still to come counts
too (its tricks are fixed, but who sits out when may change with late arrivals,
so the bound does not lean on it). Pure Python, like the rest of the engine.

Ladies' and gents' prizes are judged among the players of that role only.
With ``one_prize_each`` the prizes go from the highest down and a winner is
out of the running for the later ones: a later prize is then judged against
everyone but the players who might take an earlier one (its contenders), so
the list stays a superset of those who can still take it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from .replay import DriveState
from .setup import PrizeRule, PrizeSpec, plays_lady
from .standings import PRIZE_ORDER
from .state import TRICKS_PER_HAND, WINNING_TRICKS, PrizeResult


@dataclass(frozen=True, kw_only=True, slots=True)
class PrizeOutlook:
    """One prize's contenders: the players who can still take it (or share it).

    ``contenders`` are indices in the drive's players, best placed for the prize
    first. ``decided`` prizes name their winners only. ``clinched`` is true when
    one player alone can still take a prize not yet decided (sure of at least a
    share). ``hands_left`` is the most hands any player still scores towards it.
    """

    prize: PrizeSpec
    contenders: tuple[int, ...]
    decided: bool
    clinched: bool
    hands_left: int


@dataclass(frozen=True, kw_only=True, slots=True)
class _Bounds:
    """Per player, the lowest and highest figure a prize can still be judged on, and the figure now."""

    low: tuple[int, ...]
    high: tuple[int, ...]
    hands_left: int


def outlook_from(state: DriveState) -> int:
    """The hand after which the outlook is shown: the interval, else half-way through the drive."""
    setup = state.setup
    return setup.interval_after if setup.interval_after is not None else max(1, setup.hands // 2)


def shows_outlook(state: DriveState) -> bool:
    """True from the interval on (half-way without one), while the drive is not over."""
    return not state.finished and state.hands_complete >= outlook_from(state)


def outlook(state: DriveState) -> tuple[PrizeOutlook, ...]:
    """Each of the drive's prizes (in the order of ``state.prizes``) with who can still take it."""
    results = state.prizes
    order: list[int] = list(range(len(results)))
    one_each = state.setup.one_prize_each
    if one_each:
        order = sorted(
            order, key=lambda at: (PRIZE_ORDER[results[at].prize.rule], results[at].prize.place or 0)
        )
    found: dict[int, PrizeOutlook] = {}
    maybe_taken: set[int] = set()  # everyone who might win a prize given before this one
    for at in order:
        item = _prize_outlook(state, results[at], frozenset(maybe_taken), one_each=one_each)
        found[at] = item
        if one_each and item.prize.rule is not PrizeRule.CHOSEN:
            maybe_taken.update(item.contenders)
    return tuple(found[at] for at in range(len(results)))


def _prize_outlook(
    state: DriveState, result: PrizeResult, maybe_taken: frozenset[int], *, one_each: bool
) -> PrizeOutlook:
    prize = result.prize
    rule = prize.rule
    # With one prize each, a prize whose own hands are all in (the first half's, at the interval)
    # can still pass to another player while the earlier prizes are open: it is decided at the end.
    decided = result.decided and (not one_each or state.finished)
    if decided or rule is PrizeRule.CHOSEN:
        return PrizeOutlook(
            prize=prize, contenders=result.winners, decided=True, clinched=False, hands_left=0
        )
    bounds = _bounds(state, rule)
    count = len(bounds.low)
    if rule in (PrizeRule.LADIES_HIGHEST, PrizeRule.GENTS_HIGHEST):
        lady = rule is PrizeRule.LADIES_HIGHEST
        in_role = frozenset(player for player in range(count) if plays_lady(player) is lady)
    else:
        in_role = frozenset(range(count))
    # Those surely in the running for this prize: of its role, and never the winner of an earlier one.
    rivals = in_role - maybe_taken
    if rule is PrizeRule.LOWEST_TOTAL:
        contenders = _lowest(bounds, in_role, rivals)
    elif rule is PrizeRule.PLACE:
        assert prize.place is not None
        contenders = _at_place(bounds, prize.place, rivals)
    else:
        contenders = _highest(bounds, in_role, rivals)
    # Best placed for the prize first: by the figure now, lowest first for the booby.
    lowest_wins = rule is PrizeRule.LOWEST_TOTAL
    now = bounds.low
    ordered = sorted(contenders, key=lambda player: (now[player] if lowest_wins else -now[player], player))
    return PrizeOutlook(
        prize=prize,
        contenders=tuple(ordered),
        decided=False,
        clinched=len(ordered) == 1 and len(in_role) > 1,
        hands_left=bounds.hands_left,
    )


def _bounds(state: DriveState, rule: PrizeRule) -> _Bounds:
    """The range of each player's figure for ``rule``: now, and now plus the most the hands left give."""
    setup = state.setup
    first, last = 1, setup.hands
    if rule is PrizeRule.BEST_FIRST_HALF and setup.interval_after is not None:
        last = setup.interval_after
    elif rule is PrizeRule.BEST_SECOND_HALF and setup.interval_after is not None:
        first = setup.interval_after + 1
    per_hand = 1 if rule is PrizeRule.MOST_HANDS_WON else TRICKS_PER_HAND
    # A late player's total starts where the organiser put it (0 or the lowest total then): the
    # totals the prizes are judged on count it, a half's total and hands won do not.
    on_total = rule not in (PrizeRule.MOST_HANDS_WON, PrizeRule.BEST_FIRST_HALF, PrizeRule.BEST_SECOND_HALF)
    carried = state.carried if on_total and state.carried else (0,) * len(state.scores)
    low: list[int] = []
    high: list[int] = []
    most_left = 0
    for player, row in enumerate(state.scores):
        scored = [score for score in row[first - 1 : last] if score is not None]
        left = (last - first + 1) - len(scored)
        if rule is PrizeRule.MOST_HANDS_WON:
            now = sum(1 for score in scored if score >= WINNING_TRICKS)
        else:
            now = carried[player] + sum(scored)
        low.append(now)
        high.append(now + per_hand * left)
        most_left = max(most_left, left)
    return _Bounds(low=tuple(low), high=tuple(high), hands_left=most_left)


def _highest(bounds: _Bounds, candidates: frozenset[int], rivals: frozenset[int]) -> list[int]:
    """The candidates whose best can still reach every rival's worst (a tie shares the prize)."""
    top = _top_two(
        [-bounds.low[player] if player in rivals else _NOBODY for player in range(len(bounds.low))]
    )
    return [player for player in sorted(candidates) if bounds.high[player] >= -_other_than(top, player)]


def _lowest(bounds: _Bounds, candidates: frozenset[int], rivals: frozenset[int]) -> list[int]:
    """The candidates whose worst can still sink to every rival's best."""
    bottom = _top_two(
        [bounds.high[player] if player in rivals else _NOBODY for player in range(len(bounds.high))]
    )
    return [player for player in sorted(candidates) if bounds.low[player] <= _other_than(bottom, player)]


def _at_place(bounds: _Bounds, place: int, rivals: frozenset[int]) -> list[int]:
    """Those who can still end in the group over ``place`` (or, with one prize each, the first group
    below it with someone still eligible).

    Never more than ``place - 1`` rivals surely above them (a rival surely above sits higher than
    ``place``), and at least ``place`` players, themselves included, who can end level or above them.
    A player's own bounds never part (low ≤ high), so counting everyone leaves them in by itself.
    """
    count = len(bounds.low)
    rival_lows = sorted(bounds.low[player] for player in rivals)
    highs = sorted(bounds.high)
    contenders = []
    for player in range(count):
        above = len(rival_lows) - bisect_right(rival_lows, bounds.high[player])
        level_or_above = count - bisect_left(highs, bounds.low[player])
        if above + 1 <= place <= level_or_above:
            contenders.append(player)
    return contenders


_NOBODY = 10**9  # above any figure: stands for a player who is no rival


def _top_two(values: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The smallest value with its index, and the next smallest (None for a single value)."""
    ranked = sorted((value, index) for index, value in enumerate(values))
    return ranked[0], (ranked[1] if len(ranked) > 1 else None)


def _other_than(top: tuple[tuple[int, int], tuple[int, int] | None], left_out: int) -> int:
    """The smallest value of everyone but ``left_out``; unbounded when nobody else is left."""
    first, second = top
    if first[1] != left_out:
        return first[0]
    return second[0] if second is not None else 10**9
