"""Secret totals in words: the switch as the table's events list it, and its refusals."""

from __future__ import annotations

from ._core import Params, Speaker, gettext, worded


@worded("event_secrecy")
def _secrecy(speaker: Speaker, params: Params) -> str:
    if params["secret"]:
        if not params["number"]:
            return gettext("The totals are kept secret from the start")
        template = gettext("The totals are kept secret from the end of %(deal)s %(number)s")
        return template % speaker.fill(params)
    return gettext("The totals were revealed after %(deal)s %(number)s") % speaker.fill(params)


@worded("event_secrecy_already")
def _secrecy_already(speaker: Speaker, params: Params) -> str:
    if params["secret"]:
        return gettext("The totals are already kept secret")
    return gettext("The totals are not secret: there is nothing to reveal")


@worded("event_secrecy_not_switch")
def _secrecy_not_switch(speaker: Speaker, params: Params) -> str:
    template = gettext('"secret" is true (keep the totals secret) or false (reveal them), not %(value)s')
    return template % speaker.fill(params)
