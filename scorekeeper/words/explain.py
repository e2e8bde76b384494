"""Explain the numbers in words: how each deal's points were scored, the rules pages' worked examples,
and how each family's games end."""

from __future__ import annotations

from collections.abc import Iterable

from ._core import (
    N_,
    Params,
    Speaker,
    Wording,
    clauses,
    gettext,
    ngettext,
    number_param,
    say,
    say_n,
    signed,
    worded,
    words,
)


def _values(speaker: Speaker, params: Params, signs: Iterable[str] = ("points",)) -> dict[str, object]:
    """The placeholders' values, the points among them with their sign ("+8", "−2", "0")."""
    values = speaker.fill(params)
    for name in signs:
        values[name] = signed(number_param(params[name]))
    return values


def _signed_phrase(template: str, signs: Iterable[str] = ("points",)) -> Wording:
    """A phrase whose points (``signs``) are shown with their sign; ``template`` is marked for
    translation where it is written (``N_``) and translated here, when it is worded."""
    names = tuple(signs)

    def word(speaker: Speaker, params: Params) -> str:
        return gettext(template) % _values(speaker, params, names)

    return word


def _steps(top: int) -> str:
    """ "1 + 2 + 3" """
    return " + ".join(str(step) for step in range(1, top + 1))


@worded("explain_tricks_and_bonus")
def _tricks_and_bonus(speaker: Speaker, params: Params) -> str:
    if params["per_trick"] == 1:
        template = gettext(
            "bid %(bid)s, took %(took)s: %(took)s for the tricks + %(bonus)s for the exact bid = %(points)s"
        )
    else:
        template = gettext(
            "bid %(bid)s, took %(took)s: %(took)s × %(per_trick)s "
            "for the tricks + %(bonus)s for the exact bid "
            "= %(points)s"
        )
    return template % _values(speaker, params)


@worded("explain_tricks_no_bonus")
def _tricks_no_bonus(speaker: Speaker, params: Params) -> str:
    if params["per_trick"] == 1:
        template = gettext(
            "bid %(bid)s, took %(took)s: %(took)s for the tricks, no bonus (missed by %(off)s) = %(points)s"
        )
    else:
        template = gettext(
            "bid %(bid)s, took %(took)s: %(took)s × %(per_trick)s "
            "for the tricks, no bonus (missed by %(off)s) "
            "= %(points)s"
        )
    return template % _values(speaker, params)


@worded("explain_bonus_and_tricks")
def _bonus_and_tricks(speaker: Speaker, params: Params) -> str:
    if params["per_trick"] == 1:
        template = gettext("bid %(bid)s, took %(took)s: exact, %(bonus)s + %(took)s = %(points)s")
    else:
        template = gettext(
            "bid %(bid)s, took %(took)s: exact, %(bonus)s + %(took)s × %(per_trick)s = %(points)s"
        )
    return template % _values(speaker, params)


@worded("explain_romanian_progressive")
def _romanian_progressive(speaker: Speaker, params: Params) -> str:
    values = _values(speaker, params)
    values["steps"] = _steps(number_param(params["bid"]))
    return gettext("bid %(bid)s, took %(took)s: 5 + (%(steps)s) = %(points)s") % values


@worded("explain_romanian_progressive_penalty")
def _romanian_progressive_penalty(speaker: Speaker, params: Params) -> str:
    values = _values(speaker, params)
    values["steps"] = _steps(number_param(params["off"]))
    return gettext("bid %(bid)s, took %(took)s: missed by %(off)s: −(%(steps)s) = %(points)s") % values


@worded("explain_sat_out")
def _sat_out(speaker: Speaker, params: Params) -> str:
    if params["dead_hand"]:
        return gettext("Sat this %(deal)s out (the dead hand): no score") % speaker.fill(params)
    return gettext("Sat this %(deal)s out: no score") % speaker.fill(params)


@worded("explain_streak")
def _streak(speaker: Speaker, params: Params) -> str:
    values = _values(speaker, params, ("award", "points"))
    length = number_param(params["length"])
    if params["made"]:
        template = ngettext(
            "%(words)s; a streak of %(length)s exact %(deal)s in a row: %(award)s; %(points)s in all",
            "%(words)s; a streak of %(length)s exact %(deals)s in a row: %(award)s; %(points)s in all",
            length,
        )
    else:
        template = ngettext(
            "%(words)s; a streak of %(length)s missed %(deal)s in a row: %(award)s; %(points)s in all",
            "%(words)s; a streak of %(length)s missed %(deals)s in a row: %(award)s; %(points)s in all",
            length,
        )
    return template % values


