"""Explain the numbers: how a deal's points for a seat (or a team) were computed, in words.

One explainer per kind of input the engines record (``Engine.input_kind``), so
a page asks by the declaration, never by a variant's name. Each explainer
reads the same scoring functions the engine scores with and ends its sentence
with the points, so the words cannot drift from the sheet. It also gives a few
worked examples for the rules pages, computed the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol

from .ending import deal_limit_words, zero_finish
from .exact import ExactBidEngine, ExactDeal
from .scoring import Scorer, configurable, exact_only, five_plus_cards, romanian, tricks_and_bonus
from .scoring import with_zero_bid_value as zero_bid_rule
from .seating import RevokeMark
from .state import DealState
from .table import Table
from .variants._oneonta_state import EDD_ALLARD_TARGET
from .variants.oneonta import OneontaBid, OneontaDeal, OneontaEngine, null, positive, score


def signed(points: int) -> str:
    """Points as the sheet prints them, with a real minus sign: "+8", "−2", "0"."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def tricks_word(count: int) -> str:
    """ "1 trick", "3 tricks"."""
    return f"{count} trick" if count == 1 else f"{count} tricks"


@dataclass(frozen=True, kw_only=True, slots=True)
class WorkedExample:
    """One line of a rules page's scoring table: what happened, the points, and how."""

    inputs: str
    points: str
    explanation: str


class Explainer(Protocol):
    """What every family offers: the words for a recorded deal, and worked examples."""

    def explain(self, table: Table, deal: DealState, side: int) -> str:
        """How ``side`` (a seat, or a team where the game scores teams) got its points in ``deal``."""
        ...

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """A few results scored under the table's options."""
        ...

    def ending(self, table: Table) -> tuple[str, ...]:
        """When the game ends, who wins, and how ties are settled, under the table's options."""
        ...


EXPLAINERS: dict[str, Explainer] = {}


def register(kind: str) -> Callable[[type], type]:
    """Declare the explainer of one kind of input (a class with no arguments)."""

    def store(cls: type) -> type:
        EXPLAINERS[kind] = cls()
        return cls

    return store


def explain(table: Table, deal: DealState, side: int, revoke: RevokeMark | None = None) -> str:
    """How ``side`` got its points in ``deal``, for any variant; ``revoke`` is what a revoke found
    after the deal cost (``GameState.marks``), counted in its points."""
    if deal.points is None:
        return "Not scored yet: the deal is still being played"
    if side >= len(deal.points):
        return "Not at the table yet: joined after this deal"
    explainer = EXPLAINERS[table.variant.engine.input_kind]
    if revoke is None:
        return explainer.explain(table, deal, side)
    if revoke.redeal:
        return f"{revoke.text}: nothing is scored"
    penalty = revoke.penalty
    if penalty is None or len(penalty) != len(deal.points):
        # Tricks moved (or the team scores): the family's words already count the revoke.
        return f"{explainer.explain(table, deal, side)} ({revoke.text})"
    if side not in revoke.seats:
        return explainer.explain(table, deal, side)
    # The family's words for what the cards scored, then the house rule's penalty.
    cards = tuple(None if got is None else got + penalty[seat] for seat, got in enumerate(deal.points))
    words = explainer.explain(table, replace(deal, points=cards), side)
    return f"{words}; −{penalty[side]} for the revoke: {signed(deal.points[side] or 0)} in all"


def worked_examples(table: Table) -> tuple[WorkedExample, ...]:
    """The scoring table of a variant's rules page under the table's options."""
    return EXPLAINERS[table.variant.engine.input_kind].examples(table)


def game_end(table: Table) -> tuple[str, ...]:
    """The end of the game and its ties, for a variant's rules page; a game without a
    last deal also says the most deals it takes."""
    lines = EXPLAINERS[table.variant.engine.input_kind].ending(table)
    if table.variant.engine.deal_count(table) is None:
        return (*lines, deal_limit_words(table.variant.deal_word))
    return lines


# --- the bid-exactly games --------------------------------------------------------------------


