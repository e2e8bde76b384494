"""A club in words: its ladders, its records (the hall of fame) and the refusals of its store and pages.

The engine (``rules/club``) and the store (``clubs/``) speak in codes — a ladder's code, a record's
``kind``, a refusal's code and parameters —; this module words them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from babel.dates import format_date

from ..rules import RuleViolation
from ..rules.variants import get_variant
from ._core import (
    N_,
    Params,
    Speaker,
    _locale,
    declared,
    gettext,
    ngettext,
    number_param,
    say,
    say_n,
    total,
    whole,
    worded,
    words,
)

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
        "club_name_too_long": say_n(
            "%(start)s… is too long: a club's name has at most %(most)s letter",
            "%(start)s… is too long: a club's name has at most %(most)s letters",
            "most",
        ),
        "club_not_found": say("There is no such club"),
        "club_changed_elsewhere": say(
            "The club changed on another phone meanwhile, so nothing was changed: here it is as it is "
            "now. Do it again if it still needs doing."
        ),
        "club_time_zone_unknown": say("Choose a time zone from the list"),
        "club_minimum_range": say("Give a whole number of games from 1 to %(most)s"),
        # the clubs in the JSON API (web/api/clubs.py)
        "api_club_no_such_ladder": say("There is no such ladder: choose one of %(ladders)s"),
        "api_club_no_such_night": say("The club played nothing on that day (give it as 2026-03-12)"),
        "club_no_such_outcome": say("That game or drive is not the club's"),
        # house rules (clubs/house_rules.py)
        "house_rules_name_missing": say("Give the house rules a name, such as “Thursday Oh Hell”"),
        "house_rules_name_unseen": say(
            "The name has a character that cannot be seen (%(character)s): type it again without it"
        ),
        "house_rules_name_too_long": say_n(
            "%(start)s… is too long: a name has at most %(most)s letter",
            "%(start)s… is too long: a name has at most %(most)s letters",
            "most",
        ),
        "house_rules_not_found": say("There are no such house rules"),
        "club_too_many_house_rules": say_n(
            "A club has at most %(most)s set of house rules",
            "A club has at most %(most)s sets of house rules",
            "most",
        ),
        "club_not_kept_here": say("Choose a club this phone keeps"),
        # a season's league (rules/club/league.py, clubs/seasons.py)
        "club_league_kind": say("Choose how the league scores: points per place, or drive totals"),
        "club_league_points": say(
            "Give the points for each place as whole numbers from 0 to %(most_points)s, separated by "
            "commas, such as “3, 2, 1” (at most %(most_places)s places)"
        ),
        "club_league_best": say(
            "Give how many of the best scores count, from 1 to %(most)s, or leave it blank"
        ),
        "club_league_qualify": say(
            "Give the evenings a member must play to qualify, from 0 to %(most)s, or leave it blank"
        ),
        # its tables and drives (clubs/holdings.py, and the club page's forms)
        "club_table_missing": say("Choose a table this phone keeps"),
        "club_drive_missing": say("Choose a drive this phone runs"),
        "club_no_such_table": say("There is no such table"),
        "club_no_such_drive": say("There is no such drive"),
        "club_table_elsewhere": say("That table is in another club already"),
        "club_drive_elsewhere": say("That drive is in another club already"),
        "club_too_many_tables": say_n(
            "A club holds at most %(most)s table", "A club holds at most %(most)s tables", "most"
        ),
        "club_too_many_drives": say_n(
            "A club holds at most %(most)s drive", "A club holds at most %(most)s drives", "most"
        ),
        "club_table_not_held": say("That table is not the club's: choose one of its tables"),
        "club_drive_not_held": say("That drive is not the club's: choose one of its drives"),
        "club_season_not_held": say("That season is not the club's: choose one of its seasons"),
        # its members (clubs/members.py, and the member page's forms)
        "club_too_many_members": say_n(
            "A club has at most %(most)s member", "A club has at most %(most)s members", "most"
        ),
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
        "club_member_name_too_long": say_n(
            "%(start)s… is too long: a name has at most %(most)s letter",
            "%(start)s… is too long: a name has at most %(most)s letters",
            "most",
        ),
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
        "club_season_name_too_long": say_n(
            "%(start)s… is too long: a season's name has at most %(most)s letter",
            "%(start)s… is too long: a season's name has at most %(most)s letters",
            "most",
        ),
        "club_season_ends_before_start": say("The season's last day comes before its first day"),
        "club_too_many_seasons": say_n(
            "A club has at most %(most)s season", "A club has at most %(most)s seasons", "most"
        ),
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
    "marks": N_("marks"),
    "house_rules": N_("house rules"),
}


def _part(params: Params) -> str:
    found = FILE_PARTS.get(str(params.get("part")))
    return gettext(found) if found else str(params.get("part"))


@worded("club_file_shape")
def _file_shape(speaker: Speaker, params: Params) -> str:
    return gettext("The file's %(part)s are not as Scorekeeper writes them") % {"part": _part(params)}


@worded("club_file_too_many")
def _file_too_many(speaker: Speaker, params: Params) -> str:
    most = number_param(params["most"])
    limit = _FILE_PART_LIMITS[str(params["part"])]  # the store counts these parts (clubs/exchange.py)
    return limit(most) % {"most": whole(most), "count": whole(number_param(params["count"]))}


# Each part's limit with the plural form its count takes ("at most 1 season", "400 de membri").
_FILE_PART_LIMITS: dict[str, Callable[[int], str]] = {
    "members": lambda most: ngettext(
        "A club's file holds at most %(most)s member, not %(count)s",
        "A club's file holds at most %(most)s members, not %(count)s",
        most,
    ),
    "seasons": lambda most: ngettext(
        "A club's file holds at most %(most)s season, not %(count)s",
        "A club's file holds at most %(most)s seasons, not %(count)s",
        most,
    ),
    "tables": lambda most: ngettext(
        "A club's file holds at most %(most)s table, not %(count)s",
        "A club's file holds at most %(most)s tables, not %(count)s",
        most,
    ),
    "drives": lambda most: ngettext(
        "A club's file holds at most %(most)s drive, not %(count)s",
        "A club's file holds at most %(most)s drives, not %(count)s",
        most,
    ),
    "hands": lambda most: ngettext(
        "A club's file holds at most %(most)s hand, not %(count)s",
        "A club's file holds at most %(most)s hands, not %(count)s",
        most,
    ),
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


@worded("club_merge_played_together")
def _played_together(speaker: Speaker, params: Params) -> str:
    count = params["count"]
    assert isinstance(count, int)
    return ngettext(
        "%(name)s and %(other)s sat at the same game, %(games)s: one person cannot sit twice, so "
        "they are two people",
        "%(name)s and %(other)s sat at the same %(count)s games, among them %(games)s: one person "
        "cannot sit twice, so they are two people",
        count,
    ) % speaker.fill(params)


@worded("club_played_at")
def _played_at(speaker: Speaker, params: Params) -> str:
    shown = medium_day(date.fromisoformat(str(params["day"])))
    if params["variant"] == "drive":
        return gettext("%(drive)s on %(day)s") % {"drive": params["where"], "day": shown}
    return gettext("%(variant)s at %(table)s on %(day)s") % {
        "variant": variant_name(str(params["variant"])),
        "table": params["where"],
        "day": shown,
    }


def medium_day(day: date) -> str:
    """A day as the pages write it, in the reader's locale: "Mar 12, 2026", "12 mars 2026"."""
    return str(format_date(day, "medium", locale=_locale[0]()))


