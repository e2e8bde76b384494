"""What a correction changes besides the deal corrected, in words (``rules.knock_on``): said before it
is saved, "Elena's start: 9 → 3; Elena 14 → 8"."""

from __future__ import annotations

from ._core import Params, Speaker, gettext, say, say_n, worded, words


@worded("knock_can_win")
def _can_win(speaker: Speaker, params: Params) -> str:
    if params["can"]:
        return gettext("%(name)s, who left, can win again") % speaker.fill(params)
    return gettext("%(name)s, who left, can no longer win") % speaker.fill(params)


words(
    {
        "knock_start": say("%(name)s's start: %(before)s → %(after)s"),
        "knock_final_total": say(
            "%(name)s's final total (left after %(deal)s %(number)s): %(before)s → %(after)s"
        ),
        "knock_total": say("%(who)s %(before)s → %(after)s"),
        "knock_goes_on": say("The game is no longer over: it goes on"),
        "knock_ends": say_n(
            "The game ends here: %(winners)s wins", "The game ends here: %(winners)s win", "count"
        ),
        "knock_winners": say("Who wins: %(before)s → %(after)s"),
        "knock_leaders": say("In the lead: %(before)s → %(after)s"),
    }
)
