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
Smalls = npt.NDArray[np.int16]


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
    side = max(deal.cards for deal in deals) + 1
    # Every deal's scoring laid flat: grid[bid][tricks] of deal i at i·side² + bid·side + tricks.
    grids = np.zeros((len(deals), side, side), dtype=np.int64)
    for index, deal in enumerate(deals):
        grids[index, : deal.cards + 1, : deal.cards + 1] = np.asarray(deal.grid, dtype=np.int64)
    flat = grids.ravel()
    # The deals played by the same players are drawn together: (games, deals, players), the
    # players in the order of their seats.
    for sitting in sorted({tuple(sorted(deal.active)) for deal in deals}):
        numbers = [index for index, deal in enumerate(deals) if tuple(sorted(deal.active)) == sitting]
        group = [deals[index] for index in numbers]
        seats = list(sitting)
        shape = (runs, len(group), len(seats))
        # One number per bid decides it: below the player's chance, the bid is made; above, it is
        # missed, by a trick more in the upper half of the rest (itself uniform), else a trick fewer
        # (a bid of none can only be missed above, a bid of every card only below).
        chance = skill[:, None, seats]
        uniform = rng.random(shape)
        exact = uniform < chance
        # Under the hook not everyone can be exact: the last to bid misses.
        hooked = np.asarray([deal.hook for deal in group], dtype=bool)
        last = [seats.index(deal.active[-1]) for deal in group]
        every = np.arange(len(group))
        exact[:, every, last] &= ~(exact.all(axis=2) & hooked)
        bids = _bids(rng.random(shape, dtype=np.float32), [deal.cards for deal in group], len(seats))
        cards = np.asarray([deal.cards for deal in group], dtype=np.int16)[:, None]
        above = ((uniform > (1 + chance) / 2) & (bids < cards)) | (bids == 0)
        tricks = bids + (above.view(np.int8) * 2 - 1) * ~exact
        offsets = (np.asarray(numbers, dtype=np.intp) * side * side)[:, None]
        scored = np.take(flat, offsets + bids.astype(np.intp) * side + tricks)
        points[:, seats] += scored.sum(axis=1)
        if made is not None:
            made[:, seats] += exact.sum(axis=1)
    return points


def _bids(uniform: npt.NDArray[np.float32], cards: Sequence[int], players: int) -> Smalls:
    """Bids drawn from uniform numbers (per game, deal and seat): each of a deal's cards is a
    bidder's with the chance one of ``players`` has of taking it. A binomial draw by its distribution
    function: the bid is how many of its steps the number passes, counted one step at a time for
    every deal at once (a deal with fewer cards has its last steps at 1, never passed)."""
    share = 1 / players
    most = max(cards)
    steps = np.ones((len(cards), most), dtype=np.float32)
    for index, count in enumerate(cards):
        below = 0.0
        for k in range(count):
            below += comb(count, k) * share**k * (1 - share) ** (count - k)
            steps[index, k] = min(below, 1.0)
    bids = np.zeros(uniform.shape, dtype=np.int16)
    for k in range(most):
        bids += uniform > steps[:, k, None]
    return bids


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