@worded("example_streak_points")
def _streak_points(speaker: Speaker, params: Params) -> str:
    bonus = number_param(params["bonus"])
    return gettext("%(bonus)s (or %(minus)s)") % {"bonus": signed(bonus), "minus": signed(-bonus)}


@worded("explain_zero_bid_five_plus")
def _zero_bid_five_plus(speaker: Speaker, params: Params) -> str:
    return ngettext(
        "bid %(bid)s, took %(took)s: a made bid of none scores 5 + %(cards)s card in the %(deal)s "
        "= %(points)s",
        "bid %(bid)s, took %(took)s: a made bid of none scores 5 + %(cards)s cards in the %(deal)s "
        "= %(points)s",
        number_param(params["cards"]),
    ) % _values(speaker, params)


@worded("explain_oneonta_double")
def _oneonta_double(speaker: Speaker, params: Params) -> str:
    if params["made"]:
        template = gettext("bid %(bid)s, took %(took)s: a double made scores %(points)s whatever the cards")
    else:
        template = gettext("bid %(bid)s, took %(took)s: a double failed scores %(points)s whatever the cards")
    return template % _values(speaker, params)


@worded("explain_oneonta_team")
def _oneonta_team(speaker: Speaker, params: Params) -> str:
    lines = params["lines"]
    scores = params["scores"]
    assert isinstance(lines, tuple) and isinstance(scores, tuple)
    parts = [speaker(line) for line in lines]
    points = signed(number_param(params["points"]))
    if params["lowest"]:
        parts.append(gettext("the team scores the lowest of them: %(points)s") % {"points": points})
    else:
        total = " + ".join(signed(number_param(score)) for score in scores)
        parts.append(
            gettext("the team scores their sum: %(total)s = %(points)s") % {"total": total, "points": points}
        )
    return clauses(parts)


@worded("end_lasts_hands")
def _lasts_hands(speaker: Speaker, params: Params) -> str:
    hands = number_param(params["hands"])
    return ngettext("The game lasts %(hands)s hand.", "The game lasts %(hands)s hands.", hands) % {
        "hands": hands
    }


@worded("explain_whist")
def _whist(speaker: Speaker, params: Params) -> str:
    tricks, book = number_param(params["tricks"]), number_param(params["book"])
    values = _values(speaker, params)
    if tricks > book:
        values["over"] = signed(tricks - book)
        parts = [gettext("took %(tricks)s: %(tricks)s − %(book)s = %(over)s") % values]
    else:
        parts = [gettext("took %(tricks)s, no more than %(book)s: no trick points") % values]
    honours = params["honours"]
    if honours is not None:
        if params["award"]:
            values["award"] = signed(number_param(params["award"]))
            parts.append(
                ngettext(
                    "%(honours)s trump honour dealt to them: %(award)s",
                    "%(honours)s trump honours dealt to them: %(award)s",
                    number_param(honours),
                )
                % values
            )
        elif params["note"] is not None:
            parts.append(speaker(params["note"]))
        else:
            parts.append(
                ngettext(
                    "%(honours)s trump honour: it does not score",
                    "%(honours)s trump honours: none score",
                    number_param(honours),
                )
                % values
            )
    parts.append(gettext("%(points)s for the %(deal)s") % values)
    return clauses(parts)


@worded("explain_german_trick_points")
def _german_trick_points(speaker: Speaker, params: Params) -> str:
    own = number_param(params["own"])
    return ngettext(
        "%(own)s counted trick, a point: %(points)s", "%(own)s counted tricks, a point each: %(points)s", own
    ) % _values(speaker, params)


@worded("example_whist_inputs")
def _whist_inputs(speaker: Speaker, params: Params) -> str:
    if params["honours"] is None:
        return gettext("a side took %(tricks)s") % speaker.fill(params)
    return ngettext(
        "a side took %(tricks)s, %(honours)s honour",
        "a side took %(tricks)s, %(honours)s honours",
        number_param(params["honours"]),
    ) % speaker.fill(params)


