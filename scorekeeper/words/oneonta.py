"""Oneonta Whist in words: its bids and their refusals, the notes for the next bidder, each hand's
reminders (who deals, bids first and leads), and how its games end."""

from __future__ import annotations

from ._core import (
    Params,
    Speaker,
    and_list,
    declared,
    gettext,
    names_param,
    ngettext,
    number_param,
    say,
    say_n,
    worded,
    words,
)


def _left(params: Params) -> str:
    left = params["left"]
    assert isinstance(left, int)
    return ngettext("%(left)s card is left", "%(left)s cards are left", left) % {"left": left}


@worded("oneonta_double_only")
def _double_only(speaker: Speaker, params: Params) -> str:
    if params["null"]:
        template = gettext(
            "%(player)s may double only a bid of %(cards)s or a null of %(cards)s, not %(bid)s"
        )
    else:
        template = gettext("%(player)s may double only a bid of %(cards)s, not %(bid)s")
    return template % speaker.fill(params)


@worded("oneonta_total_reached")
def _total_reached(speaker: Speaker, params: Params) -> str:
    if params["exactly"]:
        template = gettext("The bids must add up to %(cards)s and already do: %(player)s must bid null")
    else:
        template = gettext(
            "The bids may add up to at most %(cards)s and already do: %(player)s must bid null"
        )
    return template % speaker.fill(params)


@worded("oneonta_bid_at_most")
def _bid_at_most(speaker: Speaker, params: Params) -> str:
    if params["exactly"]:
        template = gettext(
            "%(player)s may bid at most %(left)s: the bids must "
            "add up to %(cards)s, and %(bid)s are bid already"
        )
    else:
        template = gettext(
            "%(player)s may bid at most %(left)s: the bids may add up to at most %(cards)s, and %(bid)s are "
            "bid already"
        )
    return template % speaker.fill(params)


@worded("note_share_the_win")
def _share_the_win(speaker: Speaker, params: Params) -> str:
    names = and_list(names_param(params["players"]))
    return gettext("%(names)s share the win on %(total)s") % {"names": names, "total": params["total"]}


@worded("note_oneonta_winner")
def _winner(speaker: Speaker, params: Params) -> str:
    if params["tie_break"]:
        return gettext("%(player)s wins with %(total)s after tie-break hands") % speaker.fill(params)
    return gettext("%(player)s wins with %(total)s") % speaker.fill(params)


@worded("note_tie_break")
def _tie_break(speaker: Speaker, params: Params) -> str:
    values = {"names": and_list(names_param(params["players"])), "total": params["total"]}
    note = gettext("Tie-break: %(names)s are level on %(total)s and play another hand") % values
    out = names_param(params["out"])
    if out:
        note = gettext("%(note)s; out with their totals frozen: %(out)s") % {
            "note": note,
            "out": ", ".join(out),
        }
    return note


