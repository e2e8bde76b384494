"""What each family's laws say about the table events, in full, for the rules pages (RULES.md §9):
when a revoke is recorded, the other side's choice in Classic Whist, a newcomer's starting total, a
departed player's final total, how the deals to come are re-planned, who may sit out, adjustments
and the target, and the winner rule of a game stopped early. (The shorter laws each event's own form
states are in ``events.py``.)"""

from __future__ import annotations

from ._core import Params, Speaker, gettext, say, say_n, worded, words


@worded("law_renege_defensive")
def _law_renege_defensive(speaker: Speaker, params: Params) -> str:
    if params["every_book"]:
        return gettext(
            "A renege found after a hand: every book the reneging side won goes to the other side, counted "
            "before the contract is judged, and with defensive scoring the books that go over count as the "
            "defenders' books; both sides reneging, the hand is void and the same dealer deals it again"
        )
    return gettext(
        "A renege found after a hand: three books go from the reneging side to the other, counted before "
        "the contract is judged, and with defensive scoring the books that go over count as the "
        "defenders' books; both sides reneging, the hand is void and the same dealer deals it again"
    )


words(
    {
        "fixed_player_count": say_n(
            "is played by exactly %(count)s player", "is played by exactly %(count)s players", "count"
        ),
        "law_whist_revoke_choice": say_n(
            "A revoke found after a %(deal)s: the other side chooses three tricks taken from the revoking "
            "side and added to its own, or %(points)s point added to its score; either way the revoking "
            "side cannot reach %(play_to)s on that %(deal)s. Both sides revoking, the %(deal)s is void "
            "and the same dealer deals it again (the Laws of Whist)",
            "A revoke found after a %(deal)s: the other side chooses three tricks taken from the revoking "
            "side and added to its own, or %(points)s points added to its score; either way the revoking "
            "side cannot reach %(play_to)s on that %(deal)s. Both sides revoking, the %(deal)s is void "
            "and the same dealer deals it again (the Laws of Whist)",
            "points",
        ),
        "law_revoke_recorded": say(
            "A revoke is recorded right after the %(deal)s it was found in, before anything else (undo "
            "what came after it first); a %(deal)s a revoke makes void is dealt again by the same dealer, "
            "and is not a misdeal"
        ),
        "law_arrival_start": say(
            "A newcomer starts on 0, unless the table chooses the lowest total or the average (rounded "
            "down) of the players seated then, or another number. A start from the lowest total or the "
            "average follows the totals of that moment, so correcting an earlier %(deal)s can change it; "
            "a number stays that number"
        ),
        "law_departure_final": say(
            "A player who leaves keeps their total, final, and their place in the standings; no "
            "adjustment, substitute or sit-out names them afterwards, and a player who comes back joins "
            "anew"
        ),
        "law_replan_capped": say(
            "When the number of players changes, the %(deals)s to come are planned afresh from this "
            "game's own sequence for the players seated: the number of %(deals)s stays, and a %(deal)s "
            "larger than the largest hand they may hold is played at that hand"
        ),
        "law_replan_blocks": say(
            "When the number of players changes, the blocks to come are dealt once per player of the new "
            "number, and a block already begun is completed to it"
        ),
        "law_replan_open_ended": say(
            "When the number of players changes, every %(deal)s from then on deals the hand size the game "
            "gives the new number of players"
        ),
        "law_replan_hands": say(
            "When the number of players changes, the hands to come follow the chart for the new number: "
            "its hand size and its number of hands"
        ),
        "law_sit_out_deals": say(
            "A player who sits out still deals when it is their turn; they bid, play and score nothing "
            "that %(deal)s"
        ),
        "law_adjustment_target": say(
            "An adjustment counts in the totals at once but never ends the game by itself: %(target)s is "
            "judged at the end of a %(deal)s, counting every adjustment made before it"
        ),
        "law_under_way": say(
            "While a %(deal)s is under way (some of it entered, not all): a misdeal drops what was entered "
            "of it and it is dealt again; a substitute takes over the seat for the rest of it, and what was "
            "entered stays; stopping early drops it, unscored. Every other event waits until it is "
            "finished"
        ),
        "law_stop_highest": say(
            "A game stopped early goes to the highest total; players level at the top win together"
        ),
        "law_stop_zero_finish": say(
            "A game stopped early goes to whoever stands on exactly 0 (the zero finish), else to the "
            "highest total"
        ),
        "law_stop_no_tie_break": say(
            "A game stopped early goes to the highest total; players level at the top win together, "
            "with no tie-break hands"
        ),
        "law_stop_hard_score": say(
            "A game stopped early goes to the highest total, and the winner still gets the further "
            "%(bonus)s of the hard score before every pair settles the difference"
        ),
        "law_stop_target": say(
            "A game stopped early is ranked by the totals, and the sheet says that no one reached %(target)s"
        ),
        "law_stop_total_stands": say("A game stopped early ends on the total scored so far"),
    }
)
