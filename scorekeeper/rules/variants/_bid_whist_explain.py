"""Explain the numbers of Bid Whist (see ``explain.py``): the contract made or set, the defenders' books."""

from __future__ import annotations

from ..explain import WorkedExample
from ..options import Options
from ..state import DealState
from ..table import Table
from ..text import Text
from ._bid_whist_auction import BOOK, Call, read_call
from ._bid_whist_rules import KITTY_BOOKS, TRICKS_IN_PLAY, BidWhistDeal, hand_points


def bid_whist_words(bid: Call, tricks: int, options: Options, *, bidders: bool) -> Text:
    """The bidders' books against the contract, or what the defenders score."""

    assert bid.level is not None
    ours, theirs = hand_points(bid, tricks, options)
    if not bidders:
        defended = TRICKS_IN_PLAY - tricks
        if not options.flag("defensive_scoring"):
            return Text("explain_defenders_do_not_score", call=bid.said)
        if defended > BOOK:
            return Text("explain_defended_over_book", took=defended, book=BOOK, points=theirs)
        return Text("explain_defended_within_book", took=defended, book=BOOK)
    books = tricks + KITTY_BOOKS
    contract = BOOK + bid.level
    made = books >= contract
    return Text(
        "explain_bid_whist",
        call=bid.said,
        contract=contract,
        took=tricks,
        books=books,
        made=made,
        book=BOOK,
        base=books - BOOK if made else -bid.level,
        doubled=bid.kind is not None and bid.kind.value == "NT" and options.flag("double_nt"),
        points=ours,
    )


class BidWhistExplainer:
    """Bid Whist: the contract made or set; the defenders' tricks with defensive scoring."""

    def explain(self, table: Table, deal: DealState, side: int) -> Text:
        """The bidding side's books against its contract; the defenders' result."""

        assert isinstance(deal, BidWhistDeal) and deal.bid is not None and deal.tricks is not None
        return bid_whist_words(deal.bid, deal.tricks, table.options, bidders=deal.bidding_team == side)

    def examples(self, table: Table) -> tuple[WorkedExample, ...]:
        """Made and set, uptown, downtown and no trump."""

        hands = [("4 downtown", 10), ("4 downtown", 8), ("5 NT", 11), ("7 uptown", 12), ("3 uptown", 4)]
        defending = table.options.flag("defensive_scoring")
        rows = []
        for text, tricks in hands:
            bid = read_call(text)
            ours, theirs = hand_points(bid, tricks, table.options)
            words = bid_whist_words(bid, tricks, table.options, bidders=True)
            if defending:
                words = Text(
                    "explain_both_sides",
                    first=words,
                    second=bid_whist_words(bid, tricks, table.options, bidders=False),
                )
            rows.append(
                WorkedExample(
                    inputs=Text("example_bid_whist_inputs", call=bid.said, tricks=tricks),
                    points=Text(
                        "example_bid_whist_points", bidders=ours, defenders=theirs if defending else None
                    ),
                    explanation=words,
                )
            )
        return tuple(rows)

    def ending(self, table: Table) -> tuple[Text, ...]:
        """At plus or minus the target; the higher score wins."""
        state = table.variant.engine.replay(table, ())
        return (*(Text("sentence", text=note) for note in state.notes), Text("end_higher_score_wins"))


BID_WHIST_EXPLAINER = BidWhistExplainer()
