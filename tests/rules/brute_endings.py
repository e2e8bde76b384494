"""Every ending of a small game, played through the engine itself: who wins in at least one.

The reference the outlook is held to. Each deal left is tried with every entry the rules allow
(every bid of every player, every way of sharing the tricks, or a partnership game's every
result), each recorded by the engine as a table would record it; the game's end and its winners
are the engine's own. Two positions after the same deals with the same totals have the same
endings (no run of promotions is at stake in these games), so each is explored once, and a deal's
entries are scored once and tried from every position as the distinct results they give.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from scorekeeper.rules import Game, RuleViolation
from scorekeeper.rules.state import DealFacts

Entries = Callable[[Game, DealFacts], Iterator[dict[str, Any]]]


def exact_entries(game: Game, facts: DealFacts) -> Iterator[dict[str, Any]]:
    """Every bid of every player and every sharing of the tricks of a bid-exactly deal."""
    size = len(game.state.totals)
    order = facts.bidding_order
    cards = facts.cards
    for bids in itertools.product(range(cards + 1), repeat=len(order)):
        for tricks in _shares(cards, len(order)):
            bid_row: list[int | None] = [None] * size
            trick_row: list[int | None] = [None] * size
            for seat, bid, took in zip(order, bids, tricks, strict=True):
                bid_row[seat], trick_row[seat] = bid, took
            yield {"bids": bid_row, "tricks": trick_row}


def _shares(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _shares(total - first, parts - 1):
            yield (first, *rest)


def winners_somewhere(
    game: Game,
    entries: Entries,
    *,
    most_deals: int | None = None,
    shared: bool = True,
    scored_on: Game | None = None,
) -> tuple[bool, ...]:
    """Per unit: whether some ending (within ``most_deals`` more deals, for a game to a score)
    makes it a winner. ``shared``: a deal's entries give the same points from every position
    (not so where a target reached stops honours counting), so they are scored once a deal.
    ``scored_on``: a game whose next deal scores every entry as the game's next deal does (the same
    cards and bidding order, in a game that scores each deal alone): each entry is tried there,
    where the engine replays a short log, and only the distinct results on the game itself."""
    units = len(game.state.totals)
    found = [False] * units
    results: dict[int, dict[tuple[int, ...], dict[str, Any]]] = {}
    seen: set[tuple[int, tuple[int, ...]]] = set()
    start = len(game.entries)

    def explore(position: Game) -> None:
        state = position.state
        if state.finished:
            for unit in range(units):
                found[unit] = found[unit] or _won(state, unit)
            return
        played = len(position.entries)
        if most_deals is not None and played - start >= most_deals:
            return
        key = (played, state.totals)
        if key in seen:
            return
        seen.add(key)
        slot = played if shared else -1
        if slot not in results or not shared:
            results[slot] = _distinct(position, entries, scored_on if played == start else None)
        for entry in results[slot].values():
            explore(_record(position, entry))

    explore(game)
    return tuple(found)


def _won(state: Any, unit: int) -> bool:
    if state.teams is None:
        return unit in state.winners
    return bool(set(state.teams[unit]) & set(state.winners))


def _distinct(
    position: Game, entries: Entries, scored_on: Game | None = None
) -> dict[tuple[int, ...], dict[str, Any]]:
    """One entry for each distinct result (the points it adds to every total) the deal can have."""
    facts = position.state.current
    assert facts is not None
    if scored_on is not None:
        assert scored_on.state.current is not None
        assert scored_on.state.current.bidding_order == facts.bidding_order
        assert scored_on.state.current.cards == facts.cards
        position = scored_on
    engine = position.table.variant.engine
    number = len(position.entries) + 1
    found: dict[tuple[int, ...], dict[str, Any]] = {}
    for data in entries(position, facts):
        try:
            after = position.record(engine.read_entry(number, data)).state  # type: ignore[arg-type]
        except RuleViolation:
            continue
        points = after.deals[number - 1].points or ()
        found.setdefault(tuple(value or 0 for value in points), data)
    return found


def _record(position: Game, data: dict[str, Any]) -> Game:
    engine = position.table.variant.engine
    return position.record(engine.read_entry(len(position.entries) + 1, data))  # type: ignore[arg-type]
