"""The reader's language: chosen from the browser's Accept-Language, changeable with the picker on
every page and kept in a cookie; Flask-Babel gives the chosen locale to gettext and Babel's formats.

A language is offered (picked from Accept-Language, listed by the picker) once its catalogue is
compiled in the translation folders: until then its readers get English, and ``<html lang>``
says "en" (a screen reader must not read English with another language's voice). With English
alone there is no picker.

The reader's time zone, too: every date a page shows falls on the reader's own calendar. A game is
stored with its times in UTC, and a game played in New York at nine in the evening is, in UTC,
already the next day: shown in UTC, a table's history would put it on the wrong evening. The phone
knows its zone (``Intl.DateTimeFormat().resolvedOptions().timeZone``); app.js keeps it in the ``tz``
cookie and Flask-Babel's date formats take it from there (``chosen_time_zone``). Before the phone
has said (its very first page), and for a zone this server does not know, dates are in UTC. A PDF
that shows a date is kept per zone (``reader_time_zone`` in its key).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytz
from flask import Blueprint, Flask, abort, current_app, g, redirect, request
from flask_babel import Babel, get_locale, get_timezone, get_translations, refresh
from werkzeug.wrappers import Response

from .. import words

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ro": "Română",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
}
"""Every language the app is written for, by code, each named in its own words (as the picker shows
it); offered once its catalogue is compiled (``offered_languages``)."""
FORMAT_LOCALES: dict[str, str] = {"pt": "pt_PT"}
"""The Babel locale a language's dates, numbers and zone names are written in, where it is not the
language's own: our Portuguese is Portugal's ("Hora da Arménia", "7 de dez. de 2026"), and Babel's
"pt" is Brazil's. Its catalogue is still found under "pt" (gettext tries "pt_PT", then "pt")."""
DEFAULT_LANGUAGE = "en"
COOKIE = "language"
COOKIE_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
TIME_ZONE_COOKIE = "tz"
"""The cookie app.js keeps the phone's IANA zone name in ("Europe/London")."""
OFFERED = "scorekeeper.languages"

bp = Blueprint("language", __name__)


def offered_languages() -> dict[str, str]:
    """The languages this app shows: English, and each of LANGUAGES whose catalogue is compiled."""
    offered: dict[str, str] = current_app.extensions[OFFERED]
    return offered


def _with_catalogues(app: Flask) -> dict[str, str]:
    folders = [
        Path(app.root_path) / folder
        for folder in str(app.config.get("BABEL_TRANSLATION_DIRECTORIES", "translations")).split(";")
    ]
    return {
        code: name
        for code, name in LANGUAGES.items()
        if code == DEFAULT_LANGUAGE
        or any((folder / code / "LC_MESSAGES" / "messages.mo").is_file() for folder in folders)
    }


def chosen_language() -> str:
    """The reader's language: the picker's cookie, else the browser's best match, else English."""
    offered = offered_languages()
    kept = request.cookies.get(COOKIE)
    if kept in offered:
        return kept
    return request.accept_languages.best_match(offered) or DEFAULT_LANGUAGE


def chosen_locale() -> str:
    """The Babel locale of the reader's language: its dates, numbers and zone names
    (``FORMAT_LOCALES``)."""
    language = chosen_language()
    return FORMAT_LOCALES.get(language, language)


def chosen_time_zone() -> str | None:
    """The reader's zone as their phone named it; None (UTC) when it has not, or for a name pytz
    does not know (a cookie is the reader's to write: it is checked against the list)."""
    named = request.cookies.get(TIME_ZONE_COOKIE, "")
    return named if named in pytz.all_timezones_set else None


def show_dates_in(zone: str | None) -> None:
    """Show this request's dates on the calendar of ``zone`` (None: UTC) rather than the reader's:
    a club's pages date its evenings on the club's own days, wherever the reader is, as its seasons
    count them."""
    g.page_time_zone = zone or "UTC"
    refresh()  # a date already formatted in this request took the reader's zone: forget it


def _page_time_zone() -> str | None:
    """The zone this request's dates are shown in: the page's own (``show_dates_in``), else the
    reader's."""
    shown: str | None = g.get("page_time_zone")
    return shown if shown is not None else chosen_time_zone()


def reader_time_zone() -> str:
    """The zone this request's dates are shown in, by name ("UTC" by default)."""
    return str(getattr(get_timezone(), "zone", "UTC"))


def region_tags() -> list[str]:
    """The browser's Accept-Language tags that can tell the reader's region ("en-US"), for the
    paper a PDF is printed on: those of the language the reader reads in. A reader who picked a
    language the browser does not name ("de" picked, the browser asks "en-US") has no region
    from it, and so none at all; a reader who picked nothing keeps every tag the browser sends."""
    chosen = current_language()
    tags = list(request.accept_languages.values())
    same = [tag for tag in tags if tag.replace("_", "-").split("-")[0].lower() == chosen]
    picked = request.cookies.get(COOKIE) in offered_languages()
    return same if same or picked else tags


def current_language() -> str:
    """This request's language code, as ``<html lang>`` gives it ("pt", even where its formats are
    Portugal's)."""
    locale = get_locale()
    return str(locale.language) if locale is not None else DEFAULT_LANGUAGE


def current_locale() -> str:
    """This request's Babel locale, for numbers and names Babel writes ("pt_PT" for Portuguese)."""
    return str(get_locale() or DEFAULT_LANGUAGE)


@bp.get("/language/<code>")
def choose_language(code: str) -> Response:
    """Keep the language picked and go back to the page it was picked on.

    A link rather than a form: the picker is on every page, read-only ones
    included, and choosing a language changes nothing but how pages read.
    """
    if code not in offered_languages():
        abort(404)
    response = redirect(_same_site_path(request.args.get("next", "")), code=303)
    response.set_cookie(
        COOKIE, code, max_age=COOKIE_AGE, secure=request.is_secure, httponly=True, samesite="Lax"
    )
    return response


def _same_site_path(target: str) -> str:
    """``target`` when it is a path of this site, else the home page (no open redirect)."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


def _translate(message: str) -> str:
    return str(get_translations().gettext(message))


def _translate_plural(singular: str, plural: str, number: int) -> str:
    return str(get_translations().ngettext(singular, plural, number))


def _varies_by_language(response: Response) -> Response:
    """A cache keeps one answer per language: the page depends on the header and the cookie."""
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def init_language(app: Flask) -> None:
    """Flask-Babel with the reader's language; the words go through its catalogues; the picker."""
    Babel(app, locale_selector=chosen_locale, timezone_selector=_page_time_zone)
    words.use_translations(_translate, _translate_plural)
    words.use_locale(current_locale)
    app.register_blueprint(bp)
    app.after_request(_varies_by_language)
    app.jinja_env.globals["current_language"] = current_language
    app.extensions[OFFERED] = _with_catalogues(app)
    app.jinja_env.globals["languages"] = offered_languages
