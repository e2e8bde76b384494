"""Explain the numbers of Classic Whist, Bid Whist and German Whist (see explain.py)."""

from __future__ import annotations

from collections.abc import Sequence

from .explain import WorkedExample, register, signed
from .options import Options
from .state import DealState
from .table import Table
from .variants._bid_whist_auction import BOOK as BID_BOOK
from .variants._bid_whist_auction import Call, read_call
from .variants.bid_whist import KITTY_BOOKS, TRICKS_IN_PLAY, BidWhistDeal, hand_points
from .variants.german import TARGET_STEP, GermanDeal, counted_tricks
from .variants.german import hand_points as german_hand_points
from .variants.whist import BOOK, WhistDeal, honour_points


def classic_words(tricks: int, honours: int | None, award: int, note: str | None, points: int) -> str:
    """A side's trick points (over six), then its honours."""

    parts = [
        f"took {tricks}: {tricks} − {BOOK} = {signed(tricks - BOOK)}"
        if tricks > BOOK
        else f"took {tricks}, no more than {BOOK}: no trick points"
    ]
    if honours is not None:
        if award:
            parts.append(f"{honours} trump honours dealt to them: {signed(award)}")
        elif honours >= 3 and note:
            parts.append(note)
        else:
            parts.append(f"{honours} trump honours: none score")
    return "; ".join(parts) + f"; {signed(points)} for the deal"


@register("partnership_tricks")
class ClassicWhistExplainer:
    """Classic Whist: a point a trick over six, then honours."""

    def explain(self, table: Table, deal: DealState, side: int) -> str:
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
            held = f", {honours} honours" if honours is not None else ""
            rows.append(
                WorkedExample(
                    inputs=f"a side took {tricks}{held}",
                    points=signed(points),
                    explanation=classic_words(tricks, honours, award, None, points),
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[str, ...]:
        """First side to the target; tricks score before honours; the rubber."""
        target = table.options.choice("play_to")
        lines = [
            f"The first side to reach {target} wins. Tricks score before honours, so both sides "
            "cannot reach the target together: there are no ties."
        ]
        if table.options.flag("rubber"):
            lines.append(
                "A rubber is the best of three games, each from 0–0; the winners add 2 for the rubber, "
                "less the losers' game points."
            )
        return tuple(lines)


# --- Bid Whist ------------------------------------------------------------------------------------


def bid_whist_words(bid: object, tricks: int, options: object, *, bidders: bool) -> str:
    """The bidders' books against the contract, or what the defenders score."""

    assert isinstance(bid, Call) and isinstance(options, Options) and bid.level is not None
    ours, theirs = hand_points(bid, tricks, options)
    books = tricks + KITTY_BOOKS
    contract = BID_BOOK + bid.level
    if not bidders:
        defended = TRICKS_IN_PLAY - tricks
        if not options.flag("defensive_scoring"):
            return f"defended {bid.label}: the defenders do not score: 0"
        if defended > BID_BOOK:
            return f"defended, took {defended}: {defended} − {BID_BOOK} = {signed(theirs)}"
        return f"defended, took {defended}, no more than {BID_BOOK}: 0"
    head = f"bid {bid.label}, needing {contract} books; took {tricks} + 1 for the kitty = {books} books"
    doubled = bid.kind is not None and bid.kind.value == "NT" and options.flag("double_nt")
    if books >= contract:
        base = books - BID_BOOK
        how = f"made, {books} − {BID_BOOK} = {signed(base)}"
    else:
        base = -bid.level
        how = f"set, minus the bid: {signed(base)}"
    if doubled:
        how += f", doubled for no trump: {signed(ours)}"
    return f"{head}: {how}"


@register("bid_whist_auction")
class BidWhistExplainer:
    """Bid Whist: the contract made or set; the defenders' tricks with defensive scoring."""

    def explain(self, table: Table, deal: DealState, side: int) -> str:
        """The bidding side's books against its contract; the defenders' result."""

        assert isinstance(deal, BidWhistDeal) and deal.bid is not None and deal.tricks is not None
        return bid_whist_words(deal.bid, deal.tricks, table.options, bidders=deal.bidding_team == side)

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """Made and set, uptown, downtown and no trump."""

        hands = [("4 downtown", 10), ("4 downtown", 8), ("5 NT", 11), ("7 uptown", 12), ("3 uptown", 4)]
        rows = []
        for text, tricks in hands:
            bid = read_call(text)
            assert isinstance(bid, Call)
            ours, theirs = hand_points(bid, tricks, table.options)
            words = bid_whist_words(bid, tricks, table.options, bidders=True)
            points = f"bidders {signed(ours)}"
            if table.options.flag("defensive_scoring"):
                words += "; " + bid_whist_words(bid, tricks, table.options, bidders=False)
                points += f", defenders {signed(theirs)}"
            rows.append(
                WorkedExample(
                    inputs=f"{bid.label}, bidders took {tricks} in play", points=points, explanation=words
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[str, ...]:
        """At plus or minus the target; the higher score wins."""
        state = table.variant.engine.replay(table, ())
        return (
            *(f"{note}." for note in state.notes),
            "The side with the higher score wins; a level finish would be a draw.",
        )


# --- German Whist ---------------------------------------------------------------------------------


def german_words(scoring: str, own: int, other: int, stake: int, points: int) -> str:
    """A player's points for a hand under the chosen scoring."""
    score = f"{own}–{other}"
    if scoring == "trick_points":
        return f"{own} counted tricks, a point each: {signed(points)}"
    if own == other:
        return f"a drawn hand, {score}: 0"
    if own < other:
        return f"lost the hand {score}: 0"
    if scoring == "hands":
        return f"won the hand {score}: {signed(points)}"
    times = f" × {stake} a trick" if stake != 1 else ""
    return f"won the hand {score}: ({own} − {other}){times} = {signed(points)}"


@register("two_hand_tricks")
class GermanWhistExplainer:
    """German Whist: trick points, the difference, or hands won."""

    def explain(self, table: Table, deal: DealState, side: int) -> str:
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
            points = german_hand_points(scoring, (own, other), winner, stake)
            rows.append(
                WorkedExample(
                    inputs=f"{own}–{other}",
                    points=f"{signed(points[0])} and {signed(points[1])}",
                    explanation=f"the first player: {german_words(scoring, own, other, stake, points[0])}; "
                    f"the second: {german_words(scoring, other, own, stake, points[1])}",
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[str, ...]:
        """A target (raised while both reach it), a number of hands, or hands won."""
        state = table.variant.engine.replay(table, ())
        lines = [f"{note}." for note in state.notes]
        scoring = table.options.choice("scoring")
        if scoring == "trick_points":
            lines.append(
                f"If both reach it in the same hand, the target rises by {TARGET_STEP} until one alone has."
            )
        elif scoring == "difference":
            lines.append("Equal totals at the end are a draw.")
        return tuple(lines)
