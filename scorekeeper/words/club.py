"""A club in words: its ladders, its records (the hall of fame) and the refusals of its store and pages.

The engine (``rules/club``) and the store (``clubs/``) speak in codes — a ladder's code, a record's
``kind``, a refusal's code and parameters —; this module words them in the reader's language.
"""

from __future__ import annotations

from ._core import N_, Params, Speaker, gettext, ngettext, number_param, say, whole, worded, words

OVERALL = "overall"
"""The ladder of every outcome (the engine's ``ladder=None``), as the pages name it in a link."""

LADDER_NAMES = {
    OVERALL: N_("Overall"),
    "oh_hell": N_("Oh Hell family"),
    "romanian": N_("Romanian"),
    "whist": N_("Whist"),
    "drive": N_("Drives"),
}
RECORD_NAMES = {
    "most_exact_bids": N_("most exact bids in a game"),
    "longest_exact_run": N_("longest run of exact bids"),
    "most_drives_won": N_("most drives won"),
    "best_drive_score": N_("best drive score"),
    "most_games_season": N_("most games played this season"),
}

words(
    {
        # the club's name (clubs/access.py)
        "club_name_missing": say("Give the club a name, such as “Thursday Whist Club”"),
        "club_name_unseen": say(
            "The club's name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "club_name_too_long": say("%(start)s… is too long: a club's name has at most %(most)s letters"),
        "club_not_found": say("There is no such club"),
        "club_changed_elsewhere": say(
            "The club changed on another phone meanwhile, so nothing was changed: here it is as it is "
            "now. Do it again if it still needs doing."
        ),
        "club_time_zone_unknown": say("Choose a time zone from the list"),
        # its tables and drives (clubs/holdings.py, and the club page's forms)
        "club_table_missing": say("Choose a table this phone keeps"),
        "club_drive_missing": say("Choose a drive this phone runs"),
        "club_no_such_table": say("There is no such table"),
        "club_no_such_drive": say("There is no such drive"),
        "club_table_elsewhere": say("That table is in another club already"),
        "club_drive_elsewhere": say("That drive is in another club already"),
        "club_too_many_tables": say("A club holds at most %(most)s tables"),
        "club_too_many_drives": say("A club holds at most %(most)s drives"),
        "club_table_not_held": say("That table is not the club's: choose one of its tables"),
        "club_drive_not_held": say("That drive is not the club's: choose one of its drives"),
        "club_season_not_held": say("That season is not the club's: choose one of its seasons"),
        # its members (clubs/members.py, and the member page's forms)
        "club_too_many_members": say("A club has at most %(most)s members"),
        "club_member_missing": say("Choose the other member: the one who is the same person"),
        "club_merge_same": say("Choose another member: a member is already the same person as themself"),
        "club_no_such_member": say("There is no such member in this club"),
        "club_member_name_missing": say("Type the member's name"),
        "club_member_name_broken": say(
            "The name has a broken character (%(character)s): type the name again"
        ),
        "club_member_name_unseen": say(
            "The name has a character that cannot be seen (%(character)s): type the name again without it"
        ),
        "club_member_name_too_long": say("%(start)s… is too long: a name has at most %(most)s letters"),
        "club_member_name_twice": say(
            "Another member is called %(name)s: merge the two if they are one person"
        ),
        "club_link_what": say("Choose a player of one of the club's tables or drives"),
        "club_name_played_missing": say("Choose the name played at a table or drive"),
        "club_link_no_such_name": say("Nobody played under that name in this drive"),
        "club_link_not_in_club": say("That table or drive is not the club's"),
        # its seasons (clubs/seasons.py)
        "club_season_name_missing": say("Give the season a name, such as “Winter 2026”"),
        "club_season_name_unseen": say(
            "The season's name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "club_season_name_too_long": say(
            "%(start)s… is too long: a season's name has at most %(most)s letters"
        ),
        "club_season_ends_before_start": say("The season's last day comes before its first day"),
        "club_too_many_seasons": say("A club has at most %(most)s seasons"),
        "club_no_such_season": say("There is no such season in this club"),
        # its file (clubs/exchange.py, and the import form)
        "club_file_missing": say("Choose the club's file (exported from Scorekeeper)"),
        "club_file_too_large": say("That file is too large to be a club"),
        "club_file_not_club": say("This is not a club exported from Scorekeeper"),
        "club_file_version": say("This file's format version is %(version)s, not %(ours)s"),
        "club_file_time_zone": say("This file's time zone (%(zone)s) is not one this app knows"),
        "club_file_name_twice": say("The file has two members called %(name)s"),
        "club_file_table_refused": say("Table %(number)s of the file: %(reason)s"),
        "club_start": say("The club's start"),
        "drive_start": say("its start"),
        "drive_last_change": say("its last change"),
        "hand_time": say("a hand's time"),
        "club_file_hand": say("hand entry %(entry)s: its “%(part)s” is not as Scorekeeper writes it"),
    }
)

FILE_PARTS = {
    "members": N_("members"),
    "seasons": N_("seasons"),
    "tables": N_("tables"),
    "drives": N_("drives"),
    "hands": N_("hands"),
}


def _part(params: Params) -> str:
    found = FILE_PARTS.get(str(params.get("part")))
    return gettext(found) if found else str(params.get("part"))


@worded("club_file_shape")
def _file_shape(speaker: Speaker, params: Params) -> str:
    return gettext("The file's %(part)s are not as Scorekeeper writes them") % {"part": _part(params)}


@worded("club_file_too_many")
def _file_too_many(speaker: Speaker, params: Params) -> str:
    return gettext("A club's file holds at most %(most)s %(part)s, not %(count)s") % {
        "most": params["most"],
        "part": _part(params),
        "count": params["count"],
    }


@worded("club_file_too_many_items")
def _file_too_many_items(speaker: Speaker, params: Params) -> str:
    most = number_param(params["most"])
    if params.get("count") is None:  # refused while it was read, before the end of the file
        return ngettext(
            "A club's file holds at most %(most)s game, deal, table event, drive or hand in all: "
            "this one holds more",
            "A club's file holds at most %(most)s games, deals, table events, drives and hands in all: "
            "this one holds more",
            most,
        ) % {"most": whole(most)}
    return ngettext(
        "A club's file holds at most %(most)s game, deal, table event, drive or hand in all, not %(count)s",
        "A club's file holds at most %(most)s games, deals, table events, drives and hands in all, "
        "not %(count)s",
        most,
    ) % {"most": whole(most), "count": whole(number_param(params["count"]))}


@worded("club_file_link")
def _file_link(speaker: Speaker, params: Params) -> str:
    return gettext("The file's %(part)s number %(number)s link a player to no member") % {
        "part": _part(params),
        "number": params["number"],
    }


@worded("club_file_drive_refused")
def _drive_refused(speaker: Speaker, params: Params) -> str:
    if params.get("reason") is None:
        return gettext("Drive %(number)s of the file is not as Scorekeeper writes a drive") % {
            "number": params["number"]
        }
    return gettext("Drive %(number)s of the file: %(reason)s") % speaker.fill(params)


@worded("club_season_date")
def _season_date(speaker: Speaker, params: Params) -> str:
    if params.get("which") == "ends_on":
        return gettext("Give the season's last day as a date between 2000 and 2100")
    return gettext("Give the season's first day as a date between 2000 and 2100")


def ladder_name(ladder: str) -> str:
    """The ladder's name: "Overall", "Oh Hell family", "Romanian", "Whist" or "Drives"."""
    return gettext(LADDER_NAMES[ladder])


def record_name(kind: str, variant: str | None = None, *, in_season: bool = True) -> str:
    """What a record is, inside a sentence: "highest Oh Hell score", "most drives won".

    ``variant`` is the variant's name already in the reader's language (a highest score is per
    variant); ``in_season`` False names the games played over all time ("most games played"
    rather than "... this season"). A record of a kind this server does not know yet is named
    by its code rather than failing the page.
    """
    if kind == "highest_score":
        return gettext("highest %(variant)s score") % {"variant": variant or ""}
    if kind == "most_games_season" and not in_season:
        return gettext("most games played")
    found = RECORD_NAMES.get(kind)
    return gettext(found) if found else kind


def record_value(kind: str, value: int) -> str:
    """The record's number with its unit where it counts something: "87", "6 exact bids", "4 drives"."""
    if kind == "most_exact_bids":
        return ngettext("%(num)s exact bid", "%(num)s exact bids", value) % {"num": value}
    if kind == "longest_exact_run":
        return ngettext("%(num)s bid in a row", "%(num)s bids in a row", value) % {"num": value}
    if kind == "most_drives_won":
        return ngettext("%(num)s drive won", "%(num)s drives won", value) % {"num": value}
    if kind == "most_games_season":
        return ngettext("%(num)s game", "%(num)s games", value) % {"num": value}
    return str(value)


def new_record(kind: str, value: int, variant: str | None = None) -> str:
    """ "New club record: highest Oh Hell score (87)", for a finish screen or the caller's screen."""
    return gettext("New club record: %(record)s (%(value)s)") % {
        "record": record_name(kind, variant),
        "value": value,
    }


def to_be_ranked(count: int) -> str:
    """ "3 more games or drives": what a member not yet ranked still needs (the ladder's minimum
    counts games and drives alike, ``rules.club.ladder``)."""
    return ngettext("%(num)s more game or drive", "%(num)s more games or drives", count) % {"num": count}


def members_count(count: int) -> str:
    """ "12 members"."""
    return ngettext("%(num)s member", "%(num)s members", count) % {"num": count}
