"""The words of a table of players (scorekeeper/groups, its pages and files): its refusals."""

from __future__ import annotations

from ..rules.text import Text
from ._core import Params, Speaker, gettext, ngettext, number_param, say, say_n, whole, worded, words

words(
    {
        "table_name_missing": say("Give the table a name, such as “Thursday whist”"),
        "table_name_unseen": say(
            "The table's name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "table_name_too_long": say_n(
            "%(start)s… is too long: a table's name has at most %(most)s letter",
            "%(start)s… is too long: a table's name has at most %(most)s letters",
            "most",
        ),
        "table_not_kept": say("This phone does not keep that table: choose another, or none"),
        "roster_changed": say(
            "The table's players changed on another phone: check the names and start again"
        ),
        "roster_name_missing": say("Type the player's name"),
        "roster_name_broken": say("The name has a broken character (%(character)s): type the name again"),
        "roster_name_unseen": say(
            "The name has a character that cannot be seen (%(character)s): type the name again without it"
        ),
        "roster_name_twice": say(
            "This table already has a player called %(name)s. If this is someone else, "
            "add something to tell them apart (“%(name)s B.”)"
        ),
        "roster_no_such_player": say("That player is not on this table's roster"),
        # the table's file
        "table_file_missing": say("Choose the table's file (exported from Scorekeeper)"),
        "table_file_too_large": say("That file is too large to be a table"),
        "file_not_unpacked": say("That file is compressed but cannot be unpacked"),
        "table_file_not_table": say("This is not a table exported from Scorekeeper"),
        "table_file_version": say("This file's format version is %(version)s, not %(ours)s"),
        "table_file_players": say("The file's players must be a list of players"),
        "table_file_games": say("The file's games must be a list of games"),
        "table_file_roster_twice": say("The file's roster has two players called %(name)s"),
        "table_file_seats": say("each seat must name one of the table's players"),
        "table_file_seat_twice": say("a player sits in two seats"),
        "table_file_seat_name": say("seat %(position)s names %(typed)s, not %(name)s"),
        "table_file_deal_times": say("the times of its deals must be a list"),
        "table_file_game_refused": say("%(game)s: %(reason)s"),
        # what a time of the file is
        "table_start": say("The table's start"),
        "player_joining": say("A player's joining"),
        "game_start": say("its start"),
        "game_last_change": say("its last change"),
        "game_abandoning": say("its abandoning"),
        "deal_time": say("a deal's time"),
    }
)


@worded("table_file_too_many_games")
def _too_many_games(speaker: Speaker, params: Params) -> str:
    most = number_param(params["most"])
    return ngettext(
        "A table file holds at most %(most)s game, not %(count)s",
        "A table file holds at most %(most)s games, not %(count)s",
        most,
    ) % {"most": whole(most), "count": whole(number_param(params["count"]))}


@worded("table_file_too_many_items")
def _too_many_items(speaker: Speaker, params: Params) -> str:
    if params.get("count") is None:  # refused while it was read, before the end of the file
        most = number_param(params["most"])
        return ngettext(
            "A table file holds at most %(most)s deal or table event in all: this one holds more",
            "A table file holds at most %(most)s deals and table events in all: this one holds more",
            most,
        ) % {"most": whole(most)}
    most = number_param(params["most"])
    return ngettext(
        "A table file holds at most %(most)s deal or table event in all, not %(count)s",
        "A table file holds at most %(most)s deals and table events in all, not %(count)s",
        most,
    ) % {"most": whole(most), "count": whole(number_param(params["count"]))}


@worded("table_file_game")
def _game(speaker: Speaker, params: Params) -> str:
    if params["variant"] is None:
        return gettext("Game %(number)s") % speaker.fill(params)
    return gettext("Game %(number)s (%(variant)s)") % speaker.fill(params)


@worded("table_file_time_shape")
def _time_shape(speaker: Speaker, params: Params) -> str:
    return gettext("%(what)s must be a date and time such as 2026-11-22T20:15:00Z") % {
        "what": _time_part(speaker, params)
    }


@worded("table_file_time_range")
def _time_out_of_range(speaker: Speaker, params: Params) -> str:
    sentence = gettext(
        "%(what)s is not a time this table could have played at (from 2000 until today): %(value)s"
    )
    return sentence % {
        "what": _time_part(speaker, params),
        "value": params["value"],
    }


@worded("table_file_time_unreadable")
def _time_unreadable(speaker: Speaker, params: Params) -> str:
    return gettext("%(what)s is not a date and time: %(value)s") % {
        "what": _time_part(speaker, params),
        "value": params["value"],
    }


def _time_part(speaker: Speaker, params: Params) -> str:
    """Which time of the file is at fault ("its start"), from its code."""
    return speaker(Text(str(params["what"])))
