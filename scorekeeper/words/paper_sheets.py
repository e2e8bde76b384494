"""The sheets made to be read back, in words: how a family's boxes are filled in beyond one digit a
box, and why a row's values make no entry (a bid and a null both written)."""

from __future__ import annotations

from ._core import say, words

words(
    {
        "paper_how_oneonta": say(
            "Write a positive bid under Bid, or a null's value under Null (0 for a null without a "
            "value); 1 under Dbl (where there is one) doubles the bid."
        ),
        "paper_how_contract": say(
            "The side that won the auction writes its bid, its kind and trump by their numbers below, and "
            "the tricks it took; the other side writes nothing."
        ),
        "paper_honours_total": say(
            "The two sides' honours written do not make up the four trump honours (ace, king, queen, jack)"
        ),
        "paper_bid_and_null": say("A bid and a null are both written for one player: keep one of them"),
        "paper_one_contract": say(
            "Write the contract in one side's column only, the side that won the auction: its bid, kind "
            "and trump"
        ),
    }
)
