"""A whist drive in words: the refusals of its set-up and of a table's hand, and its movement."""

from __future__ import annotations

from ._core import (
    N_,
    Params,
    Speaker,
    gettext,
    names_list,
    names_param,
    ngettext,
    number_param,
    say,
    say_n,
    worded,
    words,
)
from .cards import pair_words, trump_name

DRIVE_OPTIONS = {
    "format": N_("The format"),
    "tie_break": N_("The tie-break"),
    "up_direction": N_("The direction up"),
    "hands": N_("The number of hands"),
    "interval_after": N_("The interval"),
    "winners_move": N_("Who moves"),
    "one_prize_each": N_("One prize each"),
}
MOVEMENTS = {
    "progressive": N_(
        "Winners stay at their table and split up; losers split, North or East moving up and South or West "
        "moving down: everyone has a new partner every hand."
    ),
    "semi_partner": N_(
        "Winners stay together in their seats; losers split, North or East moving up and South or West "
        "moving down, and the newcomers partner each other."
    ),
    "partner": N_("Fixed pairs: winners stay in their seats; the losing pair moves up together."),
}


def tables_words(tables: object) -> str:
    """ "table 4" or "tables 2, 5 and 7"."""
    numbers = names_param(tables)  # type: ignore[arg-type]
    if len(numbers) == 1:
        return gettext("table %(table)s") % {"table": numbers[0]}
    return gettext("tables %(tables)s") % {"tables": names_list(numbers)}


