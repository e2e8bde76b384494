"""Explain the numbers of German Whist (see ``explain.py``): trick points, the difference, or hands won."""

from __future__ import annotations

from collections.abc import Sequence

from ..explain import WorkedExample
from ..state import DealState
from ..table import Table
from ..text import Param, Text
from ._german_rules import TARGET_STEP, GermanDeal, counted_tricks, hand_points


def german_words(scoring: str, own: int, other: int, stake: int, points: int) -> Text:
    """A player's points for a hand under the chosen scoring."""
    said: dict[str, Param] = {"own": own, "other": other, "points": points}
    if scoring == "trick_points":
        return Text("explain_german_trick_points", **said)
    if own == other:
        return Text("explain_german_drawn", **said)
    if own < other:
        return Text("explain_german_lost", **said)
    if scoring == "hands":
        return Text("explain_german_won", **said)
    return Text("explain_german_difference", stake=stake, **said)


class GermanWhistExplainer:
    """German Whist: trick points, the difference, or hands won."""

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """The player's counted tricks against the opponent's."""

        assert isinstance(deal, GermanDeal) and deal.points is not None
        points = deal.points[side]
        assert points is not None
        options = table.options
        return german_words(
            options.choice("scoring"),
            deal.tricks[side],
            deal.tricks[1 - side],
            options.number("stake"),
            points,
        )

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """A hand won 8–5 and 13–0, and with all tricks counting 14–12 and 13–13."""

        options = table.options
        scoring, stake = options.choice("scoring"), options.number("stake")
        whole = counted_tricks(options.flag("count_all_tricks"))
        hands: Sequence[tuple[int, int]] = [(8, 5), (13, 0)] if whole == 13 else [(14, 12), (13, 13)]
        rows = []
        for own, other in hands:
            winner = None if own == other else 0
            points = hand_points(scoring, (own, other), winner, stake)
            rows.append(
                WorkedExample(
                    inputs=Text("example_score", own=own, other=other),
                    points=Text("example_german_points", first=points[0], second=points[1]),
                    explanation=Text(
                        "example_german_explanation",
                        first=german_words(scoring, own, other, stake, points[0]),
                        second=german_words(scoring, other, own, stake, points[1]),
                    ),
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[Text, ...]:
        """A target (raised while both reach it), a number of hands, or hands won."""
        state = table.variant.engine.replay(table, ())
        lines = [Text("sentence", text=note) for note in state.notes]
        scoring = table.options.choice("scoring")
        if scoring == "trick_points":
            lines.append(Text("end_german_target_rises", step=TARGET_STEP))
        elif scoring == "difference":
            lines.append(Text("end_german_level_is_draw"))
        return tuple(lines)


GERMAN_WHIST_EXPLAINER = GermanWhistExplainer()