@worded("explain_bid_whist")
def _bid_whist(speaker: Speaker, params: Params) -> str:
    values = _values(speaker, params, ("points", "base"))
    head = (
        ngettext(
            "bid %(call)s, needing %(contract)s book; took %(took)s + 1 for the kitty = %(books)s",
            "bid %(call)s, needing %(contract)s books; took %(took)s + 1 for the kitty = %(books)s",
            number_param(params["contract"]),
        )
        % values
    )
    if params["made"]:
        how = gettext("made, %(books)s − %(book)s = %(base)s") % values
    else:
        how = gettext("set, minus the bid: %(base)s") % values
    if params["doubled"]:
        how = gettext("%(how)s, doubled for no trump: %(points)s") % {"how": how, "points": values["points"]}
    return gettext("%(head)s: %(how)s") % {"head": head, "how": how}


@worded("example_bid_whist_points")
def _bid_whist_points(speaker: Speaker, params: Params) -> str:
    bidders = signed(number_param(params["bidders"]))
    if params["defenders"] is None:
        return gettext("bidders %(bidders)s") % {"bidders": bidders}
    defenders = signed(number_param(params["defenders"]))
    return gettext("bidders %(bidders)s, defenders %(defenders)s") % {
        "bidders": bidders,
        "defenders": defenders,
    }


@worded("explain_german_difference")
def _german_difference(speaker: Speaker, params: Params) -> str:
    if params["stake"] == 1:
        template = gettext("won the hand %(own)s–%(other)s: (%(own)s − %(other)s) = %(points)s")
    else:
        template = gettext(
            "won the hand %(own)s–%(other)s: (%(own)s − %(other)s) × %(stake)s a trick = %(points)s"
        )
    return template % _values(speaker, params)


@worded("example_german_points")
def _german_points(speaker: Speaker, params: Params) -> str:
    return gettext("%(first)s and %(second)s") % _values(speaker, params, ("first", "second"))


