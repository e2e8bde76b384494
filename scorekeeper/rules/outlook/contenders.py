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
    return _leads_hold(race, unit)


def _leads_hold(race: Race, unit: int) -> bool:
    """Whether some ending leaves the unit's lead over every rival at 0 or more.

    The endings are walked deal by deal as the unit's leads over its rivals, a Pareto set. Three
    shortcuts keep that set small and leave the answer exact: a lead that the deals left cannot bring
    back to 0 even at their best is dropped; a lead that they cannot take below 0 even at their worst
    is as good as any higher one and is cut down to that height (so that more leads coincide); and a
    set of leads one ending of the deals left (each deal's result best at its worst place) carries
    over every rival answers yes at once. Without them a long game with many at the table (a player
    who left, who races with no points to make) grew the set past what a page can wait for.
    """
    rivals = [place for place in range(race.units) if place != unit]
    if _out_of_reach(race, unit, rivals):
        return False
    steps = [
        tuple({tuple(points[unit] - points[rival] for rival in rivals) for points in deal.best(unit)})
        for deal in race.deals
    ]
    left = len(steps)
    zero: Points = (0,) * len(rivals)
    most, least, sure = [zero] * (left + 1), [zero] * (left + 1), [zero] * (left + 1)
    for number in reversed(range(left)):
        here = steps[number]
        most[number] = _plus(most[number + 1], tuple(max(column) for column in zip(*here, strict=True)))
        least[number] = _plus(least[number + 1], tuple(min(column) for column in zip(*here, strict=True)))
        sure[number] = _plus(sure[number + 1], max(here, key=lambda step: (min(step), sum(step))))
    total = race.totals[unit]
    states: tuple[Points, ...] = (tuple(total - race.totals[rival] for rival in rivals),)
    for number in range(left + 1):
        if any(min(_plus(state, sure[number])) >= 0 for state in states):
            return True
        states = pareto(
            tuple(min(lead, -low) for lead, low in zip(state, least[number], strict=True))
            for state in states
            if min(_plus(state, most[number])) >= 0
        )
        if not states or number == left:
            return False
        states = pareto(_plus(state, step) for state in states for step in steps[number])
    return False


def _out_of_reach(race: Race, unit: int, rivals: list[int]) -> bool:
    """True when some rival stays ahead even if the unit scores its most and that rival its least in
    every deal left: no ending can help it, and the deals' best results need not be worked out."""
    most = sum(max(deal.own(unit)) for deal in race.deals)
    return any(
        race.totals[unit] + most < race.totals[rival] + sum(min(deal.own(rival)) for deal in race.deals)
        for rival in rivals
    )


def _plus(one: Points, other: Points) -> Points:
    return tuple(left + right for left, right in zip(one, other, strict=True))


def _reaches_zero(race: Race, unit: int) -> bool:
    """True when the unit's own scores over the deals left can bring its total to exactly 0."""
    reach = {race.totals[unit]}
    for deal in race.deals:
        scores = deal.own(unit)
        reach = {total + score for total in reach for score in scores}
    return 0 in reach
