"""The web layer's own refusals and answers: the API's errors, JSON bodies and files that cannot be
read, forms, undo and redo, request limits and a database that cannot answer."""

from __future__ import annotations

import re

from werkzeug.exceptions import default_exceptions

from ._core import (
    N_,
    Params,
    Speaker,
    Wording,
    gettext,
    ngettext,
    number_param,
    say,
    say_n,
    whole,
    worded,
    words,
)

TYPE_WORDS = {
    "str": N_("a string"),
    "list": N_("a list"),
    "int": N_("a whole number"),
    "dict": N_("an object"),
}
BLANK_FIELDS = {"first_dealer": N_("Who deals first"), "rows": N_("The number of rows")}


@worded("api_event_after_deal")
def _event_after_deal(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["kind"] = str(params["kind"]).replace("_", "-")
    return (
        gettext(
            "Event %(event)s (%(kind)s) was recorded after %(deal)s %(number)s: remove it first "
            "(DELETE …/events/%(event)s, or POST …/undo)"
        )
        % values
    )


@worded("api_wrong_type")
def _wrong_type(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["kind"] = gettext(TYPE_WORDS[str(params["kind"])])
    return gettext("%(name)s must be %(kind)s") % values


@worded("json_number_too_long")
def _number_too_long(speaker: Speaker, params: Params) -> str:
    digits = number_param(params["digits"])
    return ngettext(
        "A number in the JSON has more than %(digits)s digit",
        "A number in the JSON has more than %(digits)s digits",
        digits,
    ) % {"digits": whole(digits)}


def _wait(seconds: int) -> str:
    """A wait in words: "42 seconds", "1 minute", "3 minutes"."""
    if seconds < 90:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = round(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


LIMIT = re.compile(r"^(\d+) per (second|minute|hour|day)$")
PER = {
    "second": N_("%(count)s per second"),
    "minute": N_("%(count)s per minute"),
    "hour": N_("%(count)s per hour"),
    "day": N_("%(count)s per day"),
}


def _limit(limit: str) -> str:
    """A rate limit as the limiter states it ("30 per minute"), in the reader's words."""
    found = LIMIT.match(limit)
    return gettext(PER[found.group(2)]) % {"count": found.group(1)} if found else limit


@worded("too_many_requests")
def _too_many(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["wait"] = _wait(number_param(params["seconds"]))
    values["limit"] = _limit(str(params["limit"]))
    return (
        gettext(
            "That is more than any table asks for (%(limit)s "
            "from one address). Nothing was lost: try again in "
            "%(wait)s."
        )
        % values
    )


@worded("import_refused")
def _import_refused(speaker: Speaker, params: Params) -> str:
    if params["item"] == "event":
        return gettext("Event %(number)s: %(reason)s") % speaker.fill(params)
    return gettext("%(Deal)s %(number)s: %(reason)s") % speaker.fill(params)


@worded("form_names_missing")
def _names_missing(speaker: Speaker, params: Params) -> str:
    low, high = number_param(params["low"]), number_param(params["high"])
    if high == 1:
        return gettext("Enter the players' names, one")
    if low == high:
        return gettext("Enter the players' names, %(low)s of them") % {"low": low}
    return gettext("Enter the players' names, %(low)s to %(high)s of them") % {"low": low, "high": high}


@worded("blank_not_whole")
def _blank_not_whole(speaker: Speaker, params: Params) -> str:
    values = speaker.fill(params)
    values["label"] = gettext(BLANK_FIELDS[str(params["what"])])
    return gettext("%(label)s is a whole number, not %(value)s") % values


@worded("http_error")
def _http_error(speaker: Speaker, params: Params) -> str:
    return str(params["description"])


words(
    {
        # the API
        "api_only_last_deal": say("Only the last recorded %(deal)s (%(last)s) can be removed"),
        "api_no_deal_yet": say("No %(deal)s is recorded yet"),
        "api_deal_after_event": say(
            "%(Deal)s %(last)s was recorded after event %(number)s: "
            "only the last thing recorded can be removed"
        ),
        "api_only_last_event": say("Only the last recorded event (%(last)s) can be removed"),
        "api_not_json": say("The body must be JSON (Content-Type: application/json)"),
        "api_not_object": say("The body must be a JSON object"),
        "api_required": say("%(name)s is required"),
        "api_wrong_token": say("This edit token does not belong to this game"),
        "api_stale_version": say(
            "This game changed since version %(seen)s: it is now at version %(version)s. Read it again and "
            "send your change again"
        ),
        "api_edit_token_needed": say(
            "Changing a game needs its edit token: Authorization: Bearer {edit_token}"
        ),
        "game_abandoned": say("This game was abandoned: it can be read but no longer changed"),
        "changed_elsewhere": say(
            "This game changed on another phone: here is the new score, enter your change again. "
            "Nothing was overwritten."
        ),
        # JSON that cannot be read
        "json_not_utf8": say("The text is not UTF-8"),
        "json_syntax": say("Not JSON: %(problem)s at character %(position)s"),
        "json_too_deep": say_n(
            "The JSON is nested more than %(most)s level deep: no game is shaped like that",
            "The JSON is nested more than %(most)s levels deep: no game is shaped like that",
            "most",
        ),
        "json_constant": say("%(name)s is not a number JSON allows"),
        "json_number_too_large": say("A number in the JSON is larger than any game holds"),
        "json_broken_character": say(
            "The JSON holds a broken character (%(character)s, half of a surrogate pair): send the text as "
            "valid Unicode"
        ),
        # files
        "file_missing": say("Choose the game's file (exported from Scorekeeper), or paste its text"),
        "file_too_large": say("That file is too large to be a game"),
        "file_not_json": say("That file is not JSON exported from Scorekeeper"),
        "file_unreadable": say("That file cannot be a game. %(reason)s"),
        "file_not_export": say("This is not a game exported from Scorekeeper"),
        "file_version": say("This file's format version is %(value)s, not 1 or 2"),
        "file_deals_not_list": say("The file's deals must be a list of deals"),
        "file_events_in_deals": say("The file's deals must be deals: events go under events"),
        "file_table_missing": say("The file needs a variant and a list of players"),
        "file_table_shape": say("The file's first dealer must be a seat number and its options an object"),
        "file_events_shape": say(
            "The file's events must be a list of events, each after a deal of the file, in order"
        ),
        # forms, undo and redo
        "form_field_error": say("%(label)s: %(message)s"),
        "form_check": say("Check the form"),
        "form_choose_first_dealer": say("Choose who deals first, or let the app draw"),
        "event_form_who_revoked": say("Tick who revoked"),
        "event_form_who_leaves": say("Choose who leaves"),
        "event_form_seat_taken_over": say("Choose the seat the substitute takes over"),
        "event_form_who_sits_out": say("Choose who sits out"),
        "undo_nothing": say("There is nothing to undo: nothing has been recorded"),
        "redo_nothing": say("There is nothing to redo: the game changed since the undo"),
        # blank sheets
        "blank_rows_range": say_n(
            "Print from 1 to %(most)s row, not %(value)s",
            "Print from 1 to %(most)s rows, not %(value)s",
            "most",
        ),
        "blank_players_missing": say("Give the players' names, or only how many play"),
        "blank_count_not_whole": say("The number of players is a whole number, not %(value)s"),
        "blank_count_too_many": say_n(
            "%(count)s players cannot sit at one table", "%(count)s players cannot sit at one table", "count"
        ),
        # the server
        "cannot_save": say(
            "The server cannot save right now; nothing was lost. "
            "Go back and send your change again in a minute."
        ),
        "cannot_read": say(
            "The server cannot read its games right now; nothing was lost. Try again in a minute."
        ),
    }
)


def _verbatim(text: str) -> Wording:
    def word(speaker: Speaker, params: Params) -> str:
        return gettext(text)

    return word


def _standard(status: int) -> str:
    """The server's own description of an HTTP error (werkzeug's)."""
    description = default_exceptions[status].description
    return description if isinstance(description, str) else str(status)


# HTTP errors with the server's standard description (not found, method not allowed, too large...).
words({f"http_{status}": _verbatim(_standard(status)) for status in default_exceptions})
