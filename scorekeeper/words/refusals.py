"""The engine's refusals of a game's setup and entries: bids, tricks, trumps, options, names, the order
of deals, and each family's own (Classic Whist, Bid Whist, German Whist). Oneonta's are in
``oneonta.py``, the table events' in ``events.py``, the trick judge's in ``judge.py``."""

from __future__ import annotations

from ._core import (
    N_,
    Params,
    Speaker,
    Wording,
    gettext,
    names_list,
    ngettext,
    number_param,
    say,
    say_n,
    worded,
    words,
)
from .cards import trump_lower

# What an entry of each kind records, for a refusal of an entry of another kind.
RECORD_KINDS = {
    "exact_bids": N_("bids and tricks"),
    "oneonta_bids": N_("Oneonta bids and tricks"),
    "partnership_tricks": N_("tricks"),
    "bid_whist_auction": N_("an auction"),
    "two_hand_tricks": N_("tricks"),
}
ENTRY_KEYS = {"bids": N_("bids"), "tricks": N_("tricks"), "honours": N_("honours")}
CUSTOM_SHAPES = {
    "down-up": N_(
        "A down-up game goes down to its turn and back up: the turn (%(turn)s cards) cannot be above "
        "the start (%(start)s) or the end (%(end)s)"
    ),
    "up-down": N_(
        "An up-down game goes up to its turn and back down: the turn (%(turn)s cards) cannot be below "
        "the start (%(start)s) or the end (%(end)s)"
    ),
    "up": N_("An upward game cannot start with more cards (%(start)s) than it ends with (%(end)s)"),
    "down": N_("A downward game cannot start with fewer cards (%(start)s) than it ends with (%(end)s)"),
}


@worded("hook")
def _hook(speaker: Speaker, params: Params) -> str:
    if params["dealer"]:
        template = gettext(
            "%(player)s deals and may not bid %(forbidden)s: the bids would add up to %(cards)s, "
            "the number of cards"
        )
    else:
        template = gettext(
            "%(player)s bids last and may not bid %(forbidden)s: the bids would add up to %(cards)s, "
            "the number of cards"
        )
    return template % speaker.fill(params)


@worded("counts_not_list")
def _counts_not_list(speaker: Speaker, params: Params) -> str:
    if params["what"] == "bids":
        return gettext("The bids are a list with one number (or null) for each player")
    return gettext("The tricks are a list with one number (or null) for each player")


@worded("counts_not_whole")
def _counts_not_whole(speaker: Speaker, params: Params) -> str:
    if params["what"] == "bids":
        return gettext("The bids are whole numbers, not %(value)s") % speaker.fill(params)
    return gettext("The tricks are whole numbers, not %(value)s") % speaker.fill(params)