def exact_score_words(scorer: Scorer, cards: int, bid: int, took: int) -> str:
    """One player's score in a bid-exactly game, from the scoring function the engine uses."""
    points = scorer(cards, bid, took)
    head = f"bid {bid}, took {took}"
    off = abs(took - bid)
    if not isinstance(scorer, partial):
        return f"{head}: {signed(points)}"
    rule, options = scorer.func, scorer.keywords
    if rule is zero_bid_rule:
        if bid == 0 and took == 0:
            how = (
                f"5 + {cards} cards in the deal = {signed(points)}"
                if options["zero"] is five_plus_cards
                else signed(points)
            )
            return f"{head}: a made bid of none scores {how}"
        return exact_score_words(options["base"], cards, bid, took)
    if rule is tricks_and_bonus:
        per, bonus = options.get("per_trick", 1), options.get("bonus", 10)
        for_tricks = f"{took} for the tricks" if per == 1 else f"{took} × {per} for the tricks"
        if took == bid:
            return f"{head}: {for_tricks} + {bonus} for the exact bid = {signed(points)}"
        return f"{head}: {for_tricks}, no bonus (missed by {off}) = {signed(points)}"
    if rule is exact_only:
        per, bonus = options.get("per_trick", 1), options.get("bonus", 10)
        if took != bid:
            return f"{head}: missed by {off}, and only an exact bid scores: {signed(points)}"
        if per == 0:
            return f"{head}: exact, the bonus alone = {signed(points)}"
        for_tricks = str(took) if per == 1 else f"{took} × {per}"
        return f"{head}: exact, {bonus} + {for_tricks} = {signed(points)}"
    if rule is romanian:
        if took == bid:
            if options["progressive"] and bid > 1:
                steps = " + ".join(str(step) for step in range(1, bid + 1))
                return f"{head}: 5 + ({steps}) = {signed(points)}"
            return f"{head}: 5 + {bid} = {signed(points)}"
        if options["progressive_penalty"] and off > 1:
            steps = " + ".join(str(step) for step in range(1, off + 1))
            return f"{head}: missed by {off}: −({steps}) = {signed(points)}"
        return f"{head}: missed by {off}: {signed(points)}"
    if rule is configurable:
        per, bonus = options["per_trick"], options["bonus"]
        if took == bid:
            return f"{head}: {took} × {per} for the tricks + {bonus} for the exact bid = {signed(points)}"
        if options["on_miss"] == "tricks":
            return f"{head}: missed by {off}, the tricks still count: {took} × {per} = {signed(points)}"
        if options["on_miss"] == "penalty":
            return f"{head}: missed by {off}: {off} × −{options['penalty']} = {signed(points)}"
        return f"{head}: missed by {off}, and a miss scores nothing: {signed(points)}"
    return f"{head}: {signed(points)}"


