"""The bid-exactly family at a changing table (RULES.md §9): how it continues its deal sequence for
a new number of players, the largest hand it deals them, and what its laws say of the table events.

The engine (``exact.py``) answers the walk's ``Planner`` and declares its
``TableLaws`` through these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ending import zero_finish
from .exact_facts import schedule_of
from .replan import by_blocks
from .table import Table
from .table_laws import TableLaws
from .text import Text

if TYPE_CHECKING:
    from .exact import ExactBidEngine


def continued(
    engine: ExactBidEngine, table: Table, seated: Table, played: tuple[int, ...]
) -> tuple[int, ...]:
    """The variant's own sequence continued for the players now ``seated`` after the places ``played``.

    An open-ended game (Oh! Well) deals its own hand size for the new number
    from now on; a walk whose ends are dealt once per player goes on block by
    block for the new number; the others keep the game's own sequence and its
    number of deals (``largest_hand`` caps them).
    """
    if engine.open_ended:
        return played + engine.schedule(seated)
    waypoints = engine.blocks(seated)
    if waypoints is not None:
        return by_blocks(waypoints, seated.size, played)
    return played + schedule_of(engine, table)[len(played) :]


def largest_hand(engine: ExactBidEngine, seated: Table) -> int:
    """The largest hand the variant deals the players ``seated``: its own first or top hand for their
    number, and no more than the pack holds for those dealt in (the dead hand is not)."""
    dealt = seated.size - 1 if engine.dealer_sits_out(seated) else seated.size
    return min(max(schedule_of(engine, seated)), engine.deck(seated).size // dealt)


def exact_laws(engine: ExactBidEngine) -> TableLaws:
    """Players come and go and may sit a deal out (the dead hand dealt none); a revoke takes the house
    rule; the deals to come are re-planned by the variant's sequence; a game stopped early keeps the
    variant's own winner rule."""

    def replan_law(table: Table) -> Text:
        if engine.open_ended:
            return Text("law_replan_open_ended")
        if engine.blocks(table) is not None:
            return Text("law_replan_blocks")
        return Text("law_replan_capped")

    def target(table: Table) -> int | None:
        return engine.end(table).target

    def stop_winners(table: Table) -> Text:
        end, bonus = engine.end(table), engine.winner_bonus(table)
        if end.target is not None:
            return Text("law_stop_target", target=end.target)
        if bonus:
            return Text("law_stop_hard_score", bonus=bonus)
        if end.winners is zero_finish:
            return Text("law_stop_zero_finish")
        return Text("law_stop_highest")

    return TableLaws(
        sit_outs=True,
        dealer_sits_out=engine.dealer_sits_out,
        replan_law=replan_law,
        target=target,
        stop_winners=stop_winners,
    )
