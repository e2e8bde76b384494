"""Explain the numbers of Classic Whist (see ``explain.py``): a point a trick over six, then honours."""

from __future__ import annotations

from ..explain import WorkedExample, points_text
from ..state import DealState
from ..table import Table
from ..text import Text
from ._whist_rules import BOOK, WhistDeal, honour_points


def classic_words(tricks: int, honours: int | None, award: int, note: Text | None, points: int) -> Text:
    """A side's trick points (over six), then its honours: the numbers a page words."""
    return Text(
        "explain_whist",
        tricks=tricks,
        book=BOOK,
        honours=honours,
        award=award,
        note=note if honours is not None and not award and honours >= 3 else None,
        points=points,
    )


class ClassicWhistExplainer:
    """Classic Whist: a point a trick over six, then honours."""

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """The side's tricks over six and its honours."""

        assert isinstance(deal, WhistDeal) and deal.points is not None
        points = deal.points[side]
        assert points is not None
        honours = deal.honours[side] if deal.honours else None
        award = deal.awards[side] if deal.awards else 0
        return classic_words(deal.tricks[side], honours, award, deal.honours_note, points)

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """A side taking 8, 6 and 13 tricks; with honours, three and four held."""

        counted = table.options.flag("honours")
        results: list[tuple[int, int | None]] = [(8, None), (6, None), (13, None)]
        if counted:
            results = [(9, 3), (7, 2), (6, 4)]
        rows = []
        for tricks, honours in results:
            award = honour_points(honours) if honours is not None else 0
            points = max(0, tricks - BOOK) + award
            rows.append(
                WorkedExample(
                    inputs=Text("example_whist_inputs", tricks=tricks, honours=honours),
                    points=points_text(points),
                    explanation=classic_words(tricks, honours, award, None, points),
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[Text, ...]:
        """First side to the target; tricks score before honours; the rubber."""
        lines = [Text("end_whist_target", target=int(table.options.choice("play_to")))]
        if table.options.flag("rubber"):
            lines.append(Text("end_whist_rubber"))
        return tuple(lines)


CLASSIC_WHIST_EXPLAINER = ClassicWhistExplainer()