@worded("oneonta_cannot_deal")
def _cannot_deal(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["game"] = declared(str(params["game"]))  # the game's declared title
    return (
        ngettext(
            "%(game)s cannot be dealt to %(players)s player",
            "%(game)s cannot be dealt to %(players)s players",
            number_param(params["players"]),
        )
        % values
    )


@worded("oneonta_hands_played")
def _hands_played(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["game"] = declared(str(params["game"]))
    return (
        ngettext(
            "%(game)s at a table of %(players)s lasts %(hands)s hand; played so far: %(done)s",
            "%(game)s at a table of %(players)s lasts %(hands)s hands; played so far: %(done)s",
            number_param(params["hands"]),
        )
        % values
    )


@worded("reminder_table_talk")
def _table_talk(speaker: Speaker, params: Params) -> str:
    return gettext("Table talk: %(talk)s. Never name a card") % {"talk": declared(str(params["talk"]))}


@worded("oneonta_deal_solitaire")
def _deal_solitaire(speaker: Speaker, params: Params) -> str:
    template = ngettext(
        "Deal %(cards)s card each to the dummy and %(player)s, alternately, the dummy first; %(left)s",
        "Deal %(cards)s cards each to the dummy and %(player)s, alternately, the dummy first; %(left)s",
        number_param(params["cards"]),
    )
    values = speaker.fill(params)
    values["left"] = _left(params)
    return template % values


@worded("oneonta_deal")
def _deal(speaker: Speaker, params: Params) -> str:
    cards = number_param(params["cards"])
    if params["dummy"]:
        template = ngettext(
            "%(dealer)s deals %(cards)s card each, the dummy included, one at a time clockwise, starting "
            "with %(first)s; %(left)s",
            "%(dealer)s deals %(cards)s cards each, the dummy included, one at a time clockwise, starting "
            "with %(first)s; %(left)s",
            cards,
        )
    else:
        template = ngettext(
            "%(dealer)s deals %(cards)s card each one at a time clockwise, starting with %(first)s; %(left)s",
            "%(dealer)s deals %(cards)s cards each one at a time clockwise, starting with %(first)s; "
            "%(left)s",
            cards,
        )
    values = speaker.fill(params)
    values["left"] = _left(params)
    return template % values


@worded("oneonta_lead_dummy")
def _lead_dummy(speaker: Speaker, params: Params) -> str:
    if params["first"] is None:
        return gettext("The dummy leads every trick: turn its top card")
    return gettext(
        "The dummy leads every trick: turn its top card, then the players from %(first)s clockwise"
    ) % speaker.fill(params)


@worded("oneonta_lead_highest_bid")
def _lead_highest_bid(speaker: Speaker, params: Params) -> str:
    if params["by_total"]:
        template = gettext(
            "The highest positive bid leads the first trick; ties go to the higher total, then to the player "
            "nearest %(dealer)s (the dealer) going clockwise, dealer first. With no positive bid %(first)s "
            "leads. The winner of each trick leads the next"
        )
    else:
        template = gettext(
            "The highest positive bid leads the first trick; ties go to the player nearest %(dealer)s (the "
            "dealer) going clockwise, dealer first. With no positive bid %(first)s leads. The winner of each "
            "trick leads the next"
        )
    return template % speaker.fill(params)


words(
    {
        # a bid's shape
        "oneonta_bid_kind": say("A bid is positive or null, not %(value)s"),
        "oneonta_bid_value": say("A bid's value is a whole number, not %(value)s"),
        "oneonta_positive_needs_tricks": say("A positive bid needs its number of tricks"),
        "oneonta_double_yes_no": say("A double is yes or no, not %(value)s"),
        "oneonta_bids_not_list": say("The bids are a list with one bid (or null) for each player"),
        "oneonta_bid_unreadable": say(
            'Bid %(position)s must be a number of tricks or a bid such as {"kind": "null", "value": 2}, '
            "not %(value)s"
        ),
        "oneonta_bid_unknown_key": say("A bid has a kind, a value and a double, not %(key)s"),
        "oneonta_bid_kind_at": say("Bid %(position)s is positive or null, not %(value)s"),
        "oneonta_bid_value_at": say("Bid %(position)s's value must be a whole number, not %(value)s"),
        "oneonta_double_at": say("Bid %(position)s's double is true or false, not %(value)s"),
        "oneonta_positive_needs_tricks_at": say(
            "Bid %(position)s is positive and needs its number of tricks"
        ),
        # a bid against the deal and the bids before it
        "oneonta_bid_zero": say("%(player)s bid 0, but Oneonta Whist has no bid of 0: bid null instead"),
        "oneonta_bid_below_one": say(
            "%(player)s bid %(bid)s: a bid is a number of tricks from 1 to %(cards)s"
        ),
        "oneonta_bid_above_cards": say_n(
            "%(player)s bid %(bid)s, but %(cards)s cards were dealt: bid from 1 to %(cards)s",
            "%(player)s bid %(bid)s, but %(cards)s cards were dealt: bid from 1 to %(cards)s",
            "cards",
        ),
        "oneonta_null_without_value": say(
            "Under Edd Allard a null has no value: %(player)s bids just null, not null %(value)s"
        ),
        "oneonta_null_needs_value": say("%(player)s's null needs a value from 1 to %(cards)s"),
        "oneonta_null_value_range": say(
            "%(player)s staked %(value)s on null, but a null's value is from 1 to %(cards)s"
        ),
        "oneonta_no_doubling": say("%(player)s cannot double: doubling is not played in this game"),
        "oneonta_first_double": say("Only the first double counts: %(player)s doubled already"),
        "oneonta_total_made_bid_null": say("The bids already add up to %(cards)s: %(player)s must bid null"),
        "oneonta_total_bid_the_rest": say("The bids must add up to %(cards)s: %(player)s must bid %(left)s"),
        "oneonta_out_no_bid": say("%(player)s is out of this hand and has no bid"),
        "oneonta_bid_order": say("%(first)s bids before %(player)s: enter the bids in bidding order"),
        # what the next bidder must know
        "oneonta_note_last_null": say(
            "%(player)s bids last and must bid null: the bids already add up to %(cards)s"
        ),
        "oneonta_note_last_bid": say(
            "%(player)s bids last and must bid %(left)s: the bids must add up to %(cards)s"
        ),
        "oneonta_note_null": say("The bids add up to %(cards)s already: %(player)s must bid null"),
        "oneonta_note_at_most": say(
            "%(player)s may bid at most %(left)s: the bids so far add up to %(bid)s of %(cards)s"
        ),
        # trumps and tricks
        "oneonta_trump_unreadable": say(
            "The trump is S, H, D or C, or JK when a Joker is turned, not %(value)s"
        ),
        "oneonta_trump_turned": say(
            "Oneonta Whist always turns a card for trump: enter its suit, or JK when a Joker is turned"
        ),
        "oneonta_out_no_tricks": say("%(player)s is out of this hand and took no tricks"),
        "oneonta_tricks_above_cards": say_n(
            "%(player)s took %(took)s, but a hand has only %(cards)s card",
            "%(player)s took %(took)s, but a hand has only %(cards)s cards",
            "cards",
        ),
        "oneonta_tricks_above_dummy": say_n(
            "The players' tricks add up to %(total)s, but only %(cards)s was played: the dummy takes the "
            "rest, never fewer than none",
            "The players' tricks add up to %(total)s, but only %(cards)s were played: the dummy takes the "
            "rest, never fewer than none",
            "cards",
        ),
        # the table
        # who bids first, and the hand's reminders
        "oneonta_first_highest_bid": say("%(player)s bids first: the highest positive bid last hand"),
        "oneonta_first_none_still_in": say(
            "%(player)s bids first: none of the players still in made a positive bid last hand"
        ),
        "oneonta_first_nobody_positive": say("%(player)s bids first: nobody made a positive bid last hand"),
        "oneonta_solitaire_bids": say("%(player)s bids, after seeing only their own hand"),
        "oneonta_first_dealers_left_first_hand": say(
            "%(player)s bids first: the dealer's left in the first hand"
        ),
        "oneonta_first_dealers_left": say("%(player)s bids first: the dealer's left"),
        "oneonta_dummy_against": say("The dummy plays against %(player)s"),
        "oneonta_dummy_between": say("The dummy sits between %(dealer)s and %(first)s"),
        "oneonta_rule_bids_equal": say(
            "The bids must add up to exactly %(cards)s (a null counts 0); the last bidder is told what to bid"
        ),
        "oneonta_rule_bids_at_most": say(
            "The bids may add up to at most %(cards)s; the dummy takes every trick the players do not"
        ),
        "reminder_deck": say("Deck: %(deck)s"),
        "reminder_oneonta_joker_turned": say(
            "Turn the next card for trump. If it is a Joker there is no trump suit: only the other Joker is "
            "trump, it wins any trick it is played to, and when it is led the others may play any card"
        ),
        "reminder_tie_break_hand": say(
            "Tie-break hand between %(players)s; out with their totals frozen: %(out)s"
        ),
        # how the games end
        "note_team_scored": say_n(
            "The team scored %(total)s in %(hands)s hand",
            "The team scored %(total)s in %(hands)s hands",
            "hands",
        ),
        "note_edd_allard_win": say_n(
            "%(player)s wins: %(total)s point, more than %(target)s",
            "%(player)s wins: %(total)s points, more than %(target)s",
            "total",
        ),
        "note_edd_allard_draw": say("Draw: %(player)s scored exactly %(target)s"),
        "note_edd_allard_loss": say_n(
            "%(player)s loses: %(total)s point, fewer than %(target)s",
            "%(player)s loses: %(total)s points, fewer than %(target)s",
            "total",
        ),
        "note_beat_the_game": say_n(
            "%(player)s beat the game with %(total)s point",
            "%(player)s beat the game with %(total)s points",
            "total",
        ),
        "note_game_not_beaten": say_n(
            "%(player)s did not beat the game: %(total)s point, and it takes more than 0",
            "%(player)s did not beat the game: %(total)s points, and it takes more than 0",
            "total",
        ),
        "note_solitaire_scored": say_n(
            "%(player)s scored %(total)s in %(played)s %(deal)s",
            "%(player)s scored %(total)s in %(played)s %(deals)s",
            "played",
        ),
    }
)
