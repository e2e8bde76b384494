"""What the hall's screens show: the caller's screen, the projected leaderboard and the prize-giving.

These screens are read from the back of a hall, so they say little, in big type: the view builds on
:mod:`.view` (the same seats and prizes as the phones) and adds who can still take each prize
(:mod:`scorekeeper.rules.drive.outlook`: who leads, by how much, who is out of reach) and the order
in which the prizes are announced. Once the last hand is in, the final standings and the prizes stay
off every screen until the organiser announces them, one prize at a time (RULES.md §10); the
screens then show the prizes announced so far.
"""

from __future__ import annotations

from typing import Any

from ...drives.store import StoredDrive, results_withheld
from ...rules.drive import ANNOUNCE_ORDER, Drive, PrizeResult, PrizeRule, announce_order
from ...rules.drive.outlook import PrizeOutlook, outlook, shows_outlook
from ...words import gettext, ngettext
from . import view
from .wording import names_list, no_winner, prize_name

__all__ = ["ANNOUNCE_ORDER", "announce", "announce_order", "caller", "outlook_lines", "projector", "revealed"]

# The outlook names this many contenders, best placed first, and counts the rest.
MOST_CONTENDERS_NAMED = 5


def caller(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """The caller's screen: the phones' caller view, the results entered but not yet confirmed by the
    other pair, from the interval on who can still win, and at the end the prizes announced so far."""
    unconfirmed = drive.state.unconfirmed_tables
    withheld = results_withheld(record, drive)
    return {
        **view.caller(drive, withheld=withheld),
        "unconfirmed": list(unconfirmed),
        "outlook": outlook_lines(drive),
        "revealed": revealed(record, drive) if withheld else [],
    }


def projector(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """The leaderboard (phones and projector): every line, the decided prizes and who can still win;
    at the end, until announced, only the prizes announced so far."""
    withheld = results_withheld(record, drive)
    return {
        **view.leaderboard(drive, withheld=withheld),
        "outlook": outlook_lines(drive),
        "revealed": revealed(record, drive) if withheld else [],
    }


def outlook_lines(drive: Drive) -> list[dict[str, Any]]:
    """For each prize still open, from the interval on: who leads and by how much, who is still in
    reach, and how many are out of it, in words."""
    state = drive.state
    if not shows_outlook(state):
        return []
    lines = []
    for result, item in zip(state.prizes, outlook(state), strict=True):
        if item.decided:
            continue
        lines.append(
            {
                "name": prize_name(result),
                "lead": lead_words(drive, item),
                "who": contenders_words(drive, item),
                "out": out_of_reach_words(item),
                "count": len(item.contenders),
                "clinched": item.clinched,
            }
        )
    return lines


def lead_words(drive: Drive, item: PrizeOutlook) -> str:
    """ "Ann leads by 4", "Ann and Bob level", "Zed lowest by 3" (the booby), or "" (nobody yet)."""
    names = [drive.setup.players[player] for player in item.leaders]
    if not names or (not item.out_of_reach and len(names) == len(item.contenders)):
        return ""  # everyone in the running level: nobody leads (a half not yet begun)
    if len(names) > 1:
        return gettext("%(names)s level") % {"names": names_list(names[: MOST_CONTENDERS_NAMED + 1])}
    if item.lead is None:
        return ""
    values = {"name": names[0], "lead": item.lead}
    if item.prize.rule is PrizeRule.LOWEST_TOTAL:
        return gettext("%(name)s lowest by %(lead)s") % values
    return gettext("%(name)s leads by %(lead)s") % values


def contenders_words(drive: Drive, item: PrizeOutlook) -> str:
    """ "Ann, Bob and Cat", "only Ann", "Ann, Bob, Cat, Dan, Eve and 7 more", or "all 24 players"."""
    names = [drive.setup.players[player] for player in item.contenders]
    if not names:  # everyone it could go to has won an earlier prize (one prize each)
        return "—"
    if item.clinched:
        return gettext("only %(name)s") % {"name": names[0]}
    if not item.out_of_reach and len(names) > MOST_CONTENDERS_NAMED + 1:
        return ngettext("all %(num)s player", "all %(num)s players", len(names)) % {"num": len(names)}
    if len(names) <= MOST_CONTENDERS_NAMED + 1:
        return names_list(names)
    more = len(names) - MOST_CONTENDERS_NAMED
    first = ", ".join(names[:MOST_CONTENDERS_NAMED])
    return ngettext("%(names)s and %(num)s more", "%(names)s and %(num)s more", more) % {
        "names": first,
        "num": more,
    }


def out_of_reach_words(item: PrizeOutlook) -> str:
    """ "150 out of reach (more than 31 behind with 12 hands left)", or "" when nobody is."""
    if not item.out_of_reach:
        return ""
    count = ngettext("%(num)s out of reach", "%(num)s out of reach", item.out_of_reach) % {
        "num": item.out_of_reach
    }
    if item.prize.rule is PrizeRule.LOWEST_TOTAL:
        margin = ngettext(
            "more than %(reach)s above with %(hands)s hand left",
            "more than %(reach)s above with %(hands)s hands left",
            item.hands_left,
        )
    else:
        margin = ngettext(
            "more than %(reach)s behind with %(hands)s hand left",
            "more than %(reach)s behind with %(hands)s hands left",
            item.hands_left,
        )
    return gettext("%(count)s (%(margin)s)") % {
        "count": count,
        "margin": margin % {"reach": item.reach, "hands": item.hands_left},
    }


def revealed(record: StoredDrive, drive: Drive) -> list[dict[str, Any]]:
    """The prizes the organiser has announced so far, in the order announced."""
    results = announce_order(drive.state.prizes)
    return [_announced(drive, result, revealed=True) for result in results[: record.announced]]


def announce(record: StoredDrive, drive: Drive) -> dict[str, Any]:
    """The prize-giving: the decided prizes booby first, the first ``record.announced`` revealed."""
    results = announce_order(drive.state.prizes)
    shown = max(0, min(record.announced, len(results)))
    prizes = [_announced(drive, result, revealed=index < shown) for index, result in enumerate(results)]
    return {
        "prizes": prizes,
        "shown": shown,
        "total": len(results),
        "current": prizes[shown - 1] if shown else None,
        "finished": drive.state.finished,
    }


def _announced(drive: Drive, result: PrizeResult, *, revealed: bool) -> dict[str, Any]:
    names = drive.setup.players
    winners = [names[player] for player in result.winners]
    count = len(winners)
    many = count > view.MOST_WINNERS_NAMED
    headline = ngettext("%(count)s player level", "%(count)s players level", count) % {"count": count}
    return {
        "name": prize_name(result),
        # With one prize each a prize can be left with nobody to take it: it says so when revealed.
        "winners": (names_list(winners) if winners else no_winner()) if revealed else "",
        "headline": headline if many else "",
        "score": result.score if revealed else None,
        "tied": result.tied,
        "revealed": revealed,
    }
