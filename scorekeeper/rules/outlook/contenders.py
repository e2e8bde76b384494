"""Who can still win: exact, over every ending the rules allow of the deals left.

A game of a set length: a unit can still win when some ending of the deals left leaves no rival
above it. Each deal left offers the results best for the unit (``DealScores.best``, a Pareto set:
more for it, less for each rival); the endings are searched as the unit's leads over each rival,
keeping after each deal only the leads no other beats everywhere (a lead that is higher against
every rival can do whatever a lower one can). Where ending on exactly 0 wins (Romanian zero
finish), a unit can also win by reaching 0: its own scores summed over the deals left.

A game played to a score has no last deal: a unit at the table can still win as long as a deal
can give it points while giving every rival none — repeated, it passes everyone and reaches the
score alone, and no rival moves meanwhile. A unit that left only keeps a total that nobody has
passed.
"""

from __future__ import annotations

from .race import Points, Race, pareto


def contenders(race: Race) -> tuple[bool, ...]:
    """Per unit: whether some ending the rules allow still makes it a winner (joint winners win)."""
    if race.over:
        return tuple(unit in race.winners for unit in range(race.units))
    if race.to_target:
        return tuple(_reaches_target(race, unit) for unit in range(race.units))
    return tuple(_can_win(race, unit) for unit in range(race.units))


def _reaches_target(race: Race, unit: int) -> bool:
    if not race.racing[unit]:
        return race.totals[unit] == max(race.totals)
    return any(
        points[unit] > 0 and not any(points[other] for other in range(race.units) if other != unit)
        for deal in race.deals
        for points in deal.best(unit)
    )


def _can_win(race: Race, unit: int) -> bool:
    if race.zero_wins and race.racing[unit]:
        zero = race.reaches_zero[unit] if race.reaches_zero is not None else _reaches_zero(race, unit)
        if zero:
            return True
    return any(min(leads) >= 0 for leads in _leads(race, unit))


def _leads(race: Race, unit: int) -> tuple[Points, ...]:
    """The unit's best leads over each rival at the end (its own place holds 0), a Pareto set."""
    total = race.totals[unit]
    states: tuple[Points, ...] = (
        tuple(total - other if place != unit else 0 for place, other in enumerate(race.totals)),
    )
    for deal in race.deals:
        steps = {
            tuple(points[unit] - value if place != unit else 0 for place, value in enumerate(points))
            for points in deal.best(unit)
        }
        states = pareto(
            tuple(lead + step for lead, step in zip(state, steps_one, strict=True))
            for state in states
            for steps_one in steps
        )
    return states


def _reaches_zero(race: Race, unit: int) -> bool:
    """True when the unit's own scores over the deals left can bring its total to exactly 0."""
    reach = {race.totals[unit]}
    for deal in race.deals:
        scores = deal.own(unit)
        reach = {total + score for total in reach for score in scores}
    return 0 in reach
