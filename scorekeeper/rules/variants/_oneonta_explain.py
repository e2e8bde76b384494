"""Explain the numbers of every form of Oneonta Whist (see ``explain.py``), from the engine's ``score``."""

from __future__ import annotations

from ..ending import deal_limit_words
from ..explain import WorkedExample, points_text
from ..state import DealState
from ..table import Table
from ..text import Param, Text
from ._oneonta_bids import OneontaBid, null, positive
from ._oneonta_engine import OneontaEngine
from ._oneonta_state import EDD_ALLARD_NULL, EDD_ALLARD_TARGET, OneontaDeal, score


def oneonta_score_words(bid: OneontaBid, took: int, *, edd_allard: bool, overtricks_zero: bool) -> Text:
    """One player's Oneonta score (RULES.md §4.0–4.2): the rule that applied and its numbers."""
    points = score(bid, took, edd_allard=edd_allard, overtricks_score_zero=overtricks_zero)
    said: dict[str, Param] = {"bid": bid.said, "took": took, "points": points}
    if bid.doubled:
        return Text("explain_oneonta_double", made=points > 0, **said)
    if bid.kind == "null":
        if took == 0:
            return Text("explain_null_made", **said)
        if edd_allard:
            return Text("explain_null_fails_edd_allard", stake=EDD_ALLARD_NULL, **said)
        return Text("explain_null_fails", **said)
    wanted = bid.value or 0
    if took == wanted:
        return Text("explain_oneonta_exact", **said)
    if took < wanted:
        return Text("explain_oneonta_short", short=wanted - took, **said)
    over = took - wanted
    if overtricks_zero:
        return Text("explain_oneonta_overtricks_zero", over=over, **said)
    return Text("explain_oneonta_over", wanted=wanted, over=over, **said)


class OneontaExplainer:
    """Every form of Oneonta Whist; the cooperative forms add up (or take the lowest of) the players."""

    def _flags(self, table: Table) -> tuple[bool, bool, bool]:

        engine = table.variant.engine
        assert isinstance(engine, OneontaEngine)
        overtricks_zero = bool(table.options.get("alternative_scoring", False))
        return engine.form.edd_allard, overtricks_zero, engine.form.team

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """A player's score; for the team, each player's line and how they make the team's."""

        assert isinstance(deal, OneontaDeal) and deal.tricks is not None and deal.scores is not None
        edd_allard, overtricks_zero, team = self._flags(table)
        players = table.players

        def seat_words(seat: int) -> Text:
            took = deal.tricks[seat] if deal.tricks else None
            bid = deal.bids[seat]
            assert took is not None and bid is not None
            return oneonta_score_words(bid, took, edd_allard=edd_allard, overtricks_zero=overtricks_zero)

        if not team:
            if not deal.facts.is_active(side):
                return Text("explain_out_of_hand")
            return seat_words(side)
        seats = deal.facts.bidding_order
        lines = tuple(
            Text("explain_player_line", player=players[seat], words=seat_words(seat)) for seat in seats
        )
        assert deal.points is not None and deal.points[0] is not None
        scores = tuple(deal.scores[seat] or 0 for seat in seats)
        lowest = bool(table.options.get("lowest_player_scoring"))
        return Text("explain_oneonta_team", lines=lines, lowest=lowest, scores=scores, points=deal.points[0])

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """Positive bids made, over and short; nulls made and failed; a double if allowed."""

        engine = table.variant.engine
        assert isinstance(engine, OneontaEngine)
        edd_allard, overtricks_zero, _team = self._flags(table)
        cards = engine.form.chart[table.size][0]
        stake = None if edd_allard else 2
        results = [
            (positive(3), 3),
            (positive(2), 4),
            (positive(4), 2),
            (null(stake), 0),
            (null(stake), 1 if stake else 2),
        ]
        if table.options.flag("doubling"):
            results.append((positive(cards, doubled=True), cards))
            results.append((positive(cards, doubled=True), cards - 1))
        rows = []
        for bid, took in results:
            points = score(bid, took, edd_allard=edd_allard, overtricks_score_zero=overtricks_zero)
            rows.append(
                WorkedExample(
                    inputs=Text("example_exact_inputs", cards=cards, bid=bid.said, took=took),
                    points=points_text(points),
                    explanation=oneonta_score_words(
                        bid, took, edd_allard=edd_allard, overtricks_zero=overtricks_zero
                    ),
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[Text, ...]:
        """A set number of hands; the tie-break hands, Edd Allard's 30, beating the game."""
        engine = table.variant.engine
        assert isinstance(engine, OneontaEngine)
        form = engine.form
        lines = [Text("end_lasts_hands", hands=form.deals(table))]
        if form.edd_allard:
            lines.append(Text("end_edd_allard", target=EDD_ALLARD_TARGET))
        elif form.team:
            lines.append(Text("end_team_total"))
        elif form.tie_breaks:
            lines.append(Text("end_tie_break_hands"))
            lines.append(deal_limit_words())
        elif table.options.get("alternative_scoring"):
            lines.append(Text("end_beat_the_game"))
        else:
            lines.append(Text("end_highest_total"))
        return tuple(lines)


ONEONTA_EXPLAINER = OneontaExplainer()
