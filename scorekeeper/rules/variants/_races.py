"""What the partnership, two-hand and Oneonta games have left to race for (the outlook's ``Race``).

Each reads its family's own scoring: every result a deal (a hand) can have, scored by the
family's function, or, for Oneonta's competitive form, each player's results from their own bid
and tricks with the tricks shared and one double a hand.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..outlook.race import DealScores, Points, Race, listed
from ..outlook.shares import Choice, best_shares
from ..state import GameState
from ..table import Table
from ._bid_whist_auction import BidType, Call
from ._bid_whist_rules import TRICKS_IN_PLAY, hand_points
from ._german_rules import counted_tricks
from ._german_rules import hand_points as german_points
from ._oneonta_bids import BidRules, candidate_bids
from ._oneonta_state import score as oneonta_score
from ._whist_rules import BOOK

WHIST_TRICKS = 13


def _over(state: GameState) -> Race:
    units = len(state.totals)
    winners = state.winners
    if state.teams is not None:
        winners = tuple(side for side, team in enumerate(state.teams) if set(team) & set(state.winners))
    return Race(totals=state.totals, racing=(True,) * units, deals=(), over=True, winners=winners)


def _left(state: GameState) -> int:
    """How many deals of a game of a set length are still to be played."""
    assert state.deal_count is not None
    return max(0, state.deal_count - sum(1 for deal in state.deals if deal.complete))


def whist_race(table: Table, state: GameState) -> Race:
    """Classic Whist, to a target: the side with more tricks scores those over the book."""
    if state.finished:
        return _over(state)
    results = [
        (took - BOOK, 0) if took > BOOK else (0, WHIST_TRICKS - took - BOOK)
        for took in range(WHIST_TRICKS + 1)
    ]
    # With no knowledge of the cards, each trick is either side's alike.
    weights = [comb(WHIST_TRICKS, took) for took in range(WHIST_TRICKS + 1)]
    target = None if table.options.flag("rubber") else int(table.options.choice("play_to"))
    deal = listed(results, weights)
    return Race(totals=state.totals, racing=(True, True), deals=(deal,), to_target=True, target=target)


def bid_whist_race(table: Table, state: GameState) -> Race:
    """Bid Whist, to ±target: either side may win the auction at any level and make or lose it."""
    if state.finished:
        return _over(state)
    options = table.options
    results: list[Points] = []
    weights: list[float] = []
    for level in range(options.number("min_bid"), 8):
        for kind in (BidType.UPTOWN, BidType.NO_TRUMP):
            for tricks in range(TRICKS_IN_PLAY + 1):
                bidders, defenders = hand_points(Call(level=level, kind=kind), tricks, options)
                results.extend(((bidders, defenders), (defenders, bidders)))
                # Either side wins the auction alike; the side that does holds the better cards and
                # takes each trick in play with the chance its contract asks for.
                share = (BOOK - 1 + level) / TRICKS_IN_PLAY
                weight = (
                    comb(TRICKS_IN_PLAY, tricks) * share**tricks * (1 - share) ** (TRICKS_IN_PLAY - tricks)
                )
                weights.extend((weight, weight))
    deal = listed(results, weights)
    target = int(options.choice("play_to"))
    return Race(totals=state.totals, racing=(True, True), deals=(deal,), to_target=True, target=target)


def german_race(table: Table, state: GameState) -> Race:
    """German Whist: every split of the counted tricks, scored as the game's scoring says."""
    if state.finished:
        return _over(state)
    options = table.options
    whole = counted_tricks(options.flag("count_all_tricks"))
    results = []
    for first in range(whole + 1):
        tricks = (first, whole - first)
        winner = None if first * 2 == whole else (0 if first * 2 > whole else 1)
        results.append(german_points(options.choice("scoring"), tricks, winner, options.number("stake")))
    deal = listed(results, [comb(whole, first) for first in range(whole + 1)])
    if state.deal_count is None:
        scoring = options.choice("scoring")
        target = options.number("hands_to_win") if scoring == "hands" else options.number("target")
        return Race(totals=state.totals, racing=(True, True), deals=(deal,), to_target=True, target=target)
    return Race(totals=state.totals, racing=(True, True), deals=(deal,) * _left(state))


def oneonta_race(
    table: Table,
    state: GameState,
    *,
    edd_allard: bool,
    overtricks_zero: bool,
    null_has_value: bool,
    double_null: bool,
) -> Race:
    """Oneonta's competitive form: the set hands left, each player scoring their own bid and tricks."""
    if state.finished:
        return _over(state)
    units = len(state.totals)
    facts = state.current
    assert facts is not None
    doubling = table.options.flag("doubling")
    deal = _OneontaHand(
        units=units,
        cards=facts.cards,
        active=facts.bidding_order,
        choices=_oneonta_choices(
            facts.cards, doubling, edd_allard, overtricks_zero, null_has_value, double_null
        ),
    )
    life = state.life
    # A tie-break hand between the leaders (the set hands are played, no count is set): the others are
    # out, and the hand decides it (a tie again shares the win, as the odds count a tie).
    tie_break = state.deal_count is None
    racing = (
        tuple(seat in facts.bidding_order for seat in range(units))
        if life is not None or tie_break
        else (True,) * units
    )
    return Race(totals=state.totals, racing=racing, deals=(deal,) * (1 if tie_break else _left(state)))


@lru_cache(maxsize=64)
def _oneonta_choices(
    cards: int,
    doubling: bool,
    edd_allard: bool,
    overtricks_zero: bool,
    null_has_value: bool,
    double_null: bool,
) -> tuple[Choice, ...]:
    """Every (tricks, points, doubles) a player may have in a hand of ``cards``."""
    rules = BidRules(total="free", null_has_value=null_has_value, doubling=doubling, double_null=double_null)
    found = {
        (
            took,
            oneonta_score(bid, took, edd_allard=edd_allard, overtricks_score_zero=overtricks_zero),
            int(bid.doubled),
        )
        for bid in candidate_bids(rules, cards)
        for took in range(cards + 1)
    }
    return tuple(sorted(found))


class _OneontaHand:
    """One hand of competitive Oneonta left to play."""

    __slots__ = ("active", "cards", "choices", "units")

    def __init__(
        self, *, units: int, cards: int, active: tuple[int, ...], choices: tuple[Choice, ...]
    ) -> None:
        self.units, self.cards, self.active, self.choices = units, cards, active, choices

    def best(self, unit: int) -> tuple[Points, ...]:
        """The hand's results no other beats for ``unit``; at most one player doubles."""
        return _oneonta_best(self.units, self.cards, self.active, self.choices, unit)

    def own(self, unit: int) -> frozenset[int]:
        """Every score ``unit`` can make in the hand."""
        return frozenset(points for _, points, _ in self.choices) if unit in self.active else frozenset({0})


@lru_cache(maxsize=1024)
def _oneonta_best(
    units: int, cards: int, active: tuple[int, ...], choices: tuple[Choice, ...], unit: int
) -> tuple[Points, ...]:
    return best_shares(
        units=units,
        cards=cards,
        active=active,
        unit=unit,
        mine=choices,
        theirs=choices,
        combine=lambda doubles, more: min(doubles + more, 2),
        accept=lambda doubles: doubles <= 1,
    )


__all__ = ["DealScores", "bid_whist_race", "german_race", "oneonta_race", "whist_race"]
