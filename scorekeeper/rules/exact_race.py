"""What a bid-exactly game has left to race for (the outlook's ``Race``), from its declaration.

The deals left are the game's plan from the deal due (re-planned for the players seated, where
table events changed them), each with its cards, who plays it and whether the hook applies; every
player scores them with the variant's scoring function. Romanian promotions follow each player's
run: in the race for one player, the best ending has that player exact in every deal and every
rival missing (the scoring makes it best deal by deal), and the runs along it add their bonuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .ending import zero_finish
from .exact_facts import plain_facts, seated_facts, seated_table
from .options import Options
from .outlook.bid_exact import BidExactScores, Grid
from .outlook.race import DealScores, Points, Race
from .seating import Seating, left_of
from .state import DealFacts, GameState
from .streaks import Streak, StreakRule, advance_runs
from .table import Table

if TYPE_CHECKING:
    from .exact import ExactBidEngine, ExactDeal


def exact_race(engine: ExactBidEngine, table: Table, state: GameState) -> Race:
    """The race of a bid-exactly game as it stands."""
    units = len(state.totals)
    life = state.life
    racing = (
        (True,) * units
        if life is None
        else tuple(seat.left_after is None and seat.seat in life.ring for seat in life.seats)
    )
    end = engine.end(table)
    if state.finished or state.current is None:
        return Race(totals=state.totals, racing=racing, deals=(), over=True, winners=state.winners)
    facts = deals_left(engine, table, state)
    rule = engine.streaks(table if life is None else _seated(table, state))
    plain = tuple(
        BidExactScores(
            units=units,
            cards=fact.cards,
            active=fact.bidding_order,
            hook=fact.hook,
            grid=grid_for(engine, table.options, fact.cards),
        )
        for fact in facts
    )
    deals: tuple[DealScores, ...] = plain
    reaches_zero = None
    if rule is not None and end.deals is not None:
        runs = runs_now(rule, state, units)
        deals = tuple(_Promoted(deal, fact.cards) for deal, fact in zip(plain, facts, strict=True))
        deals = _with_runs(deals, rule, runs, units)
        if end.winners is zero_finish:
            reaches_zero = tuple(
                _zero_with_runs(facts, rule, runs, state, engine, table, unit) for unit in range(units)
            )
    return Race(
        totals=state.totals,
        racing=racing,
        deals=deals,
        to_target=end.deals is None,
        target=end.target,
        zero_wins=end.winners is zero_finish,
        reaches_zero=reaches_zero,
    )


def deals_left(engine: ExactBidEngine, table: Table, state: GameState) -> tuple[DealFacts, ...]:
    """The facts of the deal due and of every deal planned after it (the deal due alone in a game
    played to a score): no further table event assumed."""
    current = state.current
    assert current is not None
    count = state.deal_count
    if count is None:
        return (current,)
    life = state.life
    if life is None or life.plan is None:
        return (
            current,
            *(
                fact
                for n in range(current.number + 1, count + 1)
                if (fact := plain_facts(engine, table, n)) is not None
            ),
        )
    found = [current]
    voided = count - len(life.plan)
    dealer = current.dealer
    for number in range(current.number + 1, count + 1):
        dealer = left_of(life.ring, dealer)
        seating = Seating(
            number=number,
            place=number - voided,
            dealer=dealer,
            ring=life.ring,
            sitting_out=(),
            names=life.names,
        )
        fact = seated_facts(engine, table, seating, life.plan)
        if fact is not None:
            found.append(fact)
    return tuple(found)


def _seated(table: Table, state: GameState) -> Table:
    life = state.life
    assert life is not None and state.current is not None
    seating = Seating(
        number=state.current.number,
        place=1,
        dealer=state.current.dealer,
        ring=life.ring,
        sitting_out=(),
        names=life.names,
    )
    return seated_table(table, seating)


@lru_cache(maxsize=256)
def grid_for(engine: ExactBidEngine, options: Options, cards: int) -> Grid:
    """Every score of a deal of ``cards``: grid[bid][tricks]."""
    score = engine.score(options)
    return tuple(tuple(score(cards, bid, took) for took in range(cards + 1)) for bid in range(cards + 1))


def runs_now(rule: StreakRule, state: GameState, units: int) -> list[Streak]:
    """Every player's run of exact or missed deals after the deals played."""
    runs: list[Streak] = [(False, 0)] * units
    for deal in state.deals:
        if not deal.complete:
            continue
        exact: ExactDeal = deal  # type: ignore[assignment]
        made = {seat: exact.bids[seat] == exact.tricks[seat] for seat in deal.facts.bidding_order}  # type: ignore[index]
        runs = advance_runs(rule, deal.facts.cards, made, runs, [0] * units)
    return runs


@dataclass(frozen=True, eq=False, slots=True)
class _Promoted:
    """A deal whose best results for each unit carry the bonuses the runs earn along the best
    ending (``_with_runs`` fills ``bonus``)."""

    base: BidExactScores
    cards: int
    bonus: dict[int, Points] | None = None

    def best(self, unit: int) -> tuple[Points, ...]:
        """The base results, with the bonuses the runs earn on this deal along the best ending."""
        results = self.base.best(unit)
        if self.bonus is None or len(results) != 1:
            return results
        extra = self.bonus[unit]
        return (tuple(value + more for value, more in zip(results[0], extra, strict=True)),)

    def own(self, unit: int) -> frozenset[int]:
        """The unit's own scores, bonuses aside (``Race.reaches_zero`` counts them)."""
        return self.base.own(unit)


def _with_runs(
    deals: tuple[DealScores, ...], rule: StreakRule, runs: list[Streak], units: int
) -> tuple[DealScores, ...]:
    bonuses: list[dict[int, Points]] = [{} for _ in deals]
    for unit in range(units):
        path = list(runs)
        for index, deal in enumerate(deals):
            assert isinstance(deal, _Promoted)
            active = deal.base.active
            made = {seat: seat == unit for seat in active}
            awards = [0] * units
            path = advance_runs(rule, deal.cards, made, path, awards)
            bonuses[index][unit] = tuple(awards)
    return tuple(
        _Promoted(deal.base, deal.cards, bonuses[index])  # type: ignore[attr-defined]
        for index, deal in enumerate(deals)
    )


def _zero_with_runs(
    facts: tuple[DealFacts, ...],
    rule: StreakRule,
    runs: list[Streak],
    state: GameState,
    engine: ExactBidEngine,
    table: Table,
    unit: int,
) -> bool:
    """Whether the unit's own results over the deals left, with its run's bonuses, can end on 0."""
    reach: set[tuple[int, Streak]] = {(state.totals[unit], runs[unit])}
    for fact in facts:
        if unit not in fact.bidding_order:
            continue
        grid = grid_for(engine, table.options, fact.cards)
        size = fact.cards + 1
        outcomes = {(grid[bid][took], bid == took) for bid in range(size) for took in range(size)}
        grown: set[tuple[int, Streak]] = set()
        for total, run in reach:
            for points, exact in outcomes:
                awards = [0]
                after = advance_runs(rule, fact.cards, {0: exact}, [run], awards)
                grown.add((total + points + awards[0], after[0]))
        reach = grown
    return any(total == 0 for total, _ in reach)
