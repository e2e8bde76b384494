"""Each player's chance of winning from here, by simulating the deals left.

What the simulation draws, deal by deal, for every player who plays it:

- whether they make their bid, with their own chance of doing so: drawn for each simulated game
  from what their record says (a Beta distribution: the neutral prior below, plus the bids they
  made and missed at this table), so that a short record counts for little and a long one for
  much;
- under the hook, not everyone can be exact: when all would be, the one who bids last misses;
- their bid, as a table's bids fall with no knowledge of the cards (each of the cards is theirs
  with the chance one player in the deal has of taking it), and, on a miss, a trick more or less;
- their points, by the variant's own scoring of that bid and those tricks.

A deal whose every result the family lists (a partnership's tricks, a two-hand game's) is drawn
from the family's own weights of them. A game played to a score is dealt on until it ends.
Chances are shared among players level at the end. Before the first deal, a prior the caller
gives (OpenSkill's prediction from the players' ratings) stands instead.

The simulation is deterministic given its seed; ``benchmarks/odds.py`` measures its calibration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from .bid_exact import BidExactScores
from .race import ListedScores, Race

# The neutral prior of a player's chance of making a bid: made 6 times in 10 on average, and worth
# ten bids of evidence (a player's own record outweighs it after a few games).
PRIOR_MADE = 6.0
PRIOR_MISSED = 4.0
RUNS = 1000
# A game played to a score is dealt on at most this many more deals in a simulation.
MOST_DEALS_AHEAD = 100

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, kw_only=True, slots=True)
class Record:
    """A player's bids at this table: how many they made and how many they missed."""

    made: int = 0
    missed: int = 0


def chances(
    race: Race,
    records: Sequence[Record | None] | None = None,
    *,
    seed: int = 0,
    runs: int = RUNS,
) -> tuple[float, ...] | None:
    """Per unit, its chance of winning (0..1, summing to 1); None where the deals left cannot be
    simulated (a deal the family lists no weights for, a game to no single score)."""
    units = race.units
    if race.over:
        share = 1 / len(race.winners) if race.winners else 0.0
        return tuple(share if unit in race.winners else 0.0 for unit in range(units))
    if not all(isinstance(deal, BidExactScores | ListedScores) for deal in race.deals):
        return None
    target = race.target
    if race.to_target and target is None:
        return None
    rng = np.random.default_rng(seed)
    made, missed = _evidence(records, units)
    skill = rng.beta(made, missed, size=(runs, units))
    totals = np.tile(np.asarray(race.totals, dtype=np.int64), (runs, 1))
    if race.to_target:
        assert target is not None
        totals = _to_target(race, totals, skill, rng, target)
    else:
        exact = [deal for deal in race.deals if isinstance(deal, BidExactScores)]
        if exact:
            totals += simulate_deals(exact, skill, rng, units)
        for deal in race.deals:
            if isinstance(deal, ListedScores):
                totals += _deal(deal, skill, rng, units)
    return _shares(totals, race.zero_wins)


def _evidence(records: Sequence[Record | None] | None, units: int) -> tuple[Floats, Floats]:
    made = np.full(units, PRIOR_MADE)
    missed = np.full(units, PRIOR_MISSED)
    for unit, record in enumerate(records or ()):
        if record is not None:
            made[unit] += record.made
            missed[unit] += record.missed
    return made, missed


def _deal(deal: object, skill: Floats, rng: np.random.Generator, units: int) -> Ints:
    """Every simulated game's points in one deal, per unit."""
    if isinstance(deal, ListedScores):
        weights = np.asarray(deal.weights or (1.0,) * len(deal.results), dtype=np.float64)
        picked = rng.choice(len(deal.results), size=skill.shape[0], p=weights / weights.sum())
        listed: Ints = np.asarray(deal.results, dtype=np.int64)[picked]
        return listed
    assert isinstance(deal, BidExactScores)
    return simulate_deals((deal,), skill, rng, units)


def simulate_deals(
    deals: Sequence[BidExactScores],
    skill: Floats,
    rng: np.random.Generator,
    units: int,
    made: Ints | None = None,
) -> Ints:
    """Every simulated game's points over bid-exactly deals, per unit: the deals with the same
    number of players are drawn together. ``made``, where given, counts each unit's exact bids."""
    runs = skill.shape[0]
    points = np.zeros((runs, units), dtype=np.int64)
    most = max(deal.cards for deal in deals)
    grids = np.zeros((most + 1, most + 1, most + 1), dtype=np.int64)
    for deal in deals:
        size = deal.cards + 1
        grids[deal.cards, :size, :size] = np.asarray(deal.grid, dtype=np.int64)
    for players in sorted({len(deal.active) for deal in deals}):
        group = [deal for deal in deals if len(deal.active) == players]
        seats = np.asarray([deal.active for deal in group], dtype=np.int64)  # (deals, players)
        cards = np.asarray([deal.cards for deal in group], dtype=np.int64)[:, None, None]
        shape = (len(group), runs, players)
        exact = rng.random(shape) < skill[:, seats].transpose(1, 0, 2)
        hooked = np.asarray([deal.hook for deal in group], dtype=bool)[:, None]
        last = exact.all(axis=2) & hooked
        exact[..., players - 1] &= ~last
        bids = _bids(rng.random(shape), [deal.cards for deal in group], players, most)
        missed = bids + np.where(rng.random(shape) < 0.5, 1, -1)
        missed = np.where(missed < 0, 1, np.where(missed > cards, cards - 1, missed))
        tricks = np.where(exact, bids, missed)
        scored = grids[np.broadcast_to(cards, shape), bids, tricks]
        for index in range(len(group)):
            points[:, seats[index]] += scored[index]
            if made is not None:
                made[:, seats[index]] += exact[index]
    return points


def _bids(uniform: Floats, cards: Sequence[int], players: int, most: int) -> Ints:
    """Bids drawn from uniform numbers: each of a deal's cards is a bidder's with the chance one of
    ``players`` has of taking it (a binomial draw, by its distribution function: much the faster)."""
    share = 1 / players
    steps = np.ones((len(cards), most + 1))
    for index, count in enumerate(cards):
        chance = [comb(count, k) * share**k * (1 - share) ** (count - k) for k in range(count + 1)]
        steps[index, : count + 1] = np.cumsum(chance)
    steps[:, -1] = 1.0
    below = uniform[..., None] > steps[:, None, None, :]
    return below.sum(axis=-1).astype(np.int64)  # type: ignore[no-any-return]


def _to_target(race: Race, totals: Ints, skill: Floats, rng: np.random.Generator, target: int) -> Ints:
    """Deal on until someone reaches the target alone at the top (or falls to minus it)."""
    deal = race.deals[0]
    going = np.ones(totals.shape[0], dtype=bool)
    for _ in range(MOST_DEALS_AHEAD):
        totals[going] += _deal(deal, skill[going], rng, race.units)
        top = totals.max(axis=1)
        alone = (totals == top[:, None]).sum(axis=1) == 1
        done = ((top >= target) & alone) | (totals.min(axis=1) <= -target)
        going &= ~done
        if not going.any():
            break
    return totals


def _shares(totals: Ints, zero_wins: bool) -> tuple[float, ...]:
    """Each unit's share of the wins over the simulated games (level winners share one)."""
    won = totals == totals.max(axis=1)[:, None]
    if zero_wins:
        on_zero = totals == 0
        some = on_zero.any(axis=1)
        won[some] = on_zero[some]
    credit = won / won.sum(axis=1)[:, None]
    return tuple(float(value) for value in credit.mean(axis=0))
