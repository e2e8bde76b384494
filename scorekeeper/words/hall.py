"""The words of the drive's JSON API refusals (the hall's own server and other programs that read a drive).

Imported by the API's drive routes, which register them on import, like every module of words.
"""

from __future__ import annotations

from ._core import say, words

words(
    {
        "api_drive_key_needed": say(
            "Changing a drive needs its organiser key: Authorization: Bearer {edit_token}"
        ),
        "api_no_such_drive": say("There is no drive with this id"),
        "api_drive_wrong_key": say("This key is not the organiser key of this drive"),
        "api_drive_stale_version": say(
            "This drive changed since version %(seen)s: it is now at version %(version)s. Read it again and "
            "send your change again"
        ),
        "api_drive_yes_or_no": say("%(name)s must be true or false"),
        "api_drive_pair": say('%(name)s must be "NS" (North–South) or "EW" (East–West)'),
        "api_drive_seen_players": say(
            "seen.players must list the four players seated (N, E, S, W) by number, and seen.north_south "
            "the North–South tricks already entered (0 to 13) or null"
        ),
        "api_drive_unknown_field": say("A drive's change takes the fields %(allowed)s, not %(name)s"),
        "api_drive_tricks": say(
            "tricks is a whole number from 0 to 13 (a pair's tricks in a hand), not %(value)s"
        ),
        "api_drive_player": say("A player of a drive is their number in the drive's players, not %(value)s"),
        "api_drive_start": say('A late player starts from "zero" or "lowest", not %(value)s'),
        "api_drive_prizes_list": say("prizes is the list of the organiser's prizes of this drive"),
        "api_drive_prize_shape": say(
            'Each of a drive\'s prizes is {"rule", "name", "place", "player"}, its rule one of the '
            "drive's prize rules"
        ),
        "api_drive_shown": say(
            'shown is how many of the drive\'s prizes are announced (0 or more), or "all", not %(value)s'
        ),
    }
)
