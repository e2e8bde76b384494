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
    """A family whose deals are planned by the number of players: the variant's own sequence for a
    table, and its own rule for continuing that sequence when the number of players changes.

    A plan is never re-planned from an earlier re-plan: each change of players derives the deals to
    come afresh from the table the game began at and the players seated now (RULES.md §9), so a
    departure lifts a cap an earlier arrival set.
    """

    @property
    def open_ended(self) -> bool:
        """True when the plan's last deal repeats until the game ends on a score."""
        ...

    def planned(self, table: Table) -> tuple[int, ...]:
        """The cards each player gets in each deal, as the variant's sequence gives them for ``table``."""
        ...

    def replan(self, table: Table, seated: Table, played: tuple[int, ...]) -> tuple[int, ...]:
        """The variant's own sequence for the players now ``seated``, continuing from its places
        already ``played`` (as the sequence gave them, before any cap), which it begins with.

        ``table`` is the table the game began at. No deal is capped here (``largest`` says
        how far the deals to come may go).
        """
        ...

    def largest(self, seated: Table) -> int | None:
        """The most cards each of the players ``seated`` may be dealt (the variant's own cap), or None
        where the sequence for them never needs one."""
        ...


def never(table: Table) -> bool:
    """A law that never applies."""
    return False


def no_target(table: Table) -> int | None:
    """The game has no score that ends it."""
    return None


def no_replan(table: Table) -> Text | None:
    """The number of players never changes the deals to come."""
    return None


def highest_wins(table: Table) -> Text:
    """Stopped early, the highest total wins; players level at the top win together."""
    return Text("law_stop_highest")


@dataclass(frozen=True, kw_only=True)
class TableLaws:
    """What a family's own laws say about table events; everything else is shared.

    ``fixed_table`` says why players can neither join nor leave (partnership and
    two-hand games), or is None where they can. ``sit_outs``: a player may sit
    a deal out (the games where each player bids for themself).
    ``dealer_sits_out``: the rules deal the dealer no cards (the Romanian dead
    hand), so one seat fewer plays each deal.
    ``misdeal_passes``: a misdeal loses the deal, so the next player deals.
    ``revoke_law`` says what a revoke found after a deal costs, and
    ``revoke_penalties`` the choices the other side has for it (the first is the
    default; empty where the laws give no choice). ``replan_law`` says how the
    deals to come are re-planned when the number of players changes (None where
    it never changes them). ``target`` is the score judged at the end of each
    deal (None where no score ends the game), and ``stop_winners`` the winner
    rule a game stopped early applies to its standings. The laws are texts (a code and its
    parameters, such as ``fixed_four_partnerships``), worded by the web layer.
    """

    fixed_table: Text | None = None
    sit_outs: bool = False
    dealer_sits_out: Callable[[Table], bool] = never
    misdeal_passes: Callable[[Table], bool] = never
    revoke_law: Callable[[Table], Text] = house_rule_text
    revoke_penalties: tuple[str, ...] = ()
    replan_law: Callable[[Table], Text | None] = no_replan
    target: Callable[[Table], int | None] = no_target
    stop_winners: Callable[[Table], Text] = highest_wins
