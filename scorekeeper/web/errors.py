"""Error pages in the app's own words, and the same errors as JSON under /api/ (API.md's error body)."""

from __future__ import annotations

import math
import time
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import InternalError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from .. import words
from ..rules import Text
from ..words import gettext, ngettext
from ..words._core import N_
from ..writers import WritersCannotQueue
from .health import describe, health
from .limits import large_body_limit, limiter
from .wording import say

# A database that cannot save (a full disk, a read-only file or standby, a server gone):
# what the player reads. Whatever was saved before is still there.
CANNOT_SAVE = Text("cannot_save")
CANNOT_READ = Text("cannot_read")
RETRY_AFTER_SECONDS = 30
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

TITLES = {
    400: N_("That request could not be read"),
    403: N_("This phone cannot change that game"),
    404: N_("Nothing here"),
    405: N_("Not like that"),
    409: N_("That cannot be changed now"),
    413: N_("That is too much to send"),
}
MESSAGES = {
    400: N_("The browser sent something this page cannot read. Go back, reload, and try again."),
    403: N_("This phone may read this page but not change it."),
    404: N_("There is no page at this address: the link may be cut short, or what it led to was removed."),
    405: N_("This page cannot be used that way. Go back and use its buttons."),
    409: N_("Something changed meanwhile. Reload the page to see it as it is now."),
    413: N_("That is more than this page takes at once."),
}
"""What a page says in place of werkzeug's own description of an HTTP error (its words are not in
the catalogue); a view that aborts with a sentence of its own marks it with ``N_``."""
# A drive's refusals are the organiser's rights (running it, its results before the prize-giving):
# "that game" would send a whist drive's players looking for a game.
DRIVE_TITLES = {403: N_("For the organiser only")}


def register_error_pages(app: Flask) -> None:
    """Render HTTP errors as pages that say what happened and where to go."""

    @app.errorhandler(CSRFError)
    def csrf_refused(error: CSRFError) -> tuple[str, int]:
        message = gettext(
            "The form had expired or came from elsewhere, so nothing was saved. "
            "Go back, reload, and try again."
        )
        return render_template("errors/error.html", title=gettext("Nothing was saved"), message=message), 400

    @app.errorhandler(RateLimitExceeded)
    def too_many(error: RateLimitExceeded) -> tuple[str | Response, int, dict[str, str]]:
        """429 with how long to wait, in the Retry-After header and in words."""
        breached = limiter().current_limit
        wait = max(1, math.ceil(breached.window.reset_time - time.time())) if breached is not None else 60
        limit = str(error.description).replace(" per 1 ", " per ")  # "30 per minute", not "per 1 minute"
        said = Text("too_many_requests", limit=limit, seconds=wait)
        headers = {"Retry-After": str(wait)}
        if request.path.startswith("/api/"):
            return error_body(said), 429, headers
        page = render_template("errors/error.html", title=gettext("Slow down"), message=say(said))
        return page, 429, headers

    @app.errorhandler(OperationalError)
    @app.errorhandler(InternalError)
    @app.errorhandler(PoolTimeout)
    @app.errorhandler(WritersCannotQueue)
    def database_failed(
        error: SQLAlchemyError | WritersCannotQueue,
    ) -> tuple[str | Response, int, dict[str, str]]:
        """503 in words a player understands, rather than a bare 500; /healthz learns of it too."""
        reason = describe(error)
        current_app.logger.error("The database failed on %s %s: %s", request.method, request.path, reason)
        health().failed(reason)
        said = CANNOT_SAVE if request.method in WRITE_METHODS else CANNOT_READ
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}
        if request.path.startswith("/api/"):
            return error_body(said), 503, headers
        page = render_template("errors/error.html", title=gettext("Try again in a minute"), message=say(said))
        return page, 503, headers

    @app.get("/errors/too-large")
    def too_large() -> tuple[str, int, dict[str, str]] | tuple[Response, int]:
        """What nginx shows when it refuses a body past its own limit (deploy/nginx: error_page 413):
        the app's own words for it, for the page the body was sent to (``X-Original-URI``)."""
        sent_to = urlsplit(request.headers.get("X-Original-URI", "")).path
        if sent_to.startswith("/api/"):
            return http_error_json(RequestEntityTooLarge())
        page = render_template(
            "errors/error.html", title=gettext(TITLES[413]), message=too_large_words(sent_to)
        )
        return page, 413, {"Cache-Control": "no-store"}

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int] | tuple[Response, int]:
        if request.path.startswith("/api/"):
            return http_error_json(error)
        code = error.code or 500
        if code == 413 and error.description == type(error).description:
            return render_template(
                "errors/error.html", title=gettext(TITLES[413]), message=too_large_words(request.path)
            ), 413
        # Titles and the refusals views abort with are marked for the catalogue (N_); werkzeug's
        # own descriptions are not in it, so ours stand in for them.
        titles = DRIVE_TITLES if request.path.startswith("/drives/") and code in DRIVE_TITLES else TITLES
        title = gettext(titles[code]) if code in titles else error.name
        message = error.description
        if message == type(error).description and code in MESSAGES:
            message = MESSAGES[code]
        message = gettext(message) if message else message
        return render_template("errors/error.html", title=title, message=message), code


def too_large_words(path: str) -> str:
    """Why a body sent to ``path`` was refused as too large: where the page takes a file (a table's, a
    club's), the most it takes and how to send less."""
    limit = large_body_limit(path)
    if limit is None:
        return gettext(MESSAGES[413])
    most = limit // (1024 * 1024)
    return ngettext(
        "That file is larger than this page takes: %(most)s MB at most. A file exported from Scorekeeper "
        "may be sent gzipped (.json.gz), about a tenth of its size.",
        "That file is larger than this page takes: %(most)s MB at most. A file exported from Scorekeeper "
        "may be sent gzipped (.json.gz), about a tenth of its size.",
        most,
    ) % {"most": most}


def http_error_json(error: HTTPException) -> tuple[Response, int]:
    """Any HTTP error under /api/ as JSON rather than a page: its standard description, or the one
    it was given."""
    status = error.code or 500
    description = error.description or error.name
    standard = type(error).description or error.name
    if description == standard and f"http_{status}" in words.CATALOGUE:
        said = Text(f"http_{status}")
    else:
        said = Text("http_error", status=status, description=description)
    return error_body(said), status


def error_body(said: Text, field: str | None = None) -> Response:
    """An error's JSON: its sentence, the field at fault (if any), its code and parameters."""
    body: dict[str, Any] = {"error": say(said)}
    if field is not None:
        body["field"] = field
    body["code"] = said.code
    body["params"] = words.params_json(said.params)
    return jsonify(body)
