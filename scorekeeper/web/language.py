"""The reader's language: chosen from the browser's Accept-Language, changeable with the picker on
every page and kept in a cookie; Flask-Babel gives the chosen locale to gettext and Babel's formats.

Until a language has its catalogue, gettext answers in English, so every page reads as before
whatever is chosen; ``<html lang>`` always says which language the reader asked for.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, redirect, request
from flask_babel import Babel, get_locale, get_translations
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
"""Every language the app offers, by code, each named in its own words (as the picker shows it)."""
DEFAULT_LANGUAGE = "en"
COOKIE = "language"
COOKIE_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie

bp = Blueprint("language", __name__)


def chosen_language() -> str:
    """The reader's language: the picker's cookie, else the browser's best match, else English."""
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def current_language() -> str:
    """This request's language code, as ``<html lang>`` gives it."""
    return str(get_locale() or DEFAULT_LANGUAGE)


@bp.get("/language/<code>")
def choose_language(code: str) -> Response:
    """Keep the language picked and go back to the page it was picked on.

    A link rather than a form: the picker is on every page, read-only ones
    included, and choosing a language changes nothing but how pages read.
    """
    if code not in LANGUAGES:
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
    return get_translations().gettext(message)


def _translate_plural(singular: str, plural: str, number: int) -> str:
    return get_translations().ngettext(singular, plural, number)


def _varies_by_language(response: Response) -> Response:
    """A cache keeps one answer per language: the page depends on the header and the cookie."""
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def init_language(app: Flask) -> None:
    """Flask-Babel with the reader's language; the words go through its catalogues; the picker."""
    Babel(app, locale_selector=chosen_language)
    words.use_translations(_translate, _translate_plural)
    app.register_blueprint(bp)
    app.after_request(_varies_by_language)
    app.jinja_env.globals["current_language"] = current_language
    app.jinja_env.globals["languages"] = LANGUAGES
