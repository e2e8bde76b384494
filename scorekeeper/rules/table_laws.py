"""What a family's own laws say about table events, and how a family re-plans its deals (RULES.md §9).

Everything else about the events is shared (``table_state.py``); each family
declares only its ``TableLaws`` and, where the number of players plans its
deals, a ``Planner``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .revoke import house_rule_text
from .table import Table
from .text import Text


class Planner(Protocol):
    """A family whose deals are planned by the number of players: the cards of each deal as the
    game began, and its own rule for re-planning the deals to come when that number changes."""

    @property
    def open_ended(self) -> bool:
        """True when the plan's last deal repeats until the game ends on a score."""
        ...

    def planned(self, table: Table) -> tuple[int, ...]:
        """The cards each player gets in each deal, as planned for ``table``."""
        ...

    def replan(self, seated: Table, plan: tuple[int, ...], done: int) -> tuple[int, ...]:
        """The plan after the first ``done`` deals, for the players now ``seated``; the first
        ``done`` unchanged."""
        ...


def never(table: Table) -> bool:
    """A law that never applies."""
    return False


@dataclass(frozen=True, kw_only=True)
class TableLaws:
    """What a family's own laws say about table events; everything else is shared.

    ``fixed_table`` says why players can neither join nor leave (partnership and
    two-hand games), or is None where they can. ``sit_outs``: a player may sit
    a deal out (the games where each player bids for themself).
    ``misdeal_passes``: a misdeal loses the deal, so the next player deals.
    ``revoke_law`` says what a revoke found after a deal costs. Both are texts
    (a code and its parameters, such as ``fixed_four_partnerships``), worded by the web layer.
    """

    fixed_table: Text | None = None
    sit_outs: bool = False
    misdeal_passes: Callable[[Table], bool] = never
    revoke_law: Callable[[Table], Text] = house_rule_text
