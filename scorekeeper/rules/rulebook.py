"""What a variant's rules page says, from its declaration and its engine alone.

The deal sequence comes from the engine's own plan (or, for engines that build
each deal from the one before, from the first deal of a game dealt from each
seat in turn); nothing here is written per variant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .declared import StandIn, english_stand_in
from .options import OptionSpec, OptionValue
from .state import DealFacts
from .table import Table


@dataclass(frozen=True, kw_only=True, slots=True)
class DealPlan:
    """The deals known before play; ``open_ended`` when the game goes on past them (it ends on a score).

    ``derived`` when the engine builds each deal from the one before: then
    only the first deal is exact, and later ones hold for their dealer,
    cards and trump (the first deal dealt from that seat), not for who bids
    first or what the reminders say.
    """

    deals: tuple[DealFacts, ...]
    open_ended: bool
    derived: bool = False


def deal_plan(table: Table, shown: int | None = None) -> DealPlan:
    """The facts of every deal of a fixed-length game; otherwise of ``shown`` deals
    (default: one round of dealers)."""
    engine = table.variant.engine
    count = engine.deal_count(table)
    if shown is None:
        shown = count if count is not None else table.size
    plan: Callable[[Table], Sequence[DealFacts]] | None = getattr(engine, "plan", None)
    if plan is not None and count is not None:
        return DealPlan(deals=tuple(plan(table))[:shown], open_ended=False)
    facts: Callable[[Table, int], DealFacts | None] | None = getattr(engine, "facts", None)
    if facts is not None:
        found = (facts(table, number) for number in range(1, shown + 1))
        return DealPlan(deals=tuple(fact for fact in found if fact is not None), open_ended=count is None)
    return DealPlan(
        deals=tuple(_first_deal_dealt_by(table, n) for n in range(1, shown + 1)),
        open_ended=count is None,
        derived=True,
    )


def _first_deal_dealt_by(table: Table, number: int) -> DealFacts:
    """Deal ``number``'s dealer, cards and trump, for engines that derive each deal during a replay:
    the first deal of the same table with the dealer moved on ``number − 1`` seats."""
    dealer = (table.first_dealer + number - 1) % table.size
    moved = Table(variant=table.variant, players=table.players, first_dealer=dealer, options=table.options)
    current = table.variant.engine.replay(moved, ()).current
    assert current is not None, "a new game always has a first deal"
    return replace(current, number=number)


@dataclass(frozen=True, kw_only=True, slots=True)
class OptionLine:
    """One option on a rules page: its declaration, its default and the value in force at the table,
    and the bounds of a whole number there (the page words them)."""

    spec: OptionSpec
    default: OptionValue
    value: OptionValue
    bounds: tuple[int | None, int | None]


def option_lines(table: Table) -> tuple[OptionLine, ...]:
    """Every option of the variant with the table's value."""
    return tuple(_option_line(spec, table) for spec in table.variant.options)


def _option_line(spec: OptionSpec, table: Table) -> OptionLine:
    players = table.size
    return OptionLine(
        spec=spec,
        default=spec.default_for(players),
        value=table.options[spec.name],
        bounds=spec.bounds_for(players),
    )


def seat_names(count: int, stand_in: StandIn = english_stand_in) -> tuple[str, ...]:
    """Names for a table nobody has sat at yet: "Player 1", "Player 2", … as ``stand_in`` words them."""
    return tuple(stand_in(seat) for seat in range(1, count + 1))