@register("exact_bids")
class ExactBidsExplainer:
    """Oh Hell and its family, Nomination, Romanian, Custom: a score per seat, streak bonuses apart."""

    def explain(self, table: Table, deal: DealState, side: int) -> str:
        """The seat's bid and tricks scored, then any streak bonus."""

        engine = table.variant.engine
        assert isinstance(engine, ExactBidEngine) and isinstance(deal, ExactDeal)
        if not deal.facts.is_active(side):
            dead_hand = side == deal.facts.dealer and engine.dealer_sits_out(table)
            return f"Sat this deal out{' (the dead hand)' if dead_hand else ''}: no score"
        bid, took = deal.bids[side], deal.tricks[side] if deal.tricks else None
        assert bid is not None and took is not None and deal.points is not None
        words = exact_score_words(engine.score(table.options), deal.facts.cards, bid, took)
        award = deal.awards[side] if deal.awards else 0
        if not award:
            return words
        rule = engine.streaks(table)
        assert rule is not None
        kind = "exact" if award > 0 else "missed"
        points = deal.points[side]
        assert points is not None
        streak = f"a streak of {rule.length} {kind} deals in a row: {signed(award)}"
        return f"{words}; {streak}; {signed(points)} in all"

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
                        inputs=f"{cards} cards: bid {bid}, took {took}",
                        points=signed(scorer(cards, bid, took)),
                        explanation=exact_score_words(scorer, cards, bid, took),
                    )
                )
        rule = engine.streaks(table)
        if rule is not None:
            rows.append(
                WorkedExample(
                    inputs=f"{rule.length} exact deals in a row (or missed)",
                    points=f"{signed(rule.bonus)} (or {signed(-rule.bonus)})",
                    explanation=f"a streak of {rule.length} deals of more than one card earns the bonus "
                    "on the deal that completes it, then the count starts again",
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[str, ...]:
        """After the last deal, or on reaching a target; the winners rule; a winner's bonus."""
        engine = table.variant.engine
        assert isinstance(engine, ExactBidEngine)
        end = engine.end(table)
        lines = []
        if end.deals is not None:
            lines.append(f"The game ends after deal {end.deals}.")
        if end.target is not None:
            lines.append(
                f"The game ends after the deal in which someone reaches {end.target}, once a single "
                "player has the highest total: while the top is tied, play goes on."
            )
        if end.winners is zero_finish:
            lines.append(
                "Whoever ends on exactly 0 wins, whatever the others have; several on 0 share the win."
            )
        lines.append("The highest total wins; players level at the top share the win.")
        bonus = engine.winner_bonus(table)
        if bonus:
            lines.append(f"The winner gets a further {signed(bonus)}.")
        if engine.settles_differences(table):
            lines.append("Every pair then settles the difference of their totals.")
        return tuple(lines)


# --- Oneonta Whist -----------------------------------------------------------------------------


def oneonta_score_words(bid: object, took: int, *, edd_allard: bool, overtricks_zero: bool) -> str:
    """One player's Oneonta score (RULES.md §4.0–4.2), from the engine's own ``score``."""

    assert isinstance(bid, OneontaBid)
    points = score(bid, took, edd_allard=edd_allard, overtricks_score_zero=overtricks_zero)
    head = f"bid {bid.label}, took {took}"
    if bid.doubled:
        outcome = "made" if points > 0 else "failed"
        return f"{head}: a double {outcome} scores {signed(points)} whatever the cards"
    if bid.kind == "null":
        if took == 0:
            return f"{head}: the null is made: {signed(points)}"
        if edd_allard:
            return f"{head}: the null fails: −(10 + {took}) = {signed(points)}"
        return f"{head}: the null fails, losing its stake: {signed(points)}"
    wanted = bid.value or 0
    if took == wanted:
        return f"{head}: exact, the bid = {signed(points)}"
    if took < wanted:
        return f"{head}: short by {wanted - took}, so minus the bid: {signed(points)}"
    over = took - wanted
    if overtricks_zero:
        return f"{head}: {over} over, and overtricks score 0 (alternative scoring): {signed(points)}"
    return f"{head}: {wanted} − {over} over = {signed(points)}"


@register("oneonta_bids")
class OneontaExplainer:
    """Every form of Oneonta Whist; the cooperative forms add up (or take the lowest of) the players."""

    def _flags(self, table: Table) -> tuple[bool, bool, bool]:

        engine = table.variant.engine
        assert isinstance(engine, OneontaEngine)
        overtricks_zero = bool(table.options.get("alternative_scoring", False))
        return engine.form.edd_allard, overtricks_zero, engine.form.team

    def explain(self, table: Table, deal: DealState, side: int) -> str:
        """A player's score; for the team, each player's line and how they make the team's."""

        assert isinstance(deal, OneontaDeal) and deal.tricks is not None and deal.scores is not None
        edd_allard, overtricks_zero, team = self._flags(table)
        players = table.players

        def seat_words(seat: int) -> str:
            took = deal.tricks[seat] if deal.tricks else None
            assert took is not None
            return oneonta_score_words(
                deal.bids[seat], took, edd_allard=edd_allard, overtricks_zero=overtricks_zero
            )

        if not team:
            if not deal.facts.is_active(side):
                return "Out of this hand (tie-break): no score"
            return seat_words(side)
        seats = deal.facts.bidding_order
        lines = [f"{players[seat]}: {seat_words(seat)}" for seat in seats]
        assert deal.points is not None and deal.points[0] is not None
        scores = [deal.scores[seat] or 0 for seat in seats]
        if table.options.get("lowest_player_scoring"):
            lines.append(f"the team scores the lowest of them: {signed(deal.points[0])}")
        else:
            total = " + ".join(signed(value) for value in scores)
            lines.append(f"the team scores their sum: {total} = {signed(deal.points[0])}")
        return "; ".join(lines)

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
            words = oneonta_score_words(bid, took, edd_allard=edd_allard, overtricks_zero=overtricks_zero)
            rows.append(
                WorkedExample(
                    inputs=f"{cards} cards: bid {bid.label}, took {took}",
                    points=words.rsplit(" ", 1)[-1],
                    explanation=words,
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[str, ...]:
        """A set number of hands; the tie-break hands, Edd Allard's 30, beating the game."""
        engine = table.variant.engine
        assert isinstance(engine, OneontaEngine)
        form = engine.form
        hands = form.deals(table)
        lines = [f"The game lasts {hands} {'hand' if hands == 1 else 'hands'}."]
        if form.edd_allard:
            lines.append(
                f"More than {EDD_ALLARD_TARGET} wins, exactly {EDD_ALLARD_TARGET} is a draw, less loses."
            )
        elif form.team:
            lines.append("The team's total is the result: the aim is the highest total.")
        elif form.tie_breaks:
            lines.append(
                "The highest total wins. Players level at the top play tie-break hands while the others drop "
                "out with their totals frozen, until one leads alone at the end of a hand."
            )
            lines.append(deal_limit_words(table.variant.deal_word))
        elif table.options.get("alternative_scoring"):
            lines.append("A total above 0 beats the game.")
        else:
            lines.append("The aim is the highest total.")
        return tuple(lines)


# --- Classic Whist ------------------------------------------------------------------------------


# The partnership and two-hand games explain themselves in their own module.
from . import explain_whist  # noqa: E402,F401  (registers its explainers)
