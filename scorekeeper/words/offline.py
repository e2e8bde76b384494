"""The words of the offline entry (rules/constraints.py): why a family foresees no deal, and the
refusal of a declared rule that names none."""

from __future__ import annotations

from ._core import Phrase, say, words

words(
    {
        "foresee_auction_needs_server": say(
            "A hand's auction is judged call by call against the high bid so far, and the trump or "
            "direction against the winning bid: only the server can check it, so enter the hand when "
            "the connection is back"
        ),
        "foresee_next_hand_follows": say(
            "The next hand's first bidder is this hand's highest bidder, and tie-break hands follow "
            "the totals: the server must score each hand before the next can be entered"
        ),
        "foresee_bids_in_turn": say(
            "Oneonta bids are judged one after another in bidding order (nulls and their stakes, the "
            "first double, what is left of the total): only the server can check them, so enter the "
            "hand when the connection is back"
        ),
        # A declared rule without a refusal of its own (a value outside its choices, which no
        # page offers): nothing to say beyond marking the field. (A Phrase, not ``say``: an empty
        # message is not one to extract — gettext("") is the catalogue's header.)
        "constraint_broken": Phrase(""),
    }
)
