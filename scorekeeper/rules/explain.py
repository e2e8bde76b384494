"""Explain the numbers: how a deal's points for a seat (or a team) were computed.

Every variant declares its family's explainer (``Variant.explainer``), so a page
asks by the declaration, never by a variant's name. Each explainer reads the
same scoring functions the engine scores with and gives the numbers of its
explanation as a text ending on the points, so the words (made by the web
layer) cannot drift from the sheet. It also gives a few worked examples for the
rules pages, computed the same way, and says how its games end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from .ending import deal_limit_words
from .seating import RevokeMark
from .state import DealState
from .table import Table
from .text import Text


def points_text(points: int) -> Text:
    """Points as the sheet prints them, with their sign ("+8", "−2", "0")."""
    return Text("points", value=points)


@dataclass(frozen=True, kw_only=True, slots=True)
class WorkedExample:
    """One line of a rules page's scoring table: what happened, the points, and how."""

    inputs: Text
    points: Text
    explanation: Text


class Explainer(Protocol):
    """What every family offers: a recorded deal's explanation, worked examples, the end of a game."""

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """How ``side`` (a seat, or a team where the game scores teams) got its points in ``deal``."""
        ...

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """A few results scored under the table's options."""
        ...

    def ending(self, table: Table) -> tuple[Text, ...]:
        """When the game ends, who wins, and how ties are settled, under the table's options."""
        ...


def explain(table: Table, deal: DealState, side: int, revoke: RevokeMark | None = None) -> Text:
    """How ``side`` got its points in ``deal``, for any variant; ``revoke`` is what a revoke found
    after the deal cost (``GameState.marks``), counted in its points."""
    if deal.points is None:
        return Text("explain_not_scored")
    if side >= len(deal.points):
        return Text("explain_not_joined")
    explainer = table.variant.explainer
    if revoke is None:
        return explainer.explain(table, deal, side)
    if revoke.redeal:
        return Text("explain_revoke_dealt_again", revoke=revoke.text)
    penalty = revoke.penalty
    if penalty is None or len(penalty) != len(deal.points):
        # Tricks moved (or the team scores): the family's words already count the revoke.
        return Text("explain_with_revoke", words=explainer.explain(table, deal, side), revoke=revoke.text)
    if side not in revoke.seats:
        return explainer.explain(table, deal, side)
    # The family's words for what the cards scored, then the house rule's penalty.
    cards = tuple(None if got is None else got + penalty[seat] for seat, got in enumerate(deal.points))
    words = explainer.explain(table, replace(deal, points=cards), side)
    return Text("explain_revoke_penalty", words=words, penalty=penalty[side], points=deal.points[side] or 0)


def worked_examples(table: Table) -> tuple[WorkedExample, ...]:
    """The scoring table of a variant's rules page under the table's options."""
    return table.variant.explainer.examples(table)


def game_end(table: Table) -> tuple[Text, ...]:
    """The end of the game and its ties, for a variant's rules page; a game without a
    last deal also says the most deals it takes."""
    lines = table.variant.explainer.ending(table)
    if table.variant.engine.deal_count(table) is None:
        return (*lines, deal_limit_words())
    return lines