def _with_tables(template: str, speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["tables"] = tables_words(params["tables"])
    return template % values


@worded("drive_withdraw_refused")
def _withdraw_refused(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "Table %(table)s, hand %(hand)s cannot be withdrawn: hand %(next)s is already entered at %(tables)s; "
        "correct the tricks instead"
    )
    return _with_tables(template, speaker, params)


@worded("drive_hand_not_open")
def _hand_not_open(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "Hand %(hand)s cannot be entered yet: hand %(playing)s is still being played at %(tables)s"
    )
    return _with_tables(template, speaker, params)


@worded("drive_later_hand")
def _later_hand(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "Table %(table)s cannot enter hand %(hand)s yet: hand %(playing)s is still being played at %(tables)s"
    )
    return _with_tables(template, speaker, params)


@worded("drive_confirm_other_pair")
def _confirm_other_pair(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["players"] = names_list(names_param(params["players"]))
    return (
        gettext(
            "Table %(table)s, hand %(hand)s: %(player)s's pair entered these tricks, so %(players)s "
            "confirm them"
        )
        % values
    )


@worded("drive_tricks_range")
def _tricks_range(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["pair"] = pair_words(params["pair"])
    return (
        ngettext(
            "Table %(table)s, hand %(hand)s: %(pair)s cannot take %(tricks)s trick; a hand has %(most)s, so "
            "a pair takes 0 to %(most)s",
            "Table %(table)s, hand %(hand)s: %(pair)s cannot take %(tricks)s tricks; a hand has %(most)s, so "
            "a pair takes 0 to %(most)s",
            number_param(params["tricks"]),
        )
        % values
    )


@worded("drive_no_such_table")
def _no_such_table(speaker: Speaker, params: Params) -> str:
    """The tables playing by their numbers: "tables 1 to 6", or "tables 1, 2, 4 and 5" once one stopped."""
    raw = params["tables"]
    numbers = [int(str(number)) for number in names_param(raw)] if not isinstance(raw, int) else []
    if isinstance(raw, int):  # refusals recorded before tables kept their numbers
        numbers = list(range(1, raw + 1))
    values = speaker.fill(params)
    if len(numbers) == 1:
        return gettext("There is no table %(value)s: this drive has only table %(table)s") % {
            **values,
            "table": numbers[0],
        }
    if numbers == list(range(1, len(numbers) + 1)):
        return gettext("There is no table %(value)s: this drive has tables 1 to %(last)s") % {
            **values,
            "last": len(numbers),
        }
    values["tables"] = names_list([str(number) for number in numbers])
    return gettext("There is no table %(value)s: the tables playing are %(tables)s") % values


@worded("drive_option_choice")
def _option_choice(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(DRIVE_OPTIONS[str(params["option"])])
    values["choices"] = ", ".join(names_param(params["choices"]))
    return gettext("%(label)s must be one of %(choices)s, not %(value)s") % values


@worded("drive_option_yes_no")
def _option_yes_no(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(DRIVE_OPTIONS[str(params["option"])])
    return gettext("%(label)s is a yes or a no, not %(value)s") % values


@worded("drive_not_whole")
def _not_whole(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(DRIVE_OPTIONS[str(params["what"])])
    return gettext("%(label)s must be a whole number, not %(value)s") % values


@worded("drive_trump_twice")
def _trump_twice(speaker: Speaker, params: Params) -> str:
    return gettext("%(trump)s comes twice in the order of trumps") % {
        "trump": trump_name(str(params["trump"]))
    }


@worded("drive_sit_out_tricks")
def _sit_out_tricks(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["choices"] = gettext(" or ").join(names_param(params["choices"]))
    return gettext("A player sitting out scores %(choices)s tricks, not %(value)s") % values


@worded("drive_prize_rule")
def _prize_rule(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["rules"] = ", ".join(names_param(params["rules"]))
    return gettext("A prize is one of %(rules)s, not %(value)s") % values


@worded("drive_movement")
def _movement(speaker: Speaker, params: Params) -> str:
    return gettext(MOVEMENTS[str(params["format"])])


words(
    {
        # a table's hand
        "drive_new_entry_moved_as": say(
            "Table %(table)s, hand %(hand)s: a new entry moves the players by its own result"
        ),
        "drive_hand_entered": say(
            "Hand %(hand)s is already entered at table %(table)s (N–S %(north_south)s, E–W %(east_west)s): "
            "correct it instead"
        ),
        "drive_nothing_to_correct": say(
            "Hand %(hand)s has not been entered at table %(table)s yet: enter it instead"
        ),
        "drive_correction_moved_as": say(
            "Table %(table)s, hand %(hand)s: the engine decides how the players moved"
        ),
        "drive_nothing_to_withdraw": say(
            "Hand %(hand)s has not been entered at table %(table)s: there is nothing to withdraw"
        ),
        "drive_roster_too_late": say(
            "The last hand (hand %(hands)s) is under way: nobody can join or leave the drive now"
        ),
        "drive_roster_leave_before_start": say(
            "Nobody has played yet: take the player off by renaming the players instead"
        ),
        "drive_roster_pair_needed": say(
            "A partner drive is played in fixed pairs: a late player joins with a partner, as a pair"
        ),
        "drive_roster_pair_only_partner": say(
            "Only a partner drive takes a late pair: here each late player joins on their own"
        ),
        "drive_roster_role": say(
            "A late player plays lady (North or East) or gent (South or West), not %(value)s"
        ),
        "drive_roster_no_table": say_n(
            "From hand %(hand)s the %(count)s player left cannot make a table of two ladies and two gents",
            "From hand %(hand)s the %(count)s players left cannot make a table of two ladies and two gents",
            "count",
        ),
        "drive_roster_last_table": say(
            "Table %(table)s is the only table left: the drive needs it from hand %(hand)s"
        ),
        "drive_roster_not_here": say(
            "%(player)s is not playing from hand %(hand)s: there is nobody to leave"
        ),
        "drive_roster_unknown_player": say("%(value)s is not one of the drive's players"),
        "drive_roster_left_twice": say("A player leaves the drive once, after joining it"),
        "drive_roster_start": say("A late player starts from 0 or from the lowest total, not %(value)s"),
        "drive_roster_too_few": say_n(
            "From hand %(hand)s only %(count)s player would be left: a drive needs 4 to fill a table",
            "From hand %(hand)s only %(count)s players would be left: a drive needs 4 to fill a table",
            "count",
        ),
        "drive_confirm_after_entry": say(
            "Table %(table)s, hand %(hand)s: a player of the other pair confirms the result once it is "
            "entered"
        ),
        "drive_nothing_to_confirm": say(
            "Hand %(hand)s has not been entered at table %(table)s: there is nothing to confirm"
        ),
        "drive_already_confirmed": say("Table %(table)s, hand %(hand)s: the result is already confirmed"),
        "drive_confirmer_unknown": say(
            "Table %(table)s, hand %(hand)s: %(value)s is not a player who can confirm this result"
        ),
        "drive_no_such_hand": say("This drive has hands 1 to %(hands)s: there is no hand %(hand)s"),
        "drive_hand_out_of_range": say(
            "Table %(table)s: this drive has hands 1 to %(hands)s, not hand %(value)s"
        ),
        "drive_pair_unknown": say("Table %(table)s, hand %(hand)s: the tricks are entered for N–S or E–W"),
        "drive_tricks_not_whole": say(
            "Table %(table)s, hand %(hand)s: tricks are a whole number, not %(value)s"
        ),
        # the set-up
        "drive_partner_odd": say_n(
            "A partner drive is played in fixed pairs: %(players)s player cannot have a partner",
            "A partner drive is played in fixed pairs: %(players)s players cannot all have a partner",
            "players",
        ),
        "drive_hands_range": say_n(
            "A drive has 1 to %(most)s hand, not %(value)s",
            "A drive has 1 to %(most)s hands, not %(value)s",
            "most",
        ),
        "drive_players_shape": say("The players are a list of names or a number of players"),
        "drive_too_few_players": say_n(
            "A whist drive needs at least %(least)s player to fill one table, not %(count)s",
            "A whist drive needs at least %(least)s players to fill one table, not %(count)s",
            "least",
        ),
        "drive_too_many_players": say_n(
            "A drive has at most %(most)s player, not %(count)s",
            "A drive has at most %(most)s players, not %(count)s",
            "most",
        ),
        "drive_name_missing": say("The drive needs a name"),
        "drive_name_unseen": say(
            "The drive's name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "drive_name_too_long": say_n(
            "The drive's name has at most %(most)s letter, not %(length)s",
            "The drive's name has at most %(most)s letters, not %(length)s",
            "most",
        ),
        "drive_interval_range": say(
            "The interval comes after one of hands 1 to %(last)s, not after hand %(value)s"
        ),
        "drive_trump_unreadable": say("%(value)s is not a suit or no trump"),
        "drive_trump_joker": say("A drive's trump is a suit or no trump"),
        "drive_trumps_empty": say("The order of trumps needs at least one suit"),
        "drive_prize_name_missing": say("A prize the organiser adds needs a name"),
        "drive_prize_name_unseen": say(
            "The prize's name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "drive_prize_name_too_long": say_n(
            "A prize's name has at most %(most)s letter: %(start)s…",
            "A prize's name has at most %(most)s letters: %(start)s…",
            "most",
        ),
        "drive_prize_place_range": say("%(prize)s: the place is from 1 to %(players)s, not %(value)s"),
        "drive_prize_place_unwanted": say("%(prize)s: only a prize for a place has a place"),
        "drive_prize_choose_player": say_n(
            "%(prize)s: choose the drive's one player",
            "%(prize)s: choose one of the drive's %(players)s players",
            "players",
        ),
        "drive_prize_player_unwanted": say("%(prize)s: only a prize the organiser awards names its player"),
        "drive_prize_half_needs_interval": say("%(prize)s: a prize for a half needs an interval"),
        "drive_prize_name_twice": say("Two prizes are called %(prize)s: give each a different name"),
    }
)


@worded("drive_seat_other_role")
def _seat_other_role(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    if str(params["role"]) == "lady":
        template = gettext("Hand %(hand)s: %(player)s plays lady all evening, so sits North or East")
    else:
        template = gettext("Hand %(hand)s: %(player)s plays gent all evening, so sits South or West")
    return template % values


@worded("drive_seat_moved_on")
def _seat_moved_on(speaker: Speaker, params: Params) -> str:
    template = gettext(
        "Hand %(hand)s: the players have moved on (hand %(next)s is entered at %(tables)s), so where "
        "they sat in hand %(hand)s can no longer be changed"
    )
    return _with_tables(template, speaker, params)


# A player's tally card typed in, and where a player actually sat.
words(
    {
        "drive_card_unknown_player": say("%(value)s is not one of the drive's players"),
        "drive_card_absent": say(
            "Hand %(hand)s: %(player)s was not at the drive for this hand: leave the row empty"
        ),
        "drive_card_sat_out": say_n(
            "Hand %(hand)s: %(player)s sat out, which scores %(tricks)s trick: type that or leave the row "
            "empty",
            "Hand %(hand)s: %(player)s sat out, which scores %(tricks)s tricks: type that or leave the row "
            "empty",
            "tricks",
        ),
        "drive_card_differs": say_n(
            "Hand %(hand)s: %(player)s's card says %(card)s trick, but table %(table)s entered "
            "%(entered)s for that pair. Nothing was changed: check the card, or correct table %(table)s's "
            "hand",
            "Hand %(hand)s: %(player)s's card says %(card)s tricks, but table %(table)s entered "
            "%(entered)s for that pair. Nothing was changed: check the card, or correct table %(table)s's "
            "hand",
            "card",
        ),
        "drive_seat_unknown_player": say("%(value)s is not one of the drive's players"),
        "drive_seat_no_such_hand": say("This drive has hands 1 to %(hands)s, not hand %(value)s"),
        "drive_seat_unknown": say("Hand %(hand)s: choose a table and one of North, East, South and West"),
        "drive_seat_not_at_a_table": say(
            "Hand %(hand)s: %(player)s was not at a table (sitting out, or not there): only players at a "
            "table change places"
        ),
        "drive_seat_already": say("Hand %(hand)s: %(player)s already sits there, at table %(table)s"),
        "drive_form_table_missing": say("Choose the table that goes"),
        "drive_form_seat_missing": say("Choose the player, the table and the seat where they sat"),
        "drive_form_card_tricks": say(
            "Hand %(hand)s: the tricks are a whole number from 0 to 13, not %(value)s"
        ),
    }
)


# The drive pages' own refusals (web/drive_forms.py, drive_store.py).
words(
    {
        "drive_form_players_missing": say("Enter the players' names, one a line, or only how many there are"),
        "drive_form_count_not_whole": say("The number of players is a whole number, not %(value)s"),
        "drive_form_hand_lost": say("The form lost its hand number: open the table's page again"),
        "drive_form_tricks_missing": say("Tap the number of tricks the pair took"),
        "drive_form_pair_missing": say("Tap the pair whose tricks you are entering"),
        "drive_form_leaver_missing": say("Choose the player who leaves"),
        "drive_form_prize_rule": say("Choose what the prize is for"),
        "drive_names_all": say_n(
            "Give the player a name", "Give all %(count)s players a name", "count"
        ),
        "drive_hand_moved_on": say(
            "Hand %(hand)s is over and everyone has moved on to hand %(in_play)s: this phone enters only "
            "the hand in play. Ask the organiser to correct hand %(hand)s."
        ),
        "drive_changed_elsewhere": say(
            "This table's hand changed on another phone: here it is as it stands now. "
            "Check it and enter your change again if it is still needed. Nothing was overwritten."
        ),
    }
)
