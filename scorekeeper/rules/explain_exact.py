"""Explain the numbers of the bid-exactly games (see ``explain.py``): Oh Hell and its family,
Nomination, Romanian and Custom Oh Hell, from the scoring function the engine scores with."""

from __future__ import annotations

from functools import partial

from .ending import zero_finish
from .exact import ExactBidEngine, ExactDeal
from .explain import WorkedExample, points_text
from .scoring import Scorer, configurable, exact_only, five_plus_cards, romanian, tricks_and_bonus
from .scoring import with_zero_bid_value as zero_bid_rule
from .state import DealState
from .table import Table
from .text import Param, Text


def exact_score_words(scorer: Scorer, cards: int, bid: int, took: int) -> Text:
    """One player's score in a bid-exactly game, from the scoring function the engine uses:
    the rule it applied and its numbers, ending on the points."""
    points = scorer(cards, bid, took)
    said: dict[str, Param] = {"bid": bid, "took": took, "points": points}
    off = abs(took - bid)
    if not isinstance(scorer, partial):
        return Text("explain_score", **said)
    rule, options = scorer.func, scorer.keywords
    if rule is zero_bid_rule:
        if bid == 0 and took == 0:
            if options["zero"] is five_plus_cards:
                return Text("explain_zero_bid_five_plus", cards=cards, **said)
            return Text("explain_zero_bid", **said)
        return exact_score_words(options["base"], cards, bid, took)
    if rule is tricks_and_bonus:
        per, bonus = options.get("per_trick", 1), options.get("bonus", 10)
        if took == bid:
            return Text("explain_tricks_and_bonus", per_trick=per, bonus=bonus, **said)
        return Text("explain_tricks_no_bonus", per_trick=per, off=off, **said)
    if rule is exact_only:
        per, bonus = options.get("per_trick", 1), options.get("bonus", 10)
        if took != bid:
            return Text("explain_only_exact_scores", off=off, **said)
        if per == 0:
            return Text("explain_bonus_alone", **said)
        return Text("explain_bonus_and_tricks", bonus=bonus, per_trick=per, **said)
    if rule is romanian:
        if took == bid:
            if options["progressive"] and bid > 1:
                return Text("explain_romanian_progressive", **said)
            return Text("explain_romanian_exact", **said)
        if options["progressive_penalty"] and off > 1:
            return Text("explain_romanian_progressive_penalty", off=off, **said)
        return Text("explain_missed_by", off=off, **said)
    if rule is configurable:
        per, bonus = options["per_trick"], options["bonus"]
        if took == bid:
            return Text("explain_custom_exact", per_trick=per, bonus=bonus, **said)
        if options["on_miss"] == "tricks":
            return Text("explain_custom_tricks_count", off=off, per_trick=per, **said)
        if options["on_miss"] == "penalty":
            return Text("explain_custom_penalty", off=off, penalty=options["penalty"], **said)
        return Text("explain_custom_miss_scores_nothing", off=off, **said)
    return Text("explain_score", **said)


class ExactBidsExplainer:
    """Oh Hell and its family, Nomination, Romanian, Custom: a score per seat, streak bonuses apart."""

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """The seat's bid and tricks scored, then any streak bonus."""

        engine = table.variant.engine
        assert isinstance(engine, ExactBidEngine) and isinstance(deal, ExactDeal)
        if not deal.facts.is_active(side):
            dead_hand = side == deal.facts.dealer and engine.dealer_sits_out(table)
            return Text("explain_sat_out", dead_hand=dead_hand)
        bid, took = deal.bids[side], deal.tricks[side] if deal.tricks else None
        assert bid is not None and took is not None and deal.points is not None
        words = exact_score_words(engine.score(table.options), deal.facts.cards, bid, took)
        award = deal.awards[side] if deal.awards else 0
        if not award:
            return words
        rule = engine.streaks(table)
        assert rule is not None
        points = deal.points[side]
        assert points is not None
        return Text(
            "explain_streak", words=words, length=rule.length, made=award > 0, award=award, points=points
        )

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """A few bids and tricks in the game's largest deal."""

        engine = table.variant.engine
        assert isinstance(engine, ExactBidEngine)
        cards = max(engine.schedule(table))
        scorer = engine.score(table.options)
        pairs = [(3, 3), (2, 4), (0, 0), (4, 1), (0, 2), (cards, cards)]
        rows = []
        for bid, took in dict.fromkeys(pairs):
            if bid <= cards and took <= cards:
                rows.append(
                    WorkedExample(
                        inputs=Text("example_exact_inputs", cards=cards, bid=bid, took=took),
                        points=points_text(scorer(cards, bid, took)),
                        explanation=exact_score_words(scorer, cards, bid, took),
                    )
                )
        rule = engine.streaks(table)
        if rule is not None:
            rows.append(
                WorkedExample(
                    inputs=Text("example_streak_inputs", length=rule.length),
                    points=Text("example_streak_points", bonus=rule.bonus),
                    explanation=Text("example_streak_explanation", length=rule.length),
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[Text, ...]:
        """After the last deal, or on reaching a target; the winners rule; a winner's bonus."""
        engine = table.variant.engine
        assert isinstance(engine, ExactBidEngine)
        end = engine.end(table)
        lines = []
        if end.deals is not None:
            lines.append(Text("end_after_deal", number=end.deals))
        if end.target is not None:
            lines.append(Text("end_on_target", target=end.target))
        if end.winners is zero_finish:
            lines.append(Text("end_zero_finish"))
        lines.append(Text("end_highest_total_wins"))
        bonus = engine.winner_bonus(table)
        if bonus:
            lines.append(Text("end_winner_bonus", bonus=bonus))
        if engine.settles_differences(table):
            lines.append(Text("end_settle_differences"))
        return tuple(lines)


EXACT_BIDS_EXPLAINER = ExactBidsExplainer()