words(
    {
        # any family
        "explain_not_scored": say("Not scored yet: the %(deal)s is still being played"),
        "explain_not_joined": say("Not at the table yet: joined after this %(deal)s"),
        "explain_revoke_dealt_again": say("%(revoke)s: nothing is scored"),
        "explain_with_revoke": say("%(words)s (%(revoke)s)"),
        "explain_revoke_penalty": _signed_phrase(
            N_("%(words)s; −%(penalty)s for the revoke: %(points)s in all")
        ),
        "explain_both_sides": say("%(first)s; %(second)s"),
        # the bid-exactly games
        "explain_score": _signed_phrase(N_("bid %(bid)s, took %(took)s: %(points)s")),
        "explain_zero_bid": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: a made bid of none scores %(points)s")
        ),
        "explain_only_exact_scores": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: missed by %(off)s, and only an exact bid scores: %(points)s")
        ),
        "explain_bonus_alone": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: exact, the bonus alone = %(points)s")
        ),
        "explain_romanian_exact": _signed_phrase(N_("bid %(bid)s, took %(took)s: 5 + %(bid)s = %(points)s")),
        "explain_missed_by": _signed_phrase(N_("bid %(bid)s, took %(took)s: missed by %(off)s: %(points)s")),
        "explain_custom_exact": _signed_phrase(
            N_(
                "bid %(bid)s, took %(took)s: %(took)s × %(per_trick)s "
                "for the tricks + %(bonus)s for the exact bid "
                "= %(points)s"
            )
        ),
        "explain_custom_tricks_count": _signed_phrase(
            N_(
                "bid %(bid)s, took %(took)s: missed by %(off)s, "
                "the tricks still count: %(took)s × %(per_trick)s "
                "= %(points)s"
            )
        ),
        "explain_custom_penalty": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: missed by %(off)s: %(off)s × −%(penalty)s = %(points)s")
        ),
        "explain_custom_miss_scores_nothing": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: missed by %(off)s, and a miss scores nothing: %(points)s")
        ),
        "example_exact_inputs": say_n(
            "%(cards)s card: bid %(bid)s, took %(took)s",
            "%(cards)s cards: bid %(bid)s, took %(took)s",
            "cards",
        ),
        "example_streak_inputs": say_n(
            "%(length)s exact %(deal)s in a row (or missed)",
            "%(length)s exact %(deals)s in a row (or missed)",
            "length",
        ),
        "example_streak_explanation": say_n(
            "a streak of %(length)s %(deal)s of more than one card earns the bonus on the %(deal)s that "
            "completes it, then the count starts again",
            "a streak of %(length)s %(deals)s of more than one card earns the bonus on the %(deal)s that "
            "completes it, then the count starts again",
            "length",
        ),
        "end_after_deal": say("The game ends after %(deal)s %(number)s."),
        "end_on_target": say(
            "The game ends after the %(deal)s in which someone "
            "reaches %(target)s, once a single player has the "
            "highest total: while the top is tied, play goes on."
        ),
        "end_zero_finish": say(
            "Whoever ends on exactly 0 wins, whatever the others have; several on 0 share the win."
        ),
        "end_highest_total_wins": say("The highest total wins; players level at the top share the win."),
        "end_winner_bonus": _signed_phrase(N_("The winner gets a further %(bonus)s."), ("bonus",)),
        "end_settle_differences": say("Every pair then settles the difference of their totals."),
        # Oneonta Whist
        "explain_null_made": _signed_phrase(N_("bid %(bid)s, took %(took)s: the null is made: %(points)s")),
        "explain_null_fails_edd_allard": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: the null fails: −(%(stake)s + %(took)s) = %(points)s")
        ),
        "explain_null_fails": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: the null fails, losing its stake: %(points)s")
        ),
        "explain_oneonta_exact": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: exact, the bid = %(points)s")
        ),
        "explain_oneonta_short": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: short by %(short)s, so minus the bid: %(points)s")
        ),
        "explain_oneonta_overtricks_zero": _signed_phrase(
            N_(
                "bid %(bid)s, took %(took)s: %(over)s over, and "
                "overtricks score 0 (alternative scoring): %(points)s"
            )
        ),
        "explain_oneonta_over": _signed_phrase(
            N_("bid %(bid)s, took %(took)s: %(wanted)s − %(over)s over = %(points)s")
        ),
        "explain_out_of_hand": say("Out of this hand (tie-break): no score"),
        "explain_player_line": say("%(player)s: %(words)s"),
        "end_edd_allard": say("More than %(target)s wins, exactly %(target)s is a draw, less loses."),
        "end_team_total": say("The team's total is the result: the aim is the highest total."),
        "end_tie_break_hands": say(
            "The highest total wins. Players level at the top play tie-break hands while the others drop out "
            "with their totals frozen, until one leads alone at the end of a hand."
        ),
        "end_beat_the_game": say("A total above 0 beats the game."),
        "end_highest_total": say("The aim is the highest total."),
        # Classic Whist
        "end_whist_target": say(
            "The first side to reach %(target)s wins. Tricks "
            "score before honours, so both sides cannot reach "
            "the target together: there are no ties."
        ),
        "end_whist_rubber": say(
            "A rubber is the best of three games, each from 0–0; the winners add 2 for the rubber, less the "
            "losers' game points."
        ),
        # Bid Whist
        "explain_defenders_do_not_score": say("defended %(call)s: the defenders do not score: 0"),
        "explain_defended_over_book": _signed_phrase(
            N_("defended, took %(took)s: %(took)s − %(book)s = %(points)s")
        ),
        "explain_defended_within_book": say("defended, took %(took)s, no more than %(book)s: 0"),
        "example_bid_whist_inputs": say("%(call)s, bidders took %(tricks)s in play"),
        "end_higher_score_wins": say("The side with the higher score wins; a level finish would be a draw."),
        # German Whist
        "explain_german_drawn": say("a drawn hand, %(own)s–%(other)s: 0"),
        "explain_german_lost": say("lost the hand %(own)s–%(other)s: 0"),
        "explain_german_won": _signed_phrase(N_("won the hand %(own)s–%(other)s: %(points)s")),
        "example_score": say("%(own)s–%(other)s"),
        "example_german_explanation": say("the first player: %(first)s; the second: %(second)s"),
        "end_german_target_rises": say(
            "If both reach it in the same hand, the target rises by %(step)s until one alone has."
        ),
        "end_german_level_is_draw": say("Equal totals at the end are a draw."),
    }
)
