"""The deals ahead of a game whose table recorded events (an arrival, a sit-out, a misdeal…), or
of a family whose declared rules are not all its rules (Oneonta's bids, Bid Whist's auction).

A family foresees every deal of a game without events from the table alone. After an event the deals
ahead follow from the seating the events made and the deals re-planned for it (RULES.md §9), which
only a replay works out: so the deals ahead are found by replaying the game forward, each deal due
completed with a stand-in entry that keeps the deal's declared rules (constraints.py), and asking the
family for the deal due after it. The stand-in's numbers never leave this module: only the facts of
the deals ahead (who deals, sits out, bids first, how many cards) and the rules of their entries do,
and those do not depend on what was bid or taken. Where no stand-in keeps the rules, or the replay
refuses it, the foresight stops there, as it did before: no deal is foreseen wrongly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import cast

from .constraints import Constraint, DealAhead, Foresight, refusal
from .errors import RuleViolation
from .game import Game, NumberedEntry

__all__ = ["foresee_game", "played_ahead"]


def foresee_game(game: Game, count: int) -> Foresight:
    """The deal due and those after it (``count`` at most), after table events as without them."""
    table = game.table
    engine = table.variant.engine
    first = engine.foresee(table, game.state, count)
    # Without events a family foresees every deal itself, unless its declared rules are not all its
    # rules (it then foresees the deal due and gives a stand-in entry for it).
    replanned = game.state.life is not None or any(not deal.checked for deal in first.deals)
    if not replanned or len(first.deals) != 1 or count <= 1:
        return first
    deals = list(first.deals)
    ahead = game
    while len(deals) < count:
        due = deals[-1]
        values = due.stand_in
        if values is None:
            values = stand_in(due, ahead.state.players, turn=len(deals))
        if values is None:
            break
        try:
            # Every family's read_entry gives its own numbered entry (the Engine protocol says object).
            ahead = ahead.record(cast(NumberedEntry, engine.read_entry(due.facts.number, values)))
        except RuleViolation:
            break
        following = engine.foresee(table, ahead.state, 1)
        if not following.deals or following.deals[0].facts.number != due.facts.number + 1:
            break  # the game is over (or the family foresees no further deal)
        deals.append(following.deals[0])
    return replace(first, deals=tuple(deals))


def played_ahead(game: Game, number: int) -> Game | None:
    """The game as it will stand when deal ``number`` is due: every deal due before it completed with a
    stand-in entry that keeps its declared rules. Its facts, and those of the deals after it, are the
    game's own (they do not depend on what the stand-ins hold); its points are not. None where the game
    ends before deal ``number``, a stand-in cannot be found or the replay refuses one."""
    engine = game.table.variant.engine
    ahead = game
    turn = 0
    while (current := ahead.state.current) is not None and current.number < number:
        due = engine.foresee(ahead.table, ahead.state, 1).deals
        if not due or due[0].facts.number != current.number:
            return None
        values = (
            due[0].stand_in
            if due[0].stand_in is not None
            else stand_in(due[0], ahead.state.players, turn=turn)
        )
        if values is None:
            return None
        try:
            ahead = ahead.record(cast(NumberedEntry, engine.read_entry(current.number, values)))
        except RuleViolation:
            return None
        turn += 1
    current = ahead.state.current
    return ahead if current is not None and current.number == number else None


def stand_in(deal: DealAhead, players: Sequence[str], *, turn: int = 0) -> Mapping[str, object] | None:
    """Values for every phase of ``deal`` that keep all its declared rules; None when none are found.
    ``turn`` counts the deals ahead, so that a choice between sides goes to each in turn."""
    values: dict[str, object] = {}
    for phase in deal.phases:
        for rule in phase.rules:
            if rule.kind == "one_of" and rule.field in phase.fields and rule.field not in values:
                values[rule.field] = _first_choices(rule, len(players), turn)
        for rule in phase.rules:
            if rule.kind in ("total_is", "total_not") and isinstance(values.get(rule.field), list):
                _meet_total(rule, values, phase.rules)
        if refusal(phase.rules, values, players) is not None:
            return None
    return values


def _first_choices(rule: Constraint, size: int, turn: int) -> object:
    """The smallest choice for each of the rule's seats (None for the others), or the deal's one value."""
    if not rule.seats:
        if not rule.choices:
            return rule.default
        # A game played to a score ends as late as the stand-ins can make it, so that as many deals
        # as may come are foreseen: each side in turn (a value with a default), the middle count.
        if rule.default is not None:
            return rule.choices[turn % len(rule.choices)]
        return rule.choices[len(rule.choices) // 2]
    if not rule.choices:
        return None
    smallest = min(rule.choices, key=lambda choice: (not isinstance(choice, int), choice))
    per_seat: list[object] = [None] * size
    for seat in rule.seats:
        if 0 <= seat < size:
            per_seat[seat] = smallest
    return per_seat


def _meet_total(rule: Constraint, values: dict[str, object], rules: Sequence[Constraint]) -> None:
    """Change the field's numbers so they add up to the rule's total (``total_is``) or not (``total_not``)."""
    per_seat = values[rule.field]
    assert isinstance(per_seat, list)
    allowed = next((r.choices for r in rules if r.kind == "one_of" and r.field == rule.field), ())
    numbers = sorted(choice for choice in allowed if isinstance(choice, int))
    if not numbers or not rule.seats:
        return
    if rule.kind == "total_is":
        left = rule.total
        for seat in rule.seats:
            fits = [number for number in numbers if number <= left]
            per_seat[seat] = fits[-1] if fits else numbers[0]
            left -= per_seat[seat]
        return
    if sum(per_seat[seat] for seat in rule.seats) == rule.total:
        seat = rule.seats[0]
        others = [number for number in numbers if number != per_seat[seat]]
        if others:
            per_seat[seat] = others[0]