def variant_name(code: str) -> str:
    """A variant's name in the reader's language (its code, for one this server does not know)."""
    try:
        return declared(get_variant(code).name)
    except RuleViolation:
        return code


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
        "value": total(value),
    }


@worded("knock_club_record")
def _knock_club_record(speaker: Speaker, params: Params) -> str:
    """What a correction does to a club record the game sets (clubs/corrections.py), worded as the
    finish screen words the record: "New club record: highest Oh Hell score (87)", or "No longer a club
    record: highest Oh Hell score (87)" for one the corrected game would no longer set."""
    kind, value = str(params["kind"]), number_param(params["value"])
    variant = variant_name(str(params["variant"])) if params.get("variant") else None
    if params["set"]:
        return new_record(kind, value, variant)
    return gettext("No longer a club record: %(record)s (%(value)s)") % {
        "record": record_name(kind, variant),
        "value": total(value),
    }


def to_be_ranked(count: int) -> str:
    """ "3 more games or drives": what a member not yet ranked still needs (the ladder's minimum
    counts games and drives alike, ``rules.club.ladder``)."""
    return ngettext("%(num)s more game or drive", "%(num)s more games or drives", count) % {"num": count}


LEAGUE_RECORD_NAMES = {
    "league_best_evening": N_("most league points on one evening"),
    "league_most_evenings": N_("most evenings played"),
}


def league_record_name(kind: str) -> str:
    """A league record's name inside a sentence ("most league points on one evening")."""
    found = LEAGUE_RECORD_NAMES.get(kind)
    return gettext(found) if found else kind


def league_rule_words(kind: str, points: tuple[int, ...], best: int | None, qualify: int) -> str:
    """A league's rule in one sentence: "Points for each place at every game and drive: 3, 2, 1.
    The best 10 count. 3 evenings to qualify."."""
    if kind == "drive_totals":
        scoring = gettext("Each drive's total counts; games count for nothing.")
    else:
        scoring = gettext("Points for each place at every game and drive, from first: %(points)s.") % {
            "points": ", ".join(str(value) for value in points)
        }
    parts = [scoring]
    if best is not None:
        counted = ngettext("Only the best score counts.", "Only the best %(num)s scores count.", best)
        parts.append(counted % {"num": best})
    if qualify:
        parts.append(
            ngettext(
                "A member takes a place after %(num)s evening.",
                "A member takes a place after %(num)s evenings.",
                qualify,
            )
            % {"num": qualify}
        )
    return " ".join(parts)


def to_qualify(count: int) -> str:
    """ "2 more evenings to qualify"."""
    needed = ngettext("%(num)s more evening to qualify", "%(num)s more evenings to qualify", count)
    return needed % {"num": count}


def members_count(count: int) -> str:
    """ "12 members"."""
    return ngettext("%(num)s member", "%(num)s members", count) % {"num": count}
