"""Classic Whist's deals ahead as declared rules (constraints.py), for a page to check offline.

Split from whist.py to keep it short; the rules refuse with the engine's own texts.
"""

from __future__ import annotations

from collections.abc import Callable

from ..constraints import NAME, Constraint, DealAhead, EntryPhase, Foresight
from ..state import DealFacts, GameState
from ..table import Table
from ..text import Text
from ._partnership import SIDES, SUIT_CODES, team_name
from ._whist_rules import HONOURS_PER_DEAL, TRICKS_PER_DEAL

MISSING_TRICKS = Text("side_tricks_missing")
"""The refusal of a deal entered without its tricks."""


def whist_foresight(
    table: Table, state: GameState, count: int, facts_of: Callable[[Table, int], DealFacts]
) -> Foresight:
    """The deal due and the ones after it (``count`` at most), with the rules of their entry."""
    current = state.current
    if current is None:
        return Foresight()
    names = (team_name(state.players, 0), team_name(state.players, 1))
    rules = [
        Constraint(kind="one_of", field="side", choices=SIDES, default=0),
        Constraint(kind="one_of", field="tricks", choices=tuple(range(TRICKS_PER_DEAL + 1))),
        Constraint(kind="entered", field="tricks", message=MISSING_TRICKS),
    ]
    fields = ["side", "tricks"]
    if table.options.flag("honours"):
        rules.append(Constraint(kind="one_of", field="honours", choices=tuple(range(HONOURS_PER_DEAL + 1))))
        rules.append(
            Constraint(
                kind="entered",
                field="honours",
                owner="side",
                names=names,
                message=Text("honours_missing", team=NAME),
            )
        )
        fields.append("honours")
    rules.append(Constraint(kind="one_of", field="trump", choices=SUIT_CODES))
    phase = EntryPhase(name="tricks", fields=(*fields, "trump"), rules=tuple(rules))
    # After a table event (a misdeal passing the deal, a substitute…) only the deal due is
    # foreseen: the ones after it follow from the seating the events made.
    ahead = count if state.life is None else 1
    deals = tuple(
        DealAhead(facts=current if number == current.number else facts_of(table, number), phases=(phase,))
        for number in range(current.number, current.number + ahead)
    )
    return Foresight(deals=deals, ends_on_score=True)