@worded("entry_count_not_whole")
def _entry_count_not_whole(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["what"] = gettext(ENTRY_KEYS[str(params["what"])])
    return gettext("The %(what)s must be a whole number, not %(value)s") % values


@worded("trump_fixed_by_rules")
def _trump_fixed(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values.update(fixed=trump_lower(params["fixed"]), entered=trump_lower(params["entered"]))
    return gettext("%(Deal)s %(number)s is played with %(fixed)s by the rules, not %(entered)s") % values


@worded("entry_wrong_kind")
def _entry_wrong_kind(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["what"] = gettext(RECORD_KINDS[str(params["kind"])])
    return gettext("%(Deal)s %(number)s is not a record of %(what)s") % values


@worded("player_count")
def _player_count(speaker: Speaker, params: Params) -> str:
    if params["low"] == params["high"]:
        return ngettext(
            "%(variant)s is played by exactly %(low)s player, not %(count)s",
            "%(variant)s is played by exactly %(low)s players, not %(count)s",
            number_param(params["low"]),
        ) % speaker.fill(params)
    return ngettext(
        "%(variant)s is played by %(low)s to %(high)s player, not %(count)s",
        "%(variant)s is played by %(low)s to %(high)s players, not %(count)s",
        number_param(params["high"]),
    ) % speaker.fill(params)


@worded("option_not_a_choice")
def _option_not_a_choice(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(str(params["label"]))
    values["choices"] = ", ".join(str(choice) for choice in params["choices"] or ())  # type: ignore[union-attr]
    return gettext("%(label)s must be one of %(choices)s, not %(value)s") % values


def _option_words(template: str) -> Wording:
    """An option's refusal: its declared label (worded in the reader's language) and the rest;
    ``template`` is marked for the catalogue (``N_``) where it is written."""

    def word(speaker: Speaker, params: Params) -> str:
        values = speaker.fill(params)
        values["label"] = gettext(str(params["label"]))
        return gettext(template) % values

    return word


@worded("option_out_of_range")
def _option_out_of_range(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(str(params["label"]))
    return (
        ngettext(
            "%(label)s must be from %(low)s to %(high)s with %(players)s player, not %(value)s",
            "%(label)s must be from %(low)s to %(high)s with %(players)s players, not %(value)s",
            number_param(params["players"]),
        )
        % values
    )


@worded("custom_shape")
def _custom_shape(speaker: Speaker, params: Params) -> str:
    return gettext(CUSTOM_SHAPES[str(params["shape"])]) % speaker.fill(params)


@worded("entry_not_named_values")
def _entry_not_named_values(speaker: Speaker, params: Params) -> str:
    return gettext("A %(deal)s of %(variant)s is a set of named values, not %(value)s") % speaker.fill(params)


@worded("entry_unknown_key")
def _entry_unknown_key(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["keys"] = names_list(str(key) for key in params["keys"] or ())  # type: ignore[union-attr]
    return gettext("A %(deal)s of %(variant)s has %(keys)s, not %(key)s") % values


@worded("auction_not_higher")
def _auction_not_higher(speaker: Speaker, params: Params) -> str:
    if params["ranks_level"]:
        template = gettext(
            "%(call)s does not beat %(high)s: bid higher or pass "
            "(in this game downtown ranks level with uptown)"
        )
    else:
        template = gettext("%(call)s does not beat %(high)s: bid higher or pass")
    return template % speaker.fill(params)


@worded("german_tricks_range")
def _german_tricks_range(speaker: Speaker, params: Params) -> str:
    tricks = number_param(params["tricks"])
    if params["every_trick"]:
        template = ngettext(
            "%(player)s took %(tricks)s trick, but all 26 tricks count: enter 0 to %(most)s",
            "%(player)s took %(tricks)s tricks, but all 26 tricks count: enter 0 to %(most)s",
            tricks,
        )
    else:
        template = ngettext(
            "%(player)s took %(tricks)s trick, but the 13 tricks of stage two count: enter 0 to %(most)s",
            "%(player)s took %(tricks)s tricks, but the 13 tricks of stage two count: enter 0 to %(most)s",
            tricks,
        )
    return template % speaker.fill(params)


words(
    {
        # bids
        "bid_count": say_n(
            "Enter one bid for each of the %(players)s players",
            "Enter one bid for each of the %(players)s players",
            "players",
        ),
        "bid_sitting_out": say("%(player)s sits this %(deal)s out and has no bid"),
        "bid_not_number": say("%(player)s's bid must be a number of tricks, not %(value)s"),
        "bid_below_zero": say("%(player)s bid %(bid)s: a bid cannot be below 0"),
        "bid_above_cards": say_n(
            "%(player)s bid %(bid)s, but only %(cards)s card was dealt: bid from 0 to %(cards)s",
            "%(player)s bid %(bid)s, but only %(cards)s cards were dealt: bid from 0 to %(cards)s",
            "cards",
        ),
        # tricks
        "tricks_count": say_n(
            "Enter the tricks of each of the %(players)s players",
            "Enter the tricks of each of the %(players)s players",
            "players",
        ),
        "tricks_sitting_out": say("%(player)s sits this %(deal)s out and took no tricks"),
        "tricks_missing": say("Enter how many tricks %(player)s took"),
        "tricks_not_number": say("%(player)s's tricks must be a number, not %(value)s"),
        "tricks_above_cards": say_n(
            "%(player)s took %(took)s tricks, but a %(deal)s of %(cards)s card has only %(cards)s",
            "%(player)s took %(took)s tricks, but a %(deal)s of %(cards)s cards has only %(cards)s",
            "cards",
        ),
        "tricks_total": say_n(
            "The tricks add up to %(total)s, but %(cards)s was played: every card in hand makes one trick",
            "The tricks add up to %(total)s, but %(cards)s were played: every card in hand makes one trick",
            "cards",
        ),
        "side_tricks_missing": say("Enter how many tricks the side took"),
        "player_tricks_missing": say("Enter how many tricks the player took"),
        # trumps
        "trump_must_be_suit": say("A card is turned for trump, so the trump is a suit"),
        "trump_unreadable": say("The trump is S, H, D, C or NT, not %(value)s"),
        "trump_not_a_suit": say("The trump is a suit: S, H, D or C, not %(value)s"),
        # entries and the order of deals
        "exact_entry_unknown_key": say("A %(deal)s has bids, tricks and trump, not %(key)s"),
        "side_out_of_range": say("The side whose tricks are entered is 0 to %(highest)s, not %(value)s"),
        "game_over_no_deal": say("The game is over: there is no %(deal)s %(number)s"),
        "deal_out_of_order": say("%(Deal)s %(number)s cannot follow %(deal)s %(previous)s"),
        "deal_tricks_first": say("Enter the tricks of %(deal)s %(previous)s before %(deal)s %(number)s"),
        "deal_finish_first": say("Finish %(deal)s %(previous)s before %(deal)s %(number)s"),
        "bids_before_tricks": say("Every bid of %(deal)s %(number)s must be in before its tricks"),
        "deal_limit": say_n(
            "A game has at most %(most)s %(deal)s, so %(deal)s %(number)s cannot be entered: no table plays "
            "one game that long. Start a new game to play on.",
            "A game has at most %(most)s %(deals)s, so %(deal)s %(number)s cannot be entered: no table plays "
            "one game that long. Start a new game to play on.",
            "most",
        ),
        "log_limit": say_n(
            "A game keeps at most %(most)s %(deal)s or table event in all, and this one is full (%(deals)s: "
            "%(entered)s; table events: %(events)s): nothing more can be recorded. Start a new game to play "
            "on.",
            "A game keeps at most %(most)s %(deals)s and table events together, and this one is full "
            "(%(deals)s: %(entered)s; table events: %(events)s): nothing more can be recorded. Start a new "
            "game to play on.",
            "most",
        ),
        "import_log_limit": say_n(
            "A game keeps at most %(most)s %(deal)s or table event in all, and the file holds more "
            "(%(deals)s: %(entered)s; table events: %(events)s): it cannot be imported.",
            "A game keeps at most %(most)s %(deals)s and table events together, and the file holds more "
            "(%(deals)s: %(entered)s; table events: %(events)s): it cannot be imported.",
            "most",
        ),
        "deal_not_yet": say("%(Deal)s %(number)s cannot be entered yet: the next %(deal)s is %(next)s"),
        "no_such_deal": say_n(
            "There is no %(deal)s %(number)s: %(recorded)s is recorded",
            "There is no %(deal)s %(number)s: %(recorded)s are recorded",
            "recorded",
        ),
        "no_such_event": say_n(
            "There is no event %(number)s: %(recorded)s is recorded",
            "There is no event %(number)s: %(recorded)s are recorded",
            "recorded",
        ),
        "nothing_to_undo": say("There is nothing to undo: nothing has been recorded"),
        "deck_too_small": say_n(
            "%(deck)s cannot deal %(cards)s card each at a table of %(players)s",
            "%(deck)s cannot deal %(cards)s cards each at a table of %(players)s",
            "cards",
        ),
        # the table
        "unknown_variant": say("There is no variant called %(value)s"),
        "name_twice": say("Two players are called %(name)s: give each a different name"),
        "first_dealer_not_seat": say("The first dealer must be a seat number"),
        "first_dealer_out_of_range": say(
            "The first dealer must be a seat from 0 to %(highest)s, not %(value)s"
        ),
        "name_missing": say("Player %(position)s needs a name"),
        "name_broken": say(
            "Player %(position)s's name has a broken character (%(character)s): type the name again"
        ),
        "name_unseen": say(
            "Player %(position)s's name has a character that cannot be seen (%(character)s): "
            "type the name again without it"
        ),
        "name_too_long": say_n(
            "%(start)s… is too long: a name has at most %(most)s letter",
            "%(start)s… is too long: a name has at most %(most)s letters",
            "most",
        ),
        # options
        "option_not_on_off": _option_words(N_("%(label)s is on or off, not %(value)s")),
        "option_not_whole": _option_words(N_("%(label)s must be a whole number, not %(value)s")),
        "option_unknown": say("%(variant)s has no option %(option)s"),
        "romanian_zero_finish_sequence": say("0 finish is played only in 1-8-1 games"),
        "romanian_penalty_needs_progressive": say(
            "The progressive penalty goes with progressive scoring: turn that on too"
        ),
        "whist_rubber_play_to": say("A rubber is played in games of 5: set play to 5 or turn the rubber off"),
        # Classic Whist
        "whist_tricks_range": say_n(
            "%(team)s took %(tricks)s trick, but a %(deal)s has %(most)s: enter 0 to %(most)s",
            "%(team)s took %(tricks)s tricks, but a %(deal)s has %(most)s: enter 0 to %(most)s",
            "tricks",
        ),
        "honours_not_counted": say("Honours are not counted in this game: leave them out"),
        "honours_missing": say("Enter how many trump honours (A, K, Q, J) %(team)s were dealt"),
        "honours_range": say_n(
            "%(team)s were dealt %(honours)s honour, but there are only %(most)s: "
            "the ace, king, queen and jack of trumps",
            "%(team)s were dealt %(honours)s honours, but there are only %(most)s: "
            "the ace, king, queen and jack of trumps",
            "honours",
        ),
        # Bid Whist
        "auction_not_list": say('The auction is the list of calls in order, such as ["pass", "4 downtown"]'),
        "auction_not_over": say("The auction is not over: %(player)s has still to call"),
        "declaration_first": say("Enter what %(player)s declared before the tricks"),
        "bid_whist_tricks_range": say_n(
            "%(team)s took %(tricks)s trick, but a hand has only %(most)s in play: enter 0 to %(most)s "
            "(the kitty's book is added for you)",
            "%(team)s took %(tricks)s tricks, but a hand has only %(most)s in play: enter 0 to %(most)s "
            "(the kitty's book is added for you)",
            "tricks",
        ),
        "call_incomplete": say("A bid has both a level and a type (uptown, downtown or no trump)"),
        "auction_all_called": say_n(
            "Each player calls once: the %(count)s player has called",
            "Each player calls once: all %(count)s have called",
            "count",
        ),
        "auction_dealer_forced": say(
            "Everyone passed to %(player)s, the dealer, who must bid at least %(lowest)s"
        ),
        "auction_below_lowest": say("The lowest bid is %(lowest)s: %(player)s cannot bid %(call)s"),
        "auction_above_highest": say(
            "The highest bid is %(highest)s, all 13 books: %(player)s cannot bid %(call)s"
        ),
        "auction_too_many": say_n(
            "Each player calls once: an auction has %(calls)s call, not %(given)s",
            "Each player calls once: an auction has %(calls)s calls, not %(given)s",
            "calls",
        ),
        "declaration_direction": say("%(player)s bid %(call)s: say uptown or downtown, not a trump suit"),
        "declaration_suit": say("%(player)s bid %(call)s and names the trump suit: S, H, D or C"),
        "call_unreadable": say(
            'A call is pass or a level and uptown, downtown or NT (such as "4 downtown"), not %(value)s'
        ),
        "declaration_unreadable": say(
            "The declaration is a trump suit (S, H, D, C) or uptown or downtown, not %(value)s"
        ),
    }
)
